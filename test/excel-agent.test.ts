// POST /excel/generate end to end: the builtin engine's planner and a scripted provider driving real
// tool loops, resume over an editor's change, ask mode, init_file (kept features, corrupt files), data
// sources; every workbook is read back by openpyxl, and one is converted by LibreOffice. Files users
// bring, edited in place part by part: test/excel-in-place.test.ts.
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { type FakeLlmServer, type Step } from './helpers/fake-llm-server.ts';
import { builtinAndScriptedApps } from './helpers/builtin-and-scripted.ts';
import { credits } from './helpers/runs.ts';
import { fileParts, upload } from './helpers/storage.ts';
import { type TestApp } from './helpers/test-app.ts';
import { currentBytes, generateExcel, generateWorkbook, libreOfficePdfText, saveEditedVersion } from './helpers/excel.ts';
import { editWithOpenpyxl, readWithOpenpyxl, workbookFromOpenpyxl, type PySheet } from './helpers/openpyxl.ts';
import { makeDocx } from './helpers/office-fixtures.ts';

let t: TestApp;
let p: TestApp;
let fake: FakeLlmServer;

builtinAndScriptedApps((apps) => ({ t, p, fake } = apps));

const sheet = (book: { sheets: PySheet[] }, title: string) => {
  const s = book.sheets.find((x) => x.title === title);
  if (!s) throw new Error(`no sheet "${title}" in ${book.sheets.map((x) => x.title).join(', ')}`);
  return s;
};

const REPORT = `# Quarterly sales review

| Quarter | Revenue | Cost |
|---|---|---|
| Q1 2024 | $120,000 | $80,000 |
| Q2 2024 | $135,500 | $86,000 |
| Q3 2024 | $150,250 | $90,500 |
| Q4 2024 | $171,000 | $97,000 |

Headcount: 42
Customers: 1,250
`;

async function uploadFile(app: TestApp, secret: string, name: string, bytes: Buffer, contentType?: string): Promise<string> {
  const res = await upload(app, secret, '/api/v1/files', fileParts(name, bytes, {}, contentType));
  if (res.statusCode !== 201) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
  return res.json().file_id;
}

