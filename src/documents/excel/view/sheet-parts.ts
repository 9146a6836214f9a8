// What hangs off a worksheet through its relationships: Excel tables (their range, columns and totals
// row), and the drawing with its charts and pictures (where each is anchored, what a chart shows and
// the cells its series point at). Charts are named by their part (`xl/charts/chart3.xml` is `chart3`),
// so a chart keeps its id across reads and resumed runs.
import { readChart } from '../../ooxml/charts/chart-read.ts';
import { attr, attrNS, child, childElements, descendants, NS, type Element } from '../../ooxml/xml.ts';
import { parseRange, type RangePos } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import type { SheetEntry } from '../workbook.ts';

export type TotalsFunction = 'sum' | 'average' | 'count' | 'min' | 'max';

export interface TableView {
  /** Workbook-unique: how formulas and the agent name it. */
  name: string;
  part: string;
  sheet: SheetEntry;
  range: RangePos;
  columns: { name: string; totalsFunction?: string; totalsLabel?: string }[];
  totalsRow: boolean;
  headerRow: boolean;
  style: string | null;
}

/** How a reader names an Excel table: "tblExpenses" is "Expenses", "Sales_2024" is "Sales 2024". */
export function readableTableName(name: string): string {
  return name.replace(/^(?:tbl|table|tab)(?=[A-Z_\d])/i, '').replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim() || name;
}

export type ChartKind = 'bar' | 'column' | 'line' | 'pie' | 'doughnut' | 'area';

export interface CellAnchor {
  from: { row: number; col: number };
  to: { row: number; col: number };
}

export interface ChartView {
  /** `chart3` for xl/charts/chart3.xml. */
  id: string;
  part: string;
  sheet: SheetEntry;
  drawing: string;
  /** The anchor element in the drawing (twoCellAnchor, oneCellAnchor, absoluteAnchor, or the mc:AlternateContent around it). */
  anchorEl: Element;
  anchor: CellAnchor;
  /** `other`: a kind the tools do not describe (scatter, combo, 3-D...): it can be moved or deleted, and is kept as it is. */
  kind: ChartKind | 'other';
  /** What readChart calls it (bar, scatter, combo...), for the outline. */
  type: string;
  stacked: boolean;
  title: string;
  categories: string;
  series: { name: string; nameRef: string | null; values: string }[];
}

export interface ImageView {
  id: string;
  sheet: SheetEntry;
  drawing: string;
  anchorEl: Element;
  anchor: CellAnchor;
  /** Size in pixels, when the anchor says. */
  width: number | null;
  height: number | null;
  description: string | null;
}

const XDR = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';
const ANCHORS = ['twoCellAnchor', 'oneCellAnchor', 'absoluteAnchor'];
const EMU_PER_PX = 9525;

export function readTables(doc: ExcelDocument, sheet: SheetEntry): TableView[] {
  if (!sheet.part) return [];
  const out: TableView[] = [];
  for (const rel of doc.pkg.rels(sheet.part).all()) {
    if (rel.external || !doc.book.isRel(rel.type, 'table') || !doc.pkg.has(rel.target)) continue;
    const root = doc.pkg.xml(rel.target).documentElement!;
    const range = parseRange(attr(root, 'ref') ?? '');
    if (!range) continue;
    const cols = childElements(childElements(root).find((e) => e.localName === 'tableColumns') ?? root).filter((e) => e.localName === 'tableColumn');
    const styleInfo = childElements(root).find((e) => e.localName === 'tableStyleInfo');
    out.push({
      name: attr(root, 'displayName') ?? attr(root, 'name') ?? 'Table',
      part: rel.target,
      sheet,
      range,
      columns: cols.map((c) => ({
        name: attr(c, 'name') ?? '',
        ...(attr(c, 'totalsRowFunction') ? { totalsFunction: attr(c, 'totalsRowFunction')! } : {}),
        ...(attr(c, 'totalsRowLabel') ? { totalsLabel: attr(c, 'totalsRowLabel')! } : {}),
      })),
      totalsRow: Number(attr(root, 'totalsRowCount') ?? 0) > 0,
      headerRow: attr(root, 'headerRowCount') !== '0',
      style: attr(styleInfo ?? null, 'name'),
    });
  }
  return out;
}

/** The drawing part of a worksheet, or null. */
export function drawingOf(doc: ExcelDocument, sheetPart: string): string | null {
  const rel = doc.pkg.rels(sheetPart).all().find((r) => !r.external && doc.book.isRel(r.type, 'drawing') && doc.pkg.has(r.target));
  return rel?.target ?? null;
}

/** The anchors of a drawing, each with the shape inside (an mc:AlternateContent's choice when wrapped). */
export function drawingAnchors(doc: ExcelDocument, drawing: string): { el: Element; anchor: Element }[] {
  const root = doc.pkg.xml(drawing).documentElement!;
  const out: { el: Element; anchor: Element }[] = [];
  for (const el of childElements(root)) {
    if (ANCHORS.includes(el.localName ?? '')) out.push({ el, anchor: el });
    else if (el.localName === 'AlternateContent') {
      const choice = childElements(el).find((e) => e.localName === 'Choice') ?? childElements(el).find((e) => e.localName === 'Fallback');
      const inner = choice ? childElements(choice).find((e) => ANCHORS.includes(e.localName ?? '')) : undefined;
      if (inner) out.push({ el, anchor: inner });
    }
  }
  return out;
}

