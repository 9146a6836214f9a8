// Excel workbooks users bring (init_file) are edited in place, through the real API: a new sheet touches
// only the workbook part, its relationships, content types and appended strings, whoever wrote the file
// (Excel, LibreOffice, Google Sheets, ONLYOFFICE, WPS, Apache POI, openpyxl); cells of an existing sheet
// change element by element (the other rows and cells keep their bytes), styles are only appended to,
// the calculation chain goes when formulas change; merged cells, shared formulas, tables, charts,
// pictures, defined names and macros stay as the file had them. openpyxl reads every result.
import { describe, expect, it } from 'vitest';
import { type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { builtinAndScriptedApps } from './helpers/builtin-and-scripted.ts';
import { generateExcel, generateWorkbook, libreOfficePdfText } from './helpers/excel.ts';
import { readWithOpenpyxl } from './helpers/openpyxl.ts';
import { png } from './helpers/fixtures.ts';
import { corpusFile, partDiff, uploadFile, uploadImage } from './helpers/slides.ts';
import { type TestApp } from './helpers/test-app.ts';
import { cellsOf, changedRows, onlyAppended, packageParts, rowsOf, sheetPart, stringItems } from './helpers/xlsx-parts.ts';

let t: TestApp;
let p: TestApp;
let fake: FakeLlmServer;

builtinAndScriptedApps((apps) => ({ t, p, fake } = apps));

const NOTES = 'Add a new sheet named Notes with the text Reviewed in cell A1';
const WORKBOOK_PARTS = ['[Content_Types].xml', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml'];
/** A row's XML without the cached results of its formulas (and its optional `spans` hint, dropped when a row is written). */
const withoutResults = (xml: string) => xml.replace(/<v>[^<]*<\/v>/g, '').replace(/ spans="[^"]*"/, '');

async function fromFile(app: TestApp, secret: string, file: string, body: Record<string, unknown>) {
  const original = corpusFile(file);
  const fileId = await uploadFile(app, secret, file.split('/').pop()!, original);
  const res = await generateWorkbook(app, secret, { ...body, init_file: fileId });
  return { original, ...res, fileId };
}

/** What openpyxl sees of each sheet but `except`: its cells and formulas. */
function sheetsSeen(bytes: Buffer, except?: string) {
  return readWithOpenpyxl(bytes).sheets.filter((s) => s.title !== except).map((s) => ({ title: s.title, cells: s.cells, tables: s.tables, charts: s.charts.length, images: s.images, validations: s.validations, conditional: s.conditional }));
}

describe('a sheet added to a workbook of any producer', () => {
  const files = [
    'xlsx/excel-budget-chart-table-image.xlsx', 'xlsx/lo-chart-cf-pivot.xlsx', 'xlsx/gsheets-hidden.xlsx', 'xlsx/onlyoffice-table.xlsx',
    'xlsx/wps-cf-merged.xlsx', 'xlsx/excel-inline-string.xlsx', 'xlsx/excel-frozen-panes.xlsx', 'xlsx/excel-1904.xlsx',
  ];
  for (const file of files) {
    it(`${file}: only the workbook part, its relationships, content types and appended strings change`, async () => {
      const org = await t.signup();
      const { original, bytes, body } = await fromFile(t, org.secret, file, { prompt: NOTES });
      expect(body.summary).toMatch(/^Changed the workbook: added sheet "Notes"; wrote Notes!A1\./);
      const diff = await partDiff(original, bytes);
      expect(diff.removed).toEqual([]);
      expect(diff.changed.filter((n) => !WORKBOOK_PARTS.includes(n) && n !== 'xl/sharedStrings.xml')).toEqual([]);
      const before = await packageParts(original);
      const after = await packageParts(bytes);
      const notes = sheetPart(after, 'Notes');
      expect(diff.added.filter((n) => n !== notes && n !== 'xl/sharedStrings.xml')).toEqual([]);
      if (before.has('xl/sharedStrings.xml')) {
        const items = stringItems(before.get('xl/sharedStrings.xml')!.toString('utf8'));
        expect(stringItems(after.get('xl/sharedStrings.xml')!.toString('utf8')).slice(0, items.length)).toEqual(items);
      }
      expect(sheetsSeen(bytes, 'Notes')).toEqual(sheetsSeen(original));
      const seen = readWithOpenpyxl(bytes).sheets;
      expect(seen.at(-1)).toMatchObject({ title: 'Notes', cells: { A1: 'Reviewed' } });
    });
  }
});

describe('cells of an existing sheet, edited by a model', () => {
  it('change element by element: other rows and cells keep their bytes, styles are only appended, the calculation chain goes', async () => {
    const org = await p.signup();
    fake.enqueue(
      { toolCalls: [{ name: 'read_range', args: { sheet: 'Simple Monthly Budget', range: 'B5:C7' } }] },
      { toolCalls: [
        { name: 'set_cells', args: { sheet: 'Simple Monthly Budget', start: 'C6', rows: [[1500]] } },
        { name: 'set_cells', args: { sheet: 'Simple Monthly Budget', start: 'B25', rows: [['Check', '=C5+C6']] } },
        { name: 'format_range', args: { sheet: 'Simple Monthly Budget', range: 'B25', bold: true } },
      ] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Raised income 2 and added a check.' } }] },
    );
    const { original, bytes, body } = await fromFile(p, org.secret, 'xlsx/excel-budget-chart-table-image.xlsx', { prompt: 'Set income 2 to 1500 and add a check row' });
    expect(body.summary).toBe('Changed the workbook: wrote Simple Monthly Budget!C6; wrote Simple Monthly Budget!B25:C25; formatted Simple Monthly Budget!B25. It now has 1 sheet. Raised income 2 and added a check.');
    expect(JSON.stringify(fake.requests[1].body.input)).toContain('Income 2');
    const before = await packageParts(original);
    const after = await packageParts(bytes);
    const diff = await partDiff(original, bytes);
    expect(diff.changed).toEqual(['[Content_Types].xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(diff.removed).toEqual(['xl/calcChain.xml']);
    expect(diff.added).toEqual([]);
    expect(after.get('[Content_Types].xml')!.toString()).not.toContain('calcChain');
    expect(after.get('xl/workbook.xml')!.toString()).toMatch(/<calcPr\b[^>]*fullCalcOnLoad="1"/);
    const sheetBefore = before.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    const sheetAfter = after.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    // Rows 4 and 9 hold the summary's formulas over defined names (TotalMonthlyIncome): only their cached results change.
    expect(changedRows(sheetBefore, sheetAfter)).toEqual([4, 6, 9, 25]);
    for (const r of [4, 9]) expect(withoutResults(rowsOf(sheetAfter).get(r)!)).toBe(withoutResults(rowsOf(sheetBefore).get(r)!));
    expect(cellsOf(rowsOf(sheetAfter).get(9)!).get('E9')).toMatch(/<f>TotalMonthlyIncome<\/f><v>4250<\/v>/);
    const [oldRow, newRow] = [cellsOf(rowsOf(sheetBefore).get(6)!), cellsOf(rowsOf(sheetAfter).get(6)!)];
    for (const [ref, xml] of oldRow) if (ref !== 'C6') expect(newRow.get(ref)).toBe(xml);
    expect(newRow.get('C6')).toMatch(/^<c r="C6" s="\d+"><v>1500<\/v><\/c>$/);
    expect(newRow.get('C6')!.match(/s="(\d+)"/)![1]).toBe(oldRow.get('C6')!.match(/s="(\d+)"/)![1]);
    // Everything around the cells (merges, conditional formats, tables, the drawing) is as it was.
    const around = (xml: string) => xml.slice(xml.indexOf('</sheetData>')).replace(/<dimension[^>]*>/, '');
    expect(around(sheetAfter)).toBe(around(sheetBefore));
    expect(onlyAppended(before.get('xl/styles.xml')!.toString(), after.get('xl/styles.xml')!.toString())).toEqual([]);
    const budget = readWithOpenpyxl(bytes).sheets[0];
    expect(budget.cells).toMatchObject({ C6: 1500, B25: 'Check', C25: '=C5+C6' });
    expect(budget.computed.C25).toBe(4000);
    const was = readWithOpenpyxl(original).sheets[0];
    expect({ charts: budget.charts, tables: budget.tables, conditional: budget.conditional }).toEqual({ charts: was.charts, tables: was.tables, conditional: was.conditional });
    expect(libreOfficePdfText(bytes)).toMatch(/1,500/);
  }, 120_000);

  it('without a model, changes the amount on a labelled row and renames a label, keeping the cells around them', async () => {
    const org = await t.signup();
    const { original, bytes, body } = await fromFile(t, org.secret, 'xlsx/excel-budget-chart-table-image.xlsx', { prompt: 'change Electric to 135 and rename Income 2 to Side gig' });
    expect(body.summary).toBe('Changed the workbook: wrote Simple Monthly Budget!C12; wrote Simple Monthly Budget!B6. It now has 1 sheet.');
    const before = await packageParts(original);
    const after = await packageParts(bytes);
    const [sheetBefore, sheetAfter] = [before, after].map((p) => p.get('xl/worksheets/sheet1.xml')!.toString('utf8'));
    expect(changedRows(sheetBefore, sheetAfter)).toEqual([4, 6, 9, 12]);
    for (const r of [4, 9]) expect(withoutResults(rowsOf(sheetAfter).get(r)!)).toBe(withoutResults(rowsOf(sheetBefore).get(r)!));
    expect(cellsOf(rowsOf(sheetAfter).get(9)!).get('F9')).toMatch(/<f>TotalMonthlyExpenses<\/f><v>2351<\/v>/);
    const [oldRow, newRow] = [cellsOf(rowsOf(sheetBefore).get(12)!), cellsOf(rowsOf(sheetAfter).get(12)!)];
    for (const [ref, xml] of oldRow) if (ref !== 'C12') expect(newRow.get(ref)).toBe(xml);
    // The amount keeps its cell's style (its currency format).
    expect(newRow.get('C12')!.match(/s="(\d+)"/)![1]).toBe(oldRow.get('C12')!.match(/s="(\d+)"/)![1]);
    const budget = readWithOpenpyxl(bytes).sheets[0];
    expect(budget.cells).toMatchObject({ B6: 'Side gig', C6: 1000, B12: 'Electric', C12: 135 });
    const was = readWithOpenpyxl(original).sheets[0];
    expect({ charts: budget.charts, tables: budget.tables, conditional: budget.conditional }).toEqual({ charts: was.charts, tables: was.tables, conditional: was.conditional });
    expect(libreOfficePdfText(bytes)).toMatch(/Side gig[\s\S]*135\.00/);
    // A label that is on no table row is no such command: the request is reported as not understood.
    const fileId = await uploadFile(t, org.secret, 'budget.xlsx', original);
    const none = await generateExcel(t, org.secret, { prompt: 'change Vacation to 400', init_file: fileId });
    expect(none.statusCode).toBe(502);
    expect(none.json().message).toMatch(/change X to N/);
  }, 120_000);

  it('refuses to write under a merged range or into part of an array formula, and keeps shared formulas working when their master changes', async () => {
    const org = await p.signup();
    fake.enqueue(
      { toolCalls: [
        { name: 'set_cells', args: { sheet: 'Sheet1', start: 'B2', rows: [[99]] } },
        { name: 'set_cells', args: { sheet: 'Sheet1', start: 'C1', rows: [[10]] } },
      ] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Done.' } }] },
    );
    const { original, bytes } = await fromFile(p, org.secret, 'xlsx/excel-formulas-shared-array.xlsx', { prompt: 'Change B2 and C1' });
    expect(JSON.stringify(fake.requests[1].body.input)).toMatch(/B2 is part of the array formula in B1 \(B1:B5\)/);
    const seen = readWithOpenpyxl(bytes).sheets[0];
    // C1 was the master of the shared formula C1:C5 (=A1 filled down): its dependents keep their formulas.
    expect(seen.cells).toMatchObject({ C1: 10, C2: '=A2', C3: '=A3', C5: '=A5', B2: 2 });
    const before = readWithOpenpyxl(original).sheets[0];
    expect(seen.cells.D2).toBe(before.cells.D2);
  });
});

describe('structure, tables, charts and macros of a user\'s workbook', () => {
  it('renames a sheet with the formulas and defined names that name it, and moves a sheet with the defined names that count tabs', async () => {
    const org = await p.signup();
    fake.enqueue(
      { toolCalls: [{ name: 'rename_sheet', args: { sheet: 'Named Ranges', new_name: 'Ranges 2024' } }, { name: 'move_sheet', args: { sheet: 'Cross-Sheet', position: 1 } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Renamed and moved.' } }] },
    );
    const { original, bytes } = await fromFile(p, org.secret, 'xlsx/excel-defined-names.xlsx', { prompt: 'Rename and reorder' });
    const book = readWithOpenpyxl(bytes);
    expect(book.sheets.map((s) => s.title)).toEqual(['Cross-Sheet', 'Ranges 2024']);
    expect(book.sheets[0].cells.D2).toBe("=SUM('Ranges 2024'!A2:A7)");
    const wb = (await packageParts(bytes)).get('xl/workbook.xml')!.toString();
    expect(wb).toContain("<definedName name=\"col1_\">'Ranges 2024'!$A$2:$A$6</definedName>");
    expect(wb).not.toMatch(/'Named Ranges'!/);
    // Only the sheet whose formulas named the renamed one changed, and only in its formula's row.
    const diff = await partDiff(original, bytes);
    expect(diff.added).toEqual([]);
    const after = await packageParts(bytes);
    const cross = sheetPart(after, 'Cross-Sheet');
    expect(diff.changed).toEqual(['xl/workbook.xml', cross]);
    expect(changedRows((await packageParts(original)).get(cross)!.toString(), after.get(cross)!.toString())).toEqual([2]);
  });

  it('moves a chart, adds a picture and changes merged ranges element by element (excelize workbook)', async () => {
    const org = await p.signup();
    const logo = await uploadImage(p, org.secret, 'logo.png', png(120, 40));
    fake.enqueue(
      { toolCalls: [
        { name: 'move_chart', args: { chart_id: 'chart2', position: 'I20' } },
        { name: 'insert_image', args: { sheet: 'Sheet1', image_id: 'logo', position: 'A30', width: 120 } },
        { name: 'set_layout', args: { sheet: 'Sheet2', unmerge: ['A6'], merge: ['F2:G3'] } },
      ] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Tidied.' } }] },
    );
    const { original, bytes } = await fromFile(p, org.secret, 'xlsx/excel-book1-charts-comments.xlsx', { prompt: 'Tidy up', brand: { logo_image_id: logo } });
    const diff = await partDiff(original, bytes);
    expect(diff).toEqual({ changed: ['[Content_Types].xml', 'xl/drawings/_rels/drawing1.xml.rels', 'xl/drawings/drawing1.xml', 'xl/worksheets/sheet2.xml'], added: ['xl/media/image1.png'], removed: [] });
    const [before, after] = [await packageParts(original), await packageParts(bytes)];
    const anchors = (xml: string) => xml.match(/<xdr:(?:twoCellAnchor|oneCellAnchor)\b[\s\S]*?<\/xdr:(?:twoCellAnchor|oneCellAnchor)>/g) ?? [];
    const [was, now] = [anchors(before.get('xl/drawings/drawing1.xml')!.toString()), anchors(after.get('xl/drawings/drawing1.xml')!.toString())];
    expect(now).toHaveLength(was.length + 1);
    expect(now[0]).toBe(was[0]);
    expect(now[1]).toMatch(/<xdr:from><xdr:col>8<\/xdr:col><xdr:colOff>0<\/xdr:colOff><xdr:row>19<\/xdr:row>/);
    expect(now[1].slice(now[1].indexOf('<xdr:graphicFrame'))).toBe(was[1].slice(was[1].indexOf('<xdr:graphicFrame')));
    expect(now.at(-1)).toMatch(/<xdr:oneCellAnchor[\s\S]*<a:blip\b[^>]*r:embed="rId\d+"/);
    const [oldSheet, newSheet] = [before.get('xl/worksheets/sheet2.xml')!.toString(), after.get('xl/worksheets/sheet2.xml')!.toString()];
    expect(changedRows(oldSheet, newSheet)).toEqual([]);
    expect(newSheet).toMatch(/<mergeCells count="1">\s*<mergeCell ref="F2:G3"\/><\/mergeCells>/);
    const relId = /<a:blip\b[^>]*r:embed="(rId\d+)"/.exec(now.at(-1)!)![1];
    expect(after.get('xl/drawings/_rels/drawing1.xml.rels')!.toString()).toMatch(new RegExp(`Id="${relId}" Type="[^"]*/image" Target="\\.\\./media/image1\\.png"`));
    expect(readWithOpenpyxl(bytes).sheets[0].charts.map((c) => c.type)).toEqual(['DoughnutChart', 'BarChart']);
  });

  it('adds a table and a chart to a LibreOffice workbook as new parts, and LibreOffice draws them', async () => {
    const org = await p.signup();
    fake.enqueue(
      { toolCalls: [
        { name: 'set_cells', args: { sheet: 'Summary', start: 'E1', rows: [['Region', 'Target'], ['North', 6000], ['South', 6500], ['East', 7000], ['West', 6000]] } },
        { name: 'add_table', args: { sheet: 'Summary', range: 'E1:F5', name: 'Targets' } },
        { name: 'add_chart', args: { sheet: 'Summary', kind: 'bar', data_range: 'E1:F5', title: 'Targets by region', position: 'H2' } },
      ] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Added targets.' } }] },
    );
    const { original, bytes } = await fromFile(p, org.secret, 'xlsx/lo-chart-cf-pivot.xlsx', { prompt: 'Add regional targets with a chart' });
    const diff = await partDiff(original, bytes);
    expect(diff.removed).toEqual([]);
    expect(diff.added).toEqual(['xl/charts/chart2.xml', 'xl/tables/table2.xml']);
    // Cells of an existing sheet were written: the workbook asks for a recalculation on open (calcPr).
    expect(diff.changed).toEqual(['[Content_Types].xml', 'xl/drawings/_rels/drawing1.xml.rels', 'xl/drawings/drawing1.xml', 'xl/sharedStrings.xml', 'xl/workbook.xml', 'xl/worksheets/_rels/sheet2.xml.rels', 'xl/worksheets/sheet2.xml']);
    const summary = readWithOpenpyxl(bytes).sheets.find((s) => s.title === 'Summary')!;
    expect(summary.tables).toEqual({ Targets: 'E1:F5' });
    expect(summary.charts.map((c) => c.title)).toEqual(['Revenue by region', 'Targets by region']);
    expect(libreOfficePdfText(bytes)).toContain('Targets by region');
  }, 120_000);

  it('keeps a macro-enabled workbook macro-enabled: its VBA project byte for byte, its type and extension', async () => {
    const org = await t.signup();
    const { original, bytes, body } = await fromFile(t, org.secret, 'xlsx/excel-vba-comments.xlsm', { prompt: NOTES });
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${body.run_id}`, headers: { 'x-api-key': org.secret } })).json();
    expect(run.download_url).toMatch(/\.xlsm/);
    const [before, after] = [await packageParts(original), await packageParts(bytes)];
    expect(after.get('xl/vbaProject.bin')!.equals(before.get('xl/vbaProject.bin')!)).toBe(true);
    expect(after.get('[Content_Types].xml')!.toString()).toContain('application/vnd.ms-excel.sheet.macroEnabled.main+xml');
    expect(readWithOpenpyxl(bytes).sheets.map((s) => s.title)).toEqual(['Form Controls', 'Notes']);
  });

  it('edits a Strict Open XML workbook in its own namespaces (LibreOffice shows the new sheet)', async () => {
    const org = await t.signup();
    const { bytes } = await fromFile(t, org.secret, 'xlsx/excel-strict.xlsx', { prompt: NOTES });
    const after = await packageParts(bytes);
    const notes = after.get(sheetPart(after, 'Notes'))!.toString();
    expect(notes).toContain('xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"');
    expect(after.get('xl/_rels/workbook.xml.rels')!.toString()).toMatch(/Type="http:\/\/purl\.oclc\.org\/ooxml\/officeDocument\/relationships\/worksheet" Target="worksheets\/sheet4\.xml"/);
    expect(libreOfficePdfText(bytes)).toContain('Reviewed');
  }, 120_000);
});

describe('unreadable init files', () => {
  it('answer 422 at once, sync and async, naming the file and what could not be read; no task is queued', async () => {
    const org = await t.signup();
    const good = corpusFile('xlsx/gsheets-basic.xlsx');
    const { editParts } = await import('./helpers/slides.ts');
    const broken = await editParts(good, (parts) => { parts['xl/worksheets/sheet1.xml'] = parts['xl/worksheets/sheet1.xml'].replace('</sheetData>', '<row r="900"><c r="A900"><v>1</v></row></sheetData>'); }, ['xl/worksheets/sheet1.xml']);
    const cases: [string, Buffer, RegExp][] = [['broken.xlsx', broken, /xl\/worksheets\/sheet1\.xml could not be read: a cell of row 900 is not closed/], ['deck.pptx', corpusFile('pptx/pp-notes.pptx'), /it is a PowerPoint presentation/]];
    for (const [name, bytes, why] of cases) {
      const fileId = await uploadFile(t, org.secret, name, bytes);
      for (const async of [false, true]) {
        const res = await generateExcel(t, org.secret, { prompt: 'Add a chart', init_file: fileId, async });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toMatchObject({ error: 'validation_error', detail: [{ loc: ['body', 'init_file'], type: 'document_unreadable', input: fileId, msg: expect.stringMatching(why) }] });
        expect(res.json().message).toMatch(new RegExp(`^init_file ${fileId} \\(${name.replace('.', '\\.')}\\) cannot be opened as an Excel document: `));
      }
    }
    const runs = await t.inject({ method: 'GET', url: '/api/v1/runs', headers: { 'x-api-key': org.secret } });
    expect(runs.json().items).toEqual([]);
  });
});