describe('builtin engine', () => {
  it('turns tables, facts and an inline data source into typed sheets with live formulas, Excel tables and native charts', async () => {
    const org = await t.signup();
    const { body, bytes } = await generateWorkbook(t, org.secret, {
      prompt: REPORT,
      data_sources: [{ name: 'Regions', columns: ['Region', 'Revenue', 'Share'], rows: [['North', 210000, 0.36], ['South', 160000, 0.28], ['East', 120750, 0.21], ['West', 86000, 0.15]] }],
    });
    expect(body.summary).toContain('Summary');
    const book = readWithOpenpyxl(bytes);
    expect(book.sheets.map((s) => s.title)).toEqual(['Summary', 'Regions', 'Quarterly sales review']);
    const data = sheet(book, 'Quarterly sales review');
    expect(data.freeze).toBe('A2');
    expect(Object.values(data.tables)).toEqual(['A1:D6']);
    expect(data.cells.B2).toBe(120000);
    expect(data.formats.B2).toContain('$');
    expect(data.cells.D3).toBe('=IFERROR(B3/B2-1,"")');
    expect(data.formats.D3).toBe('0.0%');
    expect(data.cells.B6).toBe('=SUBTOTAL(109,B2:B5)');
    expect(data.computed.B6).toBe(576750);
    const regions = sheet(book, 'Regions');
    expect(regions.formats.C2).toBe('0.0%');
    expect(regions.charts).toEqual([expect.objectContaining({ type: 'PieChart', title: 'Revenue by Region', series: [{ values: 'Regions!$B$2:$B$5', categories: 'Regions!$A$2:$A$5' }] })]);
    const summary = sheet(book, 'Summary');
    expect(summary.cells.A1).toBe('Quarterly sales review');
    expect(Object.values(summary.cells)).toContain("=SUM('Quarterly sales review'!B2:B5)");
    expect(Object.values(summary.cells)).toContain('=AVERAGE(Regions!B2:B5)');
    expect(summary.computed[Object.entries(summary.cells).find(([, v]) => v === "=SUM('Quarterly sales review'!B2:B5)")![0]]).toBe(576750);
    expect(Object.values(summary.cells)).toEqual(expect.arrayContaining(['Headcount', 42, 'Customers', 1250]));
    expect(summary.charts[0]).toMatchObject({ type: 'LineChart', series: [{ values: "'Quarterly sales review'!$B$2:$B$5" }, { values: "'Quarterly sales review'!$C$2:$C$5" }] });
  });

  it('writes chart parts that are DrawingML charts, not pictures, and a workbook LibreOffice converts to PDF', async () => {
    const org = await t.signup();
    const { bytes } = await generateWorkbook(t, org.secret, { prompt: REPORT });
    const zip = await JSZip.loadAsync(bytes);
    const charts = Object.keys(zip.files).filter((f) => /^xl\/charts\/chart\d+\.xml$/.test(f));
    expect(charts.length).toBe(1);
    expect(await zip.file(charts[0])!.async('string')).toContain('<c:lineChart>');
    expect(Object.keys(zip.files).filter((f) => f.startsWith('xl/media/'))).toEqual([]);
    expect(await zip.file('[Content_Types].xml')!.async('string')).toContain('drawingml.chart+xml');
    const text = libreOfficePdfText(bytes);
    expect(text).toContain('Quarterly sales review');
    expect(text).toContain('$576,750.00');
    expect(text).toMatch(/12\.9%/);
  }, 120_000);

  it('builds a clearly labelled skeleton for a free-form request, inventing no figures', async () => {
    const org = await t.signup();
    const { body, bytes } = await generateWorkbook(t, org.secret, { prompt: 'Marketing budget for the product launch:\n- Paid search\n- Events\n- Content production' });
    const plan = sheet(readWithOpenpyxl(bytes), 'Marketing budget');
    expect(Object.values(plan.cells)).toEqual(expect.arrayContaining(['Item', 'Amount', 'Paid search', 'Events', 'Content production', '=SUBTOTAL(109,B2:B4)']));
    expect(Object.values(plan.cells).filter((v) => typeof v === 'number')).toEqual([]);
    expect(body.summary).toMatch(/No figures were invented/);
  });
});

