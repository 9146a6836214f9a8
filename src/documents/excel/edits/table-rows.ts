// Rows appended to the end of an Excel table, as Excel adds them: above its totals row, or, when the
// table has none, into the empty rows just below it (nothing else moves) or else as new sheet rows
// (what is below moves down). Plain data (a header row and rows under it, no table) takes rows the
// same way, as Excel's "extend data range formats and formulas" grows the totals under a list. The table, its filter, and every range that covers one of its columns
// down to its last row (formulas on any sheet, defined names and print areas, chart series, conditional
// formats, validations) grow with it (formula/formula-insert.ts, `grow`). New cells take the formats
// of the table's last row; a column whose last row holds a formula gets it on the new rows, moved to
// them, unless the row gives a value.
import { ToolError } from '../../agent/tool-error.ts';
import { cellAddress, columnLetters, rangeAddress, type CellPos, type RangePos } from '../a1.ts';
import { parseCellInput, type CellInput } from '../cell-values.ts';
import type { ExcelDocument } from '../excel.document.ts';
import type { LineMove } from '../formula/formula-insert.ts';
import { shiftFormula } from '../formula/formula-shift.ts';
import { numberFormatFor } from '../number-formats.ts';
import type { Worksheet } from '../parts/worksheet.ts';
import { attrOf, withAttrs } from '../parts/xml-text.ts';
import { readCell } from '../view/cells.ts';
import type { TableView } from '../view/sheet-parts.ts';
import { viewOf } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';
import { checkWritable, growDimension, writeCell } from './cells.ts';
import { refreshFormulas } from './formula-results.ts';
import { moveLines } from './lines.ts';

/** What rows are appended to: an Excel table, or plain data on a sheet. */
export interface RowBlock {
  sheet: SheetEntry;
  /** Header (if any) to the last row, totals row included. */
  range: RangePos;
  headerRow: boolean;
  totalsRow: boolean;
  columns: { name: string }[];
  /** How messages name it: `table Costs`, `the data of "Costs"`. */
  label: string;
  /** The Excel table's name, when it is one. */
  table?: string;
}

export const tableBlock = (t: TableView): RowBlock => ({ sheet: t.sheet, range: t.range, headerRow: t.headerRow, totalsRow: t.totalsRow, columns: t.columns, label: `table ${t.name}`, table: t.name });

const filled = (cell: { value: unknown; formula?: string } | undefined) => !!cell && (cell.formula !== undefined || (cell.value !== null && cell.value !== ''));

/**
 * The plain data whose last row is `last` (0-based): the columns holding something on that row, up to
 * the first row above with nothing in them; that row is a header when it holds only text.
 */
export function dataBlockAt(doc: ExcelDocument, entry: SheetEntry, last: number): RowBlock {
  const ws = doc.worksheet(entry);
  const extent = viewOf(doc, entry.name).extent;
  const cols = Array.from({ length: extent.cols }, (_, c) => c).filter((c) => filled(readCell(ws, doc, last, c)));
  if (!cols.length) throw new ToolError(`row ${last + 1} of "${entry.name}" is empty; after_row is the last row of the data`);
  const [c0, c1] = [cols[0], cols[cols.length - 1]];
  const inRow = (r: number) => Array.from({ length: c1 - c0 + 1 }, (_, i) => readCell(ws, doc, r, c0 + i));
  let top = last;
  while (top > 0 && inRow(top - 1).some(filled)) top--;
  const headerRow = top < last && inRow(top).every((c) => !filled(c) || (c!.formula === undefined && typeof c!.value === 'string'));
  const columns = inRow(top).map((c, i) => ({ name: headerRow && typeof c?.value === 'string' ? c.value : columnLetters(c0 + i) }));
  return { sheet: entry, range: { start: { row: top, col: c0 }, end: { row: last, col: c1 } }, headerRow, totalsRow: false, columns, label: `the data of "${entry.name}" (${rangeAddress({ start: { row: top, col: c0 }, end: { row: last, col: c1 } })})` };
}

export interface AppendedRows {
  /** The table's range after the rows were added. */
  range: RangePos;
  /** Where the new rows are. */
  rows: RangePos;
  /** Whether the rows below the table moved down (false: the table took empty rows below it). */
  inserted: boolean;
  /** Cells that got their column's formula. */
  formulas: CellPos[];
}

