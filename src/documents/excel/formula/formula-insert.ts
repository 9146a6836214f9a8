// Inserting or deleting whole rows or columns of a sheet, as it moves references to that sheet (Excel's
// rules): a reference past the insertion point moves by the count, absolute or not; a range that
// straddles it grows; a deleted cell, or a range wholly deleted, becomes #REF!; a range partly deleted
// shrinks. References to other sheets, to other workbooks and 3-D references stay as they are.
import { MAX_COLS, MAX_ROWS, parseRange, rangeAddress, type RangePos } from '../a1.ts';
import { mapReferences, refText, type FormulaRef, type RefEnd } from './formula-shift.ts';

export interface LineMove {
  axis: 'row' | 'col';
  /** 0-based index of the first row or column inserted or deleted. */
  at: number;
  /** How many: positive inserts, negative deletes. */
  count: number;
}

const limit = (m: LineMove) => (m.axis === 'row' ? MAX_ROWS : MAX_COLS);

/** A span [a, b] of rows or columns after the move; null when all of it was deleted or pushed off the grid. */
export function moveSpan(a: number, b: number, m: LineMove): [number, number] | null {
  const max = limit(m) - 1;
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

export function moveRange(range: RangePos, m: LineMove): RangePos | null {
  const key = m.axis === 'row' ? 'row' : 'col';
  const span = moveSpan(range.start[key], range.end[key], m);
  if (!span) return null;
  return { start: { ...range.start, [key]: span[0] }, end: { ...range.end, [key]: span[1] } };
}

/** A range's A1 text after the move (`A1:C9`, `B4`); null when it was deleted. Unreadable text is kept. */
export function moveRangeText(text: string, m: LineMove): string | null {
  const range = parseRange(text.replace(/\$/g, ''));
  if (!range) return text;
  const moved = moveRange(range, m);
  return moved ? rangeAddress(moved) : null;
}

/** A space-separated list of ranges (sqref) after the move; null when none is left. */
export function moveSqref(text: string, m: LineMove): string | null {
  const left = text.trim().split(/\s+/).filter(Boolean).map((r) => moveRangeText(r, m)).filter((r): r is string => r !== null);
  return left.length ? left.join(' ') : null;
}

function moveEnds(ends: [RefEnd, RefEnd], m: LineMove): [RefEnd, RefEnd] | null {
  const span = moveSpan(ends[0].index, ends[1].index, m);
  return span ? [{ index: span[0], abs: ends[0].abs }, { index: span[1], abs: ends[1].abs }] : null;
}

/** A reference of the sheet after the move: its new text, '#REF!', or null when it does not change. */
function moveRef(ref: FormulaRef, m: LineMove): string | null {
  const ends = m.axis === 'row' ? ref.rows : ref.cols;
  if (!ends) return null;
  // A cell is a span of one; an area's ends move together so that a straddled range grows or shrinks.
  const lo = ends[0].index <= ends[1].index ? 0 : 1;
  const ordered: [RefEnd, RefEnd] = [ends[lo], ends[1 - lo]];
  const moved = moveEnds(ordered, m);
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
