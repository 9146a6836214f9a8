// Commands on a sheet's table, read without a model.
// "add a column for notes", "add a Status column to the expenses table": a new column at the right edge
// of a table (an Excel table joins it: its header written next to it, see set_cells, and its cells take
// the formats of the column to their left) or of the sheet's data under its header row (a column is
// inserted there, formatted like the one to its left). A user's workbook keeps its look.
// "add a total row at the bottom", "add totals to the expenses table": an Excel table gets its own totals
// row (add_totals_row); plain data gets a "Total" row of live SUM formulas under its numeric columns.
// "sort the expenses table by amount, largest first": the table's data rows, or the data under a sheet's
// header row (a Total row under it stays), sorted in place by that column (sort_range).
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import { columnLetters } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { readCell } from '../view/cells.ts';
import { headerRowOf } from '../view/outline.ts';
import { readableTableName } from '../view/sheet-parts.ts';
import type { SheetView } from '../view/sheet.view.ts';

const ADD_COLUMN = /\badd\s+(?:a|an|one)\s+(?:new\s+)?(?:column\s+(?:for|called|named|titled|labell?ed)\s+["“']?([^"”',.;\n]{1,40}?)["”']?|["“']?([\p{L}][^"”',.;\n]{0,39}?)["”']?\s+column)(?:\s+(?:to|on|in|at the end of)\s+(?:the\s+)?([^,.;\n]+?))?\s*(?=[,.;\n]|$|\s+(?:and|then)\s)/iu;
const words = (s: string) => s.toLowerCase().match(/\p{L}[\p{L}\d]*/gu) ?? [];
const singular = (w: string) => w.replace(/s$/, '');

export interface TableCommand { calls: PlannedToolCall[]; what: string }
/** A command the request holds that cannot be carried out on this workbook, and why. */
export interface RefusedCommand { refused: string }

/** A table named in the request ("the expenses table" finds tblExpenses), else a sheet, else the active sheet; on it, its only (or first) table. */
export function targetOf(phrase: string | undefined, sheets: SheetView[], active: SheetView | undefined): { sheet: SheetView; table: SheetView['tables'][number] | undefined } | null {
  const named = phrase ? new Set(words(phrase).map(singular)) : null;
  const tableHits = named ? sheets.flatMap((s) => s.tables.map((t) => ({ s, t, n: words(readableTableName(t.name)).map(singular).filter((w) => named.has(w)).length }))).filter((h) => h.n > 0).sort((a, b) => b.n - a.n) : [];
  const sheetHit = named ? sheets.map((s) => ({ s, n: words(s.name).map(singular).filter((w) => named.has(w)).length })).filter((h) => h.n > 0).sort((a, b) => b.n - a.n)[0]?.s : undefined;
  const sheet = tableHits[0]?.s ?? sheetHit ?? active;
  if (!sheet?.ws) return null;
  return { sheet, table: tableHits[0]?.t ?? sheet.tables[0] };
}

/**
 * Whether column `col` is empty from row `from` to row `to` (0-based) and no chart or picture lies over
 * it there: then a header beside a table adds the column without moving anything; otherwise a column is
 * inserted, which moves what is to its right (charts included).
 */
export function columnFree(sheet: SheetView, doc: ExcelDocument, col: number, from: number, to: number): boolean {
  const covered = [...sheet.charts, ...sheet.images].some((d) => d.anchor.from.col <= col && d.anchor.to.col >= col && d.anchor.from.row <= to && d.anchor.to.row >= from);
  return !covered && Array.from({ length: to - from + 1 }, (_, i) => readCell(sheet.ws!, doc, from + i, col)).every((c) => !c || (c.formula === undefined && (c.value === null || c.value === '')));
}

