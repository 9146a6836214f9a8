// Writes a typed block of data into a sheet: an optional title, a styled header row, rows whose
// columns carry a type and its number format (inferred from the values and the header when not
// given), an optional totals row of live SUBTOTAL formulas, an Excel table or an autofilter, and a
// frozen header. add_sheet, import_data_source and the builtin planner all build sheets through it.
import { ToolError } from '../agent/tool-error.ts';
import { columnLetters, rangeAddress, rangesOverlap, type CellPos, type RangePos } from './a1.ts';
import { parseCellInput, type CellInput } from './cell-values.ts';
import { totalsFormula } from './drawing-xml.ts';
import { allTables, setCell, type SheetModel, type TableColumnModel, type TotalsFunction, type WorkbookModel } from './model.ts';
import { coerceToColumn, inferColumnType, numberFormatFor, parseTypedValue, type ColumnType } from './number-formats.ts';
import { stylesFor } from './workbook-styles.ts';

export interface ColumnSpec {
  header: string;
  type?: ColumnType;
  /** ISO currency code of a currency column (default: the one the values show, else USD). */
  currency?: string;
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
  /** Make the block an Excel table with this name (made unique); null: a plain range with an autofilter. */
  tableName?: string | null;
  tableStyle?: string;
  freezeHeader?: boolean;
}

export interface BuiltBlock {
  header: RangePos;
  /** The data rows (empty when there are none: end.row < start.row). */
  data: RangePos;
  totalsRow: number | null;
  columns: { letter: string; header: string; type: ColumnType }[];
  table: string | null;
}

const NUMERIC: ReadonlySet<ColumnType> = new Set(['integer', 'number', 'currency']);

