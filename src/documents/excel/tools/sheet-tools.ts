// Tools on sheets: add_sheet (a typed data sheet in one call), import_data_source, rename_sheet,
// move_sheet, delete_sheet and set_layout (frozen panes, filter, widths, merges, tab colour).
import { Type } from 'typebox';
import { defineTool, type AgentTool, type DataTable, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { columnIndex, rangeAddress } from '../a1.ts';
import type { CellInput } from '../cell-values.ts';
import { createSheet, findSheet, safeSheetName, setCell, sheetNameProblem, type WorkbookModel } from '../model.ts';
import { buildDataBlock, describeBlock, type ColumnSpec } from '../sheet-builder.ts';
import { renameSheetReferences, sheetsReferring } from '../sheet-references.ts';
import { hexColor, stylesFor } from '../workbook-styles.ts';
import { CellValue, ColumnTypeSchema, RangeText, SheetName, sheetOf, rangeOf } from './tool-support.ts';
import { StringEnum } from '../../../http/schemas.ts';

const ColumnSpecSchema = Type.Object({
  header: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.Optional(ColumnTypeSchema),
  currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO code of a currency column, e.g. USD, EUR.' })),
  width: Type.Optional(Type.Number({ minimum: 2, maximum: 120 })),
  total: Type.Optional(StringEnum(['sum', 'average', 'count', 'min', 'max', 'none'] as const, { description: 'What the totals row shows for this column.' })),
}, { additionalProperties: false });

/** A data source's rows as tool inputs: text that looks like a formula stays text (no formula injection from CSV). */
export function dataSourceRows(table: DataTable): CellInput[][] {
  return table.rows.map((r) => r.map((v) => (typeof v === 'string' && /^[=+\-@]/.test(v) && !/^[-+]?\d/.test(v) ? `'${v}` : v)));
}

export function findDataSource(tables: DataTable[], name: string): DataTable {
  const t = tables.find((d) => d.name === name) ?? tables.find((d) => d.name.toLowerCase() === name.toLowerCase());
  if (!t) throw new ToolError(`There is no data source "${name}". Data sources: ${tables.map((d) => `"${d.name}"`).join(', ') || 'none in this request'}.`);
  return t;
}

function placeSheet(wb: WorkbookModel, name: string, position: number | undefined) {
  const problem = sheetNameProblem(name);
  if (problem) throw new ToolError(`"${name}": ${problem}`);
  if (findSheet(wb, name)) throw new ToolError(`A sheet named "${name}" already exists.`);
  const sheet = createSheet(name);
  const at = position === undefined ? wb.sheets.length : Math.min(Math.max(position - 1, 0), wb.sheets.length);
  wb.sheets.splice(at, 0, sheet);
  return sheet;
}

export function sheetTools(ctx: ToolContext<WorkbookModel>): AgentTool[] {
  const wb = ctx.doc;
  return [
    defineTool({
      name: 'add_sheet',
      description: 'Adds a sheet. With columns (and rows), it becomes a formatted data sheet: typed columns with number formats, bold header, frozen header row, filter, optional totals row of live formulas, optionally an Excel table. Row values may be formulas ("=B2*C2").',
      input: Type.Object({
        name: SheetName,
        position: Type.Optional(Type.Integer({ minimum: 1, description: '1 = first tab; default: last.' })),
        title: Type.Optional(Type.String({ maxLength: 200, description: 'A title above the data (row 1); the header then starts on row 3.' })),
        subtitle: Type.Optional(Type.String({ maxLength: 300 })),
        columns: Type.Optional(Type.Array(ColumnSpecSchema, { minItems: 1, maxItems: 200 })),
        rows: Type.Optional(Type.Array(Type.Array(CellValue, { maxItems: 200 }), { maxItems: 5000 })),
        totals: Type.Optional(Type.Boolean({ description: 'Add a totals row (sums of money and number columns).' })),
        as_table: Type.Optional(Type.Boolean({ description: 'Make the data an Excel table (default true when there are rows).' })),
      }, { additionalProperties: false }),
      execute: (args) => {
        if (args.rows?.length && !args.columns) throw new ToolError('rows need columns: give columns with a header for each');
        const sheet = placeSheet(wb, args.name, args.position);
        if (args.title && wb.title === 'Workbook') wb.title = args.title;
        ctx.noteChange(`added sheet "${sheet.name}"`);
        if (!args.columns) {
          const styles = stylesFor(wb.theme);
          if (args.title) {
            setCell(sheet, { row: 0, col: 0 }, { value: args.title, style: styles.title });
            sheet.rowHeights[0] = 24;
          }
          if (args.subtitle) setCell(sheet, { row: args.title ? 1 : 0, col: 0 }, { value: args.subtitle, style: styles.subtitle });
          return { sheet: sheet.name, position: wb.sheets.indexOf(sheet) + 1, ...(args.title ? { next_free_row: args.subtitle ? 4 : 3 } : {}) };
        }
        const built = buildDataBlock(wb, sheet, {
          title: args.title, subtitle: args.subtitle, columns: args.columns as ColumnSpec[], rows: args.rows ?? [], totals: args.totals,
          tableName: args.as_table === false ? null : sheet.name,
        });
        return describeBlock(sheet, built);
      },
    }),
    defineTool({
      name: 'import_data_source',
      description: 'Puts a data source of the request (all its rows) on a new sheet as typed, formatted data: an Excel table with a frozen header, optionally a totals row. Use this rather than copying rows by hand.',
      input: Type.Object({
        source: Type.String({ minLength: 1, description: 'The data source name.' }),
        sheet_name: Type.Optional(SheetName),
        title: Type.Optional(Type.String({ maxLength: 200 })),
        totals: Type.Optional(Type.Boolean()),
        as_table: Type.Optional(Type.Boolean({ description: 'Default true.' })),
        columns: Type.Optional(Type.Array(ColumnSpecSchema, { description: 'Override types/headers, in the source column order.' })),
      }, { additionalProperties: false }),
      execute: (args) => {
        const table = findDataSource(ctx.inputs.dataSources, args.source);
        const sheet = placeSheet(wb, args.sheet_name ?? safeSheetName(wb, table.name), undefined);
        const columns: ColumnSpec[] = table.columns.map((header, i) => ({ header, ...(args.columns?.[i] ?? {}) }));
        const built = buildDataBlock(wb, sheet, { title: args.title, columns, rows: dataSourceRows(table), totals: args.totals, tableName: args.as_table === false ? null : sheet.name });
        ctx.noteChange(`imported "${table.name}" (${table.rows.length} rows) into sheet "${sheet.name}"`);
        return describeBlock(sheet, built);
      },
    }),
    defineTool({
      name: 'rename_sheet',
      description: 'Renames a sheet; formulas and charts that refer to it follow.',
      input: Type.Object({ sheet: SheetName, new_name: SheetName }, { additionalProperties: false }),
      execute: ({ sheet: name, new_name: next }) => {
        const sheet = sheetOf(wb, name);
        const problem = sheetNameProblem(next);
        if (problem) throw new ToolError(`"${next}": ${problem}`);
        const other = findSheet(wb, next);
        if (other && other !== sheet) throw new ToolError(`A sheet named "${next}" already exists.`);
        const old = sheet.name;
        renameSheetReferences(wb, old, next);
        sheet.name = next;
        ctx.noteChange(`renamed sheet "${old}" to "${next}"`);
        return `Renamed "${old}" to "${next}".`;
      },
    }),
    defineTool({
      name: 'move_sheet',
      description: 'Moves a sheet to another tab position (1 = first).',
      input: Type.Object({ sheet: SheetName, position: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      execute: ({ sheet: name, position }) => {
        const sheet = sheetOf(wb, name);
        wb.sheets.splice(wb.sheets.indexOf(sheet), 1);
        wb.sheets.splice(Math.min(position - 1, wb.sheets.length), 0, sheet);
        ctx.noteChange(`moved sheet "${sheet.name}" to position ${wb.sheets.indexOf(sheet) + 1}`);
        return `Sheet order: ${wb.sheets.map((s) => s.name).join(', ')}.`;
      },
    }),
    defineTool({
      name: 'delete_sheet',
      description: 'Deletes a sheet with its tables and charts. Formulas elsewhere that refer to it will show #REF!.',
      input: Type.Object({ sheet: SheetName }, { additionalProperties: false }),
      execute: ({ sheet: name }) => {
        const sheet = sheetOf(wb, name);
        if (wb.sheets.length === 1) throw new ToolError('A workbook keeps at least one sheet; add another before deleting this one.');
        wb.sheets.splice(wb.sheets.indexOf(sheet), 1);
        const referring = sheetsReferring(wb, sheet.name);
        ctx.noteChange(`deleted sheet "${sheet.name}"`);
        return `Deleted "${sheet.name}".${referring.length ? ` Formulas or charts on ${referring.join(', ')} referred to it and now show #REF!; fix or clear them.` : ''}`;
      },
    }),
    defineTool({
      name: 'set_layout',
      description: 'Sheet layout: frozen rows/columns, the autofilter range (null removes it), column widths, merged ranges, tab colour, gridlines, landscape printing.',
      input: Type.Object({
        sheet: SheetName,
        freeze_rows: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
        freeze_columns: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
        autofilter: Type.Optional(Type.Union([RangeText, Type.Null()])),
        column_widths: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z]{1,3}$' }), Type.Number({ minimum: 0, maximum: 255 }), { description: 'Width in characters by column letter, e.g. {"A": 28}.' })),
        merge: Type.Optional(Type.Array(RangeText, { maxItems: 100 })),
        unmerge: Type.Optional(Type.Array(RangeText, { maxItems: 100 })),
        tab_color: Type.Optional(Type.Union([Type.String({ pattern: '^#?[0-9A-Fa-f]{6}$' }), Type.Null()])),
        show_gridlines: Type.Optional(Type.Boolean()),
        landscape: Type.Optional(Type.Boolean()),
      }, { additionalProperties: false }),
      execute: (args) => {
        const sheet = sheetOf(wb, args.sheet);
        if (args.freeze_rows !== undefined || args.freeze_columns !== undefined) {
          const rows = args.freeze_rows ?? sheet.freeze?.rows ?? 0;
          const columns = args.freeze_columns ?? sheet.freeze?.columns ?? 0;
          sheet.freeze = rows || columns ? { rows, columns } : null;
        }
        if (args.autofilter !== undefined) sheet.autoFilter = args.autofilter === null ? null : rangeOf(args.autofilter);
        for (const [letters, width] of Object.entries(args.column_widths ?? {})) {
          const c = columnIndex(letters);
          sheet.columns[c] = { ...sheet.columns[c], width, hidden: width === 0 };
        }
        for (const text of args.unmerge ?? []) {
          const r = rangeOf(text);
          sheet.merges = sheet.merges.filter((m) => rangeAddress(m) !== rangeAddress(r));
        }
        for (const text of args.merge ?? []) {
          const r = rangeOf(text);
          if (sheet.merges.some((m) => !(m.end.row < r.start.row || m.start.row > r.end.row || m.end.col < r.start.col || m.start.col > r.end.col))) throw new ToolError(`${text} overlaps a merged range; unmerge it first`);
          sheet.merges.push(r);
        }
        if (args.tab_color !== undefined) {
          if (args.tab_color === null) delete sheet.tabColor;
          else sheet.tabColor = hexColor(args.tab_color);
        }
        if (args.show_gridlines !== undefined) sheet.showGridLines = args.show_gridlines;
        if (args.landscape !== undefined) sheet.landscape = args.landscape;
        ctx.noteChange(`changed the layout of "${sheet.name}"`);
        return `Layout of "${sheet.name}" updated.`;
      },
    }),
  ];
}
