// Users' files are opened and read in document threads with a heap limit (src/documents/isolate): a
// file that needs more memory than that ends its own task (or request) with a clear error, is not
// charged nor retried as if its worker had died, and the same server then serves the next task. A
// reader that throws in the thread gives the same error as it did in process. The limit is set low
// here (64 MB) so that a workbook of 20,000 rows (40,000 for the document reader) is "too large".
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adapter as excelAdapter } from '../src/documents/excel/excel.adapter.ts';
import { readXlsxTables } from '../src/documents/agent/data-sources.ts';
import { unreadableReason } from '../src/documents/agent/tool-error.ts';
import { numbersWorkbook, workbookWithoutWorkbookPart } from './helpers/big-workbook.ts';
import { saveEditedVersion } from './helpers/excel.ts';
import { credits, generate, getTask, key, withRuns } from './helpers/runs.ts';
import { fileParts, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(withRuns({ maxAttempts: 3 }), { env: { FOLIO_RENDER_MAX_HEAP_MB: '64', FOLIO_RENDER_THREADS: '1' } });
}, 180_000);
afterAll(async () => t?.close());

async function uploadFile(secret: string, name: string, bytes: Buffer): Promise<string> {
  const res = await upload(t, secret, '/api/v1/files', fileParts(name, bytes));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file_id;
}

/** The queue's retries of the task's job (0: it ran once). */
async function retries(taskId: string): Promise<number> {
  return (await sql<{ attempt: number }>`select attempt from tasks where task_id = ${taskId}`.execute(t.app.ctx.database.db)).rows[0].attempt;
}

/** Too large to open within 64 MB (made once: it takes seconds). */
let huge: Promise<Buffer> | null = null;
const hugeWorkbook = () => (huge ??= numbersWorkbook(40_000));

const health = async () => (await t.inject({ method: 'GET', url: '/api/v1/health' })).statusCode;

describe('a file too large for a document thread', () => {
  it('a data source workbook: its task fails once with 422, uncharged, and the next task on the server completes', async () => {
    const org = await t.signup();
    const before = await credits(t, org.secret);
    const big = await uploadFile(org.secret, 'regions.xlsx', await numbersWorkbook(20_000));
    const res = await generate(t, org.secret, { prompt: 'A summary sheet of the regional figures', data_sources: [{ file_id: big, kind: 'xlsx' }] }, 'excel');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
    expect(res.json().message).toBe(`Data source ${big} (regions.xlsx) is too large to read within the 64 MB memory limit of a document thread (FOLIO_RENDER_MAX_HEAP_MB): upload fewer rows or split it into several files.`);
    const task = (await getTask(t, org.secret, res.json().task_id)).json();
    expect(task).toMatchObject({ status: 'failed', error: { code: 'validation_error' }, credits_used: 0 });
    expect(await retries(task.task_id)).toBe(0);
    expect(await credits(t, org.secret)).toEqual(before);
    expect(await health()).toBe(200);

    const small = await uploadFile(org.secret, 'regions-small.xlsx', await numbersWorkbook(4, 3));
    const next = await generate(t, org.secret, { prompt: 'A summary sheet of the regional figures', data_sources: [{ file_id: small, kind: 'xlsx' }] }, 'excel');
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().status).toBe('completed');
  }, 120_000);

  it('an init_file: 422 at body.init_file when the request arrives, and the same server then opens a small one', async () => {
    const org = await t.signup();
    const big = await uploadFile(org.secret, 'huge.xlsx', await hugeWorkbook());
    const res = await generate(t, org.secret, { prompt: 'Add a totals row', init_file: big }, 'excel');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({
      loc: ['body', 'init_file'], type: 'document_unreadable', input: big,
      msg: 'The file is too large to open within the 64 MB memory limit of a document thread (FOLIO_RENDER_MAX_HEAP_MB).',
    })]);
    expect(res.json().task_id).toBeUndefined();

    const small = await uploadFile(org.secret, 'small.xlsx', await numbersWorkbook(4, 3));
    const next = await generate(t, org.secret, { prompt: 'How many sheets are there?', mode: 'ask', init_file: small }, 'excel');
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().status).toBe('completed');
  }, 120_000);

  it("a run's current version (saved by an editor): the resumed task fails once, uncharged, without a new version", async () => {
    const org = await t.signup();
    const first = await generate(t, org.secret, { prompt: 'A sales workbook by region' }, 'excel');
    expect(first.statusCode, first.body).toBe(200);
    await saveEditedVersion(t, org.org_id, first.json().run_id, await hugeWorkbook());
    const before = await credits(t, org.secret);
    const res = await generate(t, org.secret, { prompt: 'Add a totals row', run_id: first.json().run_id }, 'excel');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^The run's current document \(version 2, edited\.xlsx\) cannot be opened as an Excel document: The file is too large to open within the 64 MB memory limit/);
    const task = (await getTask(t, org.secret, res.json().task_id)).json();
    expect(task).toMatchObject({ status: 'failed', credits_used: 0 });
    expect(await retries(task.task_id)).toBe(0);
    expect(await credits(t, org.secret)).toEqual(before);
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${first.json().run_id}`, headers: key(org.secret) })).json();
    expect(run.version).toBe(2);
  }, 120_000);
});

describe('a reader that throws in the thread', () => {
  it('an init_file without its workbook part: the same 422 reason as the reader gives in process', async () => {
    const bytes = await workbookWithoutWorkbookPart();
    const inProcess = await excelAdapter.read(bytes).then(() => null, (err) => unreadableReason(err));
    expect(inProcess).toEqual(expect.any(String));
    const org = await t.signup();
    const id = await uploadFile(org.secret, 'broken.xlsx', bytes);
    const res = await generate(t, org.secret, { prompt: 'Add a totals row', init_file: id }, 'excel');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'init_file'], type: 'document_unreadable', msg: inProcess })]);
  });

  it('a data source the workbook reader refuses: the task fails with the message it gave in process, uncharged', async () => {
    const bytes = await workbookWithoutWorkbookPart();
    const org = await t.signup();
    const id = await uploadFile(org.secret, 'broken.xlsx', bytes);
    const inProcess = await readXlsxTables({ file_id: id, file_name: 'broken.xlsx', bytes }).then(() => null, (err) => err.message);
    expect(inProcess).toMatch(/^Data source .* could not be read as an Excel workbook/);
    const res = await generate(t, org.secret, { prompt: 'A summary sheet', data_sources: [{ file_id: id, kind: 'xlsx' }] }, 'excel');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request', message: inProcess });
    const task = (await getTask(t, org.secret, res.json().task_id)).json();
    expect(task).toMatchObject({ status: 'failed', credits_used: 0 });
    expect(await retries(task.task_id)).toBe(0);
  });
});
