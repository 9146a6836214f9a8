// `npm run bench`: runs every bench/*.bench.ts in sequence, each in its own process, passing the
// command-line arguments through (for example `npm run bench -- --with-services`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const benches = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort();
if (benches.length === 0) {
  console.error(`no *.bench.ts files in ${dir}`);
  process.exit(1);
}

const failed: string[] = [];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(dir, file), ...process.argv.slice(2)], { stdio: 'inherit' });
  const status = result.status ?? (result.signal ? `signal ${result.signal}` : 'unknown');
  console.log(`=== ${file}: ${status === 0 ? 'done' : `FAILED (${status})`} in ${((Date.now() - started) / 1000).toFixed(1)}s ===`);
  if (status !== 0) failed.push(file);
  if (result.signal === 'SIGINT') break;
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