/** Whether the `n` rows below the block's last row are free to take: empty along its columns, in no merge and no table. */
function freeBelow(doc: ExcelDocument, t: RowBlock, n: number): boolean {
  const view = viewOf(doc, t.sheet.name);
  const ws = doc.worksheet(t.sheet);
  const area: RangePos = { start: { row: t.range.end.row + 1, col: t.range.start.col }, end: { row: t.range.end.row + n, col: t.range.end.col } };
  const meets = (r: RangePos) => r.start.row <= area.end.row && r.end.row >= area.start.row && r.start.col <= area.end.col && r.end.col >= area.start.col;
  if (view.merges.some(meets) || view.tables.some((o) => o.name !== t.table && meets(o.range))) return false;
  for (let r = area.start.row; r <= area.end.row; r++) {
    for (let c = area.start.col; c <= area.end.col; c++) {
      if (filled(readCell(ws, doc, r, c))) return false;
    }
  }
  return true;
}

/** Rows the table takes below it get the height of its last row (1-based `last`) when they have none of their own. */
function keepHeight(ws: Worksheet, last: number, n: number): void {
  const above = ws.data.row(last);
  if (!above || !/^(1|true)$/.test(attrOf(above.tag, 'customHeight') ?? '')) return;
  for (let r = last + 1; r <= last + n; r++) {
    const row = ws.data.row(r);
    if (row && attrOf(row.tag, 'customHeight') !== null) continue;
    const next = ws.data.touchRow(r);
    next.tag = withAttrs(next.tag, { ht: attrOf(above.tag, 'ht'), customHeight: '1' });
  }
}

export function appendRows(doc: ExcelDocument, t: RowBlock, rows: CellInput[][]): AppendedRows {
  const width = t.range.end.col - t.range.start.col + 1;
  const long = rows.findIndex((r) => r.length > width);
  if (long >= 0) throw new ToolError(`row ${long + 1} has ${rows[long].length} values; ${t.label} has ${width} columns (${t.columns.map((c) => c.name).join(', ')})`);
  const entry = t.sheet;
  const ws = doc.worksheet(entry);
  const n = rows.length;
  const last = t.range.end.row - (t.totalsRow ? 1 : 0);
  const first = t.range.start.row + (t.headerRow ? 1 : 0);
  const cols: [number, number] = [t.range.start.col, t.range.end.col];
  // What the last data row holds, read before anything moves (an empty table has none: its header).
  const model = last >= first ? Array.from({ length: width }, (_, i) => readCell(ws, doc, last, cols[0] + i)) : [];
  const styles = last >= first ? Array.from({ length: width }, (_, i) => ws.data.cell(last + 1, cols[0] + i)?.s ?? 0) : [];
  const inPlace = !t.totalsRow && freeBelow(doc, t, n);
  const move: LineMove = { axis: 'row', at: last + 1, count: n, inPlace, grow: { first, cols, block: { start: t.range.start, end: { row: last, col: cols[1] } } } };
  moveLines(doc, entry, move);
  if (inPlace) keepHeight(ws, last + 1, n);
  const formulas: CellPos[] = [];
  rows.forEach((values, i) => {
    const row = last + 1 + i;
    for (let j = 0; j < width; j++) {
      const col = cols[0] + j;
      const pos = { row, col };
      checkWritable(ws, row, col, entry.name);
      const input = values[j] ?? null;
      const above = model[j];
      const base = styles[j] ?? ws.data.cell(row + 1, col)?.s ?? 0;
      if ((input === null || input === '') && above?.formula !== undefined) {
        writeCell(doc, entry, row, col, { formula: shiftFormula(above.formula, row - last, 0) }, base);
        formulas.push(pos);
        continue;
      }
      const { cell, typed } = parseCellInput(doc, input, `${entry.name}!${cellAddress(pos)}`);
      let s = base;
      if (typed && typed.type !== 'text' && typed.type !== 'integer' && typed.type !== 'number' && doc.styles().numFmt(s) === 'General') s = doc.styles().derive(s, { numFmt: numberFormatFor(typed.type, typed.currency)! });
      writeCell(doc, entry, row, col, cell ? (cell.formula !== undefined ? { formula: cell.formula } : { value: cell.value }) : null, s);
      if (cell?.formula !== undefined) formulas.push(pos);
    }
  });
  const added: RangePos = { start: { row: last + 1, col: cols[0] }, end: { row: last + n, col: cols[1] } };
  growDimension(ws, added);
  refreshFormulas(doc, entry, formulas);
  doc.changed(entry.part!);
  const range = { start: t.range.start, end: { row: t.range.end.row + n, col: cols[1] } };
  return { range, rows: added, inserted: !inPlace, formulas };
}

export const appendedText = (t: RowBlock, a: AppendedRows): string =>
  `${a.rows.end.row - a.rows.start.row + 1 === 1 ? 'a row' : `${a.rows.end.row - a.rows.start.row + 1} rows`} to ${t.table ? `table ${t.table}` : 'the data'} ("${t.sheet.name}"!${rangeAddress(a.rows)})`;
