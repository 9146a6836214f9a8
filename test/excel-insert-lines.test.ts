// Rows and columns inserted into or deleted from a user's workbook, by a scripted model through the
// real API, on files other programs made (LibreOffice, Excel 2016+, Excel for Mac): the cells move, and
// so does everything that refers past the point: formulas on every sheet (cross-sheet ones too), ranges
// that straddle it (they grow or shrink), conditional formats, validations, merged cells, tables, chart
// series, defined names, pivot sources, drawing anchors, comments and their notes' shapes. Parts that do
// not refer to the sheet keep their bytes. LibreOffice, told to recalculate everything on load, opens
// each result and computes the moved formulas.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { generateWorkbook, libreOfficeValues } from './helpers/excel.ts';
import { providerEnv } from './helpers/llm.ts';
import { readWithOpenpyxl } from './helpers/openpyxl.ts';
import { withRuns } from './helpers/runs.ts';
import { corpusFile, packageParts, partDiff, uploadFile } from './helpers/slides.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { cellsOf, rowsOf } from './helpers/xlsx-parts.ts';

let p: TestApp;
let fake: FakeLlmServer;

beforeAll(async () => {
  fake = await startFakeLlmServer();
  p = await startTestApp(withRuns({}), { env: providerEnv(fake) });
});
afterAll(async () => Promise.all([p?.close(), fake?.close()]));
beforeEach(() => fake.reset());

async function edit(file: string, prompt: string) {
  const org = await p.signup();
  const original = corpusFile(file);
  const fileId = await uploadFile(p, org.secret, file.split('/').pop()!, original);
  const res = await generateWorkbook(p, org.secret, { prompt, init_file: fileId });
  const [before, after] = [await packageParts(original), await packageParts(res.bytes)];
  const text = (parts: Map<string, Buffer>, name: string) => parts.get(name)!.toString('utf8');
  return { ...res, original, before, after, diff: await partDiff(original, res.bytes), was: (n: string) => text(before, n), now: (n: string) => text(after, n) };
}

