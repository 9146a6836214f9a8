// Tools on sheets: add_sheet (a typed data sheet in one call), import_data_source, rename_sheet,
// move_sheet, delete_sheet and set_layout (frozen panes, filter, widths, merges, tab colour). A new sheet
// is a new part; the others change the workbook part, or the one sheet's layout elements.
import { Type, type Static } from 'typebox';
import { StringEnum } from '../../../http/schemas.ts';
import { defineTool, type AgentTool, type DataTable, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { columnIndex, rangeAddress, rangesOverlap } from '../a1.ts';
import type { CellInput } from '../cell-values.ts';
import { hexColor, presetStyle, titleRowHeight } from '../design/look.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { growDimension, writeCell } from '../edits/cells.ts';
import { buildDataBlock, describeBlock, type ColumnSpec } from '../edits/data-block.ts';
import { addMerge, removeMerges, setAutoFilter, setColumnWidths, setFreeze, setGridlines, setLandscape, setRowHeight, setTabColor } from '../edits/layout.ts';
import { refersTo } from '../edits/sheet-names.ts';
import { addSheet, deleteSheet, moveSheet, renameSheet, safeSheetName } from '../edits/sheets.ts';
import { freezeOf, sheetViews, viewOf } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';
import { resolveNumberFormat } from './cell.tools.ts';
import { CellValue, ColumnTypeSchema, RangeText, SheetName, rangeOf } from './tool-support.ts';

const ColumnSpecSchema = Type.Object({
  header: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.Optional(ColumnTypeSchema),
  currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO code of a currency column, e.g. USD, EUR. Omitted: the symbol the values show, else none (amounts without a currency symbol).' })),
  number_format: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'An Excel format code for the column\'s values, e.g. "dd.mm.yyyy" or "#,##0.00 \\"€\\"". Omitted: the type\'s own format.' })),
  width: Type.Optional(Type.Number({ minimum: 2, maximum: 120 })),
  total: Type.Optional(StringEnum(['sum', 'average', 'count', 'min', 'max', 'none'] as const, { description: 'What the totals row shows for this column.' })),
}, { additionalProperties: false });

/** The tool's column specs as the data block takes them (a number_format is a code or a column type's name). */
function columnSpecs(columns: Static<typeof ColumnSpecSchema>[]): ColumnSpec[] {
  return columns.map(({ number_format: code, ...rest }) => (code ? { ...rest, numberFormat: resolveNumberFormat(code).numFmt } : rest));
}

/** A data source's rows as tool inputs: text that looks like a formula stays text (no formula injection from CSV). */
export function dataSourceRows(table: DataTable): CellInput[][] {
  return table.rows.map((r) => r.map((v) => (typeof v === 'string' && /^[=+\-@]/.test(v) && !/^[-+]?[$€£¥₹]?\d/.test(v) ? `'${v}` : v)));
}

export function findDataSource(tables: DataTable[], name: string): DataTable {
  const t = tables.find((d) => d.name === name) ?? tables.find((d) => d.name.toLowerCase() === name.toLowerCase());
  if (!t) throw new ToolError(`There is no data source "${name}". Data sources: ${tables.map((d) => `"${d.name}"`).join(', ') || 'none in this request'}.`);
  return t;
}

/**
 * A new sheet at a 1-based tab position (default last). In a new workbook, the template's blank sheet
 * gives way to the first real one, so positions count the real sheets.
 */
export function placeSheet(doc: ExcelDocument, name: string, position: number | undefined): SheetEntry {
  const blank = doc.placeholder ? doc.worksheetEntries().find((e) => e.part === doc.placeholder && !doc.worksheet(e).changed) : undefined;
  const others = doc.sheets().filter((s) => s.el !== blank?.el).length;
  const at = position === undefined ? others : Math.min(Math.max(position - 1, 0), others);
  const entry = addSheet(doc, name, blank && doc.sheets().indexOf(blank) < at ? at + 1 : at);
  if (blank) {
    const flags = { recalc: doc.needsRecalc, formulas: doc.formulasChanged };
    deleteSheet(doc, blank);
    Object.assign(doc, { needsRecalc: flags.recalc, formulasChanged: flags.formulas });
  }
  doc.placeholder = null;
  return doc.findSheet(entry.name)!;
}