/** The command, planned on the sheet it names (a sheet, or an Excel table by its name) or the active one; null when the request holds none. */
export function addColumnCommand(text: string, sheets: SheetView[], active: SheetView | undefined, doc: ExcelDocument): TableCommand | null {
  const m = ADD_COLUMN.exec(text);
  if (!m) return null;
  const raw = (m[1] ?? m[2]).trim().replace(/^(?:the|a|an)\s+/i, '');
  // "a column for each month" describes a new sheet's layout, not a column to add.
  if (!raw || /^(?:each|every|per)\b/i.test(raw) || /^[A-Z]{1,3}$/.test(raw)) return null;
  const title = raw === raw.toLowerCase() ? raw[0].toUpperCase() + raw.slice(1) : raw;
  const target = targetOf(m[3], sheets, active);
  if (!target) return null;
  const { sheet, table } = target;
  let headerRow: number;
  let lastCol: number;
  if (table) {
    headerRow = table.range.start.row;
    lastCol = table.range.end.col;
  } else {
    headerRow = headerRowOf(sheet) ?? 0;
    lastCol = -1;
    for (let c = 0; c < sheet.extent.cols; c++) {
      const v = readCell(sheet.ws!, doc, headerRow, c)?.value;
      if (v !== null && v !== undefined && v !== '') lastCol = c;
    }
    if (lastCol < 0) return null;
  }
  const at = columnLetters(lastCol + 1);
  // Beside a table whose next column is empty along it, the header alone adds the column (with the table's
  // formats) and nothing else on the sheet moves; elsewhere a column is inserted, formatted like its left one.
  const free = table && columnFree(sheet, doc, lastCol + 1, table.range.start.row, table.range.end.row);
  return {
    calls: [
      ...(free ? [] : [{ tool: 'insert_columns', args: { sheet: sheet.name, at, count: 1 } }]),
      { tool: 'set_cells', args: { sheet: sheet.name, start: `${at}${headerRow + 1}`, rows: [[title]] } },
    ],
    what: `added the column "${title}" to ${table ? `table ${table.name}` : `"${sheet.name}"`}`,
  };
}

const ADD_TOTALS = /\badd\s+(?:a\s+|an\s+)?(?:grand\s+)?totals?(?:\s+row)?(?:\s+(?:at|to)\s+the\s+(?:bottom|end))?(?:\s+(?:to|on|in|for|under|of)\s+(?:the\s+)?([^,.;\n]+?))?(?:\s+(?:at|to)\s+the\s+(?:bottom|end))?\s*(?=[,.;\n?!]|$|\s+(?:and|then|please)\b)/i;

/** "add a total row at the bottom": a table's totals row, or a Total row of SUM formulas under plain data. */
export function addTotalsCommand(text: string, sheets: SheetView[], active: SheetView | undefined, doc: ExcelDocument): TableCommand | RefusedCommand | null {
  const m = ADD_TOTALS.exec(text);
  if (!m) return null;
  const target = targetOf(m[1], sheets, active);
  if (!target) return null;
  const { sheet, table } = target;
  if (table) {
    if (table.totalsRow) return { refused: `table ${table.name} on "${sheet.name}" already has a totals row` };
    return { calls: [{ tool: 'add_totals_row', args: { table: table.name } }], what: `added a totals row to table ${table.name}` };
  }
  // Plain data: the header row, its last data row, and the numeric columns under it.
  const ws = sheet.ws!;
  // (No header row known: the first row is one when it holds no numbers.)
  const first = Array.from({ length: sheet.extent.cols }, (_, c) => readCell(ws, doc, 0, c)?.value);
  const header = headerRowOf(sheet) ?? (first.some((v) => typeof v === 'number') ? -1 : 0);
  let last = header;
  for (let r = header + 1; r < sheet.extent.rows; r++) {
    const cells = Array.from({ length: sheet.extent.cols }, (_, c) => readCell(ws, doc, r, c)?.value);
    if (cells.every((v) => v === null || v === undefined || v === '')) break;
    last = r;
  }
  if (last === header) return { refused: `"${sheet.name}" has no rows of data under its header to total` };
  // Rows named by text in the first column, with no total yet: the row's "Total" goes under that column.
  const labels = Array.from({ length: last - header }, (_, i) => readCell(ws, doc, header + 1 + i, 0)?.value);
  if (labels.some((v) => typeof v === 'string' && /^\s*(?:grand\s+)?totals?\b/i.test(v))) return { refused: `the data on "${sheet.name}" already has a total row` };
  if (labels.filter((v) => typeof v === 'string').length < labels.length / 2) return { refused: `the rows on "${sheet.name}" have no labels in column A to put "Total" under` };
  const numeric = Array.from({ length: sheet.extent.cols }, (_, c) => c).filter((c) => c > 0 && Array.from({ length: last - header }, (_, i) => readCell(ws, doc, header + 1 + i, c)?.value).some((v) => typeof v === 'number'));
  if (!numeric.length) return { refused: `"${sheet.name}" has no columns of numbers to total` };
  const row = Array.from({ length: Math.max(...numeric) + 1 }, (_, c): string | null => (c === 0 ? 'Total' : numeric.includes(c) ? `=SUM(${columnLetters(c)}${header + 2}:${columnLetters(c)}${last + 1})` : null));
  // (Right under the data: the first empty row, never over a cell in use.)
  return { calls: [{ tool: 'set_cells', args: { sheet: sheet.name, start: `A${last + 2}`, rows: [row], style: 'total' } }], what: `added a Total row to "${sheet.name}"` };
}

