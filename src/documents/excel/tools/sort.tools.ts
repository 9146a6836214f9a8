// sort_range: sorts the data rows of an Excel table, or of a range under its header row, by one to three
// columns, in place (see edits/sort.ts for what moves and what is refused).
import { Type } from 'typebox';
import { StringEnum } from '../../../http/schemas.ts';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { columnIndex, columnLetters, rangeAddress, type RangePos } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { sortRows, type SortKey } from '../edits/sort.ts';
import { readCell } from '../view/cells.ts';
import { allTables, findTable } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';
import { RangeText, SheetName, rangeOf } from './tool-support.ts';

const By = Type.Array(Type.Object({
  column: Type.String({ minLength: 1, maxLength: 100, description: 'A header of the table or range ("Amount"), or a column letter ("C").' }),
  order: Type.Optional(StringEnum(['ascending', 'descending'] as const, { description: 'ascending (A to Z, smallest or oldest first; the default) or descending.' })),
}, { additionalProperties: false }), { minItems: 1, maxItems: 3 });

interface Target { entry: SheetEntry; data: RangePos; headers: Map<number, string>; label: string }

export function sortTools(ctx: ToolContext<ExcelDocument>): AgentTool[] {
  const doc = ctx.doc;

  function target(a: { table?: string; sheet?: string; range?: string; header?: boolean }): Target {
    if (a.table) {
      const t = findTable(doc, a.table);
      if (!t) throw new ToolError(`There is no table "${a.table}". Tables: ${allTables(doc).map((x) => x.name).join(', ') || 'none'}.`);
      const data = { start: { row: t.range.start.row + (t.headerRow ? 1 : 0), col: t.range.start.col }, end: { row: t.range.end.row - (t.totalsRow ? 1 : 0), col: t.range.end.col } };
      return { entry: t.sheet, data, headers: new Map(t.columns.map((c, i) => [t.range.start.col + i, c.name])), label: `table ${t.name}` };
    }
    if (!a.sheet || !a.range) throw new ToolError('Give either table, or sheet and range.');
    const entry = doc.sheet(a.sheet);
    const range = rangeOf(a.range);
    const ws = doc.worksheet(entry);
    const header = a.header ?? true;
    const headers = new Map<number, string>();
    if (header) {
      for (let c = range.start.col; c <= range.end.col; c++) {
        const v = readCell(ws, doc, range.start.row, c)?.value;
        if (typeof v === 'string' && v.trim()) headers.set(c, v.trim());
      }
    }
    const data = { start: { row: range.start.row + (header ? 1 : 0), col: range.start.col }, end: range.end };
    return { entry, data, headers, label: `${entry.name}!${rangeAddress(range)}` };
  }

  function keyColumn(t: Target, name: string): number {
    const wanted = name.trim().toLowerCase();
    for (const [col, h] of t.headers) if (h.toLowerCase() === wanted) return col;
    if (/^[a-z]{1,3}$/i.test(wanted)) {
      const col = columnIndex(wanted.toUpperCase());
      if (col >= t.data.start.col && col <= t.data.end.col) return col;
    }
    throw new ToolError(`"${name}" is not a column of ${t.label}; its columns are ${[...t.headers.values()].map((h) => `"${h}"`).join(', ') || `${columnLetters(t.data.start.col)} to ${columnLetters(t.data.end.col)}`}.`);
  }

  return [
    defineTool({
      name: 'sort_range',
      description: 'Sorts the data rows of an Excel table (table), or of a range whose first row is its header (sheet + range; header: false when it has none), by up to three columns, in place: each row\'s cells move together with their formats, formulas follow their row, and the header and totals rows stay.',
      input: Type.Object({
        table: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'An Excel table\'s name (get_outline lists them).' })),
        sheet: Type.Optional(SheetName),
        range: Type.Optional(RangeText),
        header: Type.Optional(Type.Boolean({ description: 'Whether the range\'s first row is a header (default true).' })),
        by: By,
      }, { additionalProperties: false }),
      execute: (a) => {
        const t = target(a);
        if (t.data.end.row - t.data.start.row < 1) throw new ToolError(`${t.label} has fewer than two data rows: nothing to sort`);
        const keys: SortKey[] = a.by.map((k) => ({ col: keyColumn(t, k.column), descending: k.order === 'descending' }));
        const moved = sortRows(doc, t.entry, t.data, keys);
        const how = a.by.map((k) => `${k.column} (${k.order ?? 'ascending'})`).join(', then ');
        if (moved) {
          doc.changed(t.entry.part!);
          ctx.noteChange(`sorted ${t.label} by ${how}`);
        }
        return { sorted: t.label, rows: t.data.end.row - t.data.start.row + 1, moved, by: how };
      },
    }),
  ];
}