describe('a scripted model driving the tool loop', () => {
  const build: Step[] = [
    { toolCalls: [{ name: 'get_outline', args: {} }, {
      name: 'add_sheet',
      args: { name: 'Sales', columns: [{ header: 'Month', type: 'text' }, { header: 'Revenue', type: 'currency' }, { header: 'Units', type: 'integer' }], rows: [['Jan', 12000, 40], ['Feb', 13500, 44], ['Mar', 15100, 51]], totals: true },
    }] },
    { toolCalls: [
      { name: 'set_cells', args: { sheet: 'Sales', start: 'E1' } },
      { name: 'add_chart', args: { sheet: 'Nope', kind: 'column', data_range: 'A1:B4' } },
      { name: 'set_cells', args: { sheet: 'Sales', start: 'E2', rows: [['=SUM(Sales!B2:B4']] } },
      { name: 'add_table', args: '{"sheet": "Sales", ' },
    ] },
    { toolCalls: [
      { name: 'add_sheet', args: { name: 'Summary', position: 1, title: 'Q1 sales' } },
      { name: 'set_cells', args: { sheet: 'Summary', start: 'A3', rows: [['Total revenue', '=SUM(Sales!B2:B4)'], ['Average units', '=AVERAGE(Sales!C2:C4)'], ['Growth Jan to Mar', '=Sales!B4/Sales!B2-1']] } },
      { name: 'format_range', args: { sheet: 'Summary', range: 'B3', number_format: 'currency' } },
      { name: 'format_range', args: { sheet: 'Summary', range: 'B5', number_format: 'percent' } },
      { name: 'add_chart', args: { sheet: 'Summary', kind: 'column', data_sheet: 'Sales', data_range: 'A1:B4', title: 'Revenue by month', position: 'D2' } },
    ] },
    { toolCalls: [{ name: 'read_range', args: { sheet: 'Summary', range: 'A3:B5' } }] },
    { toolCalls: [{ name: 'finish', args: { summary: 'Built a Sales sheet and a Summary with live totals and a revenue chart.' } }] },
  ];

  it('builds the workbook through validated tools; malformed calls come back as errors and the loop goes on', async () => {
    const org = await p.signup();
    let turn = 0;
    fake.setHandler(() => build[turn++]);
    const { body, bytes } = await generateWorkbook(p, org.secret, { prompt: 'Make a Q1 sales workbook: Jan 12000 (40 units), Feb 13500 (44), Mar 15100 (51).' });
    expect(body.summary).toContain('Built a Sales sheet and a Summary');
    expect(fake.requests).toHaveLength(5);
    const offered = fake.requests[0].body.tools.map((x: any) => x.name);
    expect(offered).toEqual(expect.arrayContaining(['get_outline', 'finish', 'read_range', 'set_cells', 'add_sheet', 'import_data_source', 'add_table', 'add_chart', 'move_chart', 'format_range', 'set_layout', 'insert_image']));
    const afterErrors = JSON.stringify(fake.requests[2].body.input);
    expect(afterErrors).toContain('Invalid arguments for set_cells');
    expect(afterErrors).toMatch(/There is no sheet named .{1,4}Nope/);
    expect(afterErrors).toContain('is not valid');
    expect(afterErrors).toContain('not valid JSON');
    expect(JSON.stringify(fake.requests[4].body.input)).toContain('=SUM(Sales!B2:B4) → 40600');
    const book = readWithOpenpyxl(bytes);
    expect(book.sheets.map((s) => s.title)).toEqual(['Summary', 'Sales']);
    const summary = sheet(book, 'Summary');
    expect(summary.cells).toMatchObject({ A1: 'Q1 sales', B3: '=SUM(Sales!B2:B4)', B4: '=AVERAGE(Sales!C2:C4)', B5: '=Sales!B4/Sales!B2-1' });
    expect(summary.computed).toMatchObject({ B3: 40600 });
    expect(summary.computed.B5).toBeCloseTo(0.2583, 3);
    expect(summary.formats.B3).toContain('$');
    expect(summary.formats.B5).toBe('0.0%');
    expect(summary.charts).toEqual([expect.objectContaining({ type: 'BarChart', title: 'Revenue by month', series: [{ values: 'Sales!$B$2:$B$4', categories: 'Sales!$A$2:$A$4' }] })]);
    const sales = sheet(book, 'Sales');
    expect(sales).toMatchObject({ freeze: 'A2', tables: { Sales: 'A1:C5' } });
    expect(sales.cells.B5).toBe('=SUBTOTAL(109,B2:B4)');
    expect(sales.cells.E2).toBeUndefined();
  });

  it('answers in ask mode with read-only tools, writes no version and costs less', async () => {
    const org = await p.signup();
    let turn = 0;
    fake.setHandler(() => build[turn++]);
    const made = await generateWorkbook(p, org.secret, { prompt: 'Q1 sales workbook' });
    const before = await credits(p, org.secret);
    fake.reset();
    fake.enqueue(
      { toolCalls: [{ name: 'read_range', args: { sheet: 'Summary', range: 'A3:B3' } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Total revenue for Q1 is $40,600 (Summary!B3).' } }] },
    );
    const res = await generateExcel(p, org.secret, { prompt: 'What is the total revenue?', mode: 'ask', run_id: made.body.run_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toBe('Total revenue for Q1 is $40,600 (Summary!B3).');
    expect(res.json().download_url).toBeNull();
    const offered: string[] = fake.requests[0].body.tools.map((x: any) => x.name);
    expect(offered).toEqual(expect.arrayContaining(['read_range', 'get_outline', 'finish']));
    expect(offered).not.toContain('set_cells');
    expect(offered).not.toContain('add_chart');
    expect(JSON.stringify(fake.requests[1].body.input)).toContain('40600');
    expect((await currentBytes(p, org.secret, made.body.run_id)).version).toBe(1);
    const spent = before.balance - (await credits(p, org.secret)).balance;
    expect(spent).toBeLessThan(made.body.credits_used);
  });
});

describe('editing', () => {
  it('resumes a run over an editor-made change, keeps it, and carries out new requests (builtin)', async () => {
    const org = await t.signup();
    const first = await generateWorkbook(t, org.secret, { prompt: REPORT });
    const edited = editWithOpenpyxl(first.bytes, `wb = openpyxl.load_workbook(path)
wb['Summary']['A1'] = 'Q4 board pack'
wb.create_sheet('Notes')['A1'] = 'Checked by Ana'
wb.save(path)`);
    await saveEditedVersion(t, org.org_id, first.body.run_id, edited);
    expect((await currentBytes(t, org.secret, first.body.run_id)).version).toBe(2);

    const second = await generateWorkbook(t, org.secret, { prompt: 'Add a forecast tab', run_id: first.body.run_id });
    let book = readWithOpenpyxl(second.bytes);
    expect(book.sheets.map((s) => s.title)).toEqual(['Summary', 'Quarterly sales review', 'Notes', 'Forecast']);
    expect(sheet(book, 'Summary').cells.A1).toBe('Q4 board pack');
    expect(sheet(book, 'Notes').cells.A1).toBe('Checked by Ana');
    expect(sheet(book, 'Forecast').cells.A2).toMatch(/^\[Add the forecast figures here/);
    expect(sheet(book, 'Summary').charts).toHaveLength(1);
    expect(sheet(book, 'Quarterly sales review').cells.B6).toBe('=SUBTOTAL(109,B2:B5)');

    const third = await generateWorkbook(t, org.secret, { prompt: 'Move the revenue chart to the Quarterly sales review sheet', run_id: first.body.run_id });
    expect(third.body.summary).toContain('moved chart');
    book = readWithOpenpyxl(third.bytes);
    expect(sheet(book, 'Summary').charts).toHaveLength(0);
    expect(sheet(book, 'Quarterly sales review').charts).toEqual([expect.objectContaining({ type: 'LineChart', series: expect.arrayContaining([expect.objectContaining({ values: "'Quarterly sales review'!$B$2:$B$5" })]) })]);
    expect(sheet(book, 'Notes').cells.A1).toBe('Checked by Ana');
    expect(sheet(book, 'Summary').cells.A1).toBe('Q4 board pack');
  });

  it('edits an init_file in place and keeps what the model does not describe (scatter chart, validation, conditional format, formulas)', async () => {
    const org = await t.signup();
    const original = workbookFromOpenpyxl(`from openpyxl.chart import ScatterChart, Reference, Series
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import PatternFill
ws = wb.active
ws.title = 'Measurements'
ws.append(['x', 'y'])
for i in range(1, 8): ws.append([i, i * i])
ws['D1'] = 'Sum of y'
ws['D2'] = '=SUM(B2:B8)'
dv = DataValidation(type='whole', operator='between', formula1='0', formula2='100')
ws.add_data_validation(dv)
dv.add('A2:A8')
ws.conditional_formatting.add('B2:B8', CellIsRule(operator='greaterThan', formula=['20'], fill=PatternFill('solid', start_color='FFC7CE', end_color='FFC7CE')))
chart = ScatterChart()
chart.title = 'y against x'
s = Series(Reference(ws, min_col=2, min_row=2, max_row=8), Reference(ws, min_col=1, min_row=2, max_row=8), title='y')
chart.series.append(s)
ws.add_chart(chart, 'F2')`);
    const fileId = await uploadFile(t, org.secret, 'measurements.xlsx', original);
    const { bytes } = await generateWorkbook(t, org.secret, { prompt: 'Add this:\n\n```csv\nRegion,Units\nNorth,12\nSouth,9\n```', init_file: fileId });
    const book = readWithOpenpyxl(bytes);
    const m = sheet(book, 'Measurements');
    expect(m.charts).toEqual([expect.objectContaining({ type: 'ScatterChart', title: 'y against x' })]);
    expect(m.validations).toBe(1);
    expect(m.conditional).toBe(1);
    expect(m.cells.D2).toBe('=SUM(B2:B8)');
    // The sheet is not rewritten: the formula stays as openpyxl wrote it (without a stored result, which Excel computes on open).
    expect(m.computed.D2).toBeNull();
    expect(book.sheets.length).toBe(2);
    expect(Object.values(book.sheets[1].cells)).toEqual(expect.arrayContaining(['Region', 'Units', 'North', 12]));
  });

  it('refuses a corrupt init_file with a clear 422 naming the file', async () => {
    const org = await t.signup();
    const zip = await JSZip.loadAsync(readWithOpenpyxl.length ? workbookFromOpenpyxl("wb.active['A1'] = 1") : Buffer.alloc(0));
    zip.file('xl/workbook.xml', '<workbook><sheets><sheet name="a"');
    const broken = await zip.generateAsync({ type: 'nodebuffer' });
    for (const [name, bytes] of [['broken.xlsx', broken], ['letter.docx', await makeDocx()]] as const) {
      const fileId = await uploadFile(t, org.secret, name, bytes);
      const res = await generateExcel(t, org.secret, { prompt: 'Add a chart', init_file: fileId });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ error: 'validation_error', message: expect.stringContaining(fileId), detail: [expect.objectContaining({ loc: ['body', 'init_file'], type: 'document_unreadable' })] });
      expect(res.json().message).toMatch(/Excel/);
    }
  });
});

describe('data sources', () => {
  it('turns uploaded CSV and XLSX data sources into typed sheets (dates, money) with tables and totals', async () => {
    const org = await t.signup();
    const csv = Buffer.from('Date,Customer,Amount\r\n2024-01-31,Acme,"$1,200.50"\r\n2024-02-29,Globex,$980.00\r\n2024-03-31,Initech,"$2,045.25"\r\n');
    const csvId = await uploadFile(t, org.secret, 'invoices.csv', csv, 'text/csv');
    const xlsxId = await uploadFile(t, org.secret, 'team.xlsx', workbookFromOpenpyxl("ws = wb.active\nws.title = 'Team'\nws.append(['Name', 'Salary'])\nws.append(['Ana', 5200])\nws.append(['Bo', 4800])"));
    const { bytes } = await generateWorkbook(t, org.secret, { prompt: 'Finance pack', data_sources: [{ file_id: csvId, kind: 'csv' }, { file_id: xlsxId, kind: 'xlsx' }] });
    const book = readWithOpenpyxl(bytes);
    const invoices = sheet(book, 'invoices');
    expect(invoices.formats.A2).toBe('yyyy-mm-dd');
    expect(invoices.cells.A2).toMatch(/^2024-01-31/);
    expect(invoices.cells.C2).toBe(1200.5);
    expect(invoices.formats.C2).toContain('$');
    expect(invoices.cells.C5).toBe('=SUBTOTAL(109,C2:C4)');
    expect(invoices.computed.C5).toBeCloseTo(4225.75, 2);
    expect(Object.keys(invoices.tables)).toHaveLength(1);
    const team = sheet(book, 'team');
    expect(team.cells).toMatchObject({ A2: 'Ana', B2: 5200, B4: '=SUBTOTAL(109,B2:B3)' });
    expect(Object.values(sheet(book, 'Summary').cells)).toContain('=SUM(invoices!C2:C4)');
  });
});
