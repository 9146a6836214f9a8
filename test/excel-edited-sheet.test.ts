// An edited sheet keeps everything it has, on real files from Excel (2007 to 365, Mac, Online),
// LibreOffice, WPS and Google Sheets: a scripted model writes a label, a live formula and a bold format
// into an existing sheet, and then every part but the sheet, the strings, the styles (appended to) and
// the workbook's calculation flag is byte for byte the original; inside the sheet, every original row
// and everything around the cells (views and frozen panes, column widths, merged cells, conditional
// formats and their x14 twins, validations, hyperlinks, autofilter, protection, print settings,
// references to drawings, comments and tables) is byte for byte the original. Each case first checks
// that the file really has the features it stands for, so the test cannot pass on a file without them.
// Then: the 1904 date system, rich-text and inline strings as read and written, and a run whose request
// did not happen, which fails uncharged instead of completing.
import { describe, expect, it } from 'vitest';
import { type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { builtinAndScriptedApps } from './helpers/builtin-and-scripted.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentBytes, generateWorkbook, libreOfficeValues, saveEditedVersion } from './helpers/excel.ts';
import { readWithOpenpyxl } from './helpers/openpyxl.ts';
import { corpusFile, partDiff, uploadFile } from './helpers/slides.ts';
import { type TestApp } from './helpers/test-app.ts';
import { cellsOf, onlyAppended, packageParts, rowsOf, sheetPart, stringItems } from './helpers/xlsx-parts.ts';

let t: TestApp;
let p: TestApp;
let fake: FakeLlmServer;

builtinAndScriptedApps((apps) => ({ t, p, fake } = apps));

async function run(app: TestApp, file: string, prompt: string, original = corpusFile(file)) {
  const org = await app.signup();
  const fileId = await uploadFile(app, org.secret, file.split('/').pop()!, original);
  const res = await generateWorkbook(app, org.secret, { prompt, init_file: fileId });
  return { ...res, original, before: await packageParts(original), after: await packageParts(res.bytes) };
}

interface Case {
  file: string;
  /** Tab position of the sheet to edit (0 = first). */
  sheet: number;
  /** What the file must have for the case to mean anything: found in the sheet's part or the parts it relates to. */
  has: Record<string, RegExp>;
}

const CASES: Case[] = [
  { file: 'xlsx/excel-data-validation.xlsx', sheet: 0, has: { 'data validation': /<dataValidation\b[^>]*type="list"/, 'merged cells': /<mergeCell ref=/, 'number formats': /<c [^>]*s="[1-9]\d*"/ } },
  {
    file: 'xlsx/excel-book1-charts-comments.xlsx', sheet: 0,
    has: { hyperlinks: /<hyperlink ref="A22"/, 'comments and notes': /<legacyDrawing r:id=/, 'note shape': /ObjectType="Note"/, images: /<picture r:id=|<xdr:pic>/, charts: /<c:chart\b/, 'Excel tables': /<tablePart r:id=/, 'column widths': /<col [^>]*width=/, 'row heights': /customHeight="1" ht="25"/ },
  },
  { file: 'xlsx/excel-frozen-panes.xlsx', sheet: 2, has: { 'frozen panes': /<pane [^>]*ySplit="1"[^>]*state="frozen"/ } },
  { file: 'xlsx/excel-sheet-protection.xlsx', sheet: 0, has: { 'sheet protection': /<sheetProtection algorithmName="SHA-512"/, 'print settings': /<pageSetup [^>]*r:id=/, 'rich text': /<r><rPr><b\/>/ } },
  { file: 'xlsx/excel-autofilter.xlsx', sheet: 0, has: { autofilter: /<autoFilter ref=/, 'hidden rows': /<row [^>]*hidden="1"/, 'defined names': /<definedName / } },
  {
    file: 'xlsx/excel-budget-chart-table-image.xlsx', sheet: 0,
    has: { 'conditional formats': /<conditionalFormatting sqref=/, 'x14 data bar': /<x14:conditionalFormatting/, 'print settings': /<printOptions horizontalCentered="1"\/>/, 'fit to page': /fitToPage="1"/, 'chart data range': /<c:f>'Simple Monthly Budget'!\$E\$9:\$F\$9<\/c:f>/, 'custom XML': /<ds:datastoreItem/, theme: /<a:theme\b/ },
  },
  { file: 'xlsx/lo-chart-cf-pivot.xlsx', sheet: 0, has: { 'data validation': /<dataValidation /, 'conditional formats': /<cfRule type="expression"/, 'print header': /<oddHeader>/, 'Excel tables': /<tableColumn id="1" name="Region"/, 'pivot source': /<worksheetSource ref="A1:F25" sheet="Data"/ } },
  { file: 'xlsx/excel-online-rtl-comments.xlsx', sheet: 0, has: { 'threaded comments': /<threadedComment ref="A3"/, 'legacy comments': /<commentList>/ } },
  { file: 'xlsx/excel-vba-comments.xlsm', sheet: 0, has: { comments: /<commentList>/, 'form controls': /<legacyDrawing / } },
  { file: 'xlsx/excel-conditional-formats.xlsx', sheet: 0, has: { 'colour scales, data bars and icon sets': /<colorScale>[\s\S]*<dataBar>[\s\S]*<iconSet/ } },
  { file: 'xlsx/wps-cf-merged.xlsx', sheet: 0, has: { 'external links': /<externalLink\b/, 'merged cells': /<mergeCell / } },
  { file: 'xlsx/excel-pivot.xlsx', sheet: 0, has: { 'pivot tables': /<pivotTableDefinition\b/, 'pivot cache': /<pivotCacheDefinition\b/ } },
  { file: 'xlsx/gsheets-hidden.xlsx', sheet: 0, has: { 'hidden columns': /<col [^>]*hidden="1"/ } },
];

/** An element written empty as <a></a>, <a /> or <a/> is the same element (LibreOffice and excelize write the first two, xmldom the last). */
const selfClosed = (xml: string) => xml.replace(/<([\w:]+)(\s[^>]*)?><\/\1>/g, '<$1$2/>').replace(/\s+\/>/g, '/>');
/** The rows of a sheet part, from its sheetData only (a form control's anchor has <xdr:row> elements too). */
const sheetRows = (xml: string) => rowsOf(/<((?:\w+:)?)sheetData\b[\s\S]*?<\/\1sheetData>/.exec(xml)?.[0] ?? '');
/** The sheet's part without its cells and dimension: everything around the cells. */
const around = (xml: string) => xml.replace(/<((?:\w+:)?)sheetData\b[\s\S]*?<\/\1sheetData>|<(?:\w+:)?sheetData\/>/, '').replace(/<(?:\w+:)?dimension\b[^>]*\/>/, '');
/** The workbook part without its calculation properties (Folio asks for a recalculation on open), as XML (the space before "/>" and after the declaration are not content). */
const withoutCalc = (xml: string) => xml.replace(/^(<\?xml[^>]*\?>)\s*/, '$1').replace(/\s+\/>/g, '/>').replace(/<(?:\w+:)?calcPr\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?calcPr>)/, '');

