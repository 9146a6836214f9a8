// The built-in Excel editor on a workbook a user brought: a save writes the changed cells in place (their
// rows only, the cells' own formats kept), the stored results of formulas that depend on them are brought
// up to date (those cells only), every other part of the version the editor opened stays byte for byte,
// Excel and LibreOffice are asked to recalculate, and a resumed run keeps the edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorkbook } from './helpers/excel.ts';
import { tokenOf } from './helpers/editor.ts';
import { readWithOpenpyxl } from './helpers/openpyxl.ts';
import { key, withRuns } from './helpers/runs.ts';
import { corpusFile, partDiff, uploadFile } from './helpers/slides.ts';
import { download } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { cellsOf, changedRows, packageParts, rowsOf, sheetPart, stringItems } from './helpers/xlsx-parts.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({})); });
afterAll(async () => t?.close());

describe('built-in Excel editor on a user\'s workbook', () => {
  it('saves the edited cells in place and nothing else; dependent formulas show their new results; a resume keeps the edit', async () => {
    const org = await t.signup(undefined, { tier: 'pro' });
    const fileId = await uploadFile(t, org.secret, 'sales.xlsx', corpusFile('xlsx/lo-chart-cf-pivot.xlsx'));
    const first = await generateWorkbook(t, org.secret, { prompt: 'Add a new sheet named Notes with the text Reviewed in cell A1', init_file: fileId });
    const token = tokenOf(first.body.edit_url);
    const api = (method: 'GET' | 'PUT', payload?: unknown) => t.inject({ method, url: `/api/v1/editor/${first.body.run_id}/document`, headers: { authorization: `Bearer ${token}` }, payload: payload as never });
    const doc = (await api('GET')).json();
    const data = doc.content.sheets.find((s: { name: string }) => s.name === 'Data');
    expect(data.cells.find((c: { r: number; c: number }) => c.r === 1 && c.c === 5)).toEqual({ r: 1, c: 5, value: 500, formula: 'D2*E2' });
    const saved = await api('PUT', { format: 'excel', base_version: doc.version, content: { edits: [
      { sheet: 'Data', row: 1, col: 3, input: '41' },
      { sheet: 'Data', row: 30, col: 0, input: 'Checked 2024-12-31' },
      { sheet: 'Notes', row: 1, col: 0, input: '2025-01-15' },
    ] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${first.body.run_id}`, headers: key(org.secret) })).json();
    const bytes = (await download(t, run.download_url)).body;
    const [before, after] = [await packageParts(first.bytes), await packageParts(bytes)];
    const dataPart = sheetPart(after, 'Data');
    const notesPart = sheetPart(after, 'Notes');
    const summaryPart = sheetPart(after, 'Summary');
    const diff = await partDiff(first.bytes, bytes);
    expect(diff).toEqual({ changed: ['xl/sharedStrings.xml', 'xl/styles.xml', 'xl/workbook.xml', dataPart, notesPart, summaryPart].sort(), added: [], removed: [] });
    // The Summary's SUMIFs over Data got their new results (as Excel stores them when it saves): only those cells' rows.
    expect(changedRows(before.get(summaryPart)!.toString(), after.get(summaryPart)!.toString())).toEqual([2, 3, 4, 5, 6]);
    const oldData = before.get(dataPart)!.toString();
    const newData = after.get(dataPart)!.toString();
    expect(changedRows(oldData, newData)).toEqual([2, 31]);
    const [oldRow, newRow] = [cellsOf(rowsOf(oldData).get(2)!), cellsOf(rowsOf(newData).get(2)!)];
    for (const [ref, xml] of oldRow) if (ref !== 'D2' && ref !== 'F2') expect(newRow.get(ref)).toBe(xml);
    // F2 = D2*E2 keeps its formula element and gets its new result.
    expect(newRow.get('F2')).toBe(oldRow.get('F2')!.replace('<v>500</v>', '<v>512.5</v>'));
    expect(newRow.get('D2')!.match(/ s="(\d+)"/)?.[1]).toBe(oldRow.get('D2')!.match(/ s="(\d+)"/)?.[1]);
    const strings = stringItems(before.get('xl/sharedStrings.xml')!.toString());
    expect(stringItems(after.get('xl/sharedStrings.xml')!.toString()).slice(0, strings.length)).toEqual(strings);
    expect(after.get('xl/workbook.xml')!.toString()).toMatch(/fullCalcOnLoad="1"/);
    const book = readWithOpenpyxl(bytes);
    expect(book.sheets.find((s) => s.title === 'Data')!).toMatchObject({ cells: { D2: 41, F2: '=D2*E2', A31: 'Checked 2024-12-31' }, computed: { F2: 512.5 } });
    expect(book.sheets.find((s) => s.title === 'Summary')!.computed).toMatchObject({ B2: 6143, B6: 25833.5 });
    const notes = book.sheets.find((s) => s.title === 'Notes')!;
    expect(notes.cells.A2).toMatch(/^2025-01-15/);
    expect(notes.formats.A2).toBe('yyyy-mm-dd');
    const reloaded = (await api('GET')).json().content.sheets.find((s: { name: string }) => s.name === 'Data');
    expect(reloaded.cells.find((c: { r: number; c: number }) => c.r === 1 && c.c === 5)).toEqual({ r: 1, c: 5, value: 512.5, formula: 'D2*E2' });
    const again = await generateWorkbook(t, org.secret, { prompt: 'Add a new sheet named Review with the text Done in cell A1', run_id: first.body.run_id });
    const resumed = readWithOpenpyxl(again.bytes);
    expect(resumed.sheets.map((s) => s.title)).toEqual(['Data', 'Summary', 'Pivot', 'Notes', 'Review']);
    expect(resumed.sheets[0].cells.D2).toBe(41);
    expect((await partDiff(bytes, again.bytes)).changed).not.toContain(dataPart);
  });
});
