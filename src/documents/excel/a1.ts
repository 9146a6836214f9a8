// A1 references: `B7`, `$B$7`, `A1:C10`, `Sales!B2:B9`, `'Q1 Plan'!A1`. Rows and columns are 0-based
// inside Folio and 1-based in A1 text; everything that crosses that line goes through this file.

export interface CellPos {
  row: number;
  col: number;
}

export interface RangePos {
  start: CellPos;
  end: CellPos;
}

/** Excel's grid: 1,048,576 rows by 16,384 columns (XFD). */
export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384;

export function columnLetters(col: number): string {
  let n = col + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function cellAddress(pos: CellPos, absolute = false): string {
  const d = absolute ? '$' : '';
  return `${d}${columnLetters(pos.col)}${d}${pos.row + 1}`;
}

export function rangeAddress(range: RangePos, absolute = false): string {
  const a = cellAddress(range.start, absolute);
  const b = cellAddress(range.end, absolute);
  return a === b ? a : `${a}:${b}`;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

/** `B7` or `$B$7` -> {row: 6, col: 1}; null when it is not a cell inside Excel's grid. */
export function parseCell(text: string): CellPos | null {
  const m = CELL.exec(text.trim());
  if (!m) return null;
  const col = columnIndex(m[1]);
  const row = Number(m[2]) - 1;
  if (row < 0 || row >= MAX_ROWS || col < 0 || col >= MAX_COLS) return null;
  return { row, col };
}

/** `A1:C10` (either corner first), or a single cell as a one-cell range. */
export function parseRange(text: string): RangePos | null {
  const [a, b, extra] = text.trim().split(':');
  if (extra !== undefined) return null;
  const start = parseCell(a);
  const end = b === undefined ? start : parseCell(b);
  if (!start || !end) return null;
  return {
    start: { row: Math.min(start.row, end.row), col: Math.min(start.col, end.col) },
    end: { row: Math.max(start.row, end.row), col: Math.max(start.col, end.col) },
  };
}

/** A sheet name as it must appear in a reference: quoted when it holds anything but letters, digits, `_` and `.`. */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !parseCell(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

export interface SheetRange {
  /** null when the reference names no sheet (it means the sheet it appears on). */
  sheet: string | null;
  range: RangePos;
}

/** `Sales!B2:B9`, `'Q1 Plan'!A1`, `B2:B9`; null when unparsable. */
export function parseSheetRange(text: string): SheetRange | null {
  const t = text.trim();
  const bang = t.lastIndexOf('!');
  if (bang < 0) {
    const range = parseRange(t);
    return range ? { sheet: null, range } : null;
  }
  let sheet = t.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'") && sheet.length >= 2) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  const range = parseRange(t.slice(bang + 1));
  return range && sheet ? { sheet, range } : null;
}

/** `'Q1 Plan'!$B$2:$B$9`: the absolute, sheet-qualified form charts and cross-sheet formulas use. */
export function sheetRangeAddress(sheet: string, range: RangePos): string {
  return `${quoteSheetName(sheet)}!${rangeAddress(range, true)}`;
}

export function rangeSize(range: RangePos): { rows: number; cols: number } {
  return { rows: range.end.row - range.start.row + 1, cols: range.end.col - range.start.col + 1 };
}

export function inRange(range: RangePos, pos: CellPos): boolean {
  return pos.row >= range.start.row && pos.row <= range.end.row && pos.col >= range.start.col && pos.col <= range.end.col;
}

export function rangesOverlap(a: RangePos, b: RangePos): boolean {
  return a.start.row <= b.end.row && b.start.row <= a.end.row && a.start.col <= b.end.col && b.start.col <= a.end.col;
}