describe('an edited sheet keeps everything it has', () => {
  for (const c of CASES) {
    it(`${c.file}: ${Object.keys(c.has).join(', ')}`, async () => {
      const sheets = readWithOpenpyxl(corpusFile(c.file)).sheets;
      const name = sheets[c.sheet].title;
      const row = Math.max(sheets[c.sheet].max_row, 1) + 3;
      fake.enqueue(
        { toolCalls: [
          { name: 'set_cells', args: { sheet: name, start: `A${row}`, rows: [['Checked', '=SUM(3,3)']] } },
          { name: 'format_range', args: { sheet: name, range: `A${row}`, bold: true } },
        ] },
        { toolCalls: [{ name: 'finish', args: { summary: 'Marked as checked.' } }] },
      );
      const r = await run(p, c.file, `Write Checked under the data of ${name} with a formula next to it, in bold`);
      const part = sheetPart(r.before, name);
      const related = [...r.before.keys()].filter((k) => !/\.(bin|png|jpe?g|emf|wmf)$/.test(k)).map((k) => r.before.get(k)!.toString('utf8')).join('\n');
      for (const [feature, re] of Object.entries(c.has)) expect(re.test(related), `${c.file} has ${feature}`).toBe(true);
      // Only the sheet, the strings, the styles and the workbook's calculation flag change.
      const diff = await partDiff(r.original, r.bytes);
      const allowed = [part, 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/workbook.xml', '[Content_Types].xml', 'xl/_rels/workbook.xml.rels'];
      expect(diff.changed.filter((n) => !allowed.includes(n))).toEqual([]);
      expect(diff.removed.filter((n) => n !== 'xl/calcChain.xml')).toEqual([]);
      expect(diff.added.filter((n) => n !== 'xl/sharedStrings.xml')).toEqual([]);
      expect(withoutCalc(r.after.get('xl/workbook.xml')!.toString())).toBe(withoutCalc(r.before.get('xl/workbook.xml')!.toString()));
      expect(onlyAppended(selfClosed(r.before.get('xl/styles.xml')!.toString()), selfClosed(r.after.get('xl/styles.xml')!.toString()))).toEqual([]);
      if (r.before.has('xl/sharedStrings.xml')) {
        const items = stringItems(r.before.get('xl/sharedStrings.xml')!.toString());
        expect(stringItems(r.after.get('xl/sharedStrings.xml')!.toString()).slice(0, items.length)).toEqual(items);
      }
      // Inside the sheet: every original row and everything around the cells keep their bytes.
      const [was, now] = [r.before.get(part)!.toString(), r.after.get(part)!.toString()];
      expect(around(now)).toBe(around(was));
      const [oldRows, newRows] = [sheetRows(was), sheetRows(now)];
      for (const [n, xml] of oldRows) expect(newRows.get(n)).toBe(xml);
      expect([...newRows.keys()].filter((n) => !oldRows.has(n))).toEqual([row]);
      expect([...cellsOf(newRows.get(row)!).keys()]).toEqual([`A${row}`, `B${row}`]);
      const seen = readWithOpenpyxl(r.bytes).sheets;
      const before = readWithOpenpyxl(r.original).sheets;
      expect(seen[c.sheet].cells).toMatchObject({ [`A${row}`]: 'Checked', [`B${row}`]: '=SUM(3,3)' });
      expect(seen[c.sheet].computed[`B${row}`]).toBe(6);
      const shape = (s: typeof seen[number]) => ({ title: s.title, freeze: s.freeze, filter: s.filter, tables: s.tables, charts: s.charts, images: s.images, validations: s.validations, conditional: s.conditional, widths: s.widths });
      expect(seen.map(shape)).toEqual(before.map(shape));
    }, 120_000);
  }
});

describe('dates and strings as the file keeps them', () => {
  it('reads and writes dates in a 1904 workbook (Excel for Mac): the serial is counted from 1904', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'read_range', args: { sheet: 'Sheet1', range: 'B1:B2' } }] },
      { toolCalls: [{ name: 'set_cells', args: { sheet: 'Sheet1', start: 'B6', rows: [['2024-03-31']] } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Added a date.' } }] },
    );
    const r = await run(p, 'xlsx/excel-1904.xlsx', 'Put 31 March 2024 in B6');
    expect(JSON.stringify(fake.requests[1].body.input)).toMatch(/1904-01-02[\s\S]*1904-01-12/);
    const b6 = cellsOf(rowsOf(r.after.get('xl/worksheets/sheet1.xml')!.toString()).get(6)!).get('B6')!;
    // 2024-03-31 is 45382 days after 1899-12-30, and 45382 - 1462 after 1904-01-01.
    expect(b6).toMatch(/<v>43920<\/v>/);
    expect(readWithOpenpyxl(r.bytes).sheets[0].cells.B6).toMatch(/^2024-03-31/);
    const lo = libreOfficeValues(r.bytes).Sheet1;
    expect(lo[5][1]).toMatch(/2024|3\/31\/24|31\/03\/2024/);
    expect(lo[1].slice(0, 3)).toEqual(libreOfficeValues(r.original).Sheet1[1].slice(0, 3));
  }, 120_000);

  it('reads rich-text shared strings and inline strings as their text, and keeps them as they are when cells next to them change', async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'read_range', args: { sheet: 'Sheet1', range: 'A1:B3' } }] },
      { toolCalls: [{ name: 'set_cells', args: { sheet: 'Sheet1', start: 'C2', rows: [['seen']] } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Noted.' } }] },
    );
    const rich = await run(p, 'xlsx/excel-rich-text.xlsx', 'Mark row 2 as seen');
    const was = readWithOpenpyxl(rich.original).sheets[0].cells;
    const read = JSON.stringify(fake.requests[1].body.input);
    for (const cell of ['A1', 'A2', 'B2']) expect(read).toContain(JSON.stringify(String(was[cell])).slice(1, -1));
    const strings = stringItems(rich.before.get('xl/sharedStrings.xml')!.toString());
    expect(strings.some((s) => /<r>/.test(s))).toBe(true);
    expect(stringItems(rich.after.get('xl/sharedStrings.xml')!.toString()).slice(0, strings.length)).toEqual(strings);
    const [oldRow, newRow] = [cellsOf(rowsOf(rich.before.get('xl/worksheets/sheet1.xml')!.toString()).get(2)!), cellsOf(rowsOf(rich.after.get('xl/worksheets/sheet1.xml')!.toString()).get(2)!)];
    expect(newRow.get('A2')).toBe(oldRow.get('A2'));
    expect(newRow.get('B2')).toBe(oldRow.get('B2'));

    fake.reset();
    fake.enqueue(
      { toolCalls: [{ name: 'read_range', args: { sheet: 'Sheet1', range: 'A1' } }, { name: 'set_cells', args: { sheet: 'Sheet1', start: 'B1', rows: [['next to it']] } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Noted.' } }] },
    );
    const inline = await run(p, 'xlsx/excel-inline-string.xlsx', 'Write next to it in B1');
    expect(JSON.stringify(fake.requests[1].body.input)).toContain('😜more text');
    const sheet = inline.after.get('xl/worksheets/sheet1.xml')!.toString();
    // The row had no positions (implied by order): they are written out; the inline rich text stays inline, as it was.
    const inlineItem = (xml: string) => /<x:is>[\s\S]*?<\/x:is>/.exec(xml)![0];
    expect(sheet).toMatch(/<x:c t="inlineStr" r="A1"><x:is>/);
    expect(inlineItem(sheet)).toBe(inlineItem(inline.before.get('xl/worksheets/sheet1.xml')!.toString()));
    expect(readWithOpenpyxl(inline.bytes).sheets[0].cells).toEqual({ A1: '😜more text', B1: 'next to it' });
  }, 120_000);
});

describe('no empty completion', () => {
  // A request that did not happen never completes as if it had: the task fails with upstream_error
  // saying what the model did, nothing is charged, and the run has no new version.
  async function refused(app: TestApp, prompt: string) {
    const org = await app.signup();
    const file = 'xlsx/excel-budget-chart-table-image.xlsx';
    const fileId = await uploadFile(app, org.secret, file.split('/').pop()!, corpusFile(file));
    const balance = async () => (await app.inject({ method: 'GET', url: '/api/v1/credits', headers: { 'x-api-key': org.secret } })).json().balance;
    const before = await balance();
    const res = await app.inject({ method: 'POST', url: '/api/v1/excel/generate', headers: { 'x-api-key': org.secret }, payload: { prompt, init_file: fileId } });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error).toBe('upstream_error');
    expect(await balance()).toBe(before);
    const runRes = await app.inject({ method: 'GET', url: `/api/v1/runs/${res.json().run_id}`, headers: { 'x-api-key': org.secret } });
    expect(runRes.json().version ?? null).toBeNull();
    return res.json().message as string;
  }

  it('a request the builtin engine cannot carry out, or a model whose edits all failed, fails uncharged with what happened, and no version is written', async () => {
    expect(await refused(t, 'Make this budget look more professional')).toMatch(/builtin \(the offline engine\) made no change: Without a language model, Folio understands .*; this request holds none of them\. Nothing was built, and nothing was charged/is);

    fake.enqueue(
      { toolCalls: [{ name: 'set_cells', args: { sheet: 'Budget 2025', start: 'A1', rows: [['x']] } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Updated the budget.' } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Updated the budget.' } }] },
    );
    expect(await refused(p, 'Put x in A1 of Budget 2025')).toMatch(/nothing was charged/i);
    expect(JSON.stringify(fake.requests[1].body.input)).toMatch(/There is no sheet named .{1,6}Budget 2025/);
  }, 120_000);
});

