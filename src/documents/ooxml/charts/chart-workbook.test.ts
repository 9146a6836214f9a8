// The workbook embedded with a chart: an independent reader (openpyxl) finds the cells where the
// chart's formulas point, numbers as numbers, gaps as empty cells, and the chart's number format;
// the bytes are the same for the same chart.
import { describe, expect, it } from 'vitest';
import { readWithOpenpyxl } from '../../../../test/helpers/openpyxl.ts';
import { readZipDirectory, inflateEntry } from '../zip-reader.ts';
import type { ChartData } from './chart-spec.ts';
import { chartWorkbook } from './chart-workbook.ts';

const DATA: ChartData = {
  type: 'bar',
  categories: ['Nord & <Est>', 'Süd "2"', '  padded  ', '=SUM(A1)'],
  series: [{ name: 'Ventes 2023', values: [12.5, null, -3, 0] }, { name: 'Ventes 2024', values: [14, 7.25, null, 1234567.5] }],
};

describe('chartWorkbook', () => {
  it('opens in openpyxl with series names in row 1, categories in column A and values below their names', () => {
    const [sheet] = readWithOpenpyxl(chartWorkbook(DATA)).sheets;
    expect(sheet.title).toBe('Sheet1');
    expect(sheet.cells).toEqual({
      B1: 'Ventes 2023', C1: 'Ventes 2024',
      A2: 'Nord & <Est>', B2: 12.5, C2: 14,
      A3: 'Süd "2"', C3: 7.25,
      A4: '  padded  ', B4: -3,
      A5: '=SUM(A1)', B5: 0, C5: 1234567.5,
    });
    expect(sheet.formats.B2).toBe('General');
    expect([sheet.max_row, sheet.max_col]).toEqual([5, 3]);
  });

  it('applies the chart number format to the value cells and names the sheet as asked', () => {
    const [sheet] = readWithOpenpyxl(chartWorkbook(DATA, 'Données 2024', { numberFormat: '#,##0.0' })).sheets;
    expect(sheet.title).toBe('Données 2024');
    expect(sheet.formats.B2).toBe('#,##0.0');
    expect(sheet.formats.A2).toBe('General');
  });

  it('writes the same bytes for the same chart, and only the five parts of a minimal workbook', () => {
    const bytes = chartWorkbook(DATA);
    expect(chartWorkbook(DATA).equals(bytes)).toBe(true);
    const entries = readZipDirectory(bytes, 'a workbook');
    expect(entries.map((e) => e.name)).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml', 'xl/styles.xml',
    ]);
    const sheet = inflateEntry(entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!).toString('utf8');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t>Nord &amp; &lt;Est&gt;</t></is></c>');
    expect(sheet).toContain('<t xml:space="preserve">  padded  </t>');
    expect(sheet).not.toContain('<c r="B3"');
  });

  it('refuses a sheet name Excel would refuse', () => {
    expect(() => chartWorkbook(DATA, 'a/b')).toThrow(/invalid worksheet name/);
    expect(() => chartWorkbook(DATA, 'x'.repeat(32))).toThrow(/invalid worksheet name/);
  });
});
