import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readWorkbook, adapter } from '../excel.adapter.ts';
import { cellAt, excelToolkit, rowValues } from '../excel-test-kit.ts';

async function expensesKit() {
  const kit = excelToolkit();
  await kit.call('add_sheet', {
    name: 'Costs',
    columns: [{ header: 'Item' }, { header: 'Amount', type: 'currency' }, { header: 'Qty', type: 'integer' }, { header: 'Line total', type: 'currency' }],
    rows: [['rent', 1200, 1, '=B2*C2'], ['Ads', 250, 2, '=B3*C3'], ['food', 450, 1, '=B4*C4'], ['Tools', 250, 3, '=B5*C5']],
    totals: true,
  });
  return kit;
}

describe('sort_range', () => {
  it('sorts a table by a column, largest first: rows move whole, formulas follow their row, the totals row stays', async () => {
    const kit = await expensesKit();
    const fmt = cellAt(kit.doc, 'Costs', 'B2')!.numFmt;
    expect(await kit.call('sort_range', { table: 'Costs', by: [{ column: 'Amount', order: 'descending' }] })).toMatchObject({ rows: 4, moved: 2 });
    // Equal amounts keep their order (Ads before Tools).
    expect([2, 3, 4, 5].map((r) => rowValues(kit.doc, 'Costs', r, 3))).toEqual([['rent', 1200, 1], ['food', 450, 1], ['Ads', 250, 2], ['Tools', 250, 3]]);
    expect(cellAt(kit.doc, 'Costs', 'D3')).toMatchObject({ formula: 'B3*C3', value: 450 });
    expect(cellAt(kit.doc, 'Costs', 'D5')).toMatchObject({ formula: 'B5*C5', value: 750 });
    expect(cellAt(kit.doc, 'Costs', 'B3')!.numFmt).toBe(fmt);
    expect(cellAt(kit.doc, 'Costs', 'B6')).toMatchObject({ formula: 'SUBTOTAL(109,B2:B5)', value: 2150 });
    expect(kit.changes.at(-1)).toBe('sorted table Costs by Amount (descending)');
    // The saved file reads back the same.
    const again = readWorkbook(await adapter.render(kit.doc, { brand: null }));
    expect(rowValues(again, 'Costs', 2, 4)).toEqual(['rent', 1200, 1, 1200]);
  });

  it('sorts text without regard to case, by a second key on ties, and a plain range under its header', async () => {
    const kit = await expensesKit();
    await kit.call('sort_range', { table: 'Costs', by: [{ column: 'item' }] });
    expect([2, 3, 4, 5].map((r) => cellAt(kit.doc, 'Costs', `A${r}`)!.value)).toEqual(['Ads', 'food', 'rent', 'Tools']);
    await kit.call('sort_range', { table: 'Costs', by: [{ column: 'B' }, { column: 'Qty', order: 'descending' }] });
    expect([2, 3, 4, 5].map((r) => cellAt(kit.doc, 'Costs', `A${r}`)!.value)).toEqual(['Tools', 'Ads', 'food', 'rent']);

    await kit.call('add_sheet', { name: 'Plain' });
    await kit.call('set_cells', { sheet: 'Plain', start: 'A1', rows: [['Region', 'Sales'], ['North', 10], ['South', null], ['East', 30], ['West', 'n/a']] });
    await kit.call('sort_range', { sheet: 'Plain', range: 'A1:B5', by: [{ column: 'Sales', order: 'descending' }] });
    // Numbers before text, blanks last, in either direction.
    expect([2, 3, 4, 5].map((r) => rowValues(kit.doc, 'Plain', r, 2))).toEqual([['West', 'n/a'], ['East', 30], ['North', 10], ['South', null]]);
  });

  it('refuses what it cannot sort whole, and names the columns it has', async () => {
    const kit = await expensesKit();
    await expect(kit.call('sort_range', { table: 'Costs', by: [{ column: 'Price' }] })).rejects.toThrow(/"Price" is not a column of table Costs; its columns are "Item", "Amount", "Qty", "Line total"/);
    await expect(kit.call('sort_range', { table: 'Nope', by: [{ column: 'Amount' }] })).rejects.toThrow(/There is no table "Nope"/);
    await kit.call('add_sheet', { name: 'Merged' });
    await kit.call('set_cells', { sheet: 'Merged', start: 'A1', rows: [['Name', 'Score'], ['a', 2], ['b', 1]] });
    await kit.call('set_layout', { sheet: 'Merged', merge: ['A2:B2'] });
    await expect(kit.call('sort_range', { sheet: 'Merged', range: 'A1:B3', by: [{ column: 'Score' }] })).rejects.toThrow(/Merged!A2:B3 has merged cells \(A2:B2\); unmerge them before sorting/);
    await expect(kit.call('sort_range', { sheet: 'Merged', range: 'A1:B2', by: [{ column: 'Score' }] })).rejects.toThrow(/fewer than two data rows/);
    // A real file (excelize, via Excel): the hyperlink and the note on A22 would stay behind.
    const file = path.join(import.meta.dirname, '../../../../test/fixtures/fidelity/xlsx/excel-book1-charts-comments.xlsx');
    const real = excelToolkit(readWorkbook(fs.readFileSync(file)));
    await expect(real.call('sort_range', { sheet: 'Sheet1', range: 'A20:B22', header: false, by: [{ column: 'A', order: 'descending' }] })).rejects.toThrow(/Sheet1!A20:B22 has a hyperlink on it, which would not move with its row/);
    expect(real.changes).toEqual([]);
    // Without the hyperlink, the note on A22 still refuses the sort.
    const zip = await JSZip.loadAsync(fs.readFileSync(file));
    zip.file('xl/worksheets/sheet1.xml', (await zip.file('xl/worksheets/sheet1.xml')!.async('string')).replace(/<hyperlinks>[\s\S]*?<\/hyperlinks>/, ''));
    const noted = excelToolkit(readWorkbook(await zip.generateAsync({ type: 'nodebuffer' })));
    await expect(noted.call('sort_range', { sheet: 'Sheet1', range: 'A20:B22', header: false, by: [{ column: 'A' }] })).rejects.toThrow(/has a note or comment on it/);
  });
});