describe('new sheets follow the workbook', () => {
  it("take the workbook's table style (a custom one too), its default row height and column width, and its Normal font", async () => {
    fake.enqueue(
      { toolCalls: [{ name: 'add_sheet', args: { name: 'Savings', columns: [{ header: 'Goal', type: 'text' }, { header: 'Amount', type: 'currency', currency: 'USD' }], rows: [['Holiday', 1200], ['Car', 3000]], totals: true } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Added savings goals.' } }] },
    );
    const budget = await run(p, 'xlsx/excel-budget-chart-table-image.xlsx', 'Add a Savings sheet with my goals');
    const part = sheetPart(budget.after, 'Savings');
    const table = [...budget.after.keys()].filter((k) => /^xl\/tables\/table\d+\.xml$/.test(k) && !budget.before.has(k));
    expect(table).toHaveLength(1);
    // The workbook's own tables use its custom style "Simple Monthly Budget": the new one does too.
    expect(budget.after.get(table[0])!.toString()).toContain('<tableStyleInfo name="Simple Monthly Budget"');
    expect(budget.after.get(part)!.toString()).toMatch(/<sheetFormatPr defaultRowHeight="21"\/>/);
    // New fonts are derived from the Normal one: same typeface (the theme's minor font, Century Gothic).
    const fonts = (xml: string) => [...(/<fonts\b[\s\S]*?<\/fonts>/.exec(xml)?.[0] ?? '').matchAll(/<font>[\s\S]*?<\/font>/g)].map((m) => m[0]);
    const [was, now] = [fonts(budget.before.get('xl/styles.xml')!.toString()), fonts(budget.after.get('xl/styles.xml')!.toString())];
    expect(now.length).toBeGreaterThan(was.length);
    for (const f of now.slice(was.length)) expect(f).toMatch(/<name val="Century Gothic"\/>/);

    fake.reset();
    fake.enqueue(
      { toolCalls: [{ name: 'add_sheet', args: { name: 'Notes' } }, { name: 'set_cells', args: { sheet: 'Notes', start: 'A1', rows: [['Reviewed']] } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Added notes.' } }] },
    );
    const book1 = await run(p, 'xlsx/excel-book1-charts-comments.xlsx', 'Add a Notes sheet');
    expect(book1.after.get(sheetPart(book1.after, 'Notes'))!.toString()).toMatch(/<sheetFormatPr defaultColWidth="11" defaultRowHeight="15.75"\/>/);
  }, 120_000);
});

/** What a save in Collabora Online writes: LibreOffice's own .xlsx of the workbook (every part written anew). */
function savedByLibreOffice(bytes: Buffer): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-collabora-'));
  try {
    fs.mkdirSync(path.join(dir, 'out'));
    fs.writeFileSync(path.join(dir, 'book.xlsx'), bytes);
    execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', path.join(dir, 'out'), path.join(dir, 'book.xlsx')], { stdio: 'ignore', timeout: 120_000 });
    return fs.readFileSync(path.join(dir, 'out', 'book.xlsx'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('resume after an editor save', () => {
  it('a version saved by LibreOffice (as Collabora saves it) is resumed in place: every part it wrote keeps its bytes', async () => {
    const org = await t.signup();
    const fileId = await uploadFile(t, org.secret, 'budget.xlsx', corpusFile('xlsx/excel-budget-chart-table-image.xlsx'));
    const first = await generateWorkbook(t, org.secret, { prompt: 'Add a new sheet named Notes with the text Reviewed in cell A1', init_file: fileId });
    const saved = savedByLibreOffice(first.bytes);
    await saveEditedVersion(t, org.org_id, first.body.run_id, saved);
    expect((await currentBytes(t, org.secret, first.body.run_id)).version).toBe(2);
    const second = await generateWorkbook(t, org.secret, { prompt: 'Add a new sheet named Review with the text Done in cell A1', run_id: first.body.run_id });
    expect(second.body.summary).toMatch(/^Changed the workbook: added sheet "Review"; wrote Review!A1\./);
    const [before, after] = [await packageParts(saved), await packageParts(second.bytes)];
    const review = sheetPart(after, 'Review');
    const diff = await partDiff(saved, second.bytes);
    expect(diff.removed).toEqual([]);
    expect(diff.added.filter((n) => n !== review)).toEqual([]);
    expect(diff.changed.filter((n) => !['[Content_Types].xml', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml'].includes(n))).toEqual([]);
    for (const name of ['Simple Monthly Budget', 'Notes']) expect(after.get(sheetPart(after, name))!.equals(before.get(sheetPart(before, name))!)).toBe(true);
    const book = readWithOpenpyxl(second.bytes);
    expect(book.sheets.map((s) => s.title)).toEqual(['Simple Monthly Budget', 'Notes', 'Review']);
    expect(book.sheets[1].cells.A1).toBe('Reviewed');
    expect(book.sheets[2].cells.A1).toBe('Done');
    const was = readWithOpenpyxl(saved).sheets[0];
    expect({ charts: book.sheets[0].charts.length, tables: book.sheets[0].tables, conditional: book.sheets[0].conditional }).toEqual({ charts: was.charts.length, tables: was.tables, conditional: was.conditional });
  }, 180_000);
});
