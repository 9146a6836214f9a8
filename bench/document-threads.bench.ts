// What the document threads (src/documents/isolate) cost, against the same work in process, in the same
// run. Inputs are the render bench's documents (a 50-page Word document, a 30-slide deck, a 10,000 x 20
// workbook), written by Folio's renderers. Per format:
//   - open: the format's reader in process (what a task did before) vs the reader in a warm thread;
//   - task, checked: a task opening a user's file large enough to come near the heap limit (the thread's
//     check, then the reader in process) vs the reader in process alone: the price of the isolation;
//   - task as run: the same with the size rule of DocumentIsolate.couldExhaust (files whose XML times
//     64 stays below the limit, 1024 MB here, are not checked, so they cost what they did);
//   - tables (the workbook): exceljs reading it as data-source tables, in process vs in a thread;
//   - csv export: the CSV conversion of exports (exceljs, file to file) of a 5,000 x 10 workbook (the
//     conversion is slow: about 10 s for it under load), in process vs in a thread.
// Also the cold start: a new pool's first job (thread start-up and module loading).
//
//   node bench/document-threads.bench.ts [--runs 9]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Format } from '../src/config.ts';
import { readXlsxTables } from '../src/documents/agent/data-sources.ts';
import { DocumentIsolate } from '../src/documents/isolate/document-isolate.ts';
import { exportWorkbook } from '../src/export/converters/xlsx-native.ts';
import { numbersWorkbook } from '../test/helpers/big-workbook.ts';
import { adapter as excel } from '../src/documents/excel/excel.adapter.ts';
import { adapter as slides } from '../src/documents/slides/slides.adapter.ts';
import { adapter as word } from '../src/documents/word/word.adapter.ts';
import { cases as excelCases } from './render/excel.ts';
import { cases as slidesCases } from './render/slides.ts';
import { cases as wordCases } from './render/word.ts';

const { values: args } = parseArgs({ strict: false, options: { runs: { type: 'string', default: '9' } } });
const RUNS = Number(args.runs);
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

async function ms(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** Medians of `a` and `b`, alternated after a warm-up of each. */
async function compare(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  await a();
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ta.push(await ms(a));
    tb.push(await ms(b));
  }
  return [median(ta), median(tb)];
}

const line = (name: string, label: [string, string], [x, y]: [number, number]) =>
  console.log(`${name.padEnd(40)} ${label[0]} ${x.toFixed(1).padStart(7)} ms  ${label[1]} ${y.toFixed(1).padStart(7)} ms  ratio ${(x / y).toFixed(2)}x`);

const inputs: { format: Format; name: string; bytes: Buffer; read: (b: Buffer) => Promise<unknown> }[] = [
  { format: 'word', name: 'word: 50-page document', bytes: await wordCases[0].folio(), read: (b) => word.read(b) },
  { format: 'slides', name: 'slides: 30-slide deck', bytes: await slidesCases[0].folio(), read: (b) => slides.read(b) },
  { format: 'excel', name: 'excel: 10,000 x 20 workbook', bytes: await excelCases[0].folio(), read: (b) => excel.read(b) },
];

const cold = new DocumentIsolate({ maxHeapMb: 1024, threads: 1 });
const coldMs = await ms(() => cold.run('open', { format: 'word', bytes: inputs[0].bytes }));
const warmMs = await ms(() => cold.run('open', { format: 'word', bytes: inputs[0].bytes }));
await cold.close();
console.log(`cold start: first job of a new thread ${coldMs.toFixed(0)} ms, the same job warm ${warmMs.toFixed(0)} ms (start-up ${(coldMs - warmMs).toFixed(0)} ms, once per thread)\n`);

const isolate = new DocumentIsolate({ maxHeapMb: 1024, threads: 2 });
for (const input of inputs) {
  const inThread = () => isolate.run('open', { format: input.format, bytes: input.bytes });
  const inProcess = () => input.read(input.bytes);
  line(`${input.name} (${(input.bytes.length / 1024).toFixed(0)} KiB): open`, ['thread', 'in process'], await compare(inThread, inProcess));
  line(`${input.name}: task, checked`, ['thread + in process', 'in process'], await compare(async () => { await inThread(); await inProcess(); }, inProcess));
  const checked = isolate.couldExhaust(input.bytes);
  line(`${input.name}: task as run (${checked ? 'checked' : 'not checked'})`, ['now', 'before'], await compare(async () => { if (isolate.couldExhaust(input.bytes)) await inThread(); await inProcess(); }, inProcess));
}
const workbook = inputs[2].bytes;
const file = { file_id: 'file_bench', file_name: 'bench.xlsx' };
line('excel: 10,000 x 20 workbook: tables', ['thread', 'in process'], await compare(
  () => isolate.run('tables', { ...file, bytes: workbook }),
  () => readXlsxTables({ ...file, bytes: workbook }),
));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-threads-'));
const srcPath = path.join(scratch, 'bench.xlsx');
fs.writeFileSync(srcPath, await numbersWorkbook(5_000, 10));
const job = { srcPath, format: 'csv' as const, title: 'bench', outDir: scratch, computed: true };
line('excel: 5,000 x 10 workbook: csv export', ['thread', 'in process'], await compare(
  () => isolate.run('workbook_export', job),
  () => exportWorkbook(job),
));
fs.rmSync(scratch, { recursive: true, force: true });
await isolate.close();
console.log(`\n${RUNS} runs each, medians; threads: ${isolate.started} started for the warm runs`);
