// Rows and columns inserted into or deleted from a user's workbook, by a scripted model through the
// real API, on files other programs made (LibreOffice, Excel 2016+, Excel for Mac): the cells move, and
// so does everything that refers past the point: formulas on every sheet (cross-sheet ones too), ranges
// that straddle it (they grow or shrink), conditional formats, validations, merged cells, tables, chart
// series, defined names, pivot sources, drawing anchors, comments and their notes' shapes. Parts that do
// not refer to the sheet keep their bytes. LibreOffice, told to recalculate everything on load, opens
// each result and computes the moved formulas.
import { describe, expect, it } from 'vitest';
import { type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { builtinAndScriptedApps } from './helpers/builtin-and-scripted.ts';
import { generateExcel, generateWorkbook, libreOfficeValues } from './helpers/excel.ts';
import { readWithOpenpyxl } from './helpers/openpyxl.ts';
import { corpusFile, packageParts, partDiff, uploadFile } from './helpers/slides.ts';
import { type TestApp } from './helpers/test-app.ts';
import { cellsOf, rowsOf } from './helpers/xlsx-parts.ts';

let t: TestApp;
let p: TestApp;
let fake: FakeLlmServer;

builtinAndScriptedApps((apps) => ({ t, p, fake } = apps));

async function edit(file: string, prompt: string, app = p) {
  const org = await app.signup();
  const original = corpusFile(file);
  const fileId = await uploadFile(app, org.secret, file.split('/').pop()!, original);
  const res = await generateWorkbook(app, org.secret, { prompt, init_file: fileId });
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
    // Each keeps its bytes but its position (r), as Excel's writer left them (excelize's " />" too).
    expect([...cellsOf(newRows.get(23)!).values()]).toEqual([...cellsOf(oldRows.get(21)!).values()].map((c) => c.replace('21"', '23"')));
    const [book, before] = [readWithOpenpyxl(r.bytes).sheets[1].cells, readWithOpenpyxl(r.original).sheets[1].cells];
    expect(book).toMatchObject({ A3: 'New', B3: 7, A4: before.A3, C12: before.C11, D12: before.D11 });
    const [lo, was] = [libreOfficeValues(r.bytes), libreOfficeValues(r.original)];
    // Sheet1!B19 sums Sheet2!D2 and the old D11 (now D12): LibreOffice gets the same total as before.
    expect(lo.Sheet1[18][1]).toBe(was.Sheet1[18][1]);
    expect(lo.Sheet2[2].slice(0, 4)).toEqual(['New', '7', 'New', '9']);
    expect(lo.Sheet2.slice(3)).toEqual(was.Sheet2.slice(2));
  }, 120_000);
});

describe('form controls and macros', () => {
  it('in an Excel 2010 .xlsm: the form controls (their x14 anchors and VML shapes) and the note move with their cells; the VBA project keeps its bytes', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'insert_rows', args: { sheet: 'Form Controls', at: 2, count: 2 } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Made room.' } }] },
    );
    const r = await edit('xlsx/excel-vba-comments.xlsm', 'Insert two rows above row 2');
    expect(r.after.get('xl/vbaProject.bin')!.equals(r.before.get('xl/vbaProject.bin')!)).toBe(true);
    const rows = (xml: string) => [...(/<controls>[\s\S]*<\/controls>/.exec(xml)?.[0] ?? '').matchAll(/<xdr:row>(\d+)<\/xdr:row>/g)].map((m) => Number(m[1]));
    const [was, now] = [rows(r.was('xl/worksheets/sheet1.xml')), rows(r.now('xl/worksheets/sheet1.xml'))];
    expect(was.length).toBeGreaterThan(4);
    expect(now).toEqual(was.map((n) => (n >= 1 ? n + 2 : n)));
    const anchors = (xml: string) => [...xml.matchAll(/<x:Anchor>([^<]*)<\/x:Anchor>/g)].map((m) => m[1].split(',').map(Number));
    const [vmlWas, vmlNow] = [anchors(r.was('xl/drawings/vmlDrawing1.vml')), anchors(r.now('xl/drawings/vmlDrawing1.vml'))];
    // The form controls' shapes move with their rows; the last shape is the note of B1, above the new rows: it stays.
    expect(r.was('xl/drawings/vmlDrawing1.vml').match(/ObjectType="(\w+)"/g)!.at(-1)).toBe('ObjectType="Note"');
    expect(vmlNow.slice(0, -1)).toEqual(vmlWas.slice(0, -1).map((a) => a.map((v, i) => ((i === 2 || i === 6) && v >= 1 ? v + 2 : v))));
    expect(vmlNow.at(-1)).toEqual(vmlWas.at(-1));
    expect(attrs(r.now('xl/comments1.xml'), 'comment', 'ref')).toEqual(attrs(r.was('xl/comments1.xml'), 'comment', 'ref').map((ref) => ref.replace(/\d+/, (n) => String(Number(n) >= 2 ? Number(n) + 2 : n))));
    expect(Object.keys(libreOfficeValues(r.bytes))).toEqual(['Form Controls']);
  }, 120_000);
});

