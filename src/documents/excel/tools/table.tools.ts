// Tools on Excel tables: add_table (over a header row and data, optionally with a totals row of live
// SUBTOTAL formulas), add_table_rows (at its end; edits/table-rows.ts), add_totals_row (under a table
// that has none) and delete_table (the cells stay).
import { Type } from 'typebox';
import { StringEnum } from '../../../http/schemas.ts';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { MAX_ROWS, rangeAddress, rangesOverlap, type CellPos, type RangePos } from '../a1.ts';
import { presetStyle } from '../design/look.ts';
import type { ExcelDocument } from '../excel.document.ts';
import type { SheetEntry } from '../workbook.ts';
import { growDimension, writeCell } from '../edits/cells.ts';
import { refreshFormulas } from '../edits/formula-results.ts';
import { setAutoFilter } from '../edits/layout.ts';
import { appendedText, appendRows, dataBlockAt, tableBlock } from '../edits/table-rows.ts';
import { addTable, addTotalsToTable, deleteTable, tableName, totalsFormula, workbookTableStyle } from '../edits/tables.ts';
import { typeOfFormat } from '../number-formats.ts';
import { readCell } from '../view/cells.ts';
import { allTables, findTable, viewOf } from '../view/sheet.view.ts';
import { CellValue, RangeText, SheetName, rangeOf } from './tool-support.ts';

export const TABLE_STYLES = ['TableStyleMedium2', 'TableStyleMedium9', 'TableStyleMedium4', 'TableStyleMedium7', 'TableStyleLight9', 'TableStyleLight1', 'TableStyleDark2'] as const;

type TableColumn = { name: string; totalsFunction?: string; totalsLabel?: string };

/**
 * Writes the totals row under a table's range (header + data rows): each function given as a live
 * SUBTOTAL over its column's data, "Total" in the first column when it has none. The row must be empty.
 * Sets the columns' totalsFunction / totalsLabel for the table part.
 */
function writeTotalsRow(doc: ExcelDocument, entry: SheetEntry, range: RangePos, columns: TableColumn[], totals: [string, string][]): CellPos[] {
  const ws = doc.worksheet(entry);
  const row = range.end.row + 1;
  for (let c = range.start.col; c <= range.end.col; c++) {
    const below = readCell(ws, doc, row, c);
    if (below && (below.value !== null || below.formula !== undefined)) throw new ToolError(`row ${row + 1} below the table is not empty; the totals row goes there (insert a row after row ${row} first)`);
  }
  for (const [header, fn] of totals) {
    const i = columns.findIndex((x) => x.name.toLowerCase() === header.toLowerCase());
    if (i < 0) throw new ToolError(`totals: there is no column "${header}" (columns: ${columns.map((x) => x.name).join(', ')})`);
    columns[i].totalsFunction = fn;
  }
  const formulas: CellPos[] = [];
  columns.forEach((col, i) => {
    const c = range.start.col + i;
    const above = ws.data.cell(range.end.row + 1, c);
    const numFmt = above ? doc.styles().numFmt(above.s) : 'General';
    const type = typeOfFormat(numFmt) ?? 'text';
    const fmt = numFmt === 'General' ? undefined : numFmt;
    if (col.totalsFunction) {
      const data = rangeAddress({ start: { row: range.start.row + 1, col: c }, end: { row: range.end.row, col: c } });
      writeCell(doc, entry, row, c, { formula: totalsFormula(col.totalsFunction, data) }, presetStyle(doc, 'total', type, col.totalsFunction === 'count' ? '#,##0' : fmt));
      formulas.push({ row, col: c });
    } else if (i === 0) {
      col.totalsLabel = 'Total';
      writeCell(doc, entry, row, c, { value: 'Total' }, presetStyle(doc, 'total'));
    } else {
      writeCell(doc, entry, row, c, null, presetStyle(doc, 'total', type, fmt));
    }
  });
  return formulas;
}