function marker(anchor: Element, name: string): { row: number; col: number } | null {
  const m = childElements(anchor).find((e) => e.localName === name);
  if (!m) return null;
  const num = (local: string) => Number(childElements(m).find((e) => e.localName === local)?.textContent ?? 0);
  return { row: num('row'), col: num('col') };
}

function extentPx(anchor: Element): { width: number | null; height: number | null } {
  const ext = childElements(anchor).find((e) => e.localName === 'ext') ?? descendants(anchor, NS.a, 'ext')[0];
  const cx = Number(attr(ext ?? null, 'cx') ?? NaN);
  const cy = Number(attr(ext ?? null, 'cy') ?? NaN);
  return { width: cx > 0 ? Math.round(cx / EMU_PER_PX) : null, height: cy > 0 ? Math.round(cy / EMU_PER_PX) : null };
}

export function anchorCells(anchor: Element): CellAnchor {
  const from = marker(anchor, 'from') ?? { row: 0, col: 0 };
  const to = marker(anchor, 'to') ?? { row: from.row + 16, col: from.col + 8 };
  return { from, to };
}

/** The formula of a series part (c:tx, c:cat, c:val...): its reference's c:f, or ''. */
function formulaIn(el: Element | null): string {
  if (!el) return '';
  for (const ref of childElements(el)) {
    const f = childElements(ref).find((e) => e.localName === 'f');
    if (f) return (f.textContent ?? '').trim();
  }
  return '';
}

const KIND_OF: Record<string, ChartKind> = { line: 'line', pie: 'pie', doughnut: 'doughnut', area: 'area' };

function describeChart(doc: ExcelDocument, part: string): Pick<ChartView, 'kind' | 'type' | 'stacked' | 'title' | 'categories' | 'series'> {
  let read: ReturnType<typeof readChart>;
  const xml = doc.pkg.xml(part);
  try {
    read = readChart(xml);
  } catch {
    return { kind: 'other', type: 'unknown', stacked: false, title: '', categories: '', series: [] };
  }
  const sub = read.subtype ?? '';
  const kind: ChartKind | 'other' = /3d|percentStacked/.test(sub) ? 'other'
    : read.type === 'bar' ? (sub.includes('horizontal') ? 'bar' : 'column') : KIND_OF[read.type] ?? 'other';
  const sers = descendants(xml.documentElement!, xml.documentElement!.namespaceURI ?? NS.c, 'ser');
  const series = sers.map((ser, i) => {
    const tx = childElements(ser).find((e) => e.localName === 'tx') ?? null;
    const val = childElements(ser).find((e) => e.localName === 'val' || e.localName === 'yVal') ?? null;
    return { name: read.series[i]?.name ?? `Series ${i + 1}`, nameRef: formulaIn(tx) || null, values: formulaIn(val) };
  });
  const firstCat = sers[0] ? childElements(sers[0]).find((e) => e.localName === 'cat' || e.localName === 'xVal') ?? null : null;
  return { kind, type: read.type, stacked: sub.includes('stacked'), title: read.title ?? '', categories: formulaIn(firstCat), series };
}

export function readDrawing(doc: ExcelDocument, sheet: SheetEntry): { charts: ChartView[]; images: ImageView[] } {
  const drawing = sheet.part ? drawingOf(doc, sheet.part) : null;
  if (!drawing) return { charts: [], images: [] };
  const rels = doc.pkg.rels(drawing);
  const charts: ChartView[] = [];
  const images: ImageView[] = [];
  for (const { el, anchor } of drawingAnchors(doc, drawing)) {
    const cells = anchorCells(anchor);
    const frame = childElements(anchor).find((e) => e.localName === 'graphicFrame');
    const chartRef = frame ? descendants(frame, NS.c, 'chart')[0] ?? descendants(frame, 'http://purl.oclc.org/ooxml/drawingml/chart', 'chart')[0] : undefined;
    if (chartRef) {
      const relId = attrNS(chartRef, NS.r, 'id') ?? attrNS(chartRef, 'http://purl.oclc.org/ooxml/officeDocument/relationships', 'id');
      const rel = relId ? rels.get(relId) : undefined;
      if (!rel || rel.external || !doc.pkg.has(rel.target)) continue;
      const id = /([^/]+)\.xml$/.exec(rel.target)?.[1] ?? rel.target;
      charts.push({ id, part: rel.target, sheet, drawing, anchorEl: el, anchor: cells, ...describeChart(doc, rel.target) });
      continue;
    }
    const pic = childElements(anchor).find((e) => e.localName === 'pic');
    if (pic) {
      const nv = childElements(pic).find((e) => e.localName === 'nvPicPr');
      const cNvPr = nv ? childElements(nv).find((e) => e.localName === 'cNvPr') ?? null : null;
      const size = extentPx(child(pic, XDR, 'spPr') ?? pic);
      images.push({ id: '', sheet, drawing, anchorEl: el, anchor: cells, ...size, description: attr(cNvPr, 'descr') });
    }
  }
  return { charts, images };
}
