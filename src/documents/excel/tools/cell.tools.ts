// Tools on cells: read_range, set_cells, format_range, clear_range. Each changes only the cells it names,
// in place: other cells of the row, the sheet's other parts and the cell's own format (unless asked)
// stay as they were.
import { Type } from 'typebox';
import { StringEnum } from '../../../http/schemas.ts';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { cellAddress, rangeAddress, rangeSize, type CellPos, type RangePos } from '../a1.ts';
import { formulaErrors, parseCellInput, roundForDisplay, showCell, type CellModel } from '../cell-values.ts';
import { hexColor, PRESETS, presetChange, type Preset } from '../design/look.ts';
import type { StyleChange } from '../design/styles.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { checkWritable, growDimension, hiddenByMerge, restyleCell, writeCell } from '../edits/cells.ts';
import { refreshFormulas } from '../edits/formula-results.ts';
import { removeMerges } from '../edits/layout.ts';
import { extendTableRight, renameTableColumn } from '../edits/tables.ts';
import { numberFormatFor, typeOfFormat, type ColumnType } from '../number-formats.ts';
import { readCell } from '../view/cells.ts';
import { evaluatorFor } from '../view/formula-book.ts';
import { viewOf } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';
import { CellText, CellValue, isColumnType, MAX_CELLS_SHOWN, NumberFormatSchema, RangeText, SheetName, rangeOf, cellOf } from './tool-support.ts';

const Color = Type.String({ pattern: '^#?[0-9A-Fa-f]{6}$', description: 'Hex colour, e.g. "#1F4E79".' });

export function resolveNumberFormat(text: string): { numFmt: string | undefined; type: ColumnType | null } {
  const t = text.trim();
  // "currency" named as a format, with no amounts to read a symbol from: dollars (a format code names any other).
  if (isColumnType(t.toLowerCase())) return { numFmt: numberFormatFor(t.toLowerCase() as ColumnType, 'USD'), type: t.toLowerCase() as ColumnType };
  return { numFmt: t, type: typeOfFormat(t) };
}

/** The cells of a range as the model reads them: values, and `=FORMULA → result` for formulas. */
export function readRangeRows(doc: ExcelDocument, entry: SheetEntry, range: RangePos, maxRows: number): unknown[][] {
  const ws = doc.worksheet(entry);
  const { evaluator, book } = evaluatorFor(doc);
  const sheet = book.sheet(entry.name)!;
  const rows: unknown[][] = [];
  for (let r = range.start.row; r <= range.end.row && rows.length < maxRows; r++) {
    const row: unknown[] = [];
    for (let c = range.start.col; c <= range.end.col; c++) {
      const cell = readCell(ws, doc, r, c);
      const shown = cell ? { value: cell.formula !== undefined ? evaluator.resultAt(sheet, r, c) : cell.value, formula: cell.formula } : undefined;
      const v = showCell(shown);
      row.push(typeof v === 'number' ? roundForDisplay(v) : v);
    }
    rows.push(row);
  }
  return rows;
}

/** A header cell of a table was rewritten: it must stay text, unique in the table, and the table column follows it. */
function syncTableHeader(doc: ExcelDocument, entry: SheetEntry, pos: CellPos, cell: CellModel | undefined): void {
  const tables = viewOf(doc, entry.name).tables;
  for (const t of tables) {
    // Text in the header cell just right of a table adds a column to it, as typing there does in Excel,
    // when that column is empty along the table and no other table holds it.
    if (t.headerRow && pos.row === t.range.start.row && pos.col === t.range.end.col + 1 && typeof cell?.value === 'string' && cell.value.trim() && cell.formula === undefined
      && !tables.some((o) => o !== t && pos.col >= o.range.start.col && pos.col <= o.range.end.col && o.range.start.row <= t.range.end.row && o.range.end.row >= t.range.start.row)
      && columnEmpty(doc, entry, pos.col, t.range.start.row + 1, t.range.end.row)) {
      if (t.columns.some((c) => c.name.toLowerCase() === cell.value!.toString().trim().toLowerCase())) throw new ToolError(`table ${t.name} already has a column "${cell.value}"`);
      extendTableRight(doc, t, String(cell.value).trim());
      continue;
    }
    if (pos.row !== t.range.start.row || pos.col < t.range.start.col || pos.col > t.range.end.col || !t.headerRow) continue;
    if (!cell || typeof cell.value !== 'string' || !cell.value.trim() || cell.formula !== undefined) {
      throw new ToolError(`${cellAddress(pos)} is a header of table ${t.name}: it must hold non-empty text`);
    }
    const i = pos.col - t.range.start.col;
    if (t.columns.some((c, j) => j !== i && c.name.toLowerCase() === String(cell.value).toLowerCase())) throw new ToolError(`table ${t.name} already has a column "${cell.value}"`);
    if (t.columns[i]?.name !== cell.value) renameTableColumn(doc, t, i, String(cell.value));
  }
}

function columnEmpty(doc: ExcelDocument, entry: SheetEntry, col: number, fromRow: number, toRow: number): boolean {
  const ws = doc.worksheet(entry);
  for (let r = fromRow; r <= toRow; r++) {
    const cell = readCell(ws, doc, r, col);
    if (cell && (cell.formula !== undefined || (cell.value !== null && cell.value !== ''))) return false;
  }
  return true;
}

