// Writes a typed block of data into a sheet: an optional title, a styled header row, rows whose columns
// carry a type and its number format (inferred from the values and the header when not given), an
// optional totals row of live SUBTOTAL formulas, an Excel table or an autofilter, and a frozen header.
// add_sheet, import_data_source and the builtin planner all build sheets through it. Cell formats are
// derived once per column and reused for every row.
import { ToolError } from '../../agent/tool-error.ts';
import { columnLetters, rangeAddress, rangesOverlap, type CellPos, type RangePos } from '../a1.ts';
import { parseCellInput, type CellInput } from '../cell-values.ts';
import { presetStyle, titleRowHeight } from '../design/look.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { coerceToColumn, inferColumnType, numberFormatFor, parseTypedValue, type ColumnType } from '../number-formats.ts';
import { freezeOf, viewOf } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';
import { growDimension, writeCell } from './cells.ts';
import { refreshFormulas } from './formula-results.ts';
import { ignoreNumbersStoredAsText, setAutoFilter, setColumnWidths, setFreeze, setRowHeight } from './layout.ts';
import { addTable, tableName, totalsFormula, workbookTableStyle } from './tables.ts';

/** Text Excel would read as a number (and flag as "number stored as text"). */
const NUMERIC_TEXT = /^\s*[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?\s*$/i;

export type TotalsFunction = 'sum' | 'average' | 'count' | 'min' | 'max';

export interface ColumnSpec {
  header: string;
  type?: ColumnType;
  /** ISO currency code of a currency column (default: the one the values show, else none: amounts without a symbol). */
  currency?: string;
  /** An Excel format code for the values (default: the type's format, numberFormatFor). */
  numberFormat?: string;
  width?: number;
  /** What the totals row shows for the column (default: sum of money and plain numbers, nothing else). */
  total?: TotalsFunction | 'none';
}

export interface DataBlock {
  at?: CellPos;
  title?: string;
  subtitle?: string;
  columns: ColumnSpec[];
  rows: CellInput[][];
  totals?: boolean;
  /** The totals row's label in the first column (default "Total"). */
  totalsLabel?: string;
  /** Make the block an Excel table with this name (made unique); null: a plain range with an autofilter. */
  tableName?: string | null;
  tableStyle?: string;
  freezeHeader?: boolean;
}

export interface BuiltBlock {
  header: RangePos;
  data: RangePos;
  totalsRow: number | null;
  columns: { letter: string; header: string; type: ColumnType }[];
  table: string | null;
}

const NUMERIC: ReadonlySet<ColumnType> = new Set(['integer', 'number', 'currency']);

function resolveTypes(block: DataBlock): { type: ColumnType; currency?: string }[] {
  return block.columns.map((col, c) => {
    if (col.type) return { type: col.type, ...(col.currency ? { currency: col.currency } : {}) };
    const typed = block.rows.slice(0, 500).map((r) => {
      const v = r[c];
      if (typeof v === 'string' && v.startsWith('=')) return { value: null, type: 'text' as const };
      return typeof v === 'string' ? parseTypedValue(v) : { value: v ?? null, type: typeof v === 'number' ? (Number.isInteger(v) ? 'integer' as const : 'number' as const) : 'text' as const };
    });
    const inferred = inferColumnType(col.header, typed);
    return col.currency ? { ...inferred, currency: col.currency } : inferred;
  });
}

export function buildDataBlock(doc: ExcelDocument, entry: SheetEntry, block: DataBlock): BuiltBlock {
  if (!block.columns.length) throw new ToolError('a data block needs at least one column');
  const headers = block.columns.map((c) => c.header.trim());
  const dup = headers.find((h, i) => !h || headers.indexOf(h) !== i);
  if (dup !== undefined) throw new ToolError(dup ? `column headers must be unique: "${dup}" appears twice` : 'every column needs a header');
  const ws = doc.worksheet(entry);
  const origin = block.at ?? { row: 0, col: 0 };
  let row = origin.row;
  if (block.title) {
    writeCell(doc, entry, row, origin.col, { value: block.title }, presetStyle(doc, 'title'));
    setRowHeight(ws, row + 1, titleRowHeight(doc));
    row++;
    if (block.subtitle) writeCell(doc, entry, row++, origin.col, { value: block.subtitle }, presetStyle(doc, 'subtitle'));
    row++;
  }
  const types = resolveTypes(block);
  const headerRow = row;
  const last = { row: headerRow + block.rows.length + (block.totals ? 1 : 0), col: origin.col + headers.length - 1 };
  const area = { start: { row: headerRow, col: origin.col }, end: last };
  const clash = viewOf(doc, entry.name).tables.find((t) => rangesOverlap(t.range, area));
  if (clash) throw new ToolError(`${rangeAddress(area)} overlaps table ${clash.name} (${rangeAddress(clash.range)}); place the data elsewhere or delete that table first`);
  headers.forEach((h, c) => writeCell(doc, entry, headerRow, origin.col + c, { value: h }, presetStyle(doc, 'header', types[c].type)));
  const formatOf = (c: number) => block.columns[c].numberFormat ?? numberFormatFor(types[c].type, types[c].currency);
  const bodyStyles = types.map(({ type }, c) => presetStyle(doc, 'body', type, formatOf(c)));
  const formulas: CellPos[] = [];
  // Text columns keep what looks like a number as text (years as labels, "00123"); Excel is told so.
  const numericText: boolean[] = headers.map(() => false);
  block.rows.forEach((values, r) => {
    if (values.length > headers.length) throw new ToolError(`row ${r + 1} has ${values.length} values but there are ${headers.length} columns`);
    for (let c = 0; c < headers.length; c++) {
      const raw = values[c] ?? null;
      const { type } = types[c];
      const { cell, typed } = parseCellInput(doc, raw, `row ${r + 1}, column "${headers[c]}"`, type);
      const pos = { row: headerRow + 1 + r, col: origin.col + c };
      if (!cell) { writeCell(doc, entry, pos.row, pos.col, null, bodyStyles[c]); continue; }
      if (typed && cell.formula === undefined) cell.value = coerceToColumn(typed, type, String(raw));
      if (type === 'text' && typeof cell.value === 'string' && NUMERIC_TEXT.test(cell.value)) numericText[c] = true;
      writeCell(doc, entry, pos.row, pos.col, cell.formula !== undefined ? { formula: cell.formula } : { value: cell.value }, bodyStyles[c]);
      if (cell.formula !== undefined) formulas.push(pos);
    }
  });
  const firstData = headerRow + 1;
  const lastData = headerRow + block.rows.length;
  let totalsRow: number | null = null;
  const tableColumns: { name: string; totalsFunction?: string; totalsLabel?: string }[] = headers.map((name) => ({ name }));
  if (block.totals && block.rows.length) {
    totalsRow = lastData + 1;
    headers.forEach((_, c) => {
      const { type } = types[c];
      const fn = block.columns[c].total ?? (NUMERIC.has(type) ? 'sum' : 'none');
      const pos = { row: totalsRow!, col: origin.col + c };
      const fmt = formatOf(c);
      if (fn !== 'none') {
        const range = rangeAddress({ start: { row: firstData, col: pos.col }, end: { row: lastData, col: pos.col } });
        writeCell(doc, entry, pos.row, pos.col, { formula: totalsFormula(fn, range) }, presetStyle(doc, 'total', type, fn === 'count' ? '#,##0' : fmt));
        formulas.push(pos);
        tableColumns[c].totalsFunction = fn;
      } else if (c === 0) {
        writeCell(doc, entry, pos.row, pos.col, { value: block.totalsLabel ?? 'Total' }, presetStyle(doc, 'total'));
        tableColumns[c].totalsLabel = block.totalsLabel ?? 'Total';
      } else {
        writeCell(doc, entry, pos.row, pos.col, null, presetStyle(doc, 'total', type, fmt));
      }
    });
  }
  if (block.rows.length) {
    ignoreNumbersStoredAsText(ws, numericText.flatMap((yes, c) => (yes ? [rangeAddress({ start: { row: headerRow + 1, col: origin.col + c }, end: { row: headerRow + block.rows.length, col: origin.col + c } })] : [])));
  }
  const widths = new Map<number, number>();
  block.columns.forEach((col, c) => { if (col.width) widths.set(origin.col + c, col.width); });
  setColumnWidths(ws, widths);
  const tableRange = { start: { row: headerRow, col: origin.col }, end: { row: totalsRow ?? lastData, col: last.col } };
  growDimension(ws, { start: { row: block.title ? origin.row : headerRow, col: origin.col }, end: tableRange.end });
  doc.changed(entry.part!);
  let table: string | null = null;
  if (block.tableName !== null && block.tableName !== undefined && block.rows.length) {
    table = tableName(doc, block.tableName);
    addTable(doc, entry, { name: table, range: tableRange, columns: tableColumns, totalsRow: totalsRow !== null, style: block.tableStyle ?? doc.tableStyle ?? workbookTableStyle(doc), bandedRows: true });
  } else if (block.rows.length && !viewOf(doc, entry.name).autoFilter) {
    setAutoFilter(ws, { start: { row: headerRow, col: origin.col }, end: { row: lastData, col: last.col } });
  }
  if (block.freezeHeader !== false && !freezeOf(ws) && origin.col === 0) setFreeze(ws, headerRow + 1, 0);
  refreshFormulas(doc, entry, formulas);
  doc.changed(entry.part!);
  return {
    header: { start: { row: headerRow, col: origin.col }, end: { row: headerRow, col: last.col } },
    data: { start: { row: firstData, col: origin.col }, end: { row: lastData, col: last.col } },
    totalsRow,
    columns: headers.map((h, c) => ({ letter: columnLetters(origin.col + c), header: h, type: types[c].type })),
    table,
  };
}

/** What a built block looks like, for the tool result: where the header, data and totals are. */
export function describeBlock(entry: SheetEntry, b: BuiltBlock): Record<string, unknown> {
  return {
    sheet: entry.name,
    header_row: b.header.start.row + 1,
    data_range: b.data.end.row >= b.data.start.row ? rangeAddress(b.data) : null,
    totals_row: b.totalsRow === null ? null : b.totalsRow + 1,
    columns: b.columns.map((c) => `${c.letter}: ${c.header} (${c.type})`),
    ...(b.table ? { table: b.table } : {}),
  };
}
