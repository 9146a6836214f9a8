// addChartParts and the snippets that show a chart: the parts, relationships and content types a
// chart needs in a deck, a document and a workbook, and frames that parse into their parts.
import { describe, expect, it } from 'vitest';
import { OoxmlPackage } from '../package.ts';
import { REL } from '../relationships.ts';
import { attrNS, childElements, fragment, NS, parseXml, path1 } from '../xml.ts';
import { writeZip } from '../zip-writer.ts';
import type { ChartData } from './chart-spec.ts';
import { readChart } from './chart-read.ts';
import { addChartParts, sheetChartAnchor, slideChartFrame, wordChartInline } from './graphic-frame.ts';

const DATA: ChartData = { type: 'bar', categories: ['North', 'South'], series: [{ name: 'Sales', values: [3, 4] }] };
const THEME_CT = 'application/vnd.openxmlformats-officedocument.theme+xml';

/** A package with `[Content_Types].xml` and the given XML parts (each declared with its content type). */
function makePackage(parts: Record<string, [contentType: string, xml: string]>): OoxmlPackage {
  const overrides = Object.entries(parts).map(([name, [type]]) => `<Override PartName="/${name}" ContentType="${type}"/>`).join('');
  const types = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`;
  const entries = [{ name: '[Content_Types].xml', data: Buffer.from(types), compress: true }, ...Object.entries(parts).map(([name, [, xml]]) => ({ name, data: Buffer.from(xml), compress: true }))];
  return OoxmlPackage.open(writeZip(entries), { what: 'a test package' });
}

const SLIDE = '<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:cSld><p:spTree/></p:cSld></p:sld>';
const deck = () => makePackage({
  'ppt/slides/slide1.xml': ['application/vnd.openxmlformats-officedocument.presentationml.slide+xml', SLIDE],
  'ppt/theme/theme1.xml': [THEME_CT, '<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="t"/>'],
});

describe('addChartParts', () => {
  it('adds the chart, its workbook, their content types and relationships to a deck', () => {
    const pkg = deck();
    const added = addChartParts(pkg, 'ppt/slides/slide1.xml', DATA);
    expect(added).toEqual({ relId: 'rId1', chartPart: 'ppt/charts/chart1.xml', workbookPart: 'ppt/embeddings/Microsoft_Excel_Worksheet1.xlsx' });
    const saved = OoxmlPackage.open(pkg.save(), { what: 'a deck' });
    expect(saved.contentType('ppt/charts/chart1.xml')).toBe('application/vnd.openxmlformats-officedocument.drawingml.chart+xml');
    expect(saved.contentType(added.workbookPart!)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(saved.text('[Content_Types].xml')).toContain('<Default Extension="xlsx"');
    expect(saved.rels('ppt/slides/slide1.xml').get('rId1')).toMatchObject({ type: REL.chart, target: 'ppt/charts/chart1.xml' });
    expect(saved.text('ppt/slides/_rels/slide1.xml.rels')).toContain('Target="../charts/chart1.xml"');
    const [link] = saved.rels('ppt/charts/chart1.xml').all();
    expect(link).toMatchObject({ type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/package', target: added.workbookPart });
    expect(saved.text('ppt/charts/_rels/chart1.xml.rels')).toContain('Target="../embeddings/Microsoft_Excel_Worksheet1.xlsx"');
    const chart = saved.xml('ppt/charts/chart1.xml');
    expect(attrNS(path1(chart.documentElement, [NS.c, 'externalData']), NS.r, 'id')).toBe(link.id);
    expect(readChart(chart)).toMatchObject({ type: 'bar', categories: DATA.categories, series: DATA.series });
    expect(saved.text('ppt/charts/chart1.xml')).toContain('sz="1200"');
    expect(saved.bytes(added.workbookPart!).subarray(0, 2).toString()).toBe('PK');
  });

  it('numbers a second chart after the first', () => {
    const pkg = deck();
    addChartParts(pkg, 'ppt/slides/slide1.xml', DATA);
    expect(addChartParts(pkg, 'ppt/slides/slide1.xml', { ...DATA, type: 'pie' })).toEqual({
      relId: 'rId2', chartPart: 'ppt/charts/chart2.xml', workbookPart: 'ppt/embeddings/Microsoft_Excel_Worksheet2.xlsx',
    });
  });

  it('in a Word document: word/charts, document-sized text, RGB colours when the package has no theme', () => {
    const doc = makePackage({ 'word/document.xml': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'] });
    const added = addChartParts(doc, 'word/document.xml', DATA);
    expect(added.chartPart).toBe('word/charts/chart1.xml');
    expect(added.workbookPart).toBe('word/embeddings/Microsoft_Excel_Worksheet1.xlsx');
    const xml = doc.text(added.chartPart);
    expect(xml).toContain('sz="900"');
    expect(xml).not.toContain('schemeClr');
  });

  it('in a workbook: xl/charts, formulas into the workbook\'s own sheet, no embedded copy', () => {
    const book = makePackage({ 'xl/drawings/drawing1.xml': ['application/vnd.openxmlformats-officedocument.drawing+xml', '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"/>'] });
    const added = addChartParts(book, 'xl/drawings/drawing1.xml', DATA, { sheetName: 'Sales 2024', at: 'B2' });
    expect(added).toMatchObject({ chartPart: 'xl/charts/chart1.xml', workbookPart: null });
    const xml = book.text(added.chartPart);
    expect(xml).toContain("<c:f>'Sales 2024'!$B$3:$B$4</c:f>");
    expect(xml).not.toContain('externalData');
    expect(book.rels(added.chartPart).size).toBe(0);
  });
});

describe('frames', () => {
  it('a slide graphic frame, with its id, name, alt text, position and chart relationship', () => {
    const doc = parseXml(SLIDE, 'slide');
    const frame = fragment(doc, slideChartFrame({ id: 7, name: 'Chart "A" & B', descr: 'Sales <2024>', relId: 'rId3', x: 914400, y: 457200.4, cx: 8229600, cy: 4572000 }));
    expect(frame.localName).toBe('graphicFrame');
    expect(childElements(frame).map((e) => e.localName)).toEqual(['nvGraphicFramePr', 'xfrm', 'graphic']);
    const cNvPr = path1(frame, [NS.p, 'nvGraphicFramePr'], [NS.p, 'cNvPr'])!;
    expect([cNvPr.getAttribute('id'), cNvPr.getAttribute('name'), cNvPr.getAttribute('descr')]).toEqual(['7', 'Chart "A" & B', 'Sales <2024>']);
    expect(path1(frame, [NS.p, 'nvGraphicFramePr'], [NS.p, 'cNvGraphicFramePr'], [NS.a, 'graphicFrameLocks'])!.getAttribute('noGrp')).toBe('1');
    expect(path1(frame, [NS.p, 'xfrm'], [NS.a, 'off'])!.getAttribute('y')).toBe('457200');
    const chart = path1(frame, [NS.a, 'graphic'], [NS.a, 'graphicData'], [NS.c, 'chart'])!;
    expect(attrNS(chart, NS.r, 'id')).toBe('rId3');
  });

  it('a Word inline drawing that parses on its own (wp, a, c, r declared)', () => {
    const xml = wordChartInline({ id: 3, name: 'Chart 1', relId: 'rId9', cx: 5486400, cy: 3200400 });
    const doc = parseXml(`<w:r xmlns:w="${NS.w}">${xml}</w:r>`, 'run');
    const inline = childElements(childElements(doc.documentElement!)[0])[0];
    expect(inline.localName).toBe('inline');
    expect(childElements(inline).map((e) => e.localName)).toEqual(['extent', 'effectExtent', 'docPr', 'cNvGraphicFramePr', 'graphic']);
    expect(attrNS(doc.getElementsByTagNameNS(NS.c, 'chart')[0], NS.r, 'id')).toBe('rId9');
  });

  it('a spreadsheet anchor from one cell to another', () => {
    const xml = sheetChartAnchor({ id: 2, name: 'Chart 1', relId: 'rId1', from: { col: 4, row: 1 }, to: { col: 12, row: 18 } });
    const anchor = parseXml(xml, 'anchor').documentElement!;
    expect(childElements(anchor).map((e) => e.localName)).toEqual(['from', 'to', 'graphicFrame', 'clientData']);
    expect(anchor.getElementsByTagName('xdr:col')[1].textContent).toBe('12');
  });
});