describe('inserting and deleting columns, deleting rows', () => {
  it('in an Excel 2016+ budget: merged ranges, the data bar and its x14 twin, the chart series, column widths, tables and anchors follow; a deleted income row leaves the totals', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'insert_columns', args: { sheet: 'Simple Monthly Budget', at: 'D' } }, { name: 'delete_rows', args: { sheet: 'Simple Monthly Budget', at: 6 } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Done.' } }] },
    );
    const r = await edit('xlsx/excel-budget-chart-table-image.xlsx', 'Add a column before D and delete the Income 2 row');
    expect(r.body.summary).toMatch(/^Changed the workbook: inserted column D in "Simple Monthly Budget"; deleted row 6 of "Simple Monthly Budget"\./);
    expect(r.diff).toEqual({
      changed: ['[Content_Types].xml', 'xl/_rels/workbook.xml.rels', 'xl/charts/chart1.xml', 'xl/drawings/drawing1.xml', 'xl/tables/table1.xml', 'xl/tables/table2.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'],
      added: [], removed: ['xl/calcChain.xml'],
    });
    const sheet = r.now('xl/worksheets/sheet1.xml');
    expect(attrs(sheet, 'mergeCell', 'ref')).toEqual(['I4:I5', 'B7:C7', 'F4:H5', 'H7:I7', 'H8:I8']);
    expect(attrs(sheet, 'conditionalFormatting', 'sqref')).toEqual(['F4']);
    expect(sheet).toContain('<xm:sqref>F4</xm:sqref>');
    expect(attrs(sheet, 'col', 'min')).toEqual(['1', '2', '3', '5', '6', '8', '10']);
    expect(attrs(sheet, 'col', 'width')).toEqual(attrs(r.was('xl/worksheets/sheet1.xml'), 'col', 'width'));
    expect(chartRefs(r.now('xl/charts/chart1.xml'))).toEqual(["'Simple Monthly Budget'!$F$8:$G$8"]);
    expect(attrs(r.now('xl/tables/table1.xml'), '(?:table|autoFilter)', 'ref')).toEqual(['B4:C6', 'B4:C6']);
    expect(attrs(r.now('xl/tables/table2.xml'), '(?:table|autoFilter)', 'ref')).toEqual(['B9:C22', 'B9:C22']);
    // The chart (right of column D, below row 6) moves right and up; the picture (left of D) only up.
    const markers = (xml: string) => [...xml.matchAll(/<xdr:(from|to)><xdr:col>(\d+)<\/xdr:col><xdr:colOff>\d+<\/xdr:colOff><xdr:row>(\d+)<\/xdr:row>/g)].map((m) => [Number(m[2]), Number(m[3])]);
    const [was, now] = [markers(r.was('xl/drawings/drawing1.xml')), markers(r.now('xl/drawings/drawing1.xml'))];
    expect(now).toEqual(was.map(([c, row]) => [c >= 3 ? c + 1 : c, row > 5 ? row - 1 : row]));
    // The new column D takes the formats of column C, as Excel inserts it.
    const row4 = cellsOf(rowsOf(sheet).get(4)!);
    expect(row4.get('D4')).toBe(`<c r="D4" s="${/s="(\d+)"/.exec(row4.get('C4')!)![1]}"/>`);
    const lo = libreOfficeValues(r.bytes)['Simple Monthly Budget'];
    expect(lo[5].slice(1, 3)).toEqual(['Other', '250']);
    expect(lo[7].slice(5, 8)).toEqual(['2750', '2336', '414']);
  }, 120_000);

  it('in an ONLYOFFICE table: a column inserted inside the table becomes a table column with a header', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'insert_columns', args: { sheet: 'TestLookup', at: 'B' } }] },
      { toolCalls: [{ name: 'set_cells', args: { sheet: 'TestLookup', start: 'B1', rows: [['Note'], ['first']] } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Added a Note column.' } }] },
    );
    const r = await edit('xlsx/onlyoffice-table.xlsx', 'Add a Note column between Key and Value');
    expect(r.now('xl/tables/table1.xml')).toContain('ref="A1:C6"><autoFilter ref="A1:C6"/><tableColumns count="3"><tableColumn id="1" name="Key"/><tableColumn id="3" name="Note"/><tableColumn id="2" name="Value"/></tableColumns>');
    const seen = readWithOpenpyxl(r.bytes).sheets[0];
    expect(seen.tables).toEqual({ Table1: 'A1:C6' });
    expect(seen.cells).toMatchObject({ A1: 'Key', B1: 'Note', C1: 'Value', B2: 'first', C2: 'Val1' });
    expect(libreOfficeValues(r.bytes).TestLookup[1]).toEqual(['Key1', 'first', 'Val1']);
  }, 120_000);
});

