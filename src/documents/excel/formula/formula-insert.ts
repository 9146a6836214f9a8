// Inserting or deleting whole rows or columns of a sheet, as it moves references to that sheet (Excel's
// rules): a reference past the insertion point moves by the count, absolute or not; a range that
// straddles it grows; a deleted cell, or a range wholly deleted, becomes #REF!; a range partly deleted
// shrinks. References to other sheets, to other workbooks and 3-D references stay as they are.
// Rows appended to the end of a table (`grow`) also grow the ranges that cover one of its columns down
// to its last row, as Excel's formulas, charts, formats and validations over a table grow with it.
import { MAX_COLS, MAX_ROWS, parseRange, rangeAddress, type RangePos } from '../a1.ts';
import { mapReferences, refText, type FormulaRef, type RefEnd } from './formula-shift.ts';

export interface LineMove {
  axis: 'row' | 'col';
  /** 0-based index of the first row or column inserted or deleted. */
  at: number;
  /** How many: positive inserts, negative deletes. */
  count: number;
  /**
   * Rows appended at the end of a block (a table's data): a range over some of `cols` that starts at or
   * above `first` (the block's first data row) and ends on the row just above `at` grows by `count` too,
   * instead of staying as it is. Formulas inside the block itself (`block`) keep theirs: a running total
   * on the last row goes on summing to its own row.
   */
  grow?: { first: number; cols: [number, number]; block: RangePos };
  /** The appended rows are the empty ones below the block: nothing moves; only growing ranges change. */
  inPlace?: boolean;
}

/** The move for a formula in cell (row, col) of the moved sheet: without growth inside the block. */
export function moveAt(m: LineMove, row: number, col: number): LineMove {
  const b = m.grow?.block;
  return b && row >= b.start.row && row <= b.end.row && col >= b.start.col && col <= b.end.col ? { ...m, grow: undefined } : m;
}

/**
 * Whether a range grows with rows appended at `m`: its rows `[a, b]` end just above them, start at or
 * above the block's first data row, and (when it names columns) it covers one of the block's columns.
 * A single cell never grows; `area` says the reference was written as a range (`C11:C11`).
 */
function grows(a: number, b: number, cols: [number, number] | null, area: boolean, m: LineMove): boolean {
  const g = m.grow;
  if (!g || m.axis !== 'row' || m.count <= 0 || b !== m.at - 1 || a > g.first || (a === b && !area)) return false;
  return !cols || (cols[0] <= g.cols[1] && cols[1] >= g.cols[0]);
}

const limit = (m: LineMove) => (m.axis === 'row' ? MAX_ROWS : MAX_COLS);

/** A span [a, b] of rows or columns after the move; null when all of it was deleted or pushed off the grid. */
export function moveSpan(a: number, b: number, m: LineMove): [number, number] | null {
  const max = limit(m) - 1;
  if (m.inPlace) return [a, b];
  if (m.count > 0) {
    const na = a >= m.at ? a + m.count : a;
    const nb = b >= m.at ? Math.min(b + m.count, max) : b;
    return na > max ? null : [na, nb];
  }
  const d = -m.count;
  const last = m.at + d - 1;
  if (a >= m.at && b <= last) return null;
  const na = a < m.at ? a : a <= last ? m.at : a - d;
  const nb = b < m.at ? b : b <= last ? m.at - 1 : b - d;
  return [na, nb];
}

/** One position after the move; null when it was deleted. */
export function moveIndex(i: number, m: LineMove): number | null {
  return moveSpan(i, i, m)?.[0] ?? null;
}

export function moveRange(range: RangePos, m: LineMove, area = false): RangePos | null {
  if (grows(range.start.row, range.end.row, [range.start.col, range.end.col], area, m)) {
    return { start: range.start, end: { ...range.end, row: Math.min(range.end.row + m.count, MAX_ROWS - 1) } };
  }
  const key = m.axis === 'row' ? 'row' : 'col';
  const span = moveSpan(range.start[key], range.end[key], m);
  if (!span) return null;
  return { start: { ...range.start, [key]: span[0] }, end: { ...range.end, [key]: span[1] } };
}

/**
 * A range's A1 text after the move (`A1:C9`, `B4`); null when it was deleted. Unreadable text is kept.
 * `grow: false` for ranges that say which cells hold something (a shared or array formula's): they never
 * grow with appended rows.
 */
export function moveRangeText(text: string, m: LineMove, grow = true): string | null {
  const range = parseRange(text.replace(/\$/g, ''));
  if (!range) return text;
  const moved = moveRange(range, grow ? m : { ...m, grow: undefined }, text.includes(':'));
  return moved ? rangeAddress(moved) : null;
}

/** A space-separated list of ranges (sqref) after the move; null when none is left. */
export function moveSqref(text: string, m: LineMove): string | null {
  const left = text.trim().split(/\s+/).filter(Boolean).map((r) => moveRangeText(r, m)).filter((r): r is string => r !== null);
  return left.length ? left.join(' ') : null;
}

function moveEnds(ends: [RefEnd, RefEnd], m: LineMove, cols: [number, number] | null, area: boolean): [RefEnd, RefEnd] | null {
  const [a, b] = [ends[0].index, ends[1].index];
  const span: [number, number] | null = grows(a, b, cols, area, m) ? [a, Math.min(b + m.count, MAX_ROWS - 1)] : moveSpan(a, b, m);
  return span ? [{ index: span[0], abs: ends[0].abs }, { index: span[1], abs: ends[1].abs }] : null;
}

/** A reference of the sheet after the move: its new text, '#REF!', or null when it does not change. */
function moveRef(ref: FormulaRef, m: LineMove): string | null {
  const ends = m.axis === 'row' ? ref.rows : ref.cols;
  if (!ends) return null;
  // A cell is a span of one; an area's ends move together so that a straddled range grows or shrinks.
  const lo = ends[0].index <= ends[1].index ? 0 : 1;
  const ordered: [RefEnd, RefEnd] = [ends[lo], ends[1 - lo]];
  const cols = m.axis === 'row' && ref.cols ? [Math.min(ref.cols[0].index, ref.cols[1].index), Math.max(ref.cols[0].index, ref.cols[1].index)] as [number, number] : null;
  const moved = moveEnds(ordered, m, cols, ref.kind === 'area' || ref.kind === 'rows');
  if (!moved) return '#REF!';
  if (moved[0].index === ordered[0].index && moved[1].index === ordered[1].index) return null;
  const back: [RefEnd, RefEnd] = lo === 0 ? moved : [moved[1], moved[0]];
  const next: FormulaRef = m.axis === 'row' ? { ...ref, rows: back } : { ...ref, cols: back };
  return refText(next) ?? '#REF!';
}

const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/**
 * A formula with its references to `sheet` moved. `host` is the sheet the formula is on (its references
 * without a sheet name are to it), or null for formulas that belong to no sheet (defined names, charts).
 */
export function moveInFormula(formula: string, host: string | null, sheet: string, m: LineMove): string {
  return mapReferences(formula, (ref, named) => {
    if (named.external || named.span) return null;
    if (!same(named.name ?? host, sheet)) return null;
    return moveRef(ref, m);
  });
}
