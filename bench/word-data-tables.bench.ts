// How a Word document built from data sources scales (docs/architecture/crash-isolation.md, "Word is
// not shown to be bounded"): the embedded default's planner adds each data source as a table (at most
// 100 rows, every column), then the document is rendered. Prints build and render times and the heap
// in use for growing tables, and each size's time per cell as a ratio to the smallest size's, measured
// in the same run (1.00x everywhere would be linear).
//
// The default sizes stay under the per-request cap of 20,000 table cells (word.tools.ts); a size past it is
// reported as refused.
//
//   node bench/word-data-tables.bench.ts [--sizes 5x100x10,8x100x20]
import v8 from 'node:v8';
import { parseArgs } from 'node:util';
import type { DataTable } from '../src/documents/agent/format-adapter.ts';
import { adapter } from '../src/documents/word/word.adapter.ts';

const { values: args } = parseArgs({ strict: false, options: { sizes: { type: 'string', default: '5x100x10,8x100x20' } } });
const sizes = String(args.sizes).split(',').map((s) => s.split('x').map(Number) as [number, number, number]);

async function build(count: number, rows: number, cols: number) {
  const tables: DataTable[] = Array.from({ length: count }, (_, t) => ({
    name: `Table ${t + 1}`, columns: Array.from({ length: cols }, (_, c) => `Column ${c + 1}`),
    rows: Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (c % 2 ? r * 3.5 : `Item ${r}-${c} text`))), source: { kind: 'inline' },
  }));
  const inputs = { contextFiles: [], dataSources: tables, images: [], brand: null };
  const t0 = performance.now();
  const doc = adapter.create();
  const changes: string[] = [];
  const tools = adapter.tools({ doc, inputs, mode: 'action', noteChange: (c: string) => changes.push(c), addNotice: () => {} } as never);
  const plan = adapter.plan({ prompt: 'A report on the tables', mode: 'action', editing: false }, doc, inputs as never);
  for (const call of plan.calls) await tools.find((t) => t.name === call.tool)?.execute(call.args as never);
  const t1 = performance.now();
  adapter.summarize?.(doc, changes, 'new');
  const bytes = await adapter.render(doc, { brand: null });
  return { cells: count * Math.min(rows, 100) * cols, buildMs: t1 - t0, renderMs: performance.now() - t1, size: bytes.length, heapMb: v8.getHeapStatistics().used_heap_size / 1048576 };
}

let base: number | null = null;
for (const [count, rows, cols] of sizes) {
  const r = await build(count, rows, cols).catch((err: Error) => {
    if (err.name !== 'ToolError') throw err;
    console.log(`${count} tables of ${rows} x ${cols}: refused (${err.message})`);
    return null;
  });
  if (!r) continue;
  const perCell = (r.buildMs + r.renderMs) / r.cells;
  base ??= perCell;
  console.log(`${count} tables of ${rows} x ${cols} (${r.cells} cells written): build ${r.buildMs.toFixed(0)} ms, render ${r.renderMs.toFixed(0)} ms, ${(r.size / 1024).toFixed(0)} KiB, heap ${r.heapMb.toFixed(0)} MB; time per cell ${(perCell / base).toFixed(2)}x the first size's`);
}
