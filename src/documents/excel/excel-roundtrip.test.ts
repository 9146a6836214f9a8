import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { readWorkbookModel } from './excel-reader.ts';
import { renderWorkbook } from './excel-renderer.ts';
import { excelToolkit } from './excel-test-kit.ts';
import { findSheet, getCell } from './model.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

async function builtWorkbook() {
  const kit = excelToolkit(undefined, { contextFiles: [], dataSources: [], brand: null, images: [{ image_id: 'img_1', file_name: 'logo.png', content_type: 'image/png', bytes: PNG, width: 2, height: 2, caption: 'Logo', tags: [] }] });
  await kit.call('add_sheet', {
    name: 'Sales', columns: [{ header: 'Month' }, { header: 'Revenue', type: 'currency' }, { header: 'Margin', type: 'percent' }, { header: 'Shipped', type: 'date' }],
    rows: [['Jan', 1000, 0.25, '2024-01-31'], ['Feb', 1200, 0.3, '2024-02-29'], ['Mar', 1500, 0.28, '2024-03-31']], totals: true,
  });
  await kit.call('add_sheet', { name: 'Summary', position: 1, title: 'Sales summary' });
  await kit.call('set_cells', { sheet: 'Summary', start: 'A3', rows: [['Total', '=SUM(Sales!B2:B4)'], ['Growth', '=Sales!B4/Sales!B2-1']] });
  await kit.call('format_range', { sheet: 'Summary', range: 'B4', number_format: 'percent' });
  await kit.call('add_chart', { sheet: 'Summary', kind: 'column', data_sheet: 'Sales', data_range: 'A1:B4', title: 'Revenue', position: 'D2' });
  await kit.call('add_chart', { sheet: 'Sales', kind: 'pie', categories: 'A2:A4', series: [{ name: 'Revenue', values: 'B2:B4' }], title: 'Share' });
  await kit.call('insert_image', { sheet: 'Summary', image_id: 'img_1', position: 'A8', width: 40 });
  return kit;
}

const chartParts = async (bytes: Buffer) => {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((f) => /^xl\/charts\/chart\d+\.xml$/.test(f)).sort();
  return Promise.all(names.map((n) => zip.file(n)!.async('string')));
};

