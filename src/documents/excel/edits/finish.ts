// What a task's edits leave to do before the workbook is written: the template's blank sheet goes once
// real sheets exist; sheets made in this task get column widths from their content (columns nobody
// sized) and landscape pages when wide; Folio's formulas get fresh results; the calculation chain goes
// when formulas changed (Excel rebuilds it), and Excel and LibreOffice are asked to recalculate on open
// when existing cells changed or a result could not be computed here.
import { attr, child, children, createEl, insertBefore } from '../../ooxml/xml.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { hasTime } from '../design/number-format-codes.ts';
import { readCell } from '../view/cells.ts';
import { refreshAllFormulas, refreshStaleResults } from './formula-results.ts';
import { setColumnWidths, setLandscape } from './layout.ts';
import { deleteSheet } from './sheets.ts';

const AFTER_CALC_PR = ['oleSize', 'customWorkbookViews', 'pivotCaches', 'smartTagPr', 'smartTagTypes', 'webPublishing', 'fileRecoveryPr', 'webPublishObjects', 'extLst'];

interface FormatInfo { fmt: string; scale: number; wrapped: boolean; pct: boolean; decimals: number | null; grouping: boolean; symbol: number }

/** What a cell format means for the width of what it shows (read once per format). */
function formatInfo(doc: ExcelDocument, s: number, cache: Map<number, FormatInfo>): FormatInfo {
  let info = cache.get(s);
  if (!info) {
    const styles = doc.styles();
    const fmt = styles.numFmt(s);
    const size = Number(styles.font(s)?.getElementsByTagNameNS(doc.book.ns.x, 'sz')[0]?.getAttribute('val') ?? 11) || 11;
    const wide = doc.brand?.font && /arial|liberation sans|helvetica/i.test(doc.brand.font) ? 1.15 : 1;
    info = {
      fmt,
      scale: (size / 11) * (styles.bold(s) ? 1.1 : 1) * wide,
      wrapped: styles.xf(s)?.getElementsByTagNameNS(doc.book.ns.x, 'alignment')[0]?.getAttribute('wrapText') === '1',
      pct: fmt.includes('%'),
      decimals: /\.(0+)/.exec(fmt)?.[1].length ?? null,
      grouping: fmt.includes(','),
      symbol: /"([^"]*)"/.exec(fmt)?.[1].length ?? 0,
    };
    cache.set(s, info);
  }
  return info;
}

/** Characters a cell needs to show its value, roughly as its number format displays it. */
function displayLength(value: unknown, f: FormatInfo): number {
  if (value === null || value === undefined) return 0;
  if (value instanceof Date) return (hasTime(f.fmt) ? 16 : 10) * f.scale;
  if (typeof value === 'number') {
    const decimals = f.decimals ?? (Number.isInteger(value) ? 0 : 2);
    const digits = Math.abs(value * (f.pct ? 100 : 1)).toFixed(decimals).length + (f.pct ? 1 : 0);
    const grouping = f.grouping ? Math.floor(Math.max(0, Math.floor(Math.log10(Math.abs(value) || 1))) / 3) : 0;
    return (digits + grouping + f.symbol + (value < 0 ? 2 : 0) + 1) * f.scale;
  }
  if (typeof value === 'boolean') return 5;
  const text = String(value);
  return (text.includes('\n') ? text.split('\n').reduce((m, l) => Math.max(m, l.length), 0) : text.length) * f.scale;
}

/** Widths from content for a sheet made in this task: columns without a width get one (8 to 60 characters). */
function autoWidths(doc: ExcelDocument, part: string): void {
  const entry = doc.worksheetEntries().find((e) => e.part === part);
  if (!entry) return;
  const ws = doc.worksheet(entry);
  const sized = new Set<number>();
  for (const c of children(child(ws.root(), ws.ns, 'cols'), ws.ns, 'col')) {
    for (let n = Number(attr(c, 'min')); n <= Number(attr(c, 'max')) && n <= 16384; n++) sized.add(n - 1);
  }
  const formats = new Map<number, FormatInfo>();
  const widths = new Map<number, number>();
  for (const row of ws.data.allRows()) {
    const cells = ws.data.cellsOf(row);
    const lastCol = cells.length ? cells[cells.length - 1].col : -1;
    for (const c of cells) {
      if (sized.has(c.col) || (c.v === null && c.is === null)) continue;
      const f = formatInfo(doc, c.s, formats);
      const value = c.t === 's' || c.t === 'inlineStr' || f.pct || f.fmt !== 'General' || c.t ? readCell(ws, doc, row.r - 1, c.col)?.value : Number(c.v);
      if (value === null || value === undefined) continue;
      // A lone long text near the top (a title, a note) spills over empty neighbours rather than widening its column.
      const text = typeof value === 'string';
      if (text && ((c.col === lastCol && row.r <= 3 && value.length > 24) || (f.wrapped && value.length > 30))) continue;
      const w = Math.min(displayLength(value, f), f.wrapped ? 30 : 200);
      if (w > (widths.get(c.col) ?? 0)) widths.set(c.col, w);
    }
  }
  const set = new Map<number, number>();
  for (const [col, w] of widths) set.set(col, Math.min(60, Math.max(8, Math.ceil(w + 3))));
  setColumnWidths(ws, set);
  let total = 0;
  for (const w of set.values()) total += w;
  if (total > 95) setLandscape(ws, true);
}

function setCalc(doc: ExcelDocument): void {
  const book = doc.book;
  const root = book.edit();
  const calc = child(root, book.ns.x, 'calcPr') ?? insertBefore(root, createEl(root.ownerDocument!, book.ns.x, 'calcPr'), AFTER_CALC_PR);
  calc.setAttribute('fullCalcOnLoad', '1');
}

function dropCalcChain(doc: ExcelDocument): void {
  const rels = doc.pkg.rels(doc.book.part);
  for (const rel of rels.all()) {
    if (rel.external || !doc.book.isRel(rel.type, 'calcChain')) continue;
    rels.remove(rel.id);
    doc.pkg.remove(rel.target);
  }
}

export function finishWorkbook(doc: ExcelDocument): void {
  if (doc.placeholder) {
    const blank = doc.worksheetEntries().find((e) => e.part === doc.placeholder);
    const untouched = blank && !doc.worksheet(blank).changed;
    if (blank && untouched && doc.sheets().length > 1) {
      // Removing the template's blank sheet changes nothing anyone computed.
      const flags = { recalc: doc.needsRecalc, formulas: doc.formulasChanged };
      deleteSheet(doc, blank);
      doc.needsRecalc = flags.recalc;
      doc.formulasChanged = flags.formulas;
    }
    if (!blank || doc.sheets().length > 1) doc.placeholder = null;
  }
  for (const entry of doc.worksheetEntries()) {
    if (doc.isNew(entry.part!) && doc.worksheet(entry).changed) autoWidths(doc, entry.part!);
  }
  const missing = refreshAllFormulas(doc);
  if (doc.needsRecalc) refreshStaleResults(doc);
  if (doc.formulasChanged) dropCalcChain(doc);
  if (doc.needsRecalc || missing > 0) setCalc(doc);
  // A workbook view must point at a sheet that exists.
  for (const v of children(child(doc.book.root(), doc.book.ns.x, 'bookViews'), doc.book.ns.x, 'workbookView')) {
    const tab = Number(attr(v, 'activeTab') ?? 0);
    if (tab >= doc.sheets().length) { doc.book.edit(); v.setAttribute('activeTab', '0'); }
  }
}
