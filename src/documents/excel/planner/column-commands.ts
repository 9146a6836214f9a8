// "add a column for notes", "add a Status column to the expenses table": a new column at the right edge
// of a table (an Excel table joins it: its header written next to it, see set_cells, and its cells take
// the formats of the column to their left) or of the sheet's data under its header row (a column is
// inserted there, formatted like the one to its left). A user's workbook keeps its look.
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import { columnLetters } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { readCell } from '../view/cells.ts';
import { headerRowOf } from '../view/outline.ts';
import type { SheetView } from '../view/sheet.view.ts';

const ADD_COLUMN = /\badd\s+(?:a|an|one)\s+(?:new\s+)?(?:column\s+(?:for|called|named|titled|labell?ed)\s+["“']?([^"”',.;\n]{1,40}?)["”']?|["“']?([\p{L}][^"”',.;\n]{0,39}?)["”']?\s+column)(?:\s+(?:to|on|in|at the end of)\s+(?:the\s+)?([^,.;\n]+?))?\s*(?=[,.;\n]|$|\s+(?:and|then)\s)/iu;
const words = (s: string) => s.toLowerCase().match(/\p{L}[\p{L}\d]*/gu) ?? [];
const singular = (w: string) => w.replace(/s$/, '');

export interface ColumnCommand { calls: PlannedToolCall[]; what: string }

/** The command, planned on the sheet it names (a sheet, or an Excel table by its name) or the active one; null when the request holds none. */
export function addColumnCommand(text: string, sheets: SheetView[], active: SheetView | undefined, doc: ExcelDocument): ColumnCommand | null {
  const m = ADD_COLUMN.exec(text);
  if (!m) return null;
  const raw = (m[1] ?? m[2]).trim().replace(/^(?:the|a|an)\s+/i, '');
  // "a column for each month" describes a new sheet's layout, not a column to add.
  if (!raw || /^(?:each|every|per)\b/i.test(raw) || /^[A-Z]{1,3}$/.test(raw)) return null;
  const title = raw === raw.toLowerCase() ? raw[0].toUpperCase() + raw.slice(1) : raw;
  const named = m[3] ? new Set(words(m[3]).map(singular)) : null;
  // A table named in the request, else a sheet, else the active sheet; on it, its only (or first) table.
  const tableHits = named ? sheets.flatMap((s) => s.tables.map((t) => ({ s, t, n: words(t.name.replace(/^tbl/i, '').replace(/([a-z])([A-Z])/g, '$1 $2')).map(singular).filter((w) => named.has(w)).length }))).filter((h) => h.n > 0).sort((a, b) => b.n - a.n) : [];
  const sheetHit = named ? sheets.map((s) => ({ s, n: words(s.name).map(singular).filter((w) => named.has(w)).length })).filter((h) => h.n > 0).sort((a, b) => b.n - a.n)[0]?.s : undefined;
  const sheet = tableHits[0]?.s ?? sheetHit ?? active;
  if (!sheet?.ws) return null;
  const table = tableHits[0]?.t ?? sheet.tables[0];
  let headerRow: number;
  let lastCol: number;
  if (table) {
    headerRow = table.range.start.row;
    lastCol = table.range.end.col;
  } else {
    headerRow = headerRowOf(sheet) ?? 0;
    lastCol = -1;
    for (let c = 0; c < sheet.extent.cols; c++) {
      const v = readCell(sheet.ws, doc, headerRow, c)?.value;
      if (v !== null && v !== undefined && v !== '') lastCol = c;
    }
    if (lastCol < 0) return null;
  }
  const at = columnLetters(lastCol + 1);
  // Beside a table whose next column is empty along it, the header alone adds the column (with the table's
  // formats) and nothing else on the sheet moves; elsewhere a column is inserted, formatted like its left one.
  const free = table && Array.from({ length: table.range.end.row - table.range.start.row + 1 }, (_, i) => readCell(sheet.ws!, doc, table.range.start.row + i, lastCol + 1))
    .every((c) => !c || (c.formula === undefined && (c.value === null || c.value === '')));
  return {
    calls: [
      ...(free ? [] : [{ tool: 'insert_columns', args: { sheet: sheet.name, at, count: 1 } }]),
      { tool: 'set_cells', args: { sheet: sheet.name, start: `${at}${headerRow + 1}`, rows: [[title]] } },
    ],
    what: `added the column "${title}" to ${table ? `table ${table.name}` : `"${sheet.name}"`}`,
  };
}
