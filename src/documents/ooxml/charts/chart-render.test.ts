// Charts as LibreOffice draws them: a bar chart in a slide-sized frame on a slide of a real deck
// (LibreOffice's Vivid template, saved as .pptx), a line and a pie chart on its other slides, a chart
// in a Word document without a theme, and one in a workbook pointing at the workbook's own cells.
// The PDF must show each chart's labels, and openpyxl must find the workbook's chart and its ranges.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWithOpenpyxl } from '../../../../test/helpers/openpyxl.ts';
import { OoxmlPackage } from '../package.ts';
import { createEl, fragment, NS, path1, type Document } from '../xml.ts';
import { writeZip } from '../zip-writer.ts';
import type { ChartData } from './chart-spec.ts';
import { chartWorkbook } from './chart-workbook.ts';
import { addChartParts, sheetChartAnchor, slideChartFrame, wordChartInline } from './graphic-frame.ts';

const run = promisify(execFile);
const TEMPLATE = '/usr/lib/libreoffice/share/template/common/presnt/Vivid.otp';
const DRAWING_CT = 'application/vnd.openxmlformats-officedocument.drawing+xml';
const DRAWING_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing';

const BAR: ChartData = { type: 'bar', categories: ['Lisbon', 'Oslo', 'Zürich', 'Kraków'], series: [{ name: '2024', values: [41, 35, null, 28] }, { name: '2025', values: [46, 39, 30, 33] }], title: 'Visitors & stays' };
const LINE: ChartData = { type: 'line', categories: ['Jan', 'Feb', 'Mar', 'Apr', 'May'], series: [{ name: 'Signups', values: [120, 135, null, 180, 210] }] };
const PIE: ChartData = { type: 'pie', categories: ['Hardware', 'Software', 'Services'], series: [{ name: 'Mix', values: [45, 35, 20] }], title: 'Revenue mix' };
const WORD: ChartData = { type: 'bar', categories: ['Alpha', 'Beta', 'Gamma'], series: [{ name: 'Score', values: [3.5, 4.25, 2] }], title: 'Scores in the report' };
const SHEET: ChartData = { type: 'line', categories: ['Week 1', 'Week 2', 'Week 3'], series: [{ name: 'Tickets', values: [12, 18, 9] }], title: 'Tickets per week' };

let dir = '';
const soffice = (...args: string[]) => run('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--norestore', ...args], { timeout: 240_000 });
const pageText = async (pdf: string, page: number) => (await run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', pdf, '-'])).stdout;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-charts-'));
  fs.copyFileSync(TEMPLATE, path.join(dir, 'vivid.otp'));
  await soffice('--convert-to', 'pptx', '--outdir', dir, path.join(dir, 'vivid.otp'));
}, 240_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function spTree(doc: Document) {
  return path1(doc.documentElement, [NS.p, 'cSld'], [NS.p, 'spTree'])!;
}

function deckWithCharts(): Buffer {
  const pkg = OoxmlPackage.open(fs.readFileSync(path.join(dir, 'vivid.pptx')), { what: 'a PowerPoint presentation', mainPart: 'ppt/presentation.xml' });
  const size = pkg.xml('ppt/presentation.xml').getElementsByTagNameNS(NS.p, 'sldSz')[0];
  const [w, h] = [Number(size.getAttribute('cx')), Number(size.getAttribute('cy'))];
  const place = (slide: string, data: ChartData, frame: { x: number; y: number; cx: number; cy: number }) => {
    const { relId } = addChartParts(pkg, slide, data);
    const doc = pkg.edit(slide);
    spTree(doc).appendChild(fragment(doc, slideChartFrame({ id: 1000, name: `Chart ${data.type}`, relId, ...frame })));
  };
  place('ppt/slides/slide3.xml', BAR, { x: w * 0.05, y: h * 0.08, cx: w * 0.9, cy: h * 0.84 });
  place('ppt/slides/slide2.xml', LINE, { x: w * 0.05, y: h * 0.25, cx: w * 0.9, cy: h * 0.7 });
  place('ppt/slides/slide1.xml', PIE, { x: w * 0.25, y: h * 0.1, cx: w * 0.5, cy: h * 0.8 });
  return pkg.save();
}

