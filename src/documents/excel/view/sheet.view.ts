// What the agent sees of each sheet: its used range, frozen panes, filter, merged ranges, tables,
// charts and pictures, read from the sheet's part and the parts it relates to. Views are read once per
// change of the document (its generation), so tools can ask freely.
import { attr, child, children, type Element } from '../../ooxml/xml.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { parseRange, type RangePos } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import type { Worksheet } from '../parts/worksheet.ts';
import type { SheetEntry } from '../workbook.ts';
import { usedExtent } from './cells.ts';
import { readDrawing, readTables, type ChartView, type ImageView, type TableView } from './sheet-parts.ts';

export interface SheetView {
  entry: SheetEntry;
  name: string;
  /** 0-based tab position. */
  index: number;
  ws: Worksheet | null;
  extent: { rows: number; cols: number };
  freeze: { rows: number; columns: number } | null;
  autoFilter: RangePos | null;
  merges: RangePos[];
  tables: TableView[];
  charts: ChartView[];
  images: ImageView[];
  showGridLines: boolean;
}

interface Cache { generation: number; sheets: Map<string, SheetView> }
const caches = new WeakMap<ExcelDocument, Cache>();

function sheetView(ws: Worksheet): Element | null {
  const views = child(ws.root(), ws.ns, 'sheetViews');
  return children(views, ws.ns, 'sheetView')[0] ?? null;
}

export function freezeOf(ws: Worksheet): { rows: number; columns: number } | null {
  const pane = child(sheetView(ws), ws.ns, 'pane');
  if (!pane || !/frozen/.test(attr(pane, 'state') ?? '')) return null;
  const rows = Math.round(Number(attr(pane, 'ySplit') ?? 0));
  const columns = Math.round(Number(attr(pane, 'xSplit') ?? 0));
  return rows || columns ? { rows, columns } : null;
}

export function mergesOf(ws: Worksheet): RangePos[] {
  return children(child(ws.root(), ws.ns, 'mergeCells'), ws.ns, 'mergeCell').map((m) => parseRange(attr(m, 'ref') ?? '')).filter((r): r is RangePos => r !== null);
}

function read(doc: ExcelDocument, entry: SheetEntry, index: number): SheetView {
  const base = { entry, name: entry.name, index, extent: { rows: 0, cols: 0 }, freeze: null, autoFilter: null, merges: [], tables: [], images: [], showGridLines: true };
  if (entry.kind !== 'worksheet' || !entry.part) return { ...base, ws: null, charts: [] };
  const ws = doc.worksheet(entry);
  const drawing = readDrawing(doc, entry);
  const view = sheetView(ws);
  return {
    ...base,
    ws,
    extent: usedExtent(ws),
    freeze: freezeOf(ws),
    autoFilter: parseRange(attr(child(ws.root(), ws.ns, 'autoFilter'), 'ref') ?? '') ?? null,
    merges: mergesOf(ws),
    tables: readTables(doc, entry),
    charts: drawing.charts,
    images: drawing.images,
    showGridLines: !['0', 'false'].includes(attr(view, 'showGridLines') ?? ''),
  };
}

/** Every sheet's view, in tab order. */
export function sheetViews(doc: ExcelDocument): SheetView[] {
  let cache = caches.get(doc);
  if (!cache || cache.generation !== doc.generation) {
    cache = { generation: doc.generation, sheets: new Map() };
    caches.set(doc, cache);
  }
  const c = cache;
  let imageNo = 0;
  return doc.sheets().map((entry, i) => {
    let v = c.sheets.get(entry.name);
    if (!v || v.index !== i) {
      v = read(doc, entry, i);
      c.sheets.set(entry.name, v);
    }
    for (const img of v.images) img.id = `image${++imageNo}`;
    return v;
  });
}

export function viewOf(doc: ExcelDocument, name: string): SheetView {
  const entry = doc.sheet(name);
  return sheetViews(doc).find((v) => v.entry.part === entry.part)!;
}

export function allTables(doc: ExcelDocument): TableView[] {
  return sheetViews(doc).flatMap((s) => s.tables);
}

export function allCharts(doc: ExcelDocument): ChartView[] {
  return sheetViews(doc).flatMap((s) => s.charts);
}

export function findTable(doc: ExcelDocument, name: string): TableView | undefined {
  return allTables(doc).find((t) => t.name.toLowerCase() === name.toLowerCase());
}

/** A chart by id or title; ToolError listing the charts otherwise. */
export function chartById(doc: ExcelDocument, id: string): ChartView {
  const charts = allCharts(doc);
  const found = charts.find((c) => c.id === id) ?? charts.find((c) => c.title && c.title.toLowerCase() === id.toLowerCase());
  if (!found) throw new ToolError(`There is no chart "${id}". Charts: ${charts.map((c) => `${c.id} ("${c.title}" on ${c.sheet.name})`).join(', ') || 'none'}.`);
  return found;
}

/** The <col> width (characters) set for a 0-based column, or null. */
export function columnWidth(ws: Worksheet, col: number): number | null {
  for (const c of children(child(ws.root(), ws.ns, 'cols'), ws.ns, 'col')) {
    const min = Number(attr(c, 'min')) - 1;
    const max = Number(attr(c, 'max')) - 1;
    if (col >= min && col <= max) return attr(c, 'width') !== null ? Number(attr(c, 'width')) : null;
  }
  return null;
}

