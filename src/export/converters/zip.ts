// Writes a zip of named files (PNG pages, CSV sheets) to disk.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

export async function writeZip(dest: string, entries: { name: string; path: string }[]): Promise<void> {
  const zip = new yazl.ZipFile();
  // PNG is already compressed; deflating it again costs time for nothing.
  for (const e of entries) zip.addFile(e.path, e.name, { compress: !e.name.endsWith('.png') });
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(dest));
}