/** A .docx as small as Word accepts, without a theme part (as LibreOffice writes them), with a chart after a paragraph. */
function documentWithChart(): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const pkg = OoxmlPackage.open(writeZip([
    { name: '[Content_Types].xml', compress: true, data: Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>') },
    { name: '_rels/.rels', compress: true, data: Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>') },
    { name: 'word/document.xml', compress: true, data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${NS.r}"><w:body><w:p><w:r><w:t>Quarterly report</w:t></w:r></w:p><w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`) },
  ]), { what: 'a Word document' });
  const { relId } = addChartParts(pkg, 'word/document.xml', WORD);
  const doc = pkg.edit('word/document.xml');
  const body = path1(doc.documentElement, [NS.w, 'body'])!;
  body.insertBefore(fragment(doc, `<w:p><w:r>${wordChartInline({ id: 1, name: 'Chart 1', relId, cx: 5486400, cy: 3200400 })}</w:r></w:p>`), path1(body, [NS.w, 'sectPr']));
  return pkg.save();
}

/** A workbook with the chart's table at A1 of Sheet1 and, beside it, a chart whose formulas point at those cells. */
function workbookWithChart(): Buffer {
  const pkg = OoxmlPackage.open(chartWorkbook(SHEET), { what: 'an Excel workbook' });
  const drawing = 'xl/drawings/drawing1.xml';
  const { relId } = addChartParts(pkg, drawing, SHEET);
  const anchor = sheetChartAnchor({ id: 2, name: 'Chart 1', relId, from: { col: 3, row: 1 }, to: { col: 11, row: 20 } });
  pkg.put(drawing, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="${NS.a}">${anchor}</xdr:wsDr>`, DRAWING_CT);
  const sheetPart = 'xl/worksheets/sheet1.xml';
  const drawingRel = pkg.rels(sheetPart).add(DRAWING_REL, drawing);
  const sheet = pkg.edit(sheetPart);
  const el = createEl(sheet, NS.x, 'drawing');
  el.setAttributeNS(NS.r, 'r:id', drawingRel);
  sheet.documentElement!.appendChild(el);
  return pkg.save();
}

describe('charts rendered by LibreOffice', () => {
  it('shows each chart with its labels: three kinds on a real deck, one in a document, one in a workbook', async () => {
    const files = { 'deck.pptx': deckWithCharts(), 'report.docx': documentWithChart(), 'book.xlsx': workbookWithChart() };
    for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), bytes);
    await soffice('--convert-to', 'pdf', '--outdir', dir, ...Object.keys(files).map((f) => path.join(dir, f)));

    const deck = path.join(dir, 'deck.pdf');
    const bar = await pageText(deck, 3);
    for (const label of [...BAR.categories, 'Visitors & stays', '2024', '2025']) expect(bar).toContain(label);
    const line = await pageText(deck, 2);
    for (const label of [...LINE.categories, '210']) expect(line).toContain(label);
    const pie = await pageText(deck, 1);
    for (const label of [...PIE.categories, 'Revenue mix', '45%', '35%', '20%']) expect(pie).toContain(label);

    const report = await pageText(path.join(dir, 'report.pdf'), 1);
    for (const label of [...WORD.categories, 'Scores in the report', '4.25']) expect(report).toContain(label);
    const book = await pageText(path.join(dir, 'book.pdf'), 1);
    expect(book).toContain('Tickets per week');

    const [sheet] = readWithOpenpyxl(files['book.xlsx']).sheets;
    expect(sheet.charts).toEqual([{ type: 'LineChart', title: 'Tickets per week', grouping: 'standard', barDir: null, series: [{ values: 'Sheet1!$B$2:$B$4', categories: 'Sheet1!$A$2:$A$4' }] }]);
  }, 240_000);
});