describe('reading back what was written', () => {
  it('keeps formulas, number formats, frozen header, tables, charts and images', async () => {
    const kit = await builtWorkbook();
    const wb = await readWorkbookModel(await renderWorkbook(kit.doc));
    expect(wb.sheets.map((s) => s.name)).toEqual(['Summary', 'Sales']);
    const summary = findSheet(wb, 'Summary')!;
    expect(getCell(summary, { row: 2, col: 1 })).toMatchObject({ formula: 'SUM(Sales!B2:B4)', value: 3700 });
    expect(getCell(summary, { row: 3, col: 1 })?.style?.numFmt).toBe('0.0%');
    expect(summary.charts).toEqual([expect.objectContaining({ id: 'chart1', kind: 'column', title: 'Revenue', categories: 'Sales!$A$2:$A$4', series: [expect.objectContaining({ name: 'Revenue', values: 'Sales!$B$2:$B$4', nameRef: 'Sales!$B$1' })] })]);
    expect(summary.charts[0].anchor.from).toEqual({ row: 1, col: 3 });
    expect(summary.images).toEqual([expect.objectContaining({ extension: 'png', width: 40, height: 40 })]);
    expect(summary.images[0].data.equals(PNG)).toBe(true);
    const sales = findSheet(wb, 'Sales')!;
    expect(sales.freeze).toEqual({ rows: 1, columns: 0 });
    expect(sales.tables).toEqual([expect.objectContaining({ name: 'Sales', totalsRow: true, columns: [{ name: 'Month', totalsLabel: 'Total' }, { name: 'Revenue', totalsFunction: 'sum' }, { name: 'Margin' }, { name: 'Shipped' }] })]);
    expect(getCell(sales, { row: 4, col: 1 })).toMatchObject({ formula: 'SUBTOTAL(109,B2:B4)', value: 3700 });
    expect(getCell(sales, { row: 1, col: 3 })?.value).toEqual(new Date(Date.UTC(2024, 0, 31)));
    expect(getCell(sales, { row: 1, col: 3 })?.style?.numFmt).toBe('yyyy-mm-dd');
    expect(sales.charts[0]).toMatchObject({ kind: 'pie', title: 'Share' });
  });

  it('writes unchanged charts back byte for byte, and regenerates only what a tool changed', async () => {
    const first = await renderWorkbook((await builtWorkbook()).doc);
    const kit = excelToolkit(await readWorkbookModel(first));
    expect(await chartParts(await renderWorkbook(kit.doc))).toEqual(await chartParts(first));
    await kit.call('move_chart', { chart_id: 'chart1', sheet: 'Sales', position: 'H20' });
    await kit.call('update_chart', { chart_id: 'chart2', kind: 'doughnut', title: 'Revenue share' });
    const edited = await renderWorkbook(kit.doc);
    const [before, after] = [await chartParts(first), await chartParts(edited)];
    expect(after).toContain(before[0]);
    expect(after.some((x) => x.includes('<c:doughnutChart>') && x.includes('Revenue share'))).toBe(true);
    const again = await readWorkbookModel(edited);
    expect(findSheet(again, 'Summary')!.charts).toEqual([]);
    expect(findSheet(again, 'Sales')!.charts.map((c) => [c.kind, c.anchor.from])).toEqual(expect.arrayContaining([['column', { row: 19, col: 7 }], ['doughnut', expect.any(Object)]]));
  });

  it('keeps cell notes and hyperlinks', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Links' });
    await kit.call('set_cells', { sheet: 'Links', start: 'A1', rows: [['Folio']] });
    Object.assign(kit.doc.sheets[0].rows[0][0]!, { hyperlink: 'https://example.com/folio', note: 'Checked by Ana' });
    const cell = (await readWorkbookModel(await renderWorkbook(kit.doc))).sheets[0].rows[0][0];
    expect(cell).toMatchObject({ value: 'Folio', hyperlink: 'https://example.com/folio', note: 'Checked by Ana' });
  });

  it('keeps drawing shapes and the theme it cannot describe, verbatim', async () => {
    const zip = await JSZip.loadAsync(await renderWorkbook((await builtWorkbook()).doc));
    const drawing = Object.keys(zip.files).find((f) => /^xl\/drawings\/drawing\d+\.xml$/.test(f))!;
    const shape = '<xdr:twoCellAnchor><xdr:from><xdr:col>1</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>20</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>4</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>24</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:sp macro="" textlink=""><xdr:nvSpPr><xdr:cNvPr id="77" name="Note box"/><xdr:cNvSpPr txBox="1"/></xdr:nvSpPr><xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1" cy="1"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr><xdr:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:t>Reviewed by finance</a:t></a:r></a:p></xdr:txBody></xdr:sp><xdr:clientData/></xdr:twoCellAnchor>';
    zip.file(drawing, (await zip.file(drawing)!.async('string')).replace('</xdr:wsDr>', `${shape}</xdr:wsDr>`));
    zip.file('xl/theme/theme1.xml', (await zip.file('xl/theme/theme1.xml')!.async('string')).replace('name="Office Theme"', 'name="Acme Theme"'));
    const wb = await readWorkbookModel(await zip.generateAsync({ type: 'nodebuffer' }));
    expect(findSheet(wb, 'Summary')!.preserved.shapes).toHaveLength(1);
    const out = await JSZip.loadAsync(await renderWorkbook(wb));
    const drawings = await Promise.all(Object.keys(out.files).filter((f) => /^xl\/drawings\/drawing\d+\.xml$/.test(f)).map((f) => out.file(f)!.async('string')));
    expect(drawings.join('')).toContain('<a:t>Reviewed by finance</a:t>');
    expect(await out.file('xl/theme/theme1.xml')!.async('string')).toContain('name="Acme Theme"');
  });

  it('takes the look of new content from the workbook read (a branded workbook keeps its colours and font)', async () => {
    const kit = excelToolkit(undefined, { contextFiles: [], dataSources: [], images: [], brand: { primaryColor: '0F766E', secondaryColor: 'F59E0B', font: 'Liberation Sans', logo: null } });
    await kit.call('add_sheet', { name: 'Budget', columns: [{ header: 'Team' }, { header: 'Amount', type: 'currency' }], rows: [['Ops', 10], ['Sales', 20]] });
    await kit.call('add_chart', { sheet: 'Budget', kind: 'column', categories: 'A2:A3', series: [{ name: 'Amount', values: 'B2:B3' }, { name: 'Again', values: 'B2:B3' }] });
    const wb = await readWorkbookModel(await renderWorkbook(kit.doc));
    expect(wb.theme).toMatchObject({ primary: '0F766E', font: 'Liberation Sans' });
    expect(wb.theme.palette.slice(0, 2)).toEqual(['0F766E', 'F59E0B']);
  });

  it('refuses bytes that are not a workbook', async () => {
    await expect(readWorkbookModel(Buffer.from('not a zip at all'))).rejects.toBeInstanceOf(DocumentUnreadable);
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', '<w:document/>');
    await expect(readWorkbookModel(await zip.generateAsync({ type: 'nodebuffer' }))).rejects.toThrow(/no xl\/workbook\.xml/);
  });
});
