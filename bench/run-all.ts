// `npm run bench`: runs every bench/*.bench.ts in sequence, each in its own process, passing the
// command-line arguments through (for example `npm run bench -- --with-services`), then prints one
// summary table of every issue-26 target: target, measured value, met or missed. Benches report their
// targets through bench/summary.ts; a target no bench reported (skipped, failed) shows "not measured".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTargets, type TargetRow } from './summary.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
// FOLIO_BENCHES=footprint,tasks runs only those (the table still lists every target).
const only = process.env.FOLIO_BENCHES?.split(',').map((b) => `${b.trim().replace(/\.bench\.ts$/, '')}.bench.ts`);
const benches = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!only || only.includes(f))).sort();
if (benches.length === 0) {
  console.error(`no *.bench.ts files in ${dir}`);
  process.exit(1);
}

/** Every target of issue 26, in the order of the closing table; `bench` is the script that measures it. */
const EXPECTED: { target: string; bench: string }[] = [
  // bench/llm-invoke.bench.ts reports these (per backend run; p99 and throughput per side and delay).
  { target: 'LLM invoke: added latency p50 <= 3 ms on PostgreSQL', bench: 'llm-invoke.bench.ts' },
  { target: 'LLM invoke: added latency p50 <= 8 ms on PGlite', bench: 'llm-invoke.bench.ts' },
  { target: 'LLM invoke: p99 <= 3x p50', bench: 'llm-invoke.bench.ts' },
  { target: 'LLM invoke: throughput >= 0.5x direct at a 50 ms provider delay', bench: 'llm-invoke.bench.ts' },
  { target: 'webhook delivery under a burst, PGlite: p95 < 1 s', bench: 'webhook-latency.bench.ts' },
  { target: 'webhook delivery under a burst, PostgreSQL: p95 < 1 s', bench: 'webhook-latency.bench.ts' },
  { target: 'idle RSS of folio serve on PGlite <= 200 MB', bench: 'footprint.bench.ts' },
  { target: 'idle RSS of folio serve on PostgreSQL <= 120 MB', bench: 'footprint.bench.ts' },
  { target: 'start to first answer on PostgreSQL <= 2 s', bench: 'footprint.bench.ts' },
  { target: 'soak: RSS growth over 1,000 generations <= 10 %', bench: 'footprint.bench.ts' },
  { target: 'GET /verify >= 0.7x bare Fastify', bench: 'verify.bench.ts' },
  { target: 'warm export <= 0.3x cold (worst format)', bench: 'export.bench.ts' },
  { target: 'render <= 1.3x the bare libraries (worst case)', bench: 'render.bench.ts' },
  { target: 'enqueue-to-start p50 < 100 ms (idle, worst configuration)', bench: 'tasks.bench.ts' },
];

const summaryFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-summary-')), 'targets.jsonl');
const failed: string[] = [];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(dir, file), ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, FOLIO_BENCH_SUMMARY: summaryFile } });
  const status = result.status ?? (result.signal ? `signal ${result.signal}` : 'unknown');
  console.log(`=== ${file}: ${status === 0 ? 'done' : `FAILED (${status})`} in ${((Date.now() - started) / 1000).toFixed(1)}s ===`);
  if (status !== 0) failed.push(file);
  if (result.signal === 'SIGINT') break;
}

// Reported rows first in the expected order (a bench may report several rows for one target, e.g. per
// side), then any row a bench reported that the list above does not name yet.
const reported = readTargets(summaryFile);
const rows: TargetRow[] = [];
for (const e of EXPECTED) {
  const mine = reported.filter((r) => r.target === e.target || r.target.startsWith(`${e.target} (`));
  rows.push(...(mine.length ? mine : [{ ...e, measured: failed.includes(e.bench) ? 'not measured (bench failed)' : 'not measured', met: null }]));
}
rows.push(...reported.filter((r) => !rows.includes(r)));
const verdict = (met: boolean | null) => (met === null ? '-' : met ? 'met' : 'MISSED');
const w = Math.max(...rows.map((r) => r.target.length));
const mw = Math.max(8, ...rows.map((r) => r.measured.length));
console.log(`\n=== summary (load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, ${os.availableParallelism()} cores) ===`);
console.log(`${'target'.padEnd(w)}  ${'measured'.padEnd(mw)}  result  bench`);
for (const r of rows) console.log(`${r.target.padEnd(w)}  ${r.measured.padEnd(mw)}  ${verdict(r.met).padEnd(6)}  ${r.bench ?? ''}`);
const counts = { met: rows.filter((r) => r.met === true).length, missed: rows.filter((r) => r.met === false).length, none: rows.filter((r) => r.met === null).length };
console.log(`${counts.met} met, ${counts.missed} missed, ${counts.none} not measured`);
fs.rmSync(path.dirname(summaryFile), { recursive: true, force: true });

if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
