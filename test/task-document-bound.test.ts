// What a task builds is rendered in the worker's process (docs/architecture/crash-isolation.md), so it
// must stay bounded by the request limits. The data sources of one task are capped (MAX_TASK_CELLS,
// MAX_TASK_CHARS): above the cap the task fails once with 422 naming it, uncharged, not retried. At the cap, the
// largest workbook and deck the limits allow are built with the embedded default's planner and rendered
// in a worker thread whose heap is limited to 1024 MB (FOLIO_RENDER_MAX_HEAP_MB's default): a document
// that did not fit would end the thread with ERR_WORKER_OUT_OF_MEMORY and fail the test.
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TASK_CELLS, MAX_TASK_CHARS } from '../src/documents/agent/data-sources.ts';
import { MAX_LAID_OUT_CELLS } from '../src/documents/word/design/page-estimate.ts';
import { MAX_DOCUMENT_TABLE_CELLS } from '../src/documents/word/tools/word.tools.ts';
import { MAX_TABLE_COLUMNS } from '../src/documents/word/inputs.ts';
import { credits, generate, getTask, withRuns } from './helpers/runs.ts';
import { fileParts, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const HEAP_MB = 1024;

interface Built { size: number; heapMb: number; ms: number; calls: number; refusedCalls: number; changes: number }

function buildLargest(format: 'excel' | 'slides' | 'word'): Promise<Built> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./helpers/largest-document.ts', import.meta.url), { workerData: { format }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    worker.once('message', (m: Built) => { resolve(m); void worker.terminate(); });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the worker exited with code ${code} before answering`)));
  });
}

describe(`the largest document the request limits allow renders within ${HEAP_MB} MB of heap`, () => {
  it(`a workbook of one data source at the cap (10,000 rows, ${MAX_TASK_CELLS.toLocaleString('en-US')} cells) and a 10,000-character prompt`, async () => {
    const built = await buildLargest('excel');
    expect(built.size).toBeGreaterThan(1_000_000);
    expect(built.heapMb).toBeLessThan(HEAP_MB);
  }, 180_000);

  it(`a Word document from 50 data sources at the cap: tables of at most ${MAX_TABLE_COLUMNS} columns, ${MAX_DOCUMENT_TABLE_CELLS.toLocaleString('en-US')} table cells a request (the tables past it refused), no page estimate past ${MAX_LAID_OUT_CELLS.toLocaleString('en-US')} cells`, async () => {
    const built = await buildLargest('word');
    // 100 rows x 40 columns (+ header) a table: four tables fit under the cap, the other 46 are refused
    // (besides whatever else the planner's calls ask beyond the tools' own limits).
    expect(built.refusedCalls).toBeGreaterThanOrEqual(46);
    expect(built.heapMb).toBeLessThan(HEAP_MB);
  }, 180_000);

  it('a 30-slide outline with every text field at its longest, 50 data sources at the cap and a 10,000-character prompt', async () => {
    const built = await buildLargest('slides');
    expect(built.calls).toBe(30);
    expect(built.changes).toBeGreaterThan(0);
    expect(built.heapMb).toBeLessThan(HEAP_MB);
  }, 180_000);
});

describe('data sources above the task cap', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(withRuns({ maxAttempts: 3 })); }, 180_000);
  afterAll(async () => t?.close());

  const csv = (rows: number, cols: number, cell: string) => Buffer.from(Array.from({ length: rows + 1 }, (_, r) => Array.from({ length: cols }, (_, c) => (r ? cell : `C${c}`)).join(',')).join('\n'));

  it.each([
    ['cells', csv(10_000, 101, '1'), `1,010,000 cells (rows times columns); one task takes at most ${MAX_TASK_CELLS.toLocaleString('en-US')}`],
    ['characters', csv(10_000, 2, 'x'.repeat(810)), `16,200,000 characters of cell text; one task takes at most ${MAX_TASK_CHARS.toLocaleString('en-US')}`],
  ])('too many %s: the task fails once with 422 naming the cap, uncharged', async (_what, bytes, said) => {
    const org = await t.signup();
    const up = await upload(t, org.secret, '/api/v1/files', fileParts('big.csv', bytes, {}, 'text/csv'));
    expect(up.statusCode, up.body).toBe(201);
    const before = await credits(t, org.secret);
    const res = await generate(t, org.secret, { prompt: 'A summary sheet', data_sources: [{ file_id: up.json().file_id, kind: 'csv' }] }, 'excel');
    expect(res.statusCode, res.body).toBe(422);
    const message = `The data sources hold ${said} (all tables together): send fewer rows or columns, or split the work over several tasks.`;
    expect(res.json()).toMatchObject({ error: 'validation_error', message });
    const task = (await getTask(t, org.secret, res.json().task_id)).json();
    expect(task).toMatchObject({ status: 'failed', credits_used: 0 });
    expect((await sql<{ attempt: number }>`select attempt from tasks where task_id = ${task.task_id}`.execute(t.app.ctx.database.db)).rows[0].attempt).toBe(0);
    expect(await credits(t, org.secret)).toEqual(before);
  }, 180_000);
});
