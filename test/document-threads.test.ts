// Users' files are opened and read in document threads with a heap limit (src/documents/isolate): a
// file that needs more memory than that ends its own task (or request) with a clear error, is not
// charged nor retried as if its worker had died, and the same server then serves the next task. A
// reader that throws in the thread gives the same error as it did in process. The same holds for the
// CSV and HTML conversions of a workbook (exports and POST /files/{id}/convert) and for the built-in
// editor opening or saving a document. The limit is set low here (64 MB) so that a workbook of 20,000
// rows (40,000 for the document reader) is "too large".
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adapter as excelAdapter } from '../src/documents/excel/excel.adapter.ts';
import { readXlsxTables } from '../src/documents/agent/data-sources.ts';
import { unreadableReason } from '../src/documents/agent/tool-error.ts';
import { numbersWorkbook, workbookWithoutWorkbookPart } from './helpers/big-workbook.ts';
import { tokenOf } from './helpers/editor.ts';
import { saveEditedVersion } from './helpers/excel.ts';
import { convertFile, exportRun, fetchBytes } from './helpers/export.ts';
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

describe('converting a workbook too large for a document thread', () => {
  const tooLarge = (format: string, loc: string[]) => [expect.objectContaining({
    loc, type: 'document_too_large', ctx: { limit_mb: 64 },
    msg: `The xlsx document is too large to convert to ${format} within the 64 MB memory limit of a document thread (FOLIO_RENDER_MAX_HEAP_MB).`,
  })];

  it('POST /files/{id}/convert to csv and html answers 422 naming the limit; the same server then converts a small one', async () => {
    const org = await t.signup();
    const big = await uploadFile(org.secret, 'huge.xlsx', await hugeWorkbook());
    for (const format of ['csv', 'html']) {
      const res = await convertFile(t, org.secret, big, { format });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
      expect(res.json().detail).toEqual(tooLarge(format, ['path', 'file_id']));
    }
    expect(await health()).toBe(200);
    const small = await uploadFile(org.secret, 'small.xlsx', await numbersWorkbook(2, 3));
    const csv = await convertFile(t, org.secret, small, { format: 'csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect((await fetchBytes(t, csv.json().download_url)).body.toString()).toBe('Region,Q1,Q2\r\n20,21,22\r\n30,31,32\r\n');
    const html = await convertFile(t, org.secret, small, { format: 'html' });
    expect(html.statusCode, html.body).toBe(200);
    expect((await fetchBytes(t, html.json().download_url)).body.toString()).toContain('<tr><td>Region</td><td>Q1</td><td>Q2</td></tr>\n<tr><td class="n">20</td>');
  }, 180_000);

  it("a run's export to csv: 422 at path.run_id; a missing sheet still answers 422 at body.sheet", async () => {
    const org = await t.signup();
    const run = await generate(t, org.secret, { prompt: 'A sales workbook by region' }, 'excel');
    expect(run.statusCode, run.body).toBe(200);
    const missing = await exportRun(t, org.secret, run.json().run_id, { format: 'csv', sheet: 'Nope' });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'sheet'], type: 'sheet_not_found' })]);
    await saveEditedVersion(t, org.org_id, run.json().run_id, await hugeWorkbook());
    const res = await exportRun(t, org.secret, run.json().run_id, { format: 'csv', sheet: '*' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toEqual(tooLarge('csv', ['path', 'run_id']));
    expect(await health()).toBe(200);
  }, 180_000);
});

describe('the built-in editor on a document too large for a document thread', () => {
  it('opening and saving answer 422 naming the limit, and the same server then opens a small document', async () => {
    const org = await t.signup();
    const first = await generate(t, org.secret, { prompt: 'A sales workbook by region' }, 'excel');
    expect(first.statusCode, first.body).toBe(200);
    const runId = first.json().run_id;
    const api = (method: 'GET' | 'PUT', payload?: unknown) => t.inject({ method, url: `/api/v1/editor/${runId}/document`, headers: { authorization: `Bearer ${tokenOf(first.json().edit_url)}` }, payload: payload as never });
    const small = (await api('GET')).json();
    await saveEditedVersion(t, org.org_id, runId, await hugeWorkbook());
    const expected = [expect.objectContaining({
      loc: ['path', 'run_id'], type: 'document_too_large',
      msg: 'the document cannot be opened in the editor: The file is too large to open within the 64 MB memory limit of a document thread (FOLIO_RENDER_MAX_HEAP_MB).',
    })];
    const open = await api('GET');
    expect(open.statusCode, open.body).toBe(422);
    expect(open.json().detail).toEqual(expected);
    const current = (await sql<{ id: string }>`select current_version_id as id from runs where run_id = ${runId}`.execute(t.app.ctx.database.db)).rows[0].id;
    const save = await api('PUT', { format: 'excel', base_version: current, content: { edits: [{ sheet: 'Data', row: 1, col: 1, input: '5' }] } });
    expect(save.statusCode, save.body).toBe(422);
    expect(save.json().detail).toEqual(expected);
    expect((await t.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: key(org.secret) })).json().version).toBe(2);
    expect(await health()).toBe(200);

    const other = await generate(t, org.secret, { prompt: 'A sales workbook by region' }, 'excel');
    const reopened = await t.inject({ method: 'GET', url: `/api/v1/editor/${other.json().run_id}/document`, headers: { authorization: `Bearer ${tokenOf(other.json().edit_url)}` } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().content).toEqual(small.content);
  }, 180_000);
});
