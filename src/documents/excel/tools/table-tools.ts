// Tools on Excel tables: add_table (over a header row and data, optionally with a totals row of live
// SUBTOTAL formulas) and delete_table (the cells stay).
import { Type } from 'typebox';
import { StringEnum } from '../../../http/schemas.ts';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { rangeAddress, rangesOverlap } from '../a1.ts';
import { totalsFormula } from '../drawing-xml.ts';
import { computeFormulas } from '../formula/formula-evaluator.ts';
import { allTables, getCell, setCell, type TableColumnModel, type TotalsFunction, type WorkbookModel } from '../model.ts';
import { typeOfFormat } from '../number-formats.ts';
import { tableName } from '../sheet-builder.ts';
import { stylesFor } from '../workbook-styles.ts';
import { RangeText, SheetName, sheetOf, rangeOf } from './tool-support.ts';

export const TABLE_STYLES = ['TableStyleMedium2', 'TableStyleMedium9', 'TableStyleMedium4', 'TableStyleMedium7', 'TableStyleLight9', 'TableStyleLight1', 'TableStyleDark2'] as const;

export function tableTools(ctx: ToolContext<WorkbookModel>): AgentTool[] {
  const wb = ctx.doc;
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
        const sheet = sheetOf(wb, a.sheet);
        const range = rangeOf(a.range);
        if (range.end.row === range.start.row) throw new ToolError('a table needs a header row and at least one data row');
        const clash = allTables(wb).find((t) => t.sheet === sheet && rangesOverlap(t.table.range, range));
        if (clash) throw new ToolError(`${a.range} overlaps table ${clash.table.name} (${rangeAddress(clash.table.range)})`);
        const columns: TableColumnModel[] = [];
        for (let c = range.start.col; c <= range.end.col; c++) {
          const v = getCell(sheet, { row: range.start.row, col: c });
          const name = typeof v?.value === 'string' && v.formula === undefined ? v.value.trim() : '';
          if (!name) throw new ToolError(`the header cell of column ${c - range.start.col + 1} (row ${range.start.row + 1}) must hold text; write headers first with set_cells`);
          if (columns.some((x) => x.name.toLowerCase() === name.toLowerCase())) throw new ToolError(`header "${name}" appears twice; table headers must be unique`);
          columns.push({ name });
        }
        const totals = Object.entries(a.totals ?? {});
        let end = range.end;
        if (totals.length) {
          const row = range.end.row + 1;
          for (let c = range.start.col; c <= range.end.col; c++) {
            if (getCell(sheet, { row, col: c })?.value != null) throw new ToolError(`row ${row + 1} below the table is not empty; the totals row goes there`);
          }
          const styles = stylesFor(wb.theme);
          for (const [header, fn] of totals) {
            const i = columns.findIndex((x) => x.name.toLowerCase() === header.toLowerCase());
            if (i < 0) throw new ToolError(`totals: there is no column "${header}" (columns: ${columns.map((x) => x.name).join(', ')})`);
            columns[i].totalsFunction = fn as TotalsFunction;
          }
          columns.forEach((col, i) => {
            const c = range.start.col + i;
            const above = getCell(sheet, { row: range.end.row, col: c })?.style;
            const numFmt = above?.numFmt ?? (above?.raw?.numFmt as string | undefined);
            const type = typeOfFormat(numFmt) ?? 'text';
            if (col.totalsFunction) {
              const data = rangeAddress({ start: { row: range.start.row + 1, col: c }, end: { row: range.end.row, col: c } });
              setCell(sheet, { row, col: c }, { value: null, formula: totalsFormula(col.totalsFunction, data), style: styles.total(type, col.totalsFunction === 'count' ? '#,##0' : numFmt) });
            } else if (i === 0) {
              col.totalsLabel = 'Total';
              setCell(sheet, { row, col: c }, { value: 'Total', style: styles.total('text') });
            } else {
              setCell(sheet, { row, col: c }, { value: null, style: styles.total(type, numFmt) });
            }
          });
          end = { row, col: range.end.col };
        }
        const name = tableName(wb, a.name ?? sheet.name);
        sheet.tables.push({ name, range: { start: range.start, end }, columns, totalsRow: totals.length > 0, style: a.style ?? 'TableStyleMedium2', bandedRows: true });
        if (sheet.autoFilter && rangesOverlap(sheet.autoFilter, range)) sheet.autoFilter = null;
        computeFormulas(wb);
        ctx.noteChange(`added table ${name} on "${sheet.name}"`);
        return { table: name, range: rangeAddress({ start: range.start, end }), columns: columns.map((c) => c.name) };
      },
    }),
    defineTool({
      name: 'delete_table',
      description: 'Removes an Excel table (the cells and their values stay).',
      input: Type.Object({ name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
      execute: (a) => {
        const found = allTables(wb).find((t) => t.table.name.toLowerCase() === a.name.toLowerCase());
        if (!found) throw new ToolError(`There is no table "${a.name}". Tables: ${allTables(wb).map((t) => t.table.name).join(', ') || 'none'}.`);
        found.sheet.tables.splice(found.sheet.tables.indexOf(found.table), 1);
        ctx.noteChange(`removed table ${found.table.name}`);
        return `Removed table ${found.table.name}.`;
      },
    }),
  ];
}
