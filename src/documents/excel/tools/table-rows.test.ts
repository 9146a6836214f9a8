import { describe, expect, it } from 'vitest';
import { adapter, readWorkbook } from '../excel.adapter.ts';
import { cellAt, excelToolkit } from '../excel-test-kit.ts';
import { allCharts, viewOf } from '../view/sheet.view.ts';

/** A sheet "Costs" with table Costs over A1:D4 (Item, Qty, Price, Cost = Qty * Price), a totals row on row 5 when asked. */
async function costs(totals: boolean) {
  const kit = excelToolkit();
  await kit.call('add_sheet', { name: 'Costs', columns: [{ header: 'Item' }, { header: 'Qty' }, { header: 'Price' }], rows: [['Desk', 2, '$300'], ['Chair', 4, '$120'], ['Lamp', 3, '$40']], totals });
  await kit.call('set_cells', { sheet: 'Costs', start: 'D1', rows: [['Cost'], ['=B2*C2'], ['=B3*C3'], ['=B4*C4']] });
  return kit;
}

describe('add_table_rows', () => {
  it('adds rows above the totals row: the totals, formulas over the columns and chart series grow, and the formula column fills itself', async () => {
    const kit = await costs(true);
    await kit.call('set_cells', { sheet: 'Costs', start: 'G1', rows: [['=SUM(D2:D4)'], ['=AVERAGE(C3:C4)'], ['=SUM($D$2:D4)']] });
    await kit.call('add_chart', { sheet: 'Costs', kind: 'column', data_range: 'A1:B4', position: 'G6' });
    const out = await kit.call('add_table_rows', { table: 'Costs', rows: [['Shelf', 1, '$80', null], ['Rug', 2, 50]] });
    expect(out).toMatchObject({ table: 'Costs', range: 'A1:D7', added: 'A5:D6', rows_below_moved: true, formulas_filled: 2 });
    expect(cellAt(kit.doc, 'Costs', 'A5')).toMatchObject({ value: 'Shelf' });
    expect(cellAt(kit.doc, 'Costs', 'C5')).toMatchObject({ value: 80, numFmt: cellAt(kit.doc, 'Costs', 'C4')!.numFmt });
    expect(cellAt(kit.doc, 'Costs', 'D5')).toMatchObject({ formula: 'B5*C5', value: 80 });
    expect(cellAt(kit.doc, 'Costs', 'D6')).toMatchObject({ formula: 'B6*C6', value: 100 });
    // The totals row moved down and sums the new rows too.
    expect(cellAt(kit.doc, 'Costs', 'A7')?.value).toBe('Total');
    expect(cellAt(kit.doc, 'Costs', 'B7')).toMatchObject({ formula: 'SUBTOTAL(109,B2:B6)', value: 12 });
    // A sum over a whole column grows; a window over its last rows and a single cell do not.
    expect(cellAt(kit.doc, 'Costs', 'G1')).toMatchObject({ formula: 'SUM(D2:D6)', value: 1380 });
    expect(cellAt(kit.doc, 'Costs', 'G2')?.formula).toBe('AVERAGE(C3:C4)');
    expect(cellAt(kit.doc, 'Costs', 'G3')?.formula).toBe('SUM($D$2:D6)');
    expect(allCharts(kit.doc)[0].series[0].values).toMatch(/\$B\$2:\$B\$6$/);
    expect(kit.changes.at(-1)).toBe('added 2 rows to table Costs ("Costs"!A5:D6)');
    const t = viewOf(kit.doc, 'Costs').tables[0];
    const xml = readWorkbook(await adapter.render(kit.doc, { brand: null })).pkg.text(t.part);
    expect(xml).toMatch(/ref="A1:D7"/);
    expect(xml).toMatch(/<autoFilter ref="A1:D6"\/>/);
  });

  it('takes the empty rows below a table without a totals row, moving nothing beside it; else inserts rows', async () => {
    const kit = await costs(false);
    await kit.call('set_cells', { sheet: 'Costs', start: 'F5', rows: [['Note beside'], ['=SUM(D2:D4)']] });
    const out = await kit.call('add_table_rows', { table: 'Costs', rows: [['Shelf', 1, 80]] });
    expect(out).toMatchObject({ range: 'A1:D5', added: 'A5:D5', rows_below_moved: false });
    expect(cellAt(kit.doc, 'Costs', 'F5')?.value).toBe('Note beside');
    expect(cellAt(kit.doc, 'Costs', 'F6')).toMatchObject({ formula: 'SUM(D2:D5)', value: 1280 });
    expect(cellAt(kit.doc, 'Costs', 'D5')).toMatchObject({ formula: 'B5*C5', value: 80 });
    // Something in the table's columns below: the rows under it move down.
    await kit.call('set_cells', { sheet: 'Costs', start: 'A7', rows: [['Below']] });
    expect(await kit.call('add_table_rows', { table: 'Costs', rows: [['Rug', 2, 50], ['Mat', 1, 10]] })).toMatchObject({ range: 'A1:D7', rows_below_moved: true });
    expect(cellAt(kit.doc, 'Costs', 'A9')?.value).toBe('Below');
    expect(cellAt(kit.doc, 'Costs', 'F8')).toMatchObject({ formula: 'SUM(D2:D7)', value: 1390 });
    expect(cellAt(kit.doc, 'Costs', 'F5')?.value).toBe('Note beside');
  });

  it('adds rows under plain data (no table): the total under it moves down and sums them, a chart over it grows', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Budget' });
    await kit.call('set_cells', { sheet: 'Budget', start: 'A1', rows: [['Item', 'Amount'], ['Rent', 1200], ['Food', 400], ['Transport', 90], ['Total', '=SUM(B2:B4)']] });
    await kit.call('add_chart', { sheet: 'Budget', kind: 'pie', data_range: 'A1:B4', position: 'E2' });
    const out = await kit.call('add_table_rows', { sheet: 'Budget', after_row: 4, rows: [['Phone', '$45']] });
    expect(out).toMatchObject({ sheet: 'Budget', range: 'A1:B5', added: 'A5:B5', rows_below_moved: true });
    expect(cellAt(kit.doc, 'Budget', 'A5')?.value).toBe('Phone');
    expect(cellAt(kit.doc, 'Budget', 'B6')).toMatchObject({ formula: 'SUM(B2:B5)', value: 1735 });
    expect(allCharts(kit.doc)[0].series[0].values).toMatch(/\$B\$2:\$B\$5$/);
    expect(kit.changes.at(-1)).toBe('added a row to the data ("Budget"!A5:B5)');
    await expect(kit.call('add_table_rows', { sheet: 'Budget', after_row: 9, rows: [['x']] })).rejects.toThrow(/row 9 of "Budget" is empty/);
    await expect(kit.call('add_table_rows', { sheet: 'Budget', rows: [['x']] })).rejects.toThrow(/give either table, or sheet and after_row/);
  });

  it('refuses an unknown table and a row longer than the table, changing nothing', async () => {
    const kit = await costs(true);
    await expect(kit.call('add_table_rows', { table: 'Nope', rows: [['x']] })).rejects.toThrow(/There is no table "Nope". Tables: Costs/);
    await expect(kit.call('add_table_rows', { table: 'Costs', rows: [['x', 1, 2, 3, 4]] })).rejects.toThrow(/row 1 has 5 values; table Costs has 4 columns \(Item, Qty, Price, Cost\)/);
    expect(viewOf(kit.doc, 'Costs').tables[0].range.end.row).toBe(4);
  });
});
