import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../excel.adapter.ts';
import { adapter } from '../excel.adapter.ts';
import { cellAt, excelToolkit, NO_INPUTS, rowValues, sheetsOf } from '../excel-test-kit.ts';
import { allCharts, viewOf } from '../view/sheet.view.ts';
import { dataSourceRows } from './sheet.tools.ts';

async function salesKit() {
  const kit = excelToolkit();
  await kit.call('add_sheet', { name: 'Sales', columns: [{ header: 'Month' }, { header: 'Revenue' }, { header: 'Units' }], rows: [['Jan', '$1,000', 4], ['Feb', '$1,250.50', 5], ['Mar', '$1,600', 7]], totals: true });
  return kit;
}

describe('Excel tools', () => {
  it('types columns from their values and headers, and builds the header, table, totals and frozen pane', async () => {
    const kit = await salesKit();
    expect(cellAt(kit.doc, 'Sales', 'B2')).toMatchObject({ value: 1000, numFmt: '"$"#,##0.00;("$"#,##0.00)' });
    expect(cellAt(kit.doc, 'Sales', 'C2')?.value).toBe(4);
    expect(cellAt(kit.doc, 'Sales', 'B5')).toMatchObject({ formula: 'SUBTOTAL(109,B2:B4)', value: 3850.5 });
    expect(cellAt(kit.doc, 'Sales', 'C5')).toMatchObject({ formula: 'SUBTOTAL(109,C2:C4)', value: 16 });
    const sales = viewOf(kit.doc, 'Sales');
    expect(sales.freeze).toEqual({ rows: 1, columns: 0 });
    expect(sales.tables[0]).toMatchObject({ name: 'Sales', totalsRow: true });
    expect(kit.changes).toEqual(['added sheet "Sales"']);
  });

  it('adds a column to a table when its header is written just right of it, as typing there does in Excel', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Sales', columns: [{ header: 'Month' }, { header: 'Revenue' }], rows: [['Jan', '$1,000'], ['Feb', '$1,250']], totals: true });
    await kit.call('set_cells', { sheet: 'Sales', start: 'C1', rows: [['Notes']] });
    const t = viewOf(kit.doc, 'Sales').tables[0];
    expect(t).toMatchObject({ range: { start: { row: 0, col: 0 }, end: { row: 3, col: 2 } } });
    expect(t.columns.map((c) => c.name)).toEqual(['Month', 'Revenue', 'Notes']);
    // The new column's cells take the formats of the column to their left.
    expect(cellAt(kit.doc, 'Sales', 'C2')?.numFmt).toBe(cellAt(kit.doc, 'Sales', 'B2')?.numFmt);
    // The file still opens: the table's XML holds the new column and its filter covers it.
    const xml = readWorkbook(await adapter.render(kit.doc, { brand: null })).pkg.text(t.part);
    expect(xml).toMatch(/ref="A1:C4"/);
    expect(xml).toMatch(/<tableColumns count="3">/);
    // A column that already holds something along the table does not join it; a name the table has is refused.
    await kit.call('set_cells', { sheet: 'Sales', start: 'E2', rows: [['x']] });
    await kit.call('set_cells', { sheet: 'Sales', start: 'D1', rows: [['Later']] });
    await kit.call('set_cells', { sheet: 'Sales', start: 'E1', rows: [['Other']] });
    expect(viewOf(kit.doc, 'Sales').tables[0].columns.map((c) => c.name)).toEqual(['Month', 'Revenue', 'Notes', 'Later']);
    await kit.call('clear_range', { sheet: 'Sales', range: 'E1:E2' });
    await expect(kit.call('set_cells', { sheet: 'Sales', start: 'E1', rows: [['month']] })).rejects.toThrow(/already has a column "month"/);
    expect(viewOf(kit.doc, 'Sales').tables[0].columns).toHaveLength(4);
  });

  it('adds a totals row under a table that has none, only where the row below is free', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Sales', columns: [{ header: 'Month' }, { header: 'Revenue' }, { header: 'Units' }], rows: [['Jan', '$1,000', 4], ['Feb', '$1,250', 5]] });
    await kit.call('set_cells', { sheet: 'Sales', start: 'B4', rows: [['note']] });
    await expect(kit.call('add_totals_row', { table: 'Sales' })).rejects.toThrow(/row 4 below the table is not empty/);
    await kit.call('clear_range', { sheet: 'Sales', range: 'B4' });
    expect(await kit.call('add_totals_row', { table: 'Sales', totals: { Units: 'average' } })).toMatchObject({ table: 'Sales', totals_row: 4, totals: { Units: 'average' } });
    expect(cellAt(kit.doc, 'Sales', 'C4')).toMatchObject({ formula: 'SUBTOTAL(101,C2:C3)', value: 4.5 });
    expect(cellAt(kit.doc, 'Sales', 'A4')?.value).toBe('Total');
    const t = viewOf(kit.doc, 'Sales').tables[0];
    expect(t).toMatchObject({ totalsRow: true, range: { end: { row: 3, col: 2 } } });
    const xml = readWorkbook(await adapter.render(kit.doc, { brand: null })).pkg.text(t.part);
    expect(xml).toMatch(/totalsRowCount="1"/);
    expect(xml).toMatch(/<autoFilter ref="A1:C3"\/>/);
    expect(xml).toMatch(/name="Units" totalsRowFunction="average"/);
    await expect(kit.call('add_totals_row', { table: 'Sales' })).rejects.toThrow(/already has a totals row/);
  });

  it('keeps integers of more than 15 digits as text (a number keeps 15), and reads amounts and date-times as data sources give them', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Orders', columns: [{ header: 'Order id' }, { header: 'Net' }, { header: 'At' }], rows: [['123456789012345678', '-€1,234.50', '2024-03-15T14:30:05.250'], ['123456789012345', '€5.00', '2024-03-16']] });
    expect(cellAt(kit.doc, 'Orders', 'A2')?.value).toBe('123456789012345678');
    expect(cellAt(kit.doc, 'Orders', 'B2')).toMatchObject({ value: -1234.5, numFmt: '"€"#,##0.00;("€"#,##0.00)' });
    expect(cellAt(kit.doc, 'Orders', 'C2')?.value).toEqual(new Date(Date.UTC(2024, 2, 15, 14, 30, 5, 250)));
    // A data source's negative amount is a number; what only looks like a formula stays text.
    const rows = dataSourceRows({ name: 't', columns: ['a', 'b', 'c', 'd', 'e'], rows: [['-€1,234.50', '-5', '=1+2', '+cmd', '-$x']], source: { kind: 'inline' } });
    expect(rows).toEqual([['-€1,234.50', '-5', "'=1+2", "'+cmd", "'-$x"]]);
  });

  it('answers malformed and impossible calls with errors the model can act on', async () => {
    const kit = await salesKit();
    const cases: [string, unknown, RegExp][] = [
      ['set_cells', { sheet: 'Sales', start: 'E1' }, /required property 'rows'/],
      ['set_cells', { sheet: 'Sales', start: 'ZZZZ1', rows: [[1]] }, /not a cell/],
      ['set_cells', { sheet: 'Salez', start: 'E1', rows: [[1]] }, /no sheet named "Salez".*"Sales"/],
      ['set_cells', { sheet: 'Sales', start: 'E1', rows: [['=SUM(B2:B4']] }, /E1: the formula =SUM\(B2:B4 is not valid/],
      ['set_cells', { sheet: 'Sales', start: 'E1', rows: [['=Costs!B2']] }, /sheet "Costs" that does not exist/],
      ['set_cells', { sheet: 'Sales', start: 'E1', rows: [['=SUM(Cost[Amount])']] }, /table "Cost" that does not exist/],
      ['set_cells', { sheet: 'Sales', start: 'A1', rows: [[42]] }, /header of table Sales/],
      ['add_sheet', { name: 'Sales' }, /already exists/],
      ['add_sheet', { name: 'Bad/Name' }, /cannot contain/],
      ['add_sheet', { name: 'X', rows: [[1]] }, /rows need columns/],
      ['add_chart', { sheet: 'Sales', kind: 'pie', data_range: 'A1:C4' }, /exactly one series/],
      ['add_chart', { sheet: 'Sales', kind: 'line', categories: 'A2:A4', series: [{ values: 'B2:B3' }] }, /has 2 values but the categories/],
      ['add_chart', { sheet: 'Sales', kind: 'column', categories: 'B2:B4', series: [{ values: 'A2:A4' }] }, /holds no numbers/],
      ['add_chart', { sheet: 'Sales', kind: 'column', data_range: 'A1:C4', series: [{ values: 'B2:B4' }] }, /not both/],
      ['add_chart', { sheet: 'Sales', kind: 'radar', data_range: 'A1:C4' }, /kind/],
      ['add_table', { sheet: 'Sales', range: 'A2:C3' }, /overlaps table Sales/],
      ['update_chart', { chart_id: 'chart9', title: 'x' }, /no chart "chart9"/],
      ['delete_sheet', { sheet: 'Sales' }, /at least one visible sheet/],
      ['import_data_source', { source: 'nope' }, /no data source "nope"/],
      ['insert_image', { sheet: 'Sales', image_id: 'img_x', position: 'A1' }, /no image "img_x"/],
      ['no_such_tool', {}, /no tool named "no_such_tool"/],
    ];
    for (const [tool, args, message] of cases) {
      const r = await kit.attempt(tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(String(r.output), `${tool} ${JSON.stringify(args)}`).toMatch(message);
    }
    expect(rowValues(kit.doc, 'Sales', 1, 3)).toEqual(['Month', 'Revenue', 'Units']);
  });

  it('renames a sheet with the formulas and charts that refer to it, and warns when a deleted sheet is still used', async () => {
    const kit = await salesKit();
    await kit.call('add_sheet', { name: 'Summary' });
    await kit.call('set_cells', { sheet: 'Summary', start: 'A1', rows: [['=SUM(Sales!B2:B4)', '="Sales!"&Sales!A2']] });
    await kit.call('add_chart', { sheet: 'Summary', kind: 'column', data_sheet: 'Sales', data_range: 'A1:B4' });
    await kit.call('rename_sheet', { sheet: 'Sales', new_name: 'Q1 Sales' });
    expect(cellAt(kit.doc, 'Summary', 'A1')?.formula).toBe("SUM('Q1 Sales'!B2:B4)");
    expect(cellAt(kit.doc, 'Summary', 'B1')?.formula).toBe(`"Sales!"&'Q1 Sales'!A2`);
    expect(viewOf(kit.doc, 'Summary').charts[0]).toMatchObject({ categories: "'Q1 Sales'!$A$2:$A$4", series: [{ values: "'Q1 Sales'!$B$2:$B$4" }] });
    expect(await kit.call('delete_sheet', { sheet: 'Q1 Sales' })).toMatch(/Summary referred to it/);
  });

  it('reads ranges with formulas next to their results, and reports formula errors after writing', async () => {
    const kit = await salesKit();
    const written = await kit.call('set_cells', { sheet: 'Sales', start: 'E2', rows: [['=B2/C2'], ['=B3/0']] }) as { formulas: Record<string, string>; warnings: string[] };
    expect(written.formulas.E2).toBe('=B2/C2 → 250');
    expect(written.warnings).toEqual(['E3 =B3/0 gives #DIV/0!']);
    const read = await kit.call('read_range', { sheet: 'Sales', range: 'A1:C2' }) as { rows: unknown[][] };
    expect(read.rows).toEqual([['Month', 'Revenue', 'Units'], ['Jan', 1000, 4]]);
    const outline = adapter.outline(kit.doc);
    expect(outline).toMatch(/table Sales A1:C5 with totals row/);
    expect(outline).toMatch(/B Revenue \(currency\)/);
    expect(outline).toMatch(/5: A=Total \| B==SUBTOTAL\(109,B2:B4\) → 3850.5 \| C==SUBTOTAL\(109,C2:C4\) → 16/);
  });

  it('adds a table with a totals row of live formulas over a written range', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Costs' });
    await kit.call('set_cells', { sheet: 'Costs', start: 'A1', rows: [['Item', 'Amount'], ['Rent', 1000], ['Power', 250]], style: 'body' });
    await kit.call('format_range', { sheet: 'Costs', range: 'B2:B3', number_format: 'currency' });
    expect(await kit.call('add_table', { sheet: 'Costs', range: 'A1:B3', name: 'Cost lines', totals: { Amount: 'sum' } })).toMatchObject({ table: 'Cost_lines', range: 'A1:B4' });
    expect(cellAt(kit.doc, 'Costs', 'B4')).toMatchObject({ formula: 'SUBTOTAL(109,B2:B3)', value: 1250, numFmt: '"$"#,##0.00;("$"#,##0.00)' });
    expect(cellAt(kit.doc, 'Costs', 'A4')?.value).toBe('Total');
  });

  it('gives an added sheet\'s columns the number format they name, in the body and the totals row', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', {
      name: 'Kosten',
      columns: [{ header: 'Posten' }, { header: 'Betrag', type: 'currency', number_format: '#,##0.00 "€"' }, { header: 'Fällig', type: 'date', number_format: 'dd.mm.yyyy' }, { header: 'Anteil', number_format: 'percent' }],
      rows: [['Miete', 1200, '2025-03-01', 0.8], ['Strom', 85.5, '2025-03-15', 0.2]], totals: true, totals_label: 'Summe',
    });
    // The totals row's label in the sheet's language, in the cell and in the table's definition.
    expect(cellAt(kit.doc, 'Kosten', 'A4')?.value).toBe('Summe');
    expect(sheetsOf(kit.doc).find((s) => s.name === 'Kosten')!.tables[0].columns[0]).toMatchObject({ name: 'Posten', totalsLabel: 'Summe' });
    expect(cellAt(kit.doc, 'Kosten', 'B2')).toMatchObject({ value: 1200, numFmt: '#,##0.00 "€"' });
    expect(cellAt(kit.doc, 'Kosten', 'C3')?.numFmt).toBe('dd.mm.yyyy');
    expect(cellAt(kit.doc, 'Kosten', 'D2')?.numFmt).toBe('0.0%');
    expect(cellAt(kit.doc, 'Kosten', 'B4')).toMatchObject({ formula: 'SUBTOTAL(109,B2:B3)', value: 1285.5, numFmt: '#,##0.00 "€"' });
  });

  it("takes a user's workbook's own font and theme for new content, and the brand's colours on new content only", async () => {
    const file = path.resolve(import.meta.dirname, '../../../../test/fixtures/fidelity/xlsx/lo-chart-cf-pivot.xlsx');
    const plain = excelToolkit(readWorkbook(fs.readFileSync(file)));
    await plain.call('add_sheet', { name: 'Extra', columns: [{ header: 'Item' }, { header: 'Cost', type: 'currency' }], rows: [['Rent', 100]] });
    const styles = plain.doc.styles();
    const header = plain.doc.worksheet(plain.doc.sheet('Extra')).data.cell(1, 0)!.s;
    // LibreOffice's Normal font is Arial 10: the header keeps it, bold. The file has no theme part, where
    // LibreOffice would show theme colours as nothing: the default theme's first accent is written as RGB.
    expect(styles.font(header)?.toString()).toMatch(/<b\/><sz val="10"\/><color rgb="FF[0-9A-F]{6}"\/><name val="Arial"\/>/);
    expect(styles.fill(header)).toEqual({ rgb: '4472C4' });
    await plain.call('add_chart', { sheet: 'Extra', kind: 'column', data_range: 'A1:B2' });
    const chart = plain.doc.pkg.text(allCharts(plain.doc).find((c) => c.sheet.name === 'Extra')!.part);
    expect(chart).not.toContain('schemeClr');
    expect(chart).toContain('<a:latin typeface="Arial"/>');
    // A workbook with a theme gets theme references, so new content follows its palette.
    const themed = excelToolkit(readWorkbook(fs.readFileSync(path.join(path.dirname(file), 'excel-budget-chart-table-image.xlsx'))));
    await themed.call('add_sheet', { name: 'Extra', columns: [{ header: 'Item' }], rows: [['Rent']] });
    expect(themed.doc.styles().fill(themed.doc.worksheet(themed.doc.sheet('Extra')).data.cell(1, 0)!.s)).toEqual({ theme: 4, tint: 0 });
    const brand = { ...NO_INPUTS, brand: { primaryColor: '0F766E', secondaryColor: null, font: null, logo: null } };
    const branded = excelToolkit(readWorkbook(fs.readFileSync(file)), brand);
    await branded.call('add_sheet', { name: 'Extra', columns: [{ header: 'Item' }], rows: [['Rent']] });
    const s = branded.doc.worksheet(branded.doc.sheet('Extra')).data.cell(1, 0)!.s;
    expect(branded.doc.styles().fill(s)).toEqual({ rgb: '0F766E' });
    expect(branded.doc.pkg.isEdited(branded.doc.book.related('theme') ?? 'xl/theme/theme1.xml')).toBe(false);
  });
});
