// Drop-in compatibility (issue 32), workbook analysis: POST /excel/analyze answers `run_id`
// (`analyze_`, ephemeral: no run row, not resumable), `answer`, `tool_calls` (the read operations),
// `duration_ms` and `credits_used`; its prompt is at most 5000 characters (422 beyond); and it reads
// .xlsx, legacy .xls (converted by the LibreOffice pool) and .csv (the data sources' parser).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFakeLlmServer, type FakeLlmServer } from '../helpers/fake-llm-server.ts';
import { providerEnv } from '../helpers/llm.ts';
import { fileUpload } from '../helpers/multipart.ts';
import { generate, key, withRuns } from '../helpers/runs.ts';
import { fetchBytes } from '../helpers/export.ts';

const run = promisify(execFile);

async function salesWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const s = wb.addWorksheet('Sales');
  s.addRow(['Region', 'Q1', 'Q2']);
  for (const row of [['North', 100, 130], ['South', 90, 95], ['East', 120, 110], ['West', 80, 125]]) s.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same workbook as legacy .xls, written by LibreOffice itself (not by the code under test). */
async function salesXls(): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-xls-'));
  try {
    fs.writeFileSync(path.join(dir, 'sales.xlsx'), await salesWorkbook());
    await run('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--norestore', '--convert-to', 'xls', '--outdir', dir, path.join(dir, 'sales.xlsx')], { timeout: 180_000 });
    return fs.readFileSync(path.join(dir, 'sales.xls'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
let llm: TestApp;
let fake: FakeLlmServer;
let org: { secret: string; org_id: string };
let xlsx: string;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  t = await startTestApp(withRuns({}));
  llm = await startTestApp(withRuns({}), { env: providerEnv(fake) });
  org = await t.signup();
  xlsx = await upload(t, org.secret, 'sales.xlsx', await salesWorkbook());
});
afterAll(async () => {
  await Promise.all([t?.close(), llm?.close()]);
  await fake?.close();
});

