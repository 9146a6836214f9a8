// Puts a native chart into a package and onto a page. addChartParts writes the chart part, its
// embedded workbook and the relationships and content types that tie them to the part that shows the
// chart; the snippet functions give the XML that shows it: a graphic frame in a slide's shape tree, an
// inline drawing in a Word run, an anchor in a spreadsheet drawing. The snippets declare the
// namespaces their parts do not always declare (c, wp, xdr), so they parse on their own too.
import type { OoxmlPackage } from '../package.ts';
import { CT } from '../content-types.ts';
import { REL } from '../relationships.ts';
import { xmlEscape } from '../xml.ts';
import type { ChartData } from './chart-spec.ts';
import { chartPartXml, type ChartStyle } from './chart-xml.ts';
import { chartWorkbook } from './chart-workbook.ts';

const CHART_URI = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const C_DECL = `xmlns:c="${CHART_URI}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;
const A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const WP_NS = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
const XDR_NS = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';

export interface FrameOptions {
  /** Drawing object id, unique in its slide (cNvPr) or document (wp:docPr). */
  id: number;
  name: string;
  relId: string;
  /** Alternative text for screen readers. */
  descr?: string;
}

/** Offsets and sizes are EMU (914400 per inch). */
export interface SlideFrameOptions extends FrameOptions { x: number; y: number; cx: number; cy: number }

const emu = (n: number) => String(Math.max(0, Math.round(n)));
const descrAttr = (d?: string) => (d ? ` descr="${xmlEscape(d)}"` : '');

function chartGraphic(relId: string, aDecl = ''): string {
  return `<a:graphic${aDecl}><a:graphicData uri="${CHART_URI}"><c:chart ${C_DECL} r:id="${xmlEscape(relId)}"/></a:graphicData></a:graphic>`;
}

/** A p:graphicFrame for a slide's p:spTree (the slide declares p, a and r). */
export function slideChartFrame(o: SlideFrameOptions): string {
  return `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${o.id}" name="${xmlEscape(o.name)}"${descrAttr(o.descr)}/>` +
    '<p:cNvGraphicFramePr><a:graphicFrameLocks noGrp="1"/></p:cNvGraphicFramePr><p:nvPr/></p:nvGraphicFramePr>' +
    `<p:xfrm><a:off x="${emu(o.x)}" y="${emu(o.y)}"/><a:ext cx="${emu(o.cx)}" cy="${emu(o.cy)}"/></p:xfrm>` +
    `${chartGraphic(o.relId)}</p:graphicFrame>`;
}

/** A w:drawing with an inline chart, to put in a w:r (the document declares w). */
export function wordChartInline(o: FrameOptions & { cx: number; cy: number }): string {
  return `<w:drawing><wp:inline xmlns:wp="${WP_NS}" distT="0" distB="0" distL="0" distR="0">` +
    `<wp:extent cx="${emu(o.cx)}" cy="${emu(o.cy)}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>` +
    `<wp:docPr id="${o.id}" name="${xmlEscape(o.name)}"${descrAttr(o.descr)}/><wp:cNvGraphicFramePr/>` +
    `${chartGraphic(o.relId, ` xmlns:a="${A_NS}"`)}</wp:inline></w:drawing>`;
}

/** Cell corners of a spreadsheet anchor: 0-based column and row. */
export interface CellCorner { col: number; row: number }

/** An xdr:twoCellAnchor for a spreadsheet drawing part (xl/drawings/drawingN.xml), from one cell corner to another. */
export function sheetChartAnchor(o: FrameOptions & { from: CellCorner; to: CellCorner }): string {
  const corner = (tag: string, c: CellCorner) => `<xdr:${tag}><xdr:col>${c.col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${c.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
  return `<xdr:twoCellAnchor xmlns:xdr="${XDR_NS}" xmlns:a="${A_NS}">${corner('from', o.from)}${corner('to', o.to)}` +
    `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${o.id}" name="${xmlEscape(o.name)}"${descrAttr(o.descr)}/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
    `<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>${chartGraphic(o.relId)}</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`;
}

export interface AddChartOptions {
  /** Default by the package: 'slide' under ppt/, 'document' under word/, 'sheet' under xl/. */
  style?: ChartStyle;
  numberFormat?: string;
  /** Sheet the formulas point at: the embedded workbook's only sheet, or a sheet of the host workbook. */
  sheetName?: string;
  /** Top-left cell of the data table in that sheet (default A1). */
  at?: string;
  /**
   * Embed the data as a workbook (Edit Data in PowerPoint and Word). Default: yes, except in a
   * workbook, where a chart's formulas point at the workbook's own sheets and the caller writes the
   * table there (at `sheetName`!`at`).
   */
  embed?: boolean;
}

export interface AddedChart {
  /** Relationship id from `fromPart` to the chart: the r:id of the snippet. */
  relId: string;
  chartPart: string;
  /** The embedded workbook, when there is one. */
  workbookPart: string | null;
}

/**
 * Adds `<dir>/charts/chartN.xml` (dir: ppt, word or xl, from `fromPart`), its embedded workbook
 * `<dir>/embeddings/Microsoft_Excel_Worksheet{N}.xlsx`, their content types, and the relationship from
 * `fromPart` (a slide, the document, a spreadsheet drawing) to the chart.
 */
export function addChartParts(pkg: OoxmlPackage, fromPart: string, data: ChartData, opts: AddChartOptions = {}): AddedChart {
  const dir = fromPart.split('/')[0] || 'ppt';
  const style: ChartStyle = opts.style ?? (dir === 'word' ? 'document' : dir === 'xl' ? 'sheet' : 'slide');
  const embed = opts.embed ?? dir !== 'xl';
  const sheetName = opts.sheetName ?? 'Sheet1';
  const chartPart = pkg.freeName(`${dir}/charts/chart`, '.xml');
  const n = Number(/(\d+)\.xml$/.exec(chartPart)![1]);
  let workbookPart: string | null = null;
  let workbookRelId: string | undefined;
  if (embed) {
    workbookPart = pkg.freeName(`${dir}/embeddings/Microsoft_Excel_Worksheet`, '.xlsx', n);
    pkg.put(workbookPart, chartWorkbook(data, sheetName, { numberFormat: opts.numberFormat }));
    workbookRelId = pkg.rels(chartPart).add(REL.package, workbookPart);
  }
  const at = embed ? 'A1' : opts.at ?? 'A1';
  // Without a theme part (LibreOffice writes .docx files without one), theme colours would come out black.
  const literalColors = !pkg.paths().some((p) => pkg.contentType(p) === CT.theme);
  pkg.put(chartPart, chartPartXml(data, { workbookRelId, numberFormat: opts.numberFormat, style, sheetName, at, literalColors }), CT.chart);
  const relId = pkg.rels(fromPart).add(REL.chart, chartPart);
  return { relId, chartPart, workbookPart };
}
