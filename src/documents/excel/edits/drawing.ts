// Charts and pictures on a sheet live in its drawing part (xl/drawings/drawingN.xml), made and related
// from the sheet when it has none. A new chart is a chart part (design/chart-xml.ts) and an anchor from
// cell to cell; a picture is a media part and an anchor at a cell. Moving a chart rewrites its anchor's
// cells, or takes the anchor to another sheet's drawing; deleting removes the anchor, its relationship
// and the parts nothing else uses.
import { sheetChartAnchor } from '../../ooxml/charts/graphic-frame.ts';
import { CT } from '../../ooxml/content-types.ts';
import { relateImage } from '../../ooxml/media.ts';
import { attr, attrNS, childElements, createEl, descendants, fragment, insertBefore, NS, removeNode, xmlEscape, type Element } from '../../ooxml/xml.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { worksheetAfter } from '../parts/worksheet.ts';
import { chartPartXml, type ChartSpec } from '../design/chart-xml.ts';
import { drawingAnchors, drawingOf, type CellAnchor, type ChartView } from '../view/sheet-parts.ts';
import { CT_XL, keepParts, type SheetEntry } from '../workbook.ts';
import { removeOrphans } from '../../ooxml/orphans.ts';

const XDR = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';
const EMU_PER_PX = 9525;