async function upload(app: TestApp, secret: string, name: string, bytes: Buffer, purpose = 'reference'): Promise<string> {
  const form = fileUpload(name, bytes, { purpose });
  const res = await app.inject({ method: 'POST', url: '/api/v1/files', headers: { ...key(secret), ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file_id;
}

const analyze = (app: TestApp, secret: string, fileId: string, prompt: string) =>
  app.inject({ method: 'POST', url: '/api/v1/excel/analyze', headers: key(secret), payload: { file_id: fileId, prompt } });

describe('the answer', () => {
  it('carries run_id (analyze_), answer, tool_calls, duration_ms and credits_used; the run_id is ephemeral', async () => {
    const res = await analyze(t, org.secret, xlsx, 'Which region had the highest Q2?');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      run_id: expect.stringMatching(/^analyze_[0-9A-Z]{26}$/), answer: expect.stringContaining('North'), answered: true,
      tool_calls: 0, duration_ms: expect.any(Number), credits_used: 1, model: 'builtin',
    });
    expect(Number.isInteger(body.duration_ms) && body.duration_ms >= 0).toBe(true);
    const second = (await analyze(t, org.secret, xlsx, 'Which region had the highest Q2?')).json();
    expect(second.run_id).not.toBe(body.run_id);

    // No run row: not readable, not listed, not resumable, not exportable; a client that passes the id
    // on as a run gets a 404 saying why, never a 500.
    const why = `Run ${body.run_id} not found: the run_id of POST /excel/analyze names one answer and is not stored as a run, so it cannot be read, resumed or exported.`;
    const read = await t.inject({ method: 'GET', url: `/api/v1/runs/${body.run_id}`, headers: key(org.secret) });
    expect([read.statusCode, read.json()]).toEqual([404, { success: false, error: 'not_found', message: why }]);
    expect((await t.inject({ method: 'GET', url: '/api/v1/runs', headers: key(org.secret) })).json().items).toEqual([]);
    for (const format of ['excel', 'word'] as const) {
      const resumed = await generate(t, org.secret, { prompt: 'Add a chart', run_id: body.run_id }, format);
      expect([resumed.statusCode, resumed.json()], resumed.body).toEqual([404, { success: false, error: 'not_found', message: why }]);
    }
    const queued = await generate(t, org.secret, { prompt: 'Add a chart', run_id: body.run_id, async: true }, 'excel');
    expect([queued.statusCode, queued.json().message]).toEqual([404, why]);
    const exported = await t.inject({ method: 'POST', url: `/api/v1/runs/${body.run_id}/export`, headers: key(org.secret), payload: { format: 'pdf' } });
    expect([exported.statusCode, exported.json().message]).toEqual([404, why]);
    // Any other unknown run keeps the plain message.
    const unknown = await t.inject({ method: 'GET', url: '/api/v1/runs/run_01HZZZZZZZZZZZZZZZZZZZZZZZ', headers: key(org.secret) });
    expect(unknown.json().message).toBe('Run run_01HZZZZZZZZZZZZZZZZZZZZZZZ not found.');
  });

  it('counts the model\'s read operations in tool_calls', async () => {
    fake.reset();
    const owner = await llm.signup();
    const file = await upload(llm, owner.secret, 'sales.xlsx', await salesWorkbook());
    fake.enqueue(
      { toolCalls: [{ name: 'list_sheets', args: {} }, { name: 'aggregate', args: { sheet: 'Sales', column: 'Q2', operation: 'max' } }] },
      { toolCalls: [{ name: 'read_range', args: { sheet: 'Sales', range: 'A1:C2' } }] },
      { toolCalls: [{ name: 'finish', args: { summary: '**North**: 130 (Sales!C2).' } }] },
    );
    const res = await analyze(llm, owner.secret, file, 'Which region had the highest Q2?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ run_id: expect.stringMatching(/^analyze_/), answer: '**North**: 130 (Sales!C2).', tool_calls: 3, credits_used: expect.any(Number) });
  });

  it('takes prompts of up to 5000 characters and answers 422 beyond', async () => {
    const longest = `Which region had the highest Q2? ${'x'.repeat(5000 - 33)}`;
    expect(longest).toHaveLength(5000);
    expect((await analyze(t, org.secret, xlsx, longest)).statusCode).toBe(200);
    const over = await analyze(t, org.secret, xlsx, `${longest}y`);
    expect(over.statusCode).toBe(422);
    expect(over.json().detail[0]).toMatchObject({ loc: ['body', 'prompt'], type: 'string_too_long' });
  });
});

describe('the files it reads', () => {
  it('reads a .csv with the data sources\' parser (semicolons, quoted fields, typed numbers)', async () => {
    const csv = 'Region;Q1;Q2\r\n"North, upper";100;130\r\nSouth;90;95\r\nEast;120;110\r\nWest;80;125\r\n';
    const file = await upload(t, org.secret, 'sales.csv', Buffer.from(csv));
    const res = await analyze(t, org.secret, file, 'Which region had the highest Q2?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answered: true, data: { operation: 'max', column: 'Q2', value: 130, label: 'North, upper' }, citations: expect.arrayContaining([{ sheet: 'sales', range: 'C2:C5' }]) });
    const total = (await analyze(t, org.secret, file, 'What is the total Q1?')).json();
    expect(total.data).toMatchObject({ operation: 'sum', value: 390 });
  });

  it('reads a UTF-8 .csv with a byte-order mark and semicolons as Excel saves it, its first header included, and Excel\'s sep= line', async () => {
    const csv = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Q1;Région;Q2\r\n100;Nord;130\r\n90;Sud;95\r\n120;Est;110\r\n')]);
    const file = await upload(t, org.secret, 'ventes.csv', csv);
    const res = await analyze(t, org.secret, file, 'What is the total Q1?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answered: true, data: { operation: 'sum', sheet: 'ventes', column: 'Q1', range: 'A2:A4', value: 310 } });
    const max = (await analyze(t, org.secret, file, 'Which region had the highest Q2?')).json();
    expect(max.data).toMatchObject({ operation: 'max', column: 'Q2', value: 130, label: 'Nord' });
    // Excel's `sep=` first line names the delimiter and is not data; pipes are guessed too.
    const hinted = await upload(t, org.secret, 'hinted.csv', Buffer.from('sep=|\r\nRegion|Q1\r\nNorth|15\r\nSouth|25\r\n'));
    expect((await analyze(t, org.secret, hinted, 'What is the total Q1?')).json().data).toMatchObject({ operation: 'sum', column: 'Q1', range: 'B2:B3', value: 40 });
  });

  it('reads a .csv that Excel on Windows saved in its code page (Windows-1252): analyze, data sources and context files', async () => {
    const ansi = Buffer.from('R\xe9gion;Montant\r\nNord;100\r\nSud;90\r\nCh\xe2teau-Thierry;120\r\n', 'latin1');
    const file = await upload(t, org.secret, 'ventes-ansi.csv', ansi);
    expect((await t.inject({ method: 'GET', url: `/api/v1/files/${file}`, headers: key(org.secret) })).json()).toMatchObject({ content_type: 'text/csv', file_name: 'ventes-ansi.csv' });
    const res = await analyze(t, org.secret, file, 'Which région had the highest Montant?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ operation: 'max', column: 'Montant', value: 120, label: 'Château-Thierry' });

    const made = await generate(t, org.secret, { prompt: 'A workbook of the sales by région', data_sources: [{ file_id: file, kind: 'csv' }] }, 'excel');
    expect(made.statusCode, made.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await fetchBytes(t, made.json().download_url)).body as any);
    const cells = wb.worksheets.flatMap((ws) => ws.getSheetValues().flat().map(String));
    expect(cells).toEqual(expect.arrayContaining(['Région', 'Château-Thierry']));

    // The one text extractor (context files, project files) decodes it the same way.
    fake.reset();
    const owner = await llm.signup();
    const context = await upload(llm, owner.secret, 'ventes-ansi.csv', ansi);
    fake.enqueue({ toolCalls: [{ name: 'finish', args: { summary: 'Read the sales.' } }] });
    await generate(llm, owner.secret, { prompt: 'A memo on the sales by région', context_files: [{ file_id: context }] }, 'word');
    const transcript = fake.requests[0].transcript.join('\n');
    expect(transcript).toContain('Château-Thierry');
    expect(transcript).not.toContain('\uFFFD');
  });

  it('reads CSV exports as Excel and banks write them: amounts, percentages and dates reach the answers and the data sources as numbers and dates', async () => {
    // test/fixtures/csv/README.md: a US orders export ("1,200", "$15,000.00", "($1,200.00)", 12%, m/d/yyyy,
    // 18-digit order ids) and a German bank statement (Windows-1252, semicolons, "3.412,80", "2.150,00 €").
    const orders = await upload(t, org.secret, 'orders-us.csv', fs.readFileSync(path.join('test', 'fixtures', 'csv', 'orders-us.csv')));
    const ask = async (fileId: string, prompt: string) => {
      const res = await analyze(t, org.secret, fileId, prompt);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await ask(orders, 'What is the total Units?')).toMatchObject({ operation: 'sum', column: 'Units', count: 5, value: 2620 });
    expect(await ask(orders, 'What is the average Discount?')).toMatchObject({ operation: 'average', column: 'Discount', count: 5, value: 0.032 });
    expect(await ask(orders, 'What is the median Unit Price?')).toMatchObject({ operation: 'median', count: 5, value: 12.5 });
    // The order id, text digit for digit, names the row of the lowest (accounting-negative) margin.
    expect(await ask(orders, 'Which order had the lowest Net Margin?')).toMatchObject({ operation: 'min', column: 'Net Margin', value: -1200, label: '100000000000000001' });

    const bank = await upload(t, org.secret, 'umsaetze-de.csv', fs.readFileSync(path.join('test', 'fixtures', 'csv', 'umsaetze-de.csv')));
    expect(await ask(bank, 'What is the total Betrag?')).toMatchObject({ operation: 'sum', column: 'Betrag', count: 5, value: 2329.6 });
    // The row is named by its booking day, a date (shown as ISO), not the text 12.03.2024.
    expect(await ask(bank, 'Which Buchungstag had the highest Saldo?')).toMatchObject({ operation: 'max', column: 'Saldo', value: 5500.3, label: '2024-03-12' });

    // As a data source, the statement becomes a sheet of dates, amounts and euros, its references text.
    const made = await generate(t, org.secret, { prompt: 'A workbook of the account statement', data_sources: [{ file_id: bank, kind: 'csv' }] }, 'excel');
    expect(made.statusCode, made.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await fetchBytes(t, made.json().download_url)).body as any);
    const rows = wb.worksheets.flatMap((ws) => ws.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1)));
    const row = rows.find((r) => r.includes('Stadtwerke Köln'))!;
    expect(row).toEqual([new Date(Date.UTC(2024, 2, 4)), new Date(Date.UTC(2024, 2, 4)), 'Stadtwerke Köln', 'Lastschrift', 'Strom Abschlag März', 'DE02100500000054540402', '000123456', -62.5, 2087.5]);
    const saldo = wb.worksheets.flatMap((ws) => { const cells: ExcelJS.Cell[] = []; ws.eachRow((r) => r.eachCell((c) => { if (c.value === 2087.5) cells.push(c); })); return cells; });
    expect(saldo[0].numFmt).toContain('€');
  });

  it('still stores other bytes that are not UTF-8 as binary, and answers a clear 422 for them', async () => {
    const file = await upload(t, org.secret, 'ventes.csv', Buffer.from([0x52, 0xe9, 0x00, 0x01, 0x02, 0x3b, 0x31, 0x0a]));
    expect((await t.inject({ method: 'GET', url: `/api/v1/files/${file}`, headers: key(org.secret) })).json().content_type).toBe('application/octet-stream');
    const res = await analyze(t, org.secret, file, 'What is the total?');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file_id'], type: 'unsupported_file_type', msg: expect.stringContaining('CSV files (.csv)') });
  });

  it('reads a legacy .xls through the export pool', async () => {
    const file = await upload(t, org.secret, 'sales.xls', await salesXls());
    const listed = (await t.inject({ method: 'GET', url: `/api/v1/files/${file}`, headers: key(org.secret) })).json();
    expect(listed.content_type).toBe('application/vnd.ms-excel');
    const res = await analyze(t, org.secret, file, 'Which region had the highest Q2?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answered: true, data: { operation: 'max', value: 130, label: 'North' }, citations: expect.arrayContaining([{ sheet: 'Sales', range: 'C2:C5' }]) });
  }, 240_000);

  it('still refuses files that are no workbook (422 naming the three types)', async () => {
    const file = await upload(t, org.secret, 'notes.txt', Buffer.from('Revenue: 5'));
    const res = await analyze(t, org.secret, file, 'What is the total?');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file_id'], type: 'unsupported_file_type', msg: expect.stringContaining('.xls') });
  });
});

describe('the OpenAPI document', () => {
  it('shows the request limits and the answer with an example', async () => {
    const op = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths['/api/v1/excel/analyze'].post;
    const body = op.requestBody.content['application/json'];
    expect(body.schema.properties.prompt).toMatchObject({ type: 'string', maxLength: 5000 });
    expect(body.schema.properties.file_id.description).toMatch(/\.xlsx, \.xls or \.csv/);
    expect(body.example).toMatchObject({ file_id: expect.any(String), prompt: expect.any(String) });
    const ok = op.responses['200'].content['application/json'];
    expect(ok.schema.required).toEqual(expect.arrayContaining(['run_id', 'answer', 'tool_calls', 'duration_ms', 'credits_used']));
    expect(ok.example).toMatchObject({ run_id: expect.stringMatching(/^analyze_/), answer: expect.any(String), tool_calls: expect.any(Number), duration_ms: expect.any(Number), credits_used: expect.any(Number) });
  });
});
