// readChart on charts other programs wrote (PowerPoint, Excel, LibreOffice, openpyxl: fixtures/,
// see fixtures/SOURCES.md) and on the odd shapes a chart part can take (literals, no caches, no
// prefix, levels of categories, 1904 dates): the type, categories, series and title come out of
// the caches, and nothing valid makes it throw.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../xml.ts';
import { readChart } from './chart-read.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readChart(parseXml(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), name));
const inline = (body: string, head = '') =>
  readChart(parseXml(`<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">${head}<c:chart>${body}</c:chart></c:chartSpace>`, 'inline'));

const QUARTERS = ['1st Qtr', '2nd Qtr', '3rd Qtr', '4th Qtr'];
const CATEGORIES = ['Category 1', 'Category 2', 'Category 3', 'Category 4'];
const THREE = [
  { name: 'Series 1', values: [4.3, 2.5, 3.5, 4.5] },
  { name: 'Series 2', values: [2.4, 4.4, 1.8, 2.8] },
  { name: 'Series 3', values: [2, 2, 3, 5] },
];

describe('readChart on charts made by other programs', () => {
  it('PowerPoint: horizontal, stacked and missing-value bars', () => {
    expect(fixture('powerpoint-bar-horizontal.xml')).toEqual({ type: 'bar', subtype: 'horizontal', categories: CATEGORIES, series: THREE, title: null });
    expect(fixture('powerpoint-column-stacked.xml')).toMatchObject({ type: 'bar', subtype: 'stacked', categories: CATEGORIES, series: THREE });
    expect(fixture('powerpoint-bar-missing-value.xml').series[1]).toEqual({ name: 'Series 2', values: [4.5, null, 6.7] });
  });

  it('PowerPoint: pie with its automatic title (the series name), doughnut', () => {
    const sales = [{ name: 'Sales', values: [8.2, 3.2, 1.4, 1.2] }];
    expect(fixture('powerpoint-pie-auto-title.xml')).toEqual({ type: 'pie', subtype: null, categories: QUARTERS, series: sales, title: 'Sales' });
    expect(fixture('powerpoint-doughnut.xml')).toMatchObject({ type: 'doughnut', categories: QUARTERS, series: sales });
  });

  it('PowerPoint: area, radar and line charts over dates read as ISO dates', () => {
    const area = fixture('powerpoint-area-stacked.xml');
    expect(area).toMatchObject({ type: 'area', subtype: 'stacked' });
    expect(area.categories.slice(0, 2)).toEqual(['2002-01-05', '2002-01-06']);
    expect(area.series[0].values.slice(0, 5)).toEqual([32, 32, 28, 12, 15]);
    expect(fixture('powerpoint-radar-filled.xml')).toMatchObject({ type: 'radar', subtype: 'filled' });
    const line = fixture('powerpoint-line-dates.xml');
    expect(line.type).toBe('line');
    expect(line.categories).toEqual(['1969-01-01', '1969-01-02', '1969-01-12', '1969-01-20', '1969-01-30', '1969-02-10', '1969-02-20']);
    expect(line.series).toEqual([{ name: 'Series 1', values: [4.3, 2.5, 3.5, 4.5, 3.6, 15, 17] }]);
  });

  it('PowerPoint: scatter and bubble charts give their x values as categories', () => {
    const xy = { categories: ['0.7', '1.8', '2.6'], series: [{ name: 'Y-Value 1', values: [2.7, 3.2, 0.8] }] };
    expect(fixture('powerpoint-scatter.xml')).toMatchObject({ type: 'scatter', ...xy });
    expect(fixture('powerpoint-bubble.xml')).toMatchObject({ type: 'bubble', ...xy });
  });

  it('PowerPoint: a bar and line combo tells each series its kind', () => {
    const combo = fixture('powerpoint-combo-bar-line.xml');
    expect(combo.type).toBe('combo');
    expect(combo.series.map((s) => `${s.name}:${s.type}`)).toEqual(['Series 1:bar', 'Series 2:bar', 'Series 3:bar', 'Series 4:line', 'Series 5:line']);
  });

  it('PowerPoint: multi-level categories are named by the level next to the axis', () => {
    const chart = fixture('powerpoint-multilevel-categories.xml');
    expect(chart.categories).toEqual(['SF', 'LA', 'NY', 'Albany', 'London', 'Surrey', 'Glasgow', 'Edinburgh']);
    expect(chart.series[0].values).toEqual([4.3, 2.5, 3.5, 4.5, 4.3, 2.5, 3.5, 4.5]);
  });

  it('Excel: a titled scatter chart; a chart without caches gives empty arrays', () => {
    expect(fixture('excel-scatter-title.xml')).toEqual({
      type: 'scatter', subtype: null, categories: ['1', '2', '3', '5'], series: [{ name: 'Series 1', values: [7.2, 1.9, 3.4, 3.1] }], title: 'Original title set in Excel 2013',
    });
    expect(fixture('excel-pie-no-cache.xml')).toEqual({ type: 'pie', subtype: null, categories: [], series: [{ name: 'Series 1', values: [] }], title: 'Revenue' });
  });

  it('LibreOffice: an .xlsx bar chart with special characters and a gap, a .pptx doughnut', () => {
    expect(fixture('libreoffice-xlsx-bar.xml')).toEqual({
      type: 'bar', subtype: null, title: 'Chiffre BarChart',
      categories: ['Nord & Est', 'Süd', '"Ouest"', '<Centre>'],
      series: [{ name: 'Ventes 2023', values: [12.5, 9, 7.25, 3] }, { name: 'Ventes 2024', values: [14, null, 8.5, 4] }],
    });
    expect(fixture('libreoffice-pptx-doughnut.xml')).toMatchObject({ type: 'doughnut', categories: QUARTERS, series: [{ name: 'Sales', values: [8.2, 3.2, 1.4, 1.2] }] });
  });

  it('openpyxl: unprefixed elements and formulas without caches', () => {
    expect(fixture('openpyxl-bar-no-cache.xml')).toEqual({
      type: 'bar', subtype: null, categories: [], title: 'Chiffre BarChart', series: [{ name: 'Series 1', values: [] }, { name: 'Series 2', values: [] }],
    });
  });
});