/** The sheet's drawing part, made (and related, and referenced by <drawing>) when it has none. */
export function ensureDrawing(doc: ExcelDocument, entry: SheetEntry): string {
  const known = drawingOf(doc, entry.part!);
  if (known) return known;
  const part = doc.pkg.freeName('xl/drawings/drawing', '.xml');
  doc.pkg.put(part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="${XDR}" xmlns:a="${NS.a}"></xdr:wsDr>`, CT_XL.drawing);
  const relId = doc.pkg.rels(entry.part!).add(doc.book.rel('drawing'), part);
  const ws = doc.worksheet(entry);
  const root = ws.edit();
  const prefix = root.lookupPrefix(doc.book.ns.r);
  if (!prefix) root.setAttribute('xmlns:r', doc.book.ns.r);
  const el = createEl(root.ownerDocument!, ws.ns, 'drawing');
  el.setAttributeNS(doc.book.ns.r, `${prefix ?? 'r'}:id`, relId);
  insertBefore(root, el, worksheetAfter('drawing'));
  return part;
}

/** A drawing object id not used in the drawing yet. */
function nextShapeId(doc: ExcelDocument, drawing: string): number {
  const ids = descendants(doc.pkg.xml(drawing).documentElement!, XDR, 'cNvPr').map((e) => Number(attr(e, 'id') ?? 0));
  return Math.max(0, ...ids) + 1;
}

function appendAnchor(doc: ExcelDocument, drawing: string, xml: string): Element {
  const root = doc.pkg.edit(drawing).documentElement!;
  const el = fragment(root.ownerDocument!, xml);
  root.appendChild(el);
  return el;
}

export function addChart(doc: ExcelDocument, entry: SheetEntry, spec: ChartSpec, anchor: CellAnchor): string {
  const drawing = ensureDrawing(doc, entry);
  const part = doc.pkg.freeName('xl/charts/chart', '.xml');
  doc.pkg.put(part, chartPartXml(doc, spec), CT.chart);
  const relId = doc.pkg.rels(drawing).add(doc.book.rel('chart'), part);
  appendAnchor(doc, drawing, sheetChartAnchor({ id: nextShapeId(doc, drawing), name: spec.title || 'Chart', relId, from: anchor.from, to: anchor.to, descr: spec.title || undefined }));
  doc.changed(entry.part!);
  return /([^/]+)\.xml$/.exec(part)![1];
}

/** Writes the chart part again from a spec (its anchor and relationships stay). */
export function rewriteChart(doc: ExcelDocument, chart: ChartView, spec: ChartSpec): void {
  doc.pkg.put(chart.part, chartPartXml(doc, spec));
  doc.changed(chart.sheet.part!);
}

function setMarker(anchor: Element, name: string, pos: { row: number; col: number }): void {
  const m = childElements(anchor).find((e) => e.localName === name);
  if (!m) return;
  for (const e of childElements(m)) {
    if (e.localName === 'col') e.textContent = String(pos.col);
    else if (e.localName === 'row') e.textContent = String(pos.row);
    else if (e.localName === 'colOff' || e.localName === 'rowOff') e.textContent = '0';
  }
}

/** Moves a chart to cells of its sheet, or of another sheet (its anchor goes to that sheet's drawing). */
export function moveChart(doc: ExcelDocument, chart: ChartView, target: SheetEntry, anchor: CellAnchor): void {
  if (target.part === chart.sheet.part) {
    doc.pkg.edit(chart.drawing);
    const inner = drawingAnchors(doc, chart.drawing).find((a) => a.el === chart.anchorEl)?.anchor ?? chart.anchorEl;
    if (inner.localName === 'twoCellAnchor') {
      setMarker(inner, 'from', anchor.from);
      setMarker(inner, 'to', anchor.to);
    } else {
      replaceWithTwoCell(doc, chart, anchor);
    }
    doc.changed(chart.sheet.part!);
    return;
  }
  const drawing = ensureDrawing(doc, target);
  const relId = doc.pkg.rels(drawing).add(doc.book.rel('chart'), chart.part);
  appendAnchor(doc, drawing, sheetChartAnchor({ id: nextShapeId(doc, drawing), name: chart.title || chart.id, relId, from: anchor.from, to: anchor.to, descr: chart.title || undefined }));
  detach(doc, chart);
  doc.changed(chart.sheet.part!, target.part!);
}

function replaceWithTwoCell(doc: ExcelDocument, chart: ChartView, anchor: CellAnchor): void {
  const relId = doc.pkg.rels(chart.drawing).all().find((r) => r.target === chart.part)?.id;
  if (!relId) return;
  const root = doc.pkg.edit(chart.drawing).documentElement!;
  const el = fragment(root.ownerDocument!, sheetChartAnchor({ id: nextShapeId(doc, chart.drawing), name: chart.title || chart.id, relId, from: anchor.from, to: anchor.to }));
  root.replaceChild(el, chart.anchorEl);
}

/** Takes the chart's anchor and relationship off its drawing (the chart part stays). */
function detach(doc: ExcelDocument, chart: ChartView): void {
  const rels = doc.pkg.rels(chart.drawing);
  const frameRel = descendants(chart.anchorEl, NS.c, 'chart').map((c) => attrNS(c, NS.r, 'id')).find(Boolean);
  doc.pkg.edit(chart.drawing);
  removeNode(chart.anchorEl);
  const stillUsed = descendants(doc.pkg.xml(chart.drawing).documentElement!, NS.c, 'chart').some((c) => attrNS(c, NS.r, 'id') === frameRel);
  if (frameRel && !stillUsed) rels.remove(frameRel);
}

export function deleteChart(doc: ExcelDocument, chart: ChartView): void {
  detach(doc, chart);
  removeOrphans(doc.pkg, [chart.part], keepParts);
  doc.changed(chart.sheet.part!);
}

export interface NewPicture {
  bytes: Buffer;
  extension: 'png' | 'jpeg' | 'gif';
  at: { row: number; col: number };
  width: number;
  height: number;
  description: string;
}

export function addPicture(doc: ExcelDocument, entry: SheetEntry, pic: NewPicture): void {
  const drawing = ensureDrawing(doc, entry);
  const relId = relateImage(doc.pkg, drawing, pic.bytes, `image/${pic.extension}`);
  const id = nextShapeId(doc, drawing);
  const cx = Math.round(pic.width * EMU_PER_PX);
  const cy = Math.round(pic.height * EMU_PER_PX);
  const name = xmlEscape(pic.description || `Picture ${id}`);
  appendAnchor(doc, drawing, `<xdr:oneCellAnchor xmlns:xdr="${XDR}" xmlns:a="${NS.a}" xmlns:r="${doc.book.ns.r}"><xdr:from><xdr:col>${pic.at.col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${pic.at.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="${cx}" cy="${cy}"/>` +
    `<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="${id}" name="${name}" descr="${name}"/><xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr>` +
    `<xdr:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill><xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor>`);
  doc.changed(entry.part!);
}

