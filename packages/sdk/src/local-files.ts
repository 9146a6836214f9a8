// Node-only file writes for `run.download(path)` and `run.export(format, { path })`, loaded on demand so the
// core stays fetch-only (the specifier is computed, so browser bundlers leave node:fs out).
export async function writeLocalFile(path: string, bytes: Uint8Array): Promise<string> {
  const fsModule = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsModule)) as { writeFile(p: string, b: Uint8Array): Promise<void> };
  await fs.writeFile(path, bytes);
  return path;
}
