// Sorting the rows of a range or of an Excel table in place, as Excel's Sort does: the cells of each row
// of the range move together (values, formulas, formats), cells outside the range stay where they are,
// and a formula that moves has its relative references moved with it (=B5*C5 sorted from row 5 to row 2
// becomes =B2*C2). Order: numbers (and dates) before text before booleans, text without regard to case,
// empty cells last in either direction; equal keys keep their order. Refused, rather than half done:
// merged cells or an array formula in the range, and notes or hyperlinks on it (they would stay behind).
import { ToolError } from '../../agent/tool-error.ts';
import { rangeAddress, rangesOverlap, parseRange, type RangePos } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { shiftFormula } from '../formula/formula-shift.ts';
import type { CellRec } from '../parts/sheet-data.ts';
import { arraysOf, forgetShared, formulaOf, readCell, type CellScalar } from '../view/cells.ts';
import { mergesOf } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';
import { attr, type Element } from '../../ooxml/xml.ts';

export interface SortKey { col: number; descending: boolean }

const COMMENT_REL = /\/(comments|threadedComment)$/;

/** What on the range would not move with its cells: notes and hyperlinks. */
function anchoredIn(doc: ExcelDocument, entry: SheetEntry, range: RangePos): string | null {
  const ws = doc.worksheet(entry);
  const hits = (ref: string | null) => { const r = ref ? parseRange(ref) : null; return !!r && rangesOverlap(r, range); };
  for (const el of ws.root().getElementsByTagName('*') as unknown as Element[]) {
    if (el.localName === 'hyperlink' && hits(attr(el, 'ref'))) return 'a hyperlink';
  }
  for (const rel of doc.pkg.rels(entry.part!).all()) {
    if (rel.external || !COMMENT_REL.test(rel.type) || !doc.pkg.has(rel.target)) continue;
    for (const el of doc.pkg.xml(rel.target).documentElement!.getElementsByTagName('*') as unknown as Element[]) {
      if ((el.localName === 'comment' || el.localName === 'threadedComment') && hits(attr(el, 'ref'))) return 'a note or comment';
    }
  }
  return null;
}

/** Excel's sort order of two keys, ascending; blanks are placed last by the caller. */
function compare(a: CellScalar, b: CellScalar): number {
  const rank = (v: CellScalar) => (typeof v === 'number' || v instanceof Date ? 0 : typeof v === 'string' ? 1 : 2);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return Number(a instanceof Date ? a.getTime() : a) - Number(b instanceof Date ? b.getTime() : b);
  if (ra === 1) return (a as string).localeCompare(b as string, undefined, { sensitivity: 'base', numeric: true });
  return Number(a) - Number(b);
}

/** Gives every shared formula whose group touches rows r0..r1 (0-based) formulas of their own. */
function unshare(doc: ExcelDocument, entry: SheetEntry, r0: number, r1: number): void {
  const ws = doc.worksheet(entry);
  const groups = new Set<string>();
  for (let r = r0; r <= r1; r++) {
    const row = ws.data.row(r + 1);
    if (row) for (const c of ws.data.cellsOf(row)) if (c.f?.type === 'shared' && c.f.si !== null) groups.add(c.f.si);
  }
  if (!groups.size) return;
  const own: [CellRec, number, string][] = [];
  for (const row of ws.data.allRows()) {
    for (const c of ws.data.cellsOf(row)) {
      if (c.f?.type === 'shared' && c.f.si !== null && groups.has(c.f.si)) own.push([c, row.r, formulaOf(ws, c, row.r) ?? '']);
    }
  }
  for (const [c, r, text] of own) {
    c.f = { text, type: null, ref: null, si: null, tag: `<${ws.prefix}f>` };
    c.raw = null;
    ws.data.touchRow(r);
  }
  forgetShared(ws);
}

/**
 * Sorts rows r0..r1 (0-based, inclusive) of columns c0..c1 by the keys (0-based columns inside the range).
 * Returns how many rows changed place.
 */
export function sortRows(doc: ExcelDocument, entry: SheetEntry, range: RangePos, keys: SortKey[]): number {
  const ws = doc.worksheet(entry);
  const where = `${entry.name}!${rangeAddress(range)}`;
  const merged = mergesOf(ws).find((m) => rangesOverlap(m, range));
  if (merged) throw new ToolError(`${where} has merged cells (${rangeAddress(merged)}); unmerge them before sorting`);
  const array = arraysOf(ws).find((a) => { const r = parseRange(a.ref); return !!r && rangesOverlap(r, range); });
  if (array) throw new ToolError(`${where} holds the array formula ${array.ref}; it cannot be sorted`);
  const anchored = anchoredIn(doc, entry, range);
  if (anchored) throw new ToolError(`${where} has ${anchored} on it, which would not move with its row; sort it in Excel`);
  const { start, end } = range;
  const count = end.row - start.row + 1;
  const order = Array.from({ length: count }, (_, i) => i);
  const keyOf = (i: number, col: number): CellScalar => {
    const v = readCell(ws, doc, start.row + i, col)?.value ?? null;
    return v === '' ? null : v;
  };
  const keyed = order.map((i) => keys.map((k) => keyOf(i, k.col)));
  order.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const x = keyed[a][k];
      const y = keyed[b][k];
      if (x === null || y === null) { if (x !== y) return x === null ? 1 : -1; continue; }
      const d = compare(x, y);
      if (d) return keys[k].descending ? -d : d;
    }
    return a - b;
  });
  const moved = order.filter((from, to) => from !== to).length;
  if (!moved) return 0;
  unshare(doc, entry, start.row, end.row);
  // Take every cell of the range out, then put each row's cells back at its new row.
  const rows = order.map(() => [] as CellRec[]);
  const taken = Array.from({ length: count }, (_, i) => {
    const r = start.row + i + 1;
    const cells: CellRec[] = [];
    for (let col = start.col; col <= end.col; col++) {
      const c = ws.data.cell(r, col);
      if (c) { cells.push(c); ws.data.remove(r, col); }
    }
    return cells;
  });
  order.forEach((from, to) => { rows[to] = taken[from]; });
  rows.forEach((cells, to) => {
    const dr = to - order[to];
    for (const c of cells) {
      if (dr && c.f && c.f.text) c.f = { ...c.f, text: shiftFormula(c.f.text, dr, 0) };
      c.raw = null;
      ws.data.put(start.row + to + 1, c);
    }
  });
  forgetShared(ws);
  ws.edit();
  return moved;
}
