// A script for a fresh Node process that does to process.nextTick what Folio's start-up does (ticks with
// and without arguments queued between full collections), optionally after loading
// src/infra/tick-shapes.ts, then runs `then`. Needs `--expose-gc` (and `--input-type=module` with -e).
// Used by test/tick-shapes.test.ts and bench/tick-shapes.bench.ts.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const moduleUrl = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/infra/tick-shapes.ts')).href;

export function tickShapesScript(keep: boolean, then: string): string {
  return `
${keep ? `await import(${JSON.stringify(moduleUrl)});` : ''}
const noop = () => {};
for (let round = 0; round < 8; round++) {
  for (let i = 0; i < 100; i++) { process.nextTick(noop); process.nextTick(noop, i); }
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}
${then}
`;
}