const AddSheetArgs = Type.Object({
  name: SheetName,
  position: Type.Optional(Type.Integer({ minimum: 1, description: '1 = first tab; default: last.' })),
  title: Type.Optional(Type.String({ maxLength: 200, description: 'A title above the data (row 1); the header then starts on row 3.' })),
  subtitle: Type.Optional(Type.String({ maxLength: 300 })),
  columns: Type.Optional(Type.Array(ColumnSpecSchema, { minItems: 1, maxItems: 200 })),
  rows: Type.Optional(Type.Array(Type.Array(CellValue, { maxItems: 200 }), { maxItems: 5000 })),
  totals: Type.Optional(Type.Boolean({ description: 'Add a totals row (sums of money and number columns).' })),
  totals_label: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'The totals row label, in the sheet\'s language (default "Total").' })),
  as_table: Type.Optional(Type.Boolean({ description: 'Make the data an Excel table (default true when there are rows).' })),
}, { additionalProperties: false });

export function sheetTools(ctx: ToolContext<ExcelDocument>): AgentTool[] {
  const doc = ctx.doc;
  const addOne = (args: Static<typeof AddSheetArgs>) => {
    if (args.rows?.length && !args.columns) throw new ToolError('rows need columns: give columns with a header for each');
    const entry = placeSheet(doc, args.name, args.position);
    ctx.noteChange(`added sheet "${entry.name}"`);
    if (!args.columns) {
      const ws = doc.worksheet(entry);
      if (args.title) {
        writeCell(doc, entry, 0, 0, { value: args.title }, presetStyle(doc, 'title'));
        setRowHeight(ws, 1, titleRowHeight(doc));
      }
      if (args.subtitle) writeCell(doc, entry, args.title ? 1 : 0, 0, { value: args.subtitle }, presetStyle(doc, 'subtitle'));
      if (args.title || args.subtitle) growDimension(ws, { start: { row: 0, col: 0 }, end: { row: args.title && args.subtitle ? 1 : 0, col: 0 } });
      doc.changed(entry.part!);
      return { sheet: entry.name, position: doc.sheets().findIndex((s) => s.el === entry.el) + 1, ...(args.title ? { next_free_row: args.subtitle ? 4 : 3 } : {}) };
    }
    const built = buildDataBlock(doc, entry, {
      title: args.title, subtitle: args.subtitle, columns: columnSpecs(args.columns), rows: args.rows ?? [], totals: args.totals, totalsLabel: args.totals_label,
      tableName: args.as_table === false ? null : entry.name,
    });
    return describeBlock(entry, built);
  };
  return [
    defineTool({
      name: 'add_sheet',
      description: 'Adds a sheet. With columns (and rows), it becomes a formatted data sheet: typed columns with number formats, bold header, frozen header row, filter, optional totals row of live formulas, optionally an Excel table. Row values may be formulas ("=B2*C2").',
      input: AddSheetArgs,
      execute: (args) => addOne(args),
    }),
    defineTool({
      name: 'add_sheets',
      description: 'Adds several sheets in one call, in order, each exactly as add_sheet takes it: build a whole workbook (data sheets, a summary sheet) with one call. Sheets are added one by one; on an error the ones before it stay and the error says which failed.',
      input: Type.Object({ sheets: Type.Array(AddSheetArgs, { minItems: 1, maxItems: 50 }) }, { additionalProperties: false }),
      execute: ({ sheets }) => {
        const added: unknown[] = [];
        for (const [i, args] of sheets.entries()) {
          try {
            added.push(addOne(args));
          } catch (err) {
            if (!(err instanceof ToolError)) throw err;
            throw new ToolError(`${added.length ? `Added ${added.length} sheets (${sheets.slice(0, i).map((s) => `"${s.name}"`).join(', ')}) before this error. ` : ''}Sheet ${i + 1} of the list ("${args.name}") was not added: ${err.message}; it and the ${sheets.length - i - 1} after it were not added.`);
          }
        }
        return { sheets: added };
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
        totals_label: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'The totals row label (default "Total").' })),
        as_table: Type.Optional(Type.Boolean({ description: 'Default true.' })),
        columns: Type.Optional(Type.Array(ColumnSpecSchema, { description: 'Override types/headers, in the source column order.' })),
      }, { additionalProperties: false }),
      execute: (args) => {
        const table = findDataSource(ctx.inputs.dataSources, args.source);
        const entry = placeSheet(doc, args.sheet_name ?? safeSheetName(doc, table.name), undefined);
        const given = columnSpecs(args.columns ?? []);
        const columns: ColumnSpec[] = table.columns.map((header, i) => ({ header, ...(given.at(i) ?? {}) }));
        const built = buildDataBlock(doc, entry, { title: args.title, columns, rows: dataSourceRows(table), totals: args.totals, totalsLabel: args.totals_label, tableName: args.as_table === false ? null : entry.name });
        ctx.noteChange(`imported "${table.name}" (${table.rows.length} rows) into sheet "${entry.name}"`);
        return describeBlock(entry, built);
      },
    }),
    defineTool({
      name: 'rename_sheet',
      description: 'Renames a sheet; formulas and charts that refer to it follow.',
      input: Type.Object({ sheet: SheetName, new_name: SheetName }, { additionalProperties: false }),
      execute: ({ sheet: name, new_name: next }) => {
        const entry = doc.sheet(name);
        const old = entry.name;
        renameSheet(doc, entry, next);
        ctx.noteChange(`renamed sheet "${old}" to "${next}"`);
        return `Renamed "${old}" to "${next}".`;
      },
    }),
    defineTool({
      name: 'move_sheet',
      description: 'Moves a sheet to another tab position (1 = first).',
      input: Type.Object({ sheet: SheetName, position: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      execute: ({ sheet: name, position }) => {
        const entry = doc.findSheet(name) ?? doc.sheet(name);
        moveSheet(doc, entry, position - 1);
        const order = doc.sheets().map((s) => s.name);
        ctx.noteChange(`moved sheet "${entry.name}" to position ${order.indexOf(entry.name) + 1}`);
        return `Sheet order: ${order.join(', ')}.`;
      },
    }),
    defineTool({
      name: 'delete_sheet',
      description: 'Deletes a sheet with its tables and charts. Formulas elsewhere that refer to it will show #REF!.',
      input: Type.Object({ sheet: SheetName }, { additionalProperties: false }),
      execute: ({ sheet: name }) => {
        const entry = doc.findSheet(name) ?? doc.sheet(name);
        const referring = sheetViews(doc).filter((v) => v.entry.el !== entry.el && v.ws && referringCells(doc, v.entry, entry.name)).map((v) => v.name);
        deleteSheet(doc, entry);
        ctx.noteChange(`deleted sheet "${entry.name}"`);
        return `Deleted "${entry.name}".${referring.length ? ` Formulas on ${referring.join(', ')} referred to it and now show #REF!; fix or clear them.` : ''}`;
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
        const entry = doc.sheet(args.sheet);
        const ws = doc.worksheet(entry);
        if (args.freeze_rows !== undefined || args.freeze_columns !== undefined) {
          const now = freezeOf(ws);
          setFreeze(ws, args.freeze_rows ?? now?.rows ?? 0, args.freeze_columns ?? now?.columns ?? 0);
        }
        if (args.autofilter !== undefined) {
          const range = args.autofilter === null ? null : rangeOf(args.autofilter);
          const table = range ? viewOf(doc, entry.name).tables.find((t) => rangesOverlap(t.range, range)) : undefined;
          if (table) throw new ToolError(`${args.autofilter} overlaps table ${table.name}, which has its own filter buttons`);
          setAutoFilter(ws, range);
        }
        setColumnWidths(ws, new Map(Object.entries(args.column_widths ?? {}).map(([letters, w]) => [columnIndex(letters), w])));
        for (const text of args.unmerge ?? []) {
          const r = rangeAddress(rangeOf(text));
          removeMerges(ws, (ref) => rangeAddress(rangeOf(ref)) === r);
        }
        const merges = [...viewOf(doc, entry.name).merges];
        for (const text of args.merge ?? []) {
          const r = rangeOf(text);
          if (merges.some((m) => rangesOverlap(m, r))) throw new ToolError(`${text} overlaps a merged range; unmerge it first`);
          addMerge(ws, r);
          merges.push(r);
        }
        if (args.tab_color !== undefined) setTabColor(ws, args.tab_color === null ? null : hexColor(args.tab_color));
        if (args.show_gridlines !== undefined) setGridlines(ws, args.show_gridlines);
        if (args.landscape !== undefined) setLandscape(ws, args.landscape);
        doc.changed(entry.part!);
        ctx.noteChange(`changed the layout of "${entry.name}"`);
        return `Layout of "${entry.name}" updated.`;
      },
    }),
  ];
}

/** Whether a sheet's formulas mention another sheet by name. */
function referringCells(doc: ExcelDocument, entry: SheetEntry, name: string): boolean {
  const ws = doc.worksheet(entry);
  for (const row of ws.data.allRows()) {
    if (!row.dirty && !row.body.includes(name)) continue;
    if (ws.data.cellsOf(row).some((c) => c.f?.text && refersTo(c.f.text, name))) return true;
  }
  return false;
}