/** A valid, workbook-unique table name: letters, digits and `_`, starting with a letter, not a cell address. */
export function tableName(wb: WorkbookModel, wanted: string): string {
  let base = wanted.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'Table';
  if (!/^[A-Za-z_]/.test(base)) base = `T_${base}`;
  if (/^[A-Za-z]{1,3}\d+$/.test(base) || /^[Rr]\d*[Cc]?\d*$/.test(base)) base = `${base}_data`;
  base = base.slice(0, 240);
  const taken = new Set(allTables(wb).map((t) => t.table.name.toLowerCase()));
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base}_${i}`;
  return name;
}

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

export function buildDataBlock(wb: WorkbookModel, sheet: SheetModel, block: DataBlock): BuiltBlock {
  if (!block.columns.length) throw new ToolError('a data block needs at least one column');
  const headers = block.columns.map((c) => c.header.trim());
  const dup = headers.find((h, i) => !h || headers.indexOf(h) !== i);
  if (dup !== undefined) throw new ToolError(dup ? `column headers must be unique: "${dup}" appears twice` : 'every column needs a header');
  const styles = stylesFor(wb.theme);
  const origin = block.at ?? { row: 0, col: 0 };
  let row = origin.row;
  if (block.title) {
    setCell(sheet, { row, col: origin.col }, { value: block.title, style: styles.title });
    sheet.rowHeights[row] = 24;
    row++;
    if (block.subtitle) setCell(sheet, { row: row++, col: origin.col }, { value: block.subtitle, style: styles.subtitle });
    row++;
  }
  const types = resolveTypes(block);
  const headerRow = row;
  const last = { row: headerRow + block.rows.length + (block.totals ? 1 : 0), col: origin.col + headers.length - 1 };
  const area = { start: { row: headerRow, col: origin.col }, end: last };
  const clash = sheet.tables.find((t) => rangesOverlap(t.range, area));
  if (clash) throw new ToolError(`${rangeAddress(area)} overlaps table ${clash.name} (${rangeAddress(clash.range)}); place the data elsewhere or delete that table first`);
  headers.forEach((h, c) => setCell(sheet, { row: headerRow, col: origin.col + c }, { value: h, style: styles.header(types[c].type) }));
  block.rows.forEach((values, r) => {
    if (values.length > headers.length) throw new ToolError(`row ${r + 1} has ${values.length} values but there are ${headers.length} columns`);
    headers.forEach((_, c) => {
      const pos = { row: headerRow + 1 + r, col: origin.col + c };
      const raw = values[c] ?? null;
      const { type, currency } = types[c];
      const { cell, typed } = parseCellInput(wb, raw, `row ${r + 1}, column "${headers[c]}"`, type);
      const fmt = numberFormatFor(type, currency);
      const style = styles.body(type, fmt);
      if (!cell) return setCell(sheet, pos, undefined);
      if (typed && cell.formula === undefined) cell.value = coerceToColumn(typed, type, String(raw));
      setCell(sheet, pos, { ...cell, style });
    });
  });
  const firstData = headerRow + 1;
  const lastData = headerRow + block.rows.length;
  let totalsRow: number | null = null;
  const tableColumns: TableColumnModel[] = headers.map((name) => ({ name }));
  if (block.totals && block.rows.length) {
    totalsRow = lastData + 1;
    headers.forEach((_, c) => {
      const { type, currency } = types[c];
      const fn = block.columns[c].total ?? (NUMERIC.has(type) ? 'sum' : 'none');
      const pos = { row: totalsRow!, col: origin.col + c };
      const fmt = numberFormatFor(type, currency);
      if (fn !== 'none') {
        const range = rangeAddress({ start: { row: firstData, col: pos.col }, end: { row: lastData, col: pos.col } });
        setCell(sheet, pos, { value: null, formula: totalsFormula(fn, range), style: styles.total(type, fn === 'count' ? '#,##0' : fmt) });
        tableColumns[c].totalsFunction = fn;
      } else if (c === 0) {
        setCell(sheet, pos, { value: 'Total', style: styles.total('text') });
        tableColumns[c].totalsLabel = 'Total';
      } else {
        setCell(sheet, pos, { value: null, style: styles.total(type, fmt) });
      }
    });
  }
  block.columns.forEach((col, c) => { if (col.width) sheet.columns[origin.col + c] = { ...sheet.columns[origin.col + c], width: col.width }; });
  const tableRange = { start: { row: headerRow, col: origin.col }, end: { row: totalsRow ?? lastData, col: last.col } };
  let table: string | null = null;
  if (block.tableName !== null && block.tableName !== undefined && block.rows.length) {
    table = tableName(wb, block.tableName);
    sheet.tables.push({ name: table, range: tableRange, columns: tableColumns, totalsRow: totalsRow !== null, style: block.tableStyle ?? 'TableStyleMedium2', bandedRows: true });
  } else if (block.rows.length && !sheet.autoFilter) {
    sheet.autoFilter = { start: { row: headerRow, col: origin.col }, end: { row: lastData, col: last.col } };
  }
  if (block.freezeHeader !== false && !sheet.freeze && origin.col === 0) sheet.freeze = { rows: headerRow + 1, columns: 0 };
  return {
    header: { start: { row: headerRow, col: origin.col }, end: { row: headerRow, col: last.col } },
    data: { start: { row: firstData, col: origin.col }, end: { row: lastData, col: last.col } },
    totalsRow,
    columns: headers.map((h, c) => ({ letter: columnLetters(origin.col + c), header: h, type: types[c].type })),
    table,
  };
}

/** What a built block looks like, for the tool result: where the header, data and totals are. */
export function describeBlock(sheet: SheetModel, b: BuiltBlock): Record<string, unknown> {
  return {
    sheet: sheet.name,
    header_row: b.header.start.row + 1,
    data_range: b.data.end.row >= b.data.start.row ? rangeAddress(b.data) : null,
    totals_row: b.totalsRow === null ? null : b.totalsRow + 1,
    columns: b.columns.map((c) => `${c.letter}: ${c.header} (${c.type})`),
    ...(b.table ? { table: b.table } : {}),
  };
}
