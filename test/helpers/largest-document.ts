// A worker-thread entry for test/task-document-bound.test.ts: builds, with the embedded default's planner
// and the format's tools (what a task without a model does), the largest document the request limits
// allow, renders it, and posts back its size and the heap in use once rendered. Run with a heap limit
// (resourceLimits): a document that does not fit ends the thread with ERR_WORKER_OUT_OF_MEMORY.
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { Format } from '../../src/config.ts';
import type { DataTable, FormatAdapter } from '../../src/documents/agent/format-adapter.ts';
import { MAX_TASK_CELLS, MAX_TASK_CHARS, tooLargeForATask } from '../../src/documents/agent/data-sources.ts';

/** Text mixing scripts, emoji with joiners, combining marks and right-to-left runs. */
const MIXED = 'Quarterly review: revenue grew 6.5% — 東京の売上 📈 مرحبا بالعالم 👩‍👩‍👧 ñ̃ é̀ ';
const text = (n: number, salt: number) => (MIXED.repeat(Math.ceil(n / MIXED.length) + 1).slice(salt % 40)).slice(0, n).toWellFormed();

/** Data sources at both task limits: `count` tables whose cells add up to MAX_TASK_CELLS and about MAX_TASK_CHARS characters. */
function maxTables(count: number, rows: number): DataTable[] {
  const cols = Math.floor(MAX_TASK_CELLS / count / rows);
  const textLen = Math.floor((2 * MAX_TASK_CHARS) / MAX_TASK_CELLS) - 7; // half the columns text, half numbers of 7 characters
  return Array.from({ length: count }, (_, t) => ({
    name: `Table ${t + 1}`,
    columns: Array.from({ length: cols }, (_, c) => `Column ${c + 1}`),
    rows: Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (c % 2 ? 10_000 + ((r * 37 + c) % 89_999) + 0.5 : `${r}-${c} ${text(textLen, r + c)}`.slice(0, textLen)))),
    source: { kind: 'inline' as const },
  }));
}

const PROMPT = text(10_000, 0);

function request(format: Format, tables: DataTable[]) {
  if (format !== 'slides') return { prompt: PROMPT };
  const layouts = ['bullets', 'two-column', 'chart', 'table', 'quote', 'section', 'bullets', 'closing'] as const;
  const slides = Array.from({ length: 30 }, (_, i) => ({
    layout: layouts[i % layouts.length], title: text(160, i), subtitle: text(240, i + 1),
    bullets: Array.from({ length: 14 }, (_, b) => text(600, i + b)), notes: text(3000, i),
    ...(layouts[i % layouts.length] === 'chart' || layouts[i % layouts.length] === 'table' ? { data_source: tables[i % tables.length].name } : {}),
  }));
  return { prompt: PROMPT, outline: { title: text(200, 3), slides } };
}

const format = workerData.format as Format;
// Excel writes every row of every table; Word at most 100 rows of each (so 50 tables of 200 rows fill it most); Slides a few.
const tables = format === 'word' ? maxTables(50, 200) : format === 'excel' ? maxTables(1, 10_000) : maxTables(50, 200);
const refused = tooLargeForATask(tables);
if (refused) throw new Error(`the test's data sources exceed the task limits: ${refused}`);
const { adapter } = (await import(`../../src/documents/${format}/${format}.adapter.ts`)) as { adapter: FormatAdapter<any> };
const started = performance.now();
const inputs = { contextFiles: [], dataSources: tables, images: [], brand: null };
const doc = adapter.create();
const changes: string[] = [];
const tools = adapter.tools({ doc, inputs, mode: 'action', noteChange: (c: string) => changes.push(c), addNotice: () => {} } as never);
const req = request(format, tables);
const plan = adapter.plan({ prompt: req.prompt, mode: 'action', editing: false, request: req as never }, doc, inputs);
let refusedCalls = 0;
for (const call of plan.calls) {
  const tool = tools.find((t) => t.name === call.tool);
  // A call a tool refuses (text that does not fit a slide) is reported to the engine and skipped, as in a task.
  try {
    if (tool) await tool.execute(call.args as never);
  } catch (err) {
    if ((err as Error).name !== 'ToolError') throw err;
    refusedCalls++;
  }
}
adapter.summarize?.(doc, changes, 'new');
const bytes = await adapter.render(doc, { brand: null });
const heapMb = v8.getHeapStatistics().used_heap_size / 1048576;
parentPort!.postMessage({ size: bytes.length, heapMb, ms: performance.now() - started, calls: plan.calls.length, refusedCalls, changes: changes.length });
