// How Folio reads a worksheet as a table: which row holds the headers, which rows are data and which
// are totals, what each column holds. Shared by the ask engine (ask mode, POST /excel/analyze) and the project
// pipeline's index of .xlsx files. Reads the Excel documents' workbook model; never changes it.
import { cellAddress, columnIndex, columnLetters, rangeAddress } from '../../excel/a1.ts';
import { readableTableName } from '../../excel/view/sheet-parts.ts';
import { getCell, sheetExtent, type CellScalar, type SheetValues, type WorkbookValues } from '../../excel/view/workbook-values.ts';

export type ColumnKind = 'number' | 'text' | 'date' | 'mixed' | 'empty';

export interface ColumnInfo {
  col: number;
  letter: string;
  /** The header text, or the column letter when the table has no header row. */
  header: string;
  kind: ColumnKind;
  numbers: number;
  /** A1 range of the column's data rows. */
  range: string;
}

export interface SheetTable {
  sheet: SheetValues;
  /** 0-based; -1 when the sheet has no header row. */
  headerRow: number;
  /** Data rows, 0-based and inclusive; totals rows inside are listed in `totalsRows` and skipped by aggregates. */
  firstRow: number;
  lastRow: number;
  totalsRows: number[];
  firstCol: number;
  lastCol: number;
  columns: ColumnInfo[];
  /** The column naming each row (the first text or date column), null when there is none. */
  labelCol: number | null;
  /** A title above the header row ("Sales 2024"), when the sheet has one. */
  title: string | null;
  /** The Excel table's name ("tblExpenses") when the sheet holds several and this is one of them. */
  name?: string;
}

const TOTAL_LABEL = /^\s*(grand\s+)?(totals?|sum|overall)\b/i;
const HEADER_SCAN_ROWS = 10;

export function valueAt(sheet: SheetValues, row: number, col: number): CellScalar {
  return getCell(sheet, { row, col })?.value ?? null;
}

export const isNumber = (v: CellScalar): v is number => typeof v === 'number' && Number.isFinite(v);
const isText = (v: CellScalar): v is string => typeof v === 'string' && v.trim() !== '';
const isEmpty = (v: CellScalar) => v === null || (typeof v === 'string' && v.trim() === '');