describe('shared and array formulas', () => {
  it('refuses to split an array formula; keeps shared formulas shared when they still fit, and gives members formulas of their own when they do not', async () => {
    // Excel for Mac's shared and array formulas, the second shared group's master pointing one row down
    // (D2 "=A3" filled to D5): a row inserted at 6 moves A6 but not the cells above it.
    const { editParts } = await import('./helpers/slides.ts');
    const original = await editParts(corpusFile('xlsx/excel-formulas-shared-array.xlsx'), (parts) => {
      parts['xl/worksheets/sheet1.xml'] = parts['xl/worksheets/sheet1.xml'].replace('<f t="shared" ref="D2:D6" si="1">A2</f>', '<f t="shared" ref="D2:D6" si="1">A3</f>');
    }, ['xl/worksheets/sheet1.xml']);
    fake.enqueue(
      { toolCalls: [{ name: 'insert_rows', args: { sheet: 'Sheet1', at: 3 } }] },
      { toolCalls: [{ name: 'insert_rows', args: { sheet: 'Sheet1', at: 6 } }, { name: 'insert_columns', args: { sheet: 'Sheet1', at: 'B' } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Inserted.' } }] },
    );
    const org = await p.signup();
    const fileId = await uploadFile(p, org.secret, 'shared.xlsx', original);
    const { bytes } = await generateWorkbook(p, org.secret, { prompt: 'Insert a row at 3, else at 6, and a column at B', init_file: fileId });
    expect(JSON.stringify(fake.requests[1].body.input)).toContain('this would split the array formula in Sheet1!B1 (B1:B5); Excel cannot change part of an array');
    const xml = (await packageParts(bytes)).get('xl/worksheets/sheet1.xml')!.toString();
    const cells = new Map([...rowsOf(xml).values()].flatMap((row) => [...cellsOf(row)]));
    expect(cells.get('C1')).toBe('<c r="C1"><f t="array" ref="C1:C5">A1:A5</f><v>1</v></c>');
    expect(cells.get('D2')).toBe('<c r="D2"><f t="shared" ref="D2:D7" si="0">A2</f><v>2</v></c>');
    expect(cells.get('D7')).toBe('<c r="D7" t="e"><f t="shared" si="0"/><v>#VALUE!</v></c>');
    expect(cells.get('C7')).toBe('<c r="C7"><f t="array" ref="C7">SUM(A1:A5*C1:C5)</f><v>55</v></c>');
    const formulas = readWithOpenpyxl(bytes).sheets[0].cells;
    expect(formulas).toMatchObject({ A7: '=SUM(A1:A5*C1:C5)', D3: '=A3', D7: '=A7', E2: '=A3', E3: '=A4', E4: '=A5', E5: '=A7', E7: '=C7' });
    expect(xml).not.toContain('si="1"');
    const lo = libreOfficeValues(bytes).Sheet1;
    expect(lo.map((row) => row[3])).toEqual(['1', '2', '3', '4', '5', '', '#VALUE!']);
    expect(lo.map((row) => row[4])).toEqual(['1', '3', '4', '5', '#VALUE!', '', '55']);
  }, 120_000);
});

describe('the builtin engine (no language model)', () => {
  it('understands "insert a row after row 3" and "add a column before C" on the sheets a prompt names', async () => {
    const r = await edit('xlsx/lo-chart-cf-pivot.xlsx', 'Insert a row after row 3 on the Summary sheet, then add a column before C on the Data sheet', t);
    expect(r.body.summary).toMatch(/^Changed the workbook: inserted row 4 in "Summary"; inserted column C in "Data"\./);
    expect(r.diff.changed).not.toContain('xl/worksheets/sheet3.xml');
    expect(r.diff.changed).not.toContain('xl/pivotTables/pivotTable1.xml');
    const summary = readWithOpenpyxl(r.bytes).sheets.find((s) => s.title === 'Summary')!;
    expect(summary.cells).toMatchObject({ B2: '=SUMIF(Data!$A$2:$A$25,A2,Data!$G$2:$G$25)', C5: '=B5/SUM($B$2:$B$6)', B7: '=SUM(B2:B6)' });
    expect(chartRefs(r.now('xl/charts/chart1.xml'))).toEqual(['Summary!$B$1', 'Summary!$A$2:$A$6', 'Summary!$B$2:$B$6']);
    expect(r.now('xl/tables/table1.xml')).toMatch(/ref="A1:G25"[\s\S]*<tableColumn id="2" name="Product"\/><tableColumn id="7" name="Column1"\/><tableColumn id="3" name="Quarter"\/>/);
    expect(attrs(r.now('xl/pivotCache/pivotCacheDefinition1.xml'), 'worksheetSource', 'ref')).toEqual(['A1:G25']);
    const lo = libreOfficeValues(r.bytes);
    expect(lo.Summary.map((row) => row.slice(0, 2))).toEqual([
      ['Region', 'Revenue'], ['North', '6130.5'], ['South', '6597'], ['', ''], ['East', '7063.5'], ['West', '6030'], ['Total', '25821'],
    ]);
    expect(lo.Data[0]).toEqual(['Region', 'Product', 'Column1', 'Quarter', 'Units', 'Price', 'Revenue']);
  }, 120_000);
});

describe('what Excel refuses', () => {
  it('is refused before anything changes, with a message the model can act on; a run of refusals only fails, without a version', async () => {
    fake.enqueue(
      { toolCalls: [
        { name: 'insert_rows', args: { sheet: 'Pivot', at: 6 } },
        { name: 'delete_rows', args: { sheet: 'Data', at: 1 } },
        { name: 'insert_columns', args: { sheet: 'Data', at: 'XFE' } },
        { name: 'delete_columns', args: { sheet: 'Data', at: 'B', count: 0 } },
        { name: 'insert_rows', args: { sheet: 'Budget', at: 2 } },
      ] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Could not.' } }] },
    );
    const org = await p.signup();
    const fileId = await uploadFile(p, org.secret, 'lo-chart-cf-pivot.xlsx', corpusFile('xlsx/lo-chart-cf-pivot.xlsx'));
    const res = await generateExcel(p, org.secret, { prompt: 'Insert and delete some rows', init_file: fileId });
    // Every edit was refused: the run fails (no hollow success), uncharged, and no version is written.
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error).toBe('upstream_error');
    const run = await p.inject({ method: 'GET', url: `/api/v1/runs/${res.json().run_id}`, headers: { 'x-api-key': org.secret } });
    expect(run.json().version ?? null).toBeNull();
    const seen = JSON.stringify(fake.requests[1].body.input);
    expect(seen).toContain('this would change part of the pivot table');
    expect(seen).toMatch(/row 1 is the header row of table DataTable: delete its data rows only, or the whole table with delete_table/);
    expect(seen).toMatch(/XFE.{1,6} is not a column of Excel's grid \(A to XFD\)/);
    expect(seen).toMatch(/Invalid arguments for delete_columns: \/count: must be >= 1/);
    expect(seen).toMatch(/There is no sheet named .{1,6}Budget/);
  }, 120_000);
});