describe('readChart on odd chart parts', () => {
  it('reads literals (strLit, numLit, a literal series name)', () => {
    const chart = inline('<c:plotArea><c:barChart><c:barDir val="col"/><c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:v>Lit</c:v></c:tx>' +
      '<c:cat><c:strLit><c:ptCount val="2"/><c:pt idx="0"><c:v>a</c:v></c:pt><c:pt idx="1"><c:v>b</c:v></c:pt></c:strLit></c:cat>' +
      '<c:val><c:numLit><c:ptCount val="2"/><c:pt idx="1"><c:v>2.5</c:v></c:pt></c:numLit></c:val></c:ser><c:axId val="1"/><c:axId val="2"/></c:barChart></c:plotArea>');
    expect(chart).toEqual({ type: 'bar', subtype: null, categories: ['a', 'b'], series: [{ name: 'Lit', values: [null, 2.5] }], title: null });
  });

  it('counts dates from 1904 in a chart that says so', () => {
    const body = '<c:plotArea><c:lineChart><c:grouping val="standard"/><c:ser><c:idx val="0"/><c:order val="0"/>' +
      '<c:cat><c:numRef><c:f>S!A1</c:f><c:numCache><c:formatCode>yyyy-mm-dd</c:formatCode><c:ptCount val="1"/><c:pt idx="0"><c:v>1</c:v></c:pt></c:numCache></c:numRef></c:cat>' +
      '</c:ser></c:lineChart></c:plotArea>';
    expect(inline(body, '<c:date1904 val="1"/>').categories).toEqual(['1904-01-02']);
    expect(inline(body).categories).toEqual(['1900-01-01']);
  });

  it('titles: rich text over several paragraphs, a cached formula, an empty one', () => {
    const plot = '<c:plotArea><c:pieChart/></c:plotArea>';
    const rich = '<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Sales </a:t></a:r><a:r><a:t>2024</a:t></a:r></a:p><a:p><a:r><a:t>EMEA</a:t></a:r></a:p></c:rich></c:tx></c:title>';
    expect(inline(rich + plot).title).toBe('Sales 2024\nEMEA');
    expect(inline(`<c:title><c:tx><c:strRef><c:f>S!A1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>From cell</c:v></c:pt></c:strCache></c:strRef></c:tx></c:title>${plot}`).title).toBe('From cell');
    expect(inline(`<c:title/>${plot}`).title).toBeNull();
  });

  it('never throws on valid XML that is not what it expects', () => {
    const empty = { type: 'unknown', subtype: null, categories: [], series: [], title: null };
    expect(inline('')).toEqual(empty);
    expect(readChart(parseXml('<cx:chartSpace xmlns:cx="http://schemas.microsoft.com/office/drawing/2014/chartex"><cx:chart/></cx:chartSpace>', 'chartex'))).toEqual(empty);
    expect(inline('<c:plotArea><c:barChart><c:ser><c:cat><c:numRef><c:numCache><c:ptCount val="x"/><c:pt idx="-1"><c:v>1</c:v></c:pt><c:pt idx="99999999999"><c:v>1</c:v></c:pt></c:numCache></c:numRef></c:cat>' +
      '<c:val><c:numRef><c:numCache><c:ptCount val="2"/><c:pt idx="0"><c:v>n/a</c:v></c:pt><c:pt><c:v>3</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:barChart></c:plotArea>')).toEqual({
      type: 'bar', subtype: null, categories: [], series: [{ name: 'Series 1', values: [null, 3] }], title: null,
    });
    expect(inline('<c:plotArea><c:fancyNewChart><c:ser/></c:fancyNewChart></c:plotArea>')).toMatchObject({ type: 'fancyNew', series: [{ name: 'Series 1', values: [] }] });
  });
});
