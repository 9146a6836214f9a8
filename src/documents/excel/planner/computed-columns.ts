// Columns computed from a table's own columns, read without a model:
// "add a total column that sums Q1 and Q2" (or "add a total column": every numeric column), and
// "add a column with the growth from Q1 to Q2 as a percent" / "add a growth column" (the last two
// numeric columns). The column goes at the right edge of the table or of the data under its header row,
// as "add a column for X" does, with a live formula on every data row (and the total in a table's totals row).
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import { columnLetters } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { readCell } from '../view/cells.ts';
import { headerRowOf } from '../view/outline.ts';
import type { SheetView } from '../view/sheet.view.ts';
import { columnFree, targetOf, type RefusedCommand, type TableCommand } from './table-commands.ts';

const TOTAL = /\badd\s+(?:a|an)\s+(?:new\s+)?(?:total|sum)\s+column(?:\s+(?:that\s+(?:sums|adds(?:\s+up)?|totals)|summing|adding(?:\s+up)?|of|for)\s+(?:the\s+)?(.+?))?(?:\s+(?:to|on|in)\s+(?:the\s+)?([^,.;\n]+?\s+(?:table|sheet)))?\s*(?=[,.;\n?!]|$)/i;
const GROWTH = /\badd\s+(?:a|an)\s+(?:new\s+)?(?:column\s+(?:with|for|showing)\s+(?:the\s+)?(?:growth|change|increase)|(?:growth|change|%\s*change|percent(?:age)?\s+change)\s+column)(?:\s+from\s+(.+?)\s+to\s+(.+?))?(?:\s+(?:as\s+a\s+)?(?:percent(?:age)?|%))?\s*(?=[,.;\n?!]|$)/i;

/** Whether the request asks for a computed column (so "add a growth column" adds no bare header too). */
export const asksComputedColumn = (text: string) => TOTAL.test(text) || GROWTH.test(text);

export function computedColumnCommand(text: string, sheets: SheetView[], active: SheetView | undefined, doc: ExcelDocument): TableCommand | RefusedCommand | null {
  const total = TOTAL.exec(text);
  const growth = total ? null : GROWTH.exec(text);
  if (!total && !growth) return null;
  const target = targetOf(total?.[2], sheets, active);
  if (!target) return null;
  const { sheet, table } = target;
  const ws = sheet.ws!;
  const headerRow = table ? table.range.start.row : headerRowOf(sheet) ?? 0;
  const header = Array.from({ length: table ? table.range.end.col + 1 : sheet.extent.cols }, (_, c) => readCell(ws, doc, headerRow, c)?.value);
  const lastCol = header.reduce<number>((l, v, c) => (v !== null && v !== undefined && v !== '' ? c : l), -1);
  let last = table ? table.range.end.row - (table.totalsRow ? 1 : 0) : headerRow;
  if (!table) while (last + 1 < sheet.extent.rows && readCell(ws, doc, last + 1, 0)?.value != null && !/^\s*totals?\b/i.test(String(readCell(ws, doc, last + 1, 0)?.value))) last++;
  if (lastCol < 1 || last <= headerRow) return { refused: `"${sheet.name}" has no data under a header row to compute a column from` };
  const numeric = header.map((_, c) => c).filter((c) => c > 0 && c <= lastCol && Array.from({ length: last - headerRow }, (_, i) => readCell(ws, doc, headerRow + 1 + i, c)?.value).some((v) => typeof v === 'number'));
  const byName = (name: string) => header.findIndex((h) => typeof h === 'string' && h.trim().toLowerCase() === name.trim().replace(/^the\s+/i, '').replace(/\s+column$/i, '').toLowerCase());
  let cols: number[];
  if (total) {
    cols = total[1] ? total[1].split(/\s*,\s*|\s+and\s+/i).map(byName) : numeric;
    if (cols.some((c) => c < 0)) return { refused: `no column of "${sheet.name}" is named ${total[1]!.split(/\s*,\s*|\s+and\s+/i).filter((n) => byName(n) < 0).map((n) => `"${n}"`).join(' or ')}` };
  } else {
    cols = growth![1] ? [byName(growth![1]), byName(growth![2])] : numeric.slice(-2);
    if (cols.length < 2 || cols.some((c) => c < 0)) return { refused: `growth needs two numeric columns of "${sheet.name}" to compare${growth![1] ? ` (named "${growth![1]}" and "${growth![2]}")` : ''}` };
  }
  if (!cols.length) return { refused: `"${sheet.name}" has no columns of numbers to total` };
  const at = columnLetters(lastCol + 1);
  const title = total ? 'Total' : 'Growth';
  const L = (c: number) => columnLetters(c);
  const formula = (r: number) => (total ? `=SUM(${cols.map((c) => `${L(c)}${r}`).join(',')})` : `=IFERROR(${L(cols[1])}${r}/${L(cols[0])}${r}-1,"")`);
  const rows = Array.from({ length: last - headerRow }, (_, i) => [formula(headerRow + 2 + i)]);
  const free = columnFree(sheet, doc, lastCol + 1, headerRow, last + (table?.totalsRow ? 1 : 0));
  const calls: PlannedToolCall[] = [
    ...(free ? [] : [{ tool: 'insert_columns', args: { sheet: sheet.name, at, count: 1 } }]),
    { tool: 'set_cells', args: { sheet: sheet.name, start: `${at}${headerRow + 1}`, rows: [[title]] } },
    { tool: 'set_cells', args: { sheet: sheet.name, start: `${at}${headerRow + 2}`, rows, ...(growth ? { number_format: '0.0%' } : {}) } },
  ];
  if (total && table?.totalsRow) calls.push({ tool: 'set_cells', args: { sheet: sheet.name, start: `${at}${last + 2}`, rows: [[`=SUBTOTAL(109,${at}${headerRow + 2}:${at}${last + 1})`]] } });
  return { calls, what: `added the column "${title}" to ${table ? `table ${table.name}` : `"${sheet.name}"`}, a live formula on each row` };
}