export function tableTools(ctx: ToolContext<ExcelDocument>): AgentTool[] {
  const doc = ctx.doc;
  return [
    defineTool({
      name: 'add_table',
      description: 'Turns a range (header row + data rows) into an Excel table with banded rows and filter buttons; optionally adds a totals row below it with live SUBTOTAL formulas.',
      input: Type.Object({
        sheet: SheetName,
        range: RangeText,
        name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Table name (letters, digits, _); used in formulas like =SUM(Sales[Revenue]).' })),
        style: Type.Optional(StringEnum(TABLE_STYLES)),
        totals: Type.Optional(Type.Record(Type.String(), StringEnum(['sum', 'average', 'count', 'min', 'max'] as const), { description: 'Totals row functions by column header, e.g. {"Revenue": "sum"}.' })),
      }, { additionalProperties: false }),
      execute: (a) => {
        const entry = doc.sheet(a.sheet);
        const ws = doc.worksheet(entry);
        const range = rangeOf(a.range);
        if (range.end.row === range.start.row) throw new ToolError('a table needs a header row and at least one data row');
        const view = viewOf(doc, entry.name);
        const clash = view.tables.find((t) => rangesOverlap(t.range, range));
        if (clash) throw new ToolError(`${a.range} overlaps table ${clash.name} (${rangeAddress(clash.range)})`);
        const columns: { name: string; totalsFunction?: string; totalsLabel?: string }[] = [];
        for (let c = range.start.col; c <= range.end.col; c++) {
          const v = readCell(ws, doc, range.start.row, c);
          const name = typeof v?.value === 'string' && v.formula === undefined ? v.value.trim() : '';
          if (!name) throw new ToolError(`the header cell of column ${c - range.start.col + 1} (row ${range.start.row + 1}) must hold text; write headers first with set_cells`);
          if (columns.some((x) => x.name.toLowerCase() === name.toLowerCase())) throw new ToolError(`header "${name}" appears twice; table headers must be unique`);
          columns.push({ name });
        }
        const totals = Object.entries(a.totals ?? {});
        let end = range.end;
        const formulas: CellPos[] = [];
        if (totals.length) {
          formulas.push(...writeTotalsRow(doc, entry, range, columns, totals));
          end = { row: range.end.row + 1, col: range.end.col };
          growDimension(ws, { start: range.start, end });
        }
        const name = tableName(doc, a.name ?? entry.name);
        if (view.autoFilter && rangesOverlap(view.autoFilter, range)) setAutoFilter(ws, null);
        addTable(doc, entry, { name, range: { start: range.start, end }, columns, totalsRow: totals.length > 0, style: a.style ?? doc.tableStyle ?? workbookTableStyle(doc), bandedRows: true });
        refreshFormulas(doc, entry, formulas);
        doc.changed(entry.part!);
        ctx.noteChange(`added table ${name} on "${entry.name}"`);
        return { table: name, range: rangeAddress({ start: range.start, end }), columns: columns.map((c) => c.name) };
      },
    }),
    defineTool({
      name: 'add_table_rows',
      description: 'Adds rows at the end of an Excel table (above its totals row), or of plain data (sheet and after_row, its last row, instead of table), as Excel does: the table, its filter, and formulas (totals under it too), charts, formats and validations over its columns grow with it; what is below moves down unless the rows below are empty. Give each row\'s values in column order; null leaves a cell empty, or, in a column whose last row holds a formula, fills in that formula. Text like "$60" or "2024-03-31" becomes a typed number or date.',
      input: Type.Object({
        table: Type.Optional(Type.String({ minLength: 1, description: 'The table\'s name (get_outline lists them).' })),
        sheet: Type.Optional(SheetName),
        after_row: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ROWS, description: 'For plain data: its last row (1-based), above any total row.' })),
        rows: Type.Array(Type.Array(CellValue, { minItems: 1, maxItems: 200 }), { minItems: 1, maxItems: 2000 }),
      }, { additionalProperties: false }),
      execute: (a) => {
        if (!a.table === !(a.sheet && a.after_row)) throw new ToolError('give either table, or sheet and after_row (the last row of plain data)');
        const found = a.table ? findTable(doc, a.table) : undefined;
        if (a.table && !found) throw new ToolError(`There is no table "${a.table}". Tables: ${allTables(doc).map((t) => t.name).join(', ') || 'none'}.`);
        const block = found ? tableBlock(found) : dataBlockAt(doc, doc.sheet(a.sheet!), a.after_row! - 1);
        if (!found && allTables(doc).some((t) => t.sheet.part === block.sheet.part && t.range.start.row <= block.range.end.row && t.range.end.row >= block.range.end.row && t.range.start.col <= block.range.end.col && t.range.end.col >= block.range.start.col)) {
          throw new ToolError(`row ${a.after_row} of "${block.sheet.name}" is in an Excel table: give its name as table`);
        }
        const added = appendRows(doc, block, a.rows);
        ctx.noteChange(`added ${appendedText(block, added)}`);
        return { ...(found ? { table: found.name } : { sheet: block.sheet.name }), range: rangeAddress(added.range), added: rangeAddress(added.rows), rows_below_moved: added.inserted, ...(added.formulas.length ? { formulas_filled: added.formulas.length } : {}) };
      },
    }),
    defineTool({
      name: 'add_totals_row',
      description: 'Adds a totals row under an existing Excel table (the row below it must be empty): live SUBTOTAL formulas, by default a sum of every numeric column, and "Total" in the first column.',
      input: Type.Object({
        table: Type.String({ minLength: 1, description: 'The table\'s name (get_outline lists them).' }),
        totals: Type.Optional(Type.Record(Type.String(), StringEnum(['sum', 'average', 'count', 'min', 'max'] as const), { description: 'Functions by column header, e.g. {"Amount": "sum"}; default: sum of each numeric column.' })),
      }, { additionalProperties: false }),
      execute: (a) => {
        const found = findTable(doc, a.table);
        if (!found) throw new ToolError(`There is no table "${a.table}". Tables: ${allTables(doc).map((t) => t.name).join(', ') || 'none'}.`);
        if (found.totalsRow) throw new ToolError(`table ${found.name} already has a totals row (row ${found.range.end.row + 1})`);
        const ws = doc.worksheet(found.sheet);
        const columns: TableColumn[] = found.columns.map((c) => ({ name: c.name }));
        // By default every column whose data rows hold numbers (not the first, which names the rows).
        const numeric = (c: number) => {
          let n = 0;
          for (let r = found.range.start.row + 1; r <= found.range.end.row; r++) if (typeof readCell(ws, doc, r, c)?.value === 'number') n++;
          return n > 0;
        };
        const totals = Object.entries(a.totals ?? Object.fromEntries(columns.filter((_, i) => i > 0 && numeric(found.range.start.col + i)).map((c) => [c.name, 'sum'])));
        if (!totals.length) throw new ToolError(`table ${found.name} has no numeric column to total; name the columns and functions in "totals"`);
        const formulas = writeTotalsRow(doc, found.sheet, found.range, columns, totals);
        addTotalsToTable(doc, found, columns);
        growDimension(ws, { start: found.range.start, end: { row: found.range.end.row + 1, col: found.range.end.col } });
        refreshFormulas(doc, found.sheet, formulas);
        doc.changed(found.sheet.part!);
        ctx.noteChange(`added a totals row to table ${found.name}`);
        return { table: found.name, totals_row: found.range.end.row + 2, totals: Object.fromEntries(totals) };
      },
    }),
    defineTool({
      name: 'delete_table',
      description: 'Removes an Excel table (the cells and their values stay).',
      input: Type.Object({ name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
      execute: (a) => {
        const found = findTable(doc, a.name);
        if (!found) throw new ToolError(`There is no table "${a.name}". Tables: ${allTables(doc).map((t) => t.name).join(', ') || 'none'}.`);
        deleteTable(doc, found);
        ctx.noteChange(`removed table ${found.name}`);
        return `Removed table ${found.name}.`;
      },
    }),
  ];
}
