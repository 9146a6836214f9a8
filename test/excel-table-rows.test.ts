// Rows added to the end of a table or of plain data in a user's workbook (add_table_rows), over HTTP:
// Excel's budget template and a plain list saved by LibreOffice without a model, and a LibreOffice
// workbook with a chart, conditional formats, a validation and a pivot table through a model.
import { describe, expect, it } from 'vitest';
import { type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { builtinAndScriptedApps } from './helpers/builtin-and-scripted.ts';
import { generateWorkbook, libreOfficePdfText } from './helpers/excel.ts';
import { readWithOpenpyxl } from './helpers/openpyxl.ts';
import { corpusFile, uploadFile } from './helpers/slides.ts';
import { type TestApp } from './helpers/test-app.ts';
import { cellsOf, changedRows, packageParts, rowsOf } from './helpers/xlsx-parts.ts';
import fs from 'node:fs';

let t: TestApp;
let p: TestApp;
let fake: FakeLlmServer;

builtinAndScriptedApps((apps) => ({ t, p, fake } = apps));

/** A row's XML without the cached results of its formulas (and its optional `spans` hint, dropped when a row is written). */
const withoutResults = (xml: string) => xml.replace(/<v>[^<]*<\/v>/g, '').replace(/ spans="[^"]*"/, '');

async function fromFile(app: TestApp, secret: string, original: Buffer, name: string, body: Record<string, unknown>) {
  const fileId = await uploadFile(app, secret, name, original);
  const res = await generateWorkbook(app, secret, { ...body, init_file: fileId });
  return { original, ...res };
}

describe('rows added to a table of a user\'s workbook', () => {
  it('without a model, adds a row to the end of a table: the table, its totals and the summary over it follow; nothing else moves', async () => {
    const org = await t.signup();
    const { original, bytes, body } = await fromFile(t, org.secret, corpusFile('xlsx/excel-budget-chart-table-image.xlsx'), 'budget.xlsx', { prompt: 'add a row for Internet 60 to the expenses' });
    expect(body.summary).toBe('Changed the workbook: added a row to table tblExpenses ("Simple Monthly Budget"!B24:C24). It now has 1 sheet.');
    const [before, after] = [await packageParts(original), await packageParts(bytes)];
    const [sheetBefore, sheetAfter] = [before, after].map((p) => p.get('xl/worksheets/sheet1.xml')!.toString('utf8'));
    // The rows below the table were empty: it takes row 24, with the height of its rows; rows 4 and 9 get new results.
    expect(changedRows(sheetBefore, sheetAfter)).toEqual([4, 9, 24]);
    for (const r of [4, 9]) expect(withoutResults(rowsOf(sheetAfter).get(r)!)).toBe(withoutResults(rowsOf(sheetBefore).get(r)!));
    expect(rowsOf(sheetAfter).get(24)).toMatch(/^<row r="24" ht="21" customHeight="1">/);
    const amount = (xml: string, ref: string) => cellsOf(rowsOf(xml).get(Number(ref.slice(1)))!).get(ref)!.match(/s="(\d+)"/)![1];
    expect(amount(sheetAfter, 'C24')).toBe(amount(sheetBefore, 'C23'));
    expect(after.get('xl/tables/table2.xml')!.toString()).toContain('ref="B10:C24"><autoFilter ref="B10:C24"/>');
    expect(after.get('xl/tables/table1.xml')!.toString()).toBe(before.get('xl/tables/table1.xml')!.toString());
    const book = readWithOpenpyxl(bytes).sheets[0];
    expect(book.cells).toMatchObject({ B24: 'Internet', C24: 60, B23: 'Miscellaneous', C23: 50 });
    const was = readWithOpenpyxl(original).sheets[0];
    expect({ charts: book.charts, conditional: book.conditional }).toEqual({ charts: was.charts, conditional: was.conditional });
    // LibreOffice computes the summary over the defined names again: expenses 2,336 + 60.
    expect(libreOfficePdfText(bytes)).toMatch(/Internet[\s\S]*\$60\.00/);
    expect(libreOfficePdfText(bytes)).toMatch(/\$2,396/);
  }, 120_000);


  it('through a model, adds a row to a LibreOffice table: its formula column, the SUMIFs, chart, formats, validation and pivot source over it grow', async () => {
    const org = await p.signup();
    fake.enqueue(
      { toolCalls: [{ name: 'add_table_rows', args: { table: 'DataTable', rows: [['North', 'Gizmo', 'Q4', 50, 15, null]] } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Added the Gizmo sale.' } }] },
    );
    const { original, bytes, body } = await fromFile(p, org.secret, corpusFile('xlsx/lo-chart-cf-pivot.xlsx'), 'sales.xlsx', { prompt: 'Add a North Gizmo sale in Q4: 50 units at 15' });
    expect(body.summary).toMatch(/^Changed the workbook: added a row to table DataTable \("Data"!A26:F26\)\./);
    expect(JSON.stringify(fake.requests[1].body.input)).toContain('added\\":\\"A26:F26\\",\\"rows_below_moved\\":false,\\"formulas_filled\\":1');
    const [was, now] = [readWithOpenpyxl(original), readWithOpenpyxl(bytes)];
    const [data, summary] = now.sheets;
    expect(data.cells).toMatchObject({ A26: 'North', B26: 'Gizmo', D26: 50, E26: 15, F26: '=D26*E26', F25: was.sheets[0].cells.F25 });
    expect(data.tables).toEqual({ DataTable: 'A1:F26' });
    // The summary's SUMIFs over the data's columns grow, and their results with them (North: + 50 x 15).
    expect(summary.cells.B2).toBe('=SUMIF(Data!$A$2:$A$26,A2,Data!$F$2:$F$26)');
    expect(summary.computed.B2).toBe((was.sheets[1].computed.B2 as number) + 750);
    expect(summary.cells.C2).toBe(was.sheets[1].cells.C2);
    const parts = await packageParts(bytes);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!.toString();
    expect(sheet.match(/sqref="[^"]*"/g)).toEqual(expect.arrayContaining(['sqref="F2:F26"', 'sqref="D2:D26"', 'sqref="A2:A26"']));
    expect(parts.get('xl/pivotCache/pivotCacheDefinition1.xml')!.toString()).toContain('<worksheetSource ref="A1:F26" sheet="Data"/>');
    expect({ charts: summary.charts, validations: data.validations, conditional: data.conditional }).toEqual({ charts: was.sheets[1].charts, validations: was.sheets[0].validations, conditional: was.sheets[0].conditional });
    expect(libreOfficePdfText(bytes)).toMatch(/Gizmo/);
  }, 120_000);

  it('without a model, adds rows under plain data saved by LibreOffice: the total moves down and sums them, the chart grows, the note beside stays', async () => {
    const org = await t.signup();
    const original = fs.readFileSync('test/fixtures/plain-data/lo-plain-budget-total.xlsx');
    const { bytes, body } = await fromFile(t, org.secret, original, 'expenses.xlsx', { prompt: 'add phone 45 and Gym 30 to the expenses' });
    expect(body.summary).toBe('Changed the workbook: added 2 rows to the data ("Expenses"!A6:B7). It now has 1 sheet.');
    const sheet = readWithOpenpyxl(bytes).sheets[0];
    expect(sheet.cells).toMatchObject({ A5: 'Utilities', A6: 'Phone', B6: 45, A7: 'Gym', B7: 30, A8: 'Total', B8: '=SUM(B2:B7)', D2: 'Paid monthly' });
    expect(sheet.formats.B6).toBe(sheet.formats.B5);
    expect(sheet.charts[0].series[0]).toEqual({ values: 'Expenses!$B$2:$B$7', categories: 'Expenses!$A$2:$A$7' });
    expect(libreOfficePdfText(bytes)).toMatch(/Gym\s+30\.00\s+Total\s+1,950\.00/);
  }, 120_000);
});