const chartRefs = (xml: string) => [...xml.matchAll(/<c:f>([^<]*)<\/c:f>/g)].map((m) => m[1]);
const attrs = (xml: string, tag: string, name: string) => [...xml.matchAll(new RegExp(`<${tag}\\b[^>]*?\\s${name}="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('inserting rows', () => {
  it('in a LibreOffice workbook: the table, conditional formats, validation, cross-sheet formulas, chart series, defined name and pivot source follow; the pivot sheet keeps its bytes', async () => {
    fake.enqueue(
      { toolCalls: [
        { name: 'insert_rows', args: { sheet: 'Data', at: 5, count: 2 } },
        { name: 'insert_rows', args: { sheet: 'Summary', at: 3 } },
      ] },
      { toolCalls: [
        { name: 'set_cells', args: { sheet: 'Data', start: 'A5', rows: [['Central', 'Widget', 'Q1', 10, 12.5, '=D5*E5'], ['Central', 'Gadget', 'Q1', 20, 19, '=D6*E6']] } },
        { name: 'set_cells', args: { sheet: 'Summary', start: 'A3', rows: [['Central', '=SUMIF(Data!$A$2:$A$27,A3,Data!$F$2:$F$27)', '=B3/SUM($B$2:$B$6)']] } },
      ] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Added the Central region.' } }] },
    );
    const r = await edit('xlsx/lo-chart-cf-pivot.xlsx', 'Insert two rows after row 4 of Data for the Central region, and a Central row after North in the summary');
    expect(r.body.summary).toMatch(/^Changed the workbook: inserted rows 5-6 in "Data"; inserted row 3 in "Summary"; wrote Data!A5:F6; wrote Summary!A3:C3\./);
    expect(r.diff.removed).toEqual([]);
    expect(r.diff.added).toEqual([]);
    expect(r.diff.changed).toEqual([
      'xl/charts/chart1.xml', 'xl/drawings/drawing1.xml', 'xl/pivotCache/pivotCacheDefinition1.xml', 'xl/sharedStrings.xml',
      'xl/tables/table1.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml',
    ]);
    const data = r.now('xl/worksheets/sheet1.xml');
    // Rows 1-4 keep their bytes; old rows 5-25 are rows 7-27, their formulas moved with them.
    const [oldRows, newRows] = [rowsOf(r.was('xl/worksheets/sheet1.xml')), rowsOf(data)];
    for (const n of [1, 2, 3, 4]) expect(newRows.get(n)).toBe(oldRows.get(n));
    expect(cellsOf(newRows.get(7)!).get('F7')).toMatch(/<f aca="false">D7\*E7<\/f>/);
    expect(cellsOf(newRows.get(27)!).get('F27')).toMatch(/<f aca="false">D27\*E27<\/f>/);
    expect(cellsOf(newRows.get(27)!).get('A27')).toBe(cellsOf(oldRows.get(25)!).get('A25')!.replace('A25', 'A27'));
    expect(attrs(data, 'conditionalFormatting', 'sqref')).toEqual(['F2:F27', 'D2:D27']);
    expect(data).toContain('<formula>$D2&gt;80</formula>');
    expect(attrs(data, 'dataValidation', 'sqref')).toEqual(['A2:A27']);
    expect(attrs(data, 'dimension', 'ref')).toEqual(['A1:F27']);
    expect(attrs(r.now('xl/tables/table1.xml'), '(?:table|autoFilter)', 'ref')).toEqual(['A1:F27', 'A1:F27']);
    expect(attrs(r.now('xl/pivotCache/pivotCacheDefinition1.xml'), 'worksheetSource', 'ref')).toEqual(['A1:F27']);
    // Summary: its cross-sheet SUMIFs grew with Data; its own rows moved below the new row 3.
    const summary = readWithOpenpyxl(r.bytes).sheets.find((s) => s.title === 'Summary')!;
    expect(summary.cells).toMatchObject({
      B2: '=SUMIF(Data!$A$2:$A$27,A2,Data!$F$2:$F$27)', C2: '=B2/SUM($B$2:$B$6)',
      A4: 'South', B4: '=SUMIF(Data!$A$2:$A$27,A4,Data!$F$2:$F$27)', C6: '=B6/SUM($B$2:$B$6)', B7: '=SUM(B2:B6)',
    });
    expect(chartRefs(r.now('xl/charts/chart1.xml'))).toEqual(['Summary!$B$1', 'Summary!$A$2:$A$6', 'Summary!$B$2:$B$6']);
    expect(r.now('xl/workbook.xml')).toContain('name="Revenue" vbProcedure="false">Summary!$B$2:$B$6</definedName>');
    // The chart sits below the summary's rows: its anchor moved down one row, its size in rows kept.
    const rowsOfAnchor = (xml: string) => [...xml.matchAll(/<xdr:row>(\d+)<\/xdr:row>/g)].map((m) => Number(m[1]));
    expect(rowsOfAnchor(r.now('xl/drawings/drawing1.xml'))).toEqual(rowsOfAnchor(r.was('xl/drawings/drawing1.xml')).map((n) => n + 1));
    // LibreOffice recalculates everything on load and gets the new totals.
    const lo = libreOfficeValues(r.bytes);
    expect(lo.Summary.map((row) => row.slice(0, 2))).toEqual([
      ['Region', 'Revenue'], ['North', '6130.5'], ['Central', '505'], ['South', '6597'], ['East', '7063.5'], ['West', '6030'], ['Total', '26326'],
    ]);
    expect(lo.Data[4].slice(0, 6)).toEqual(['Central', 'Widget', 'Q1', '10', '12.5', '125']);
    expect(lo.Data[26][5]).toBe(String(Number(lo.Data[26][3]) * Number(lo.Data[26][4])));
  }, 120_000);

  it('in an Excel for Mac workbook: comments with their note shapes, the hyperlink and the table move; chart series on the other sheet grow; the drawing above keeps its bytes', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'insert_rows', args: { sheet: 'Sheet2', at: 3 } }, { name: 'insert_rows', args: { sheet: 'Sheet1', at: 20, count: 2 } }] },
      { toolCalls: [{ name: 'set_cells', args: { sheet: 'Sheet2', start: 'A3', rows: [['New', 7, 'New', 9]] } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Inserted.' } }] },
    );
    const r = await edit('xlsx/excel-book1-charts-comments.xlsx', 'Add a row under row 2 on Sheet2 and two empty rows above row 20 on Sheet1');
    expect(r.diff.changed).toEqual([
      'xl/charts/chart1.xml', 'xl/charts/chart2.xml', 'xl/comments1.xml', 'xl/drawings/vmlDrawing1.vml',
      'xl/sharedStrings.xml', 'xl/tables/table1.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml',
    ]);
    expect(chartRefs(r.now('xl/charts/chart1.xml'))).toEqual(['Sheet2!$A$1', 'Sheet2!$A$2:$A$6', 'Sheet2!$B$2:$B$6']);
    expect(chartRefs(r.now('xl/charts/chart2.xml'))).toEqual(['Sheet2!$C$1', 'Sheet2!$C$2:$C$12', 'Sheet2!$D$2:$D$12']);
    const sheet1 = r.now('xl/worksheets/sheet1.xml');
    expect(sheet1).toContain('<f>SUM(Sheet2!D2,Sheet2!D12)</f>');
    expect(attrs(sheet1, 'hyperlink', 'ref')).toEqual(['A24']);
    expect(attrs(r.now('xl/comments1.xml'), 'comment', 'ref')).toEqual(['A24']);
    const vml = r.now('xl/drawings/vmlDrawing1.vml');
    expect(vml).toContain('<x:Row>23</x:Row>');
    expect(vml).toMatch(/<x:Anchor>\s*0, 43, 23, 9, 1, 63, 25, 1<\/x:Anchor>/);
    expect(attrs(r.now('xl/tables/table1.xml'), '(?:table|autoFilter)', 'ref')).toEqual(['C23:D28', 'C23:D28']);
    // The rows below the point are the old rows 21-22, cell for cell.
    const [oldRows, newRows] = [rowsOf(r.was('xl/worksheets/sheet1.xml')), rowsOf(sheet1)];
    expect([...newRows.keys()]).toEqual([19, 23, 24]);
    expect([...cellsOf(newRows.get(23)!).values()]).toEqual([...cellsOf(oldRows.get(21)!).values()].map((c) => c.replace('21"', '23"').replace(' />', '/>')));
    const [book, before] = [readWithOpenpyxl(r.bytes).sheets[1].cells, readWithOpenpyxl(r.original).sheets[1].cells];
    expect(book).toMatchObject({ A3: 'New', B3: 7, A4: before.A3, C12: before.C11, D12: before.D11 });
    const [lo, was] = [libreOfficeValues(r.bytes), libreOfficeValues(r.original)];
    // Sheet1!B19 sums Sheet2!D2 and the old D11 (now D12): LibreOffice gets the same total as before.
    expect(lo.Sheet1[18][1]).toBe(was.Sheet1[18][1]);
    expect(lo.Sheet2[2].slice(0, 4)).toEqual(['New', '7', 'New', '9']);
    expect(lo.Sheet2.slice(3)).toEqual(was.Sheet2.slice(2));
  }, 120_000);
});