function styleChange(args: { number_format?: string; bold?: boolean; italic?: boolean; font_color?: string; fill?: string | null; align?: 'left' | 'center' | 'right'; wrap?: boolean }): StyleChange {
  const change: StyleChange = {};
  if (args.number_format) change.numFmt = resolveNumberFormat(args.number_format).numFmt ?? 'General';
  if (args.bold !== undefined) change.bold = args.bold;
  if (args.italic !== undefined) change.italic = args.italic;
  if (args.font_color) change.color = { rgb: hexColor(args.font_color) };
  if (args.fill !== undefined) change.fill = args.fill === null ? null : { rgb: hexColor(args.fill) };
  if (args.align) change.align = args.align;
  if (args.wrap !== undefined) change.wrap = args.wrap;
  return change;
}

export function cellTools(ctx: ToolContext<ExcelDocument>): AgentTool[] {
  const doc = ctx.doc;
  return [
    defineTool({
      name: 'read_range',
      description: 'Reads cells of a sheet: values, and formulas shown as "=FORMULA → result". Omit range for the whole used area (large areas are cut).',
      readOnly: true,
      input: Type.Object({ sheet: SheetName, range: Type.Optional(RangeText) }, { additionalProperties: false }),
      execute: ({ sheet: name, range: text }) => {
        const entry = doc.sheet(name);
        const extent = viewOf(doc, entry.name).extent;
        const range = text ? rangeOf(text) : { start: { row: 0, col: 0 }, end: { row: Math.max(0, extent.rows - 1), col: Math.max(0, extent.cols - 1) } };
        const { cols } = rangeSize(range);
        const rows = readRangeRows(doc, entry, range, Math.max(1, Math.floor(MAX_CELLS_SHOWN / cols)));
        const shown = { start: range.start, end: { row: range.start.row + rows.length - 1, col: range.end.col } };
        const cut = shown.end.row < range.end.row;
        return { sheet: entry.name, range: rangeAddress(shown), rows, ...(cut ? { note: `cut at ${rows.length} rows; read ${rangeAddress({ start: { row: shown.end.row + 1, col: range.start.col }, end: range.end })} for the rest` } : {}) };
      },
    }),
    defineTool({
      name: 'set_cells',
      description: 'Writes a block of values and formulas starting at a cell (rows of values, left to right). Formulas stay live: write "=SUM(B2:B9)", never a computed number. Text like "$1,200", "12%" or "2024-03-31" becomes a typed number or date. Text in the header cell just right of an Excel table adds a column to the table (as typing there does in Excel) when that column is empty along it.',
      input: Type.Object({
        sheet: SheetName,
        start: CellText,
        rows: Type.Array(Type.Array(CellValue, { minItems: 1, maxItems: 200 }), { minItems: 1, maxItems: 2000 }),
        number_format: Type.Optional(NumberFormatSchema),
        style: Type.Optional(StringEnum(PRESETS, { description: 'A workbook style for the written cells: title, subtitle, header, body, total, label or note.' })),
      }, { additionalProperties: false }),
      execute: ({ sheet: name, start, rows, number_format: fmtText, style: preset }) => {
        const entry = doc.sheet(name);
        const ws = doc.worksheet(entry);
        const origin = cellOf(start);
        const fmt = fmtText ? resolveNumberFormat(fmtText) : null;
        const merges = viewOf(doc, entry.name).merges;
        const written: { pos: CellPos; cell: CellModel }[] = [];
        const formulas: CellPos[] = [];
        rows.forEach((values, r) => values.forEach((input, c) => {
          const pos = { row: origin.row + r, col: origin.col + c };
          const where = `${entry.name}!${cellAddress(pos)}`;
          checkWritable(ws, pos.row, pos.col, entry.name);
          const hidden = hiddenByMerge(merges, pos.row, pos.col);
          if (hidden) throw new ToolError(`${where} is hidden under the merged range ${rangeAddress(hidden)}; write to ${cellAddress(hidden.start)} or unmerge it first (set_layout unmerge)`);
          const { cell, typed } = parseCellInput(doc, input, cellAddress(pos));
          syncTableHeader(doc, entry, pos, cell);
          const old = ws.data.cell(pos.row + 1, pos.col);
          // Typed text gets its format: "$1,200" currency, "12%" percent, "2024-03-31" a date, "1,250" grouped digits.
          const grouped = typed?.type === 'integer' && typeof input === 'string' && input.includes(',');
          const type = fmt?.type ?? (typed && typed.type !== 'text' && (typed.type !== 'integer' || grouped) ? typed.type : null);
          const base = old?.s ?? 0;
          let s: number | undefined;
          if (preset) s = doc.styles().derive(0, { ...presetChange(doc, preset as Preset, type ?? 'text'), ...(fmt?.numFmt ? { numFmt: fmt.numFmt } : {}) });
          else if (fmt?.numFmt) s = doc.styles().derive(base, { numFmt: fmt.numFmt });
          else if (type && doc.styles().numFmt(base) === 'General') s = doc.styles().derive(base, { numFmt: numberFormatFor(type, typed?.currency)! });
          writeCell(doc, entry, pos.row, pos.col, cell ? (cell.formula !== undefined ? { formula: cell.formula } : { value: cell.value }) : null, s);
          if (cell) written.push({ pos, cell });
          if (cell?.formula !== undefined) formulas.push(pos);
        }));
        const area = { start: origin, end: { row: origin.row + rows.length - 1, col: origin.col + Math.max(...rows.map((r) => r.length)) - 1 } };
        growDimension(ws, area);
        refreshFormulas(doc, entry, formulas);
        doc.changed(entry.part!);
        const shown = new Map(written.filter((w) => w.cell.formula !== undefined).slice(0, 50).map((w) => {
          const rec = readCell(ws, doc, w.pos.row, w.pos.col);
          return [cellAddress(w.pos), { value: rec?.value ?? null, formula: rec?.formula }] as const;
        }));
        const errs = formulaErrors([...shown].map(([addr, cell]) => ({ pos: cellOf(addr), cell })));
        ctx.noteChange(`wrote ${entry.name}!${rangeAddress(area)}`);
        return { written: `${entry.name}!${rangeAddress(area)}`, ...(shown.size ? { formulas: Object.fromEntries([...shown].map(([a, c]) => [a, showCell(c)])) } : {}), ...(errs.length ? { warnings: errs } : {}) };
      },
    }),
    defineTool({
      name: 'format_range',
      description: 'Formats cells: number format (currency, percent, date, ... or a format code), bold, italic, colours, alignment, wrapping, or a workbook style preset.',
      input: Type.Object({
        sheet: SheetName,
        range: RangeText,
        number_format: Type.Optional(NumberFormatSchema),
        style: Type.Optional(StringEnum(PRESETS)),
        bold: Type.Optional(Type.Boolean()),
        italic: Type.Optional(Type.Boolean()),
        font_color: Type.Optional(Color),
        fill: Type.Optional(Type.Union([Color, Type.Null()], { description: 'Background colour, or null for none.' })),
        align: Type.Optional(StringEnum(['left', 'center', 'right'] as const)),
        wrap: Type.Optional(Type.Boolean()),
      }, { additionalProperties: false }),
      execute: (args) => {
        const entry = doc.sheet(args.sheet);
        const ws = doc.worksheet(entry);
        const range = rangeOf(args.range);
        const { rows, cols } = rangeSize(range);
        if (rows * cols > 200_000) throw new ToolError(`${args.range} has ${rows * cols} cells; format at most 200000 at once`);
        const fmt = args.number_format ? resolveNumberFormat(args.number_format) : null;
        const change = styleChange(args);
        const preset = args.style ? presetChange(doc, args.style, fmt?.type ?? 'text') : null;
        for (let row = range.start.row; row <= range.end.row; row++) {
          for (let col = range.start.col; col <= range.end.col; col++) {
            const old = ws.data.cell(row + 1, col);
            restyleCell(doc, entry, row, col, preset ? doc.styles().derive(0, { ...preset, ...change }) : doc.styles().derive(old?.s ?? 0, change));
          }
        }
        growDimension(ws, range);
        doc.changed(entry.part!);
        ctx.noteChange(`formatted ${entry.name}!${rangeAddress(range)}`);
        return `Formatted ${entry.name}!${rangeAddress(range)}.`;
      },
    }),
    defineTool({
      name: 'clear_range',
      description: 'Empties cells (values, formulas and formatting). Tables and charts over the range stay; delete them with their own tools.',
      input: Type.Object({ sheet: SheetName, range: RangeText }, { additionalProperties: false }),
      execute: ({ sheet: name, range: text }) => {
        const entry = doc.sheet(name);
        const ws = doc.worksheet(entry);
        const range = rangeOf(text);
        const header = viewOf(doc, entry.name).tables.find((t) => t.range.start.row >= range.start.row && t.range.start.row <= range.end.row && t.range.start.col <= range.end.col && t.range.end.col >= range.start.col);
        if (header) throw new ToolError(`${text} includes the header row of table ${header.name}; delete the table first (delete_table) or clear only data rows`);
        for (const row of ws.data.allRows()) {
          if (row.r - 1 < range.start.row || row.r - 1 > range.end.row) continue;
          for (const c of [...ws.data.cellsOf(row)]) {
            if (c.col < range.start.col || c.col > range.end.col) continue;
            checkWritable(ws, row.r - 1, c.col, entry.name);
            writeCell(doc, entry, row.r - 1, c.col, null, 0);
            ws.data.remove(row.r, c.col);
          }
        }
        removeMerges(ws, (ref) => {
          const m = rangeOf(ref);
          return m.start.row >= range.start.row && m.end.row <= range.end.row && m.start.col >= range.start.col && m.end.col <= range.end.col;
        });
        doc.changed(entry.part!);
        ctx.noteChange(`cleared ${entry.name}!${rangeAddress(range)}`);
        return `Cleared ${entry.name}!${rangeAddress(range)}.`;
      },
    }),
  ];
}