const DESCENDING = /^(?:largest|highest|biggest|most|newest|latest|most recent|descending|desc|z\s*(?:to|-)\s*a|high(?:est)?\s+to\s+low(?:est)?|big(?:gest)?\s+to\s+small(?:est)?|reverse)/i;
const SORT = /\b(?:sort|order|rank|arrange)\s+(?:the\s+|my\s+|this\s+)?(?:([^,.;\n]*?)\s+)?by\s+(?:the\s+)?["“']?([^"”',.;\n]+?)["”']?(?:\s+column)?(?:\s*,?\s*(?:from\s+|with\s+(?:the\s+)?)?(largest|highest|biggest|most recent|most|newest|latest|descending|desc|z\s*(?:to|-)\s*a|high(?:est)?\s+to\s+low(?:est)?|big(?:gest)?\s+to\s+small(?:est)?|smallest|lowest|oldest|earliest|ascending|asc|a\s*(?:to|-)\s*z|low(?:est)?\s+to\s+high(?:est)?|small(?:est)?\s+to\s+big(?:gest)?|in\s+reverse(?:\s+order)?)(?:\s+(?:first|on\s+top|at\s+the\s+top|order))?)?\s*(?=[,.;\n?!]|$|\s+(?:and|then|please)\b)/i;

/** "sort the expenses table by amount, largest first", "sort by date (newest first)", "sort alphabetically by name". */
export function sortCommand(text: string, sheets: SheetView[], active: SheetView | undefined, doc: ExcelDocument): TableCommand | RefusedCommand | null {
  const m = SORT.exec(text);
  if (!m) return null;
  const phrase = (m[1] ?? '').replace(/\b(?:alphabetically|numerically|chronologically|rows?|data|list|entries|everything|it|them)\b/gi, ' ').trim();
  const target = targetOf(phrase || undefined, sheets, active);
  if (!target) return null;
  const { sheet, table } = target;
  const descending = DESCENDING.test((m[3] ?? '').replace(/^in\s+/i, ''));
  const wanted = m[2].trim().toLowerCase();
  const match = (headers: string[]) => headers.find((h) => h.toLowerCase() === wanted) ?? headers.find((h) => singular(h.toLowerCase()) === singular(wanted))
    ?? headers.find((h) => words(h).some((w) => singular(w) === singular(wanted)));
  if (table) {
    const column = match(table.columns.map((c) => c.name));
    if (!column) return { refused: `table ${table.name} has no column "${m[2].trim()}" (its columns: ${table.columns.map((c) => c.name).join(', ')})` };
    return { calls: [{ tool: 'sort_range', args: { table: table.name, by: [{ column, order: descending ? 'descending' : 'ascending' }] } }], what: `sorted table ${table.name} by ${column}` };
  }
  // Plain data: from its header row down to the last row before a gap, a trailing Total row left out.
  const ws = sheet.ws!;
  const header = headerRowOf(sheet) ?? 0;
  const headers: string[] = [];
  for (let c = 0; c < sheet.extent.cols; c++) {
    const v = readCell(ws, doc, header, c)?.value;
    headers.push(typeof v === 'string' ? v.trim() : '');
  }
  const lastCol = headers.reduce((l, h, c) => (h ? c : l), -1);
  const column = match(headers.filter(Boolean));
  if (!column) return { refused: `"${sheet.name}" has no column "${m[2].trim()}"${lastCol >= 0 ? ` (its columns: ${headers.filter(Boolean).join(', ')})` : ''}` };
  let last = header;
  for (let r = header + 1; r < sheet.extent.rows; r++) {
    const row = Array.from({ length: lastCol + 1 }, (_, c) => readCell(ws, doc, r, c)?.value);
    if (row.every((v) => v === null || v === undefined || v === '')) break;
    if (typeof row[0] === 'string' && /^\s*(?:grand\s+)?totals?\b/i.test(row[0])) break;
    last = r;
  }
  if (last - header < 2) return { refused: `"${sheet.name}" has fewer than two rows of data to sort` };
  const range = `A${header + 1}:${columnLetters(lastCol)}${last + 1}`;
  return { calls: [{ tool: 'sort_range', args: { sheet: sheet.name, range, by: [{ column, order: descending ? 'descending' : 'ascending' }] } }], what: `sorted "${sheet.name}" by ${column}` };
}

/** The request without its table commands, so "add a total row to the plain sheet" adds no sheet. */
export function withoutTableCommands(text: string): string {
  return text.replace(new RegExp(ADD_COLUMN.source, 'giu'), ' ').replace(new RegExp(ADD_TOTALS.source, 'gi'), ' ').replace(new RegExp(SORT.source, 'gi'), ' ');
}