/** A cell as text: dates as YYYY-MM-DD, numbers as written, percentages with their % when formatted so. */
export function cellText(sheet: SheetValues, row: number, col: number): string {
  const cell = getCell(sheet, { row, col });
  const v = cell?.value ?? null;
  if (v === null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number' && (cell?.numFmt ?? '').includes('%')) return `${+(v * 100).toFixed(6)}%`;
  return String(v);
}

function nonEmptyCells(sheet: SheetValues, row: number, cols: number): CellScalar[] {
  const out: CellScalar[] = [];
  for (let c = 0; c < cols; c++) {
    const v = valueAt(sheet, row, c);
    if (!isEmpty(v)) out.push(v);
  }
  return out;
}

function findHeaderRow(sheet: SheetValues, rows: number, cols: number): number {
  const table = sheet.tables[0];
  if (table) return table.range.start.row;
  for (let r = 0; r < Math.min(rows, HEADER_SCAN_ROWS); r++) {
    const cells = nonEmptyCells(sheet, r, cols);
    const texts = cells.filter(isText).length;
    if (cells.length < 2 || texts / cells.length < 0.6) continue;
    for (let n = r + 1; n <= Math.min(rows - 1, r + 3); n++) {
      if (nonEmptyCells(sheet, n, cols).some((v) => isNumber(v) || v instanceof Date)) return r;
    }
  }
  return -1;
}

/** The table of a sheet, or null for an empty sheet. */
export function sheetTable(sheet: SheetValues): SheetTable | null {
  const { rows, cols } = sheetExtent(sheet);
  if (!rows || !cols) return null;
  const headerRow = findHeaderRow(sheet, rows, cols);
  let firstCol = cols;
  let lastCol = -1;
  for (let r = Math.max(0, headerRow); r < rows; r++) {
    for (let c = 0; c < cols; c++) if (!isEmpty(valueAt(sheet, r, c))) { firstCol = Math.min(firstCol, c); lastCol = Math.max(lastCol, c); }
  }
  if (lastCol < 0) return null;
  const table = sheet.tables[0];
  const firstRow = headerRow + 1;
  let lastRow = table && table.range.start.row === headerRow ? table.range.end.row - (table.totalsRow ? 1 : 0) : rows - 1;
  while (lastRow >= firstRow && nonEmptyCells(sheet, lastRow, cols).length === 0) lastRow--;
  const columnsRaw: { col: number; header: string }[] = [];
  for (let c = firstCol; c <= lastCol; c++) {
    const h = headerRow >= 0 ? valueAt(sheet, headerRow, c) : null;
    columnsRaw.push({ col: c, header: isEmpty(h) ? columnLetters(c) : String(h instanceof Date ? h.toISOString().slice(0, 10) : h).trim() });
  }
  const labelGuess = columnsRaw.find(({ col }) => {
    let texts = 0;
    let numbers = 0;
    for (let r = firstRow; r <= lastRow; r++) {
      const v = valueAt(sheet, r, col);
      if (isText(v) || v instanceof Date) texts++;
      else if (isNumber(v)) numbers++;
    }
    return texts > 0 && texts >= numbers;
  })?.col ?? null;
  const totalsRows: number[] = [];
  for (let r = firstRow; r <= lastRow; r++) {
    const label = labelGuess === null ? null : valueAt(sheet, r, labelGuess);
    const firstText = nonEmptyCells(sheet, r, cols).find(isText);
    if ((typeof label === 'string' && TOTAL_LABEL.test(label)) || (label === null && typeof firstText === 'string' && TOTAL_LABEL.test(firstText))) totalsRows.push(r);
  }
  if (table?.totalsRow && table.range.start.row === headerRow) totalsRows.push(table.range.end.row);
  const skip = new Set(totalsRows);
  // Column ranges cite the data rows: a totals row at the bottom is not part of them.
  let lastDataRow = lastRow;
  while (lastDataRow > firstRow && skip.has(lastDataRow)) lastDataRow--;
  const columns = columnsRaw.map(({ col, header }) => columnInfo(sheet, col, header, firstRow, lastRow, lastDataRow, skip));
  let title: string | null = null;
  for (let r = 0; r < Math.max(0, headerRow) && !title; r++) {
    const texts = nonEmptyCells(sheet, r, cols).filter(isText);
    if (texts.length) title = String(texts[0]).trim();
  }
  return { sheet, headerRow, firstRow, lastRow, totalsRows, firstCol, lastCol, columns, labelCol: labelGuess, title };
}

/** What a column holds between its first and last data rows (totals rows skipped), and the range it cites. */
function columnInfo(sheet: SheetValues, col: number, header: string, firstRow: number, lastRow: number, lastDataRow: number, skip: Set<number>): ColumnInfo {
  let numbers = 0;
  let texts = 0;
  let dates = 0;
  for (let r = firstRow; r <= lastRow; r++) {
    if (skip.has(r)) continue;
    const v = valueAt(sheet, r, col);
    if (isNumber(v)) numbers++;
    else if (v instanceof Date) dates++;
    else if (isText(v)) texts++;
  }
  const total = numbers + texts + dates;
  const kind: ColumnKind = total === 0 ? 'empty' : numbers === total ? 'number' : dates === total ? 'date' : texts === total ? 'text' : numbers / total >= 0.8 ? 'number' : 'mixed';
  const range = rangeAddress({ start: { row: firstRow, col }, end: { row: Math.max(firstRow, lastDataRow), col } });
  return { col, letter: columnLetters(col), header, kind, numbers, range };
}

/**
 * One Excel table of a sheet that holds several (a budget's "Income" and "Expenses" side by side or one
 * above the other): its own header row, columns and data rows, its totals row, and the text just above
 * it as its title.
 */
export function listObjectTable(sheet: SheetValues, table: SheetValues['tables'][number]): SheetTable {
  const { start, end } = table.range;
  const headerRow = start.row;
  const firstRow = headerRow + 1;
  const lastRow = Math.max(headerRow, end.row - (table.totalsRow ? 1 : 0));
  const totalsRows = table.totalsRow ? [end.row] : [];
  const columns = Array.from({ length: end.col - start.col + 1 }, (_, i) => {
    const h = valueAt(sheet, headerRow, start.col + i);
    const header = isEmpty(h) ? table.columns[i]?.name ?? columnLetters(start.col + i) : String(h instanceof Date ? h.toISOString().slice(0, 10) : h).trim();
    return columnInfo(sheet, start.col + i, header, firstRow, lastRow, lastRow, new Set());
  });
  const labelCol = columns.find((c) => c.kind === 'text' || c.kind === 'date')?.col ?? null;
  const above = headerRow > 0 ? valueAt(sheet, headerRow - 1, start.col) : null;
  return { sheet, headerRow, firstRow, lastRow, totalsRows, firstCol: start.col, lastCol: end.col, columns, labelCol, title: isText(above) ? above.trim() : null, name: table.name };
}

/** The tables of a sheet: each of its Excel tables when it holds several, else the sheet read as one. */
export function sheetTables(sheet: SheetValues): SheetTable[] {
  if (sheet.tables.length >= 2) {
    return [...sheet.tables].sort((a, b) => a.range.start.row - b.range.start.row || a.range.start.col - b.range.start.col).map((t) => listObjectTable(sheet, t));
  }
  const t = sheetTable(sheet);
  return t ? [t] : [];
}

/** How a table is named to a reader: its sheet, or its Excel table's own name when the sheet holds several ("Expenses" for tblExpenses). */
export function tableLabel(t: SheetTable): string {
  return t.name ? readableTableName(t.name) : t.sheet.name;
}

/** Data rows of the table, totals rows left out. */
export function dataRows(t: SheetTable): number[] {
  const skip = new Set(t.totalsRows);
  const out: number[] = [];
  for (let r = t.firstRow; r <= t.lastRow; r++) if (!skip.has(r)) out.push(r);
  return out;
}

/** A column by header (case-insensitive, exact first, then contained) or by letter (`C`). */
export function findColumn(t: SheetTable, name: string): ColumnInfo | null {
  const wanted = name.trim().toLowerCase();
  const exact = t.columns.find((c) => c.header.toLowerCase() === wanted);
  if (exact) return exact;
  if (/^[a-z]{1,3}$/i.test(wanted)) {
    const byLetter = t.columns.find((c) => c.col === columnIndex(wanted));
    if (byLetter) return byLetter;
  }
  return t.columns.find((c) => c.header.toLowerCase().includes(wanted) || (wanted.includes(c.header.toLowerCase()) && c.header.length >= 3)) ?? null;
}

/** The tables of every non-empty sheet, in sheet order. */
export function workbookTables(wb: WorkbookValues): SheetTable[] {
  return wb.sheets.flatMap(sheetTables);
}

export const a1 = (row: number, col: number) => cellAddress({ row, col });
