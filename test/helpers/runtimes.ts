// Other JavaScript runtimes for the SDK's tests (issue 23: the SDK works in Node, Bun, Deno and browsers):
// Bun and Deno from the npm registry (their packages carry prebuilt binaries, nothing is compiled),
// installed once per machine into ~/.cache/folio/runtimes/<name>-<version> (FOLIO_RUNTIMES_DIR moves it),
// like scripts/use-node.sh fetches Node 24. Pinned versions, so every run tests the same runtimes.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const RUNTIMES = { bun: '1.4.5', deno: '2.9.6' } as const;
export type Runtime = keyof typeof RUNTIMES;

/** The runtime's executable, installed from the npm registry on first use. */
export async function runtimeBinary(name: Runtime): Promise<string> {
  const root = process.env.FOLIO_RUNTIMES_DIR ?? path.join(os.homedir(), '.cache', 'folio', 'runtimes');
  const dir = path.join(root, `${name}-${RUNTIMES[name]}`);
  const bin = path.join(dir, 'node_modules', '.bin', name);
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `folio-runtime-${name}`, private: true }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `${name}@${RUNTIMES[name]}`], { cwd: dir, timeout: 300_000 });
  }
  return bin;
}
