// Tools on cells: read_range, set_cells, format_range, clear_range.
import { Type } from 'typebox';
import { StringEnum } from '../../../http/schemas.ts';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { cellAddress, rangeAddress, rangeSize, type CellPos, type RangePos } from '../a1.ts';
import { formulaErrors, parseCellInput, roundForDisplay, showCell } from '../cell-values.ts';
import { computeFormulas } from '../formula/formula-evaluator.ts';
import { getCell, setCell, sheetExtent, type CellModel, type CellStyle, type SheetModel, type WorkbookModel } from '../model.ts';
import { numberFormatFor, typeOfFormat, type ColumnType } from '../number-formats.ts';
import { hexColor, stylesFor } from '../workbook-styles.ts';
import { CellText, CellValue, isColumnType, MAX_CELLS_SHOWN, NumberFormatSchema, RangeText, SheetName, sheetOf, rangeOf, cellOf } from './tool-support.ts';

const PRESETS = ['title', 'subtitle', 'header', 'body', 'total', 'label', 'note'] as const;
type Preset = (typeof PRESETS)[number];
const Color = Type.String({ pattern: '^#?[0-9A-Fa-f]{6}$', description: 'Hex colour, e.g. "#1F4E79".' });

export function resolveNumberFormat(text: string): { numFmt: string | undefined; type: ColumnType | null } {
  const t = text.trim();
  if (isColumnType(t.toLowerCase())) return { numFmt: numberFormatFor(t.toLowerCase() as ColumnType), type: t.toLowerCase() as ColumnType };
  return { numFmt: t, type: typeOfFormat(t) };
}

function presetStyle(wb: WorkbookModel, preset: Preset, type: ColumnType): CellStyle {
  const s = stylesFor(wb.theme);
  switch (preset) {
    case 'header': return s.header(type);
    case 'body': return s.body(type);
    case 'total': return s.total(type);
    default: return s[preset];
  }
}

function forEachPos(range: RangePos, fn: (pos: CellPos) => void): void {
  for (let row = range.start.row; row <= range.end.row; row++) for (let col = range.start.col; col <= range.end.col; col++) fn({ row, col });
}

/** Keeps table headers and table column names in step when a header cell is rewritten. */
function syncTableHeader(sheet: SheetModel, pos: CellPos, cell: CellModel | undefined): void {
  for (const t of sheet.tables) {
    if (pos.row !== t.range.start.row || pos.col < t.range.start.col || pos.col > t.range.end.col) continue;
    if (!cell || typeof cell.value !== 'string' || !cell.value.trim() || cell.formula !== undefined) {
      throw new ToolError(`${cellAddress(pos)} is a header of table ${t.name}: it must hold non-empty text`);
    }
    const i = pos.col - t.range.start.col;
    if (t.columns.some((c, j) => j !== i && c.name.toLowerCase() === String(cell.value).toLowerCase())) throw new ToolError(`table ${t.name} already has a column "${cell.value}"`);
    t.columns[i].name = String(cell.value);
  }
}

export function cellTools(ctx: ToolContext<WorkbookModel>): AgentTool[] {
  const wb = ctx.doc;
  return [
    defineTool({
      name: 'read_range',
      description: 'Reads cells of a sheet: values, and formulas shown as "=FORMULA → result". Omit range for the whole used area (large areas are cut).',
      readOnly: true,
      input: Type.Object({ sheet: SheetName, range: Type.Optional(RangeText) }, { additionalProperties: false }),
      execute: ({ sheet: name, range: text }) => {
        const sheet = sheetOf(wb, name);
        const extent = sheetExtent(sheet);
        const range = text ? rangeOf(text) : { start: { row: 0, col: 0 }, end: { row: Math.max(0, extent.rows - 1), col: Math.max(0, extent.cols - 1) } };
        computeFormulas(wb);
        const { cols } = rangeSize(range);
        const maxRows = Math.max(1, Math.floor(MAX_CELLS_SHOWN / cols));
        const rows: unknown[][] = [];
        for (let r = range.start.row; r <= range.end.row && rows.length < maxRows; r++) {
          const row: unknown[] = [];
          for (let c = range.start.col; c <= range.end.col; c++) {
            const v = showCell(getCell(sheet, { row: r, col: c }));
            row.push(typeof v === 'number' ? roundForDisplay(v) : v);
          }
          rows.push(row);
        }
        const shown = { start: range.start, end: { row: range.start.row + rows.length - 1, col: range.end.col } };
        const cut = shown.end.row < range.end.row;
        return { sheet: sheet.name, range: rangeAddress(shown), rows, ...(cut ? { note: `cut at ${rows.length} rows; read ${rangeAddress({ start: { row: shown.end.row + 1, col: range.start.col }, end: range.end })} for the rest` } : {}) };
      },
    }),
    defineTool({
      name: 'set_cells',
      description: 'Writes a block of values and formulas starting at a cell (rows of values, left to right). Formulas stay live: write "=SUM(B2:B9)", never a computed number. Text like "$1,200", "12%" or "2024-03-31" becomes a typed number or date.',
      input: Type.Object({
        sheet: SheetName,
        start: CellText,
        rows: Type.Array(Type.Array(CellValue, { minItems: 1, maxItems: 200 }), { minItems: 1, maxItems: 2000 }),
        number_format: Type.Optional(NumberFormatSchema),
        style: Type.Optional(StringEnum(PRESETS, { description: 'A workbook style for the written cells: title, subtitle, header, body, total, label or note.' })),
      }, { additionalProperties: false }),
      execute: ({ sheet: name, start, rows, number_format: fmtText, style: preset }) => {
        const sheet = sheetOf(wb, name);
        const origin = cellOf(start);
        const fmt = fmtText ? resolveNumberFormat(fmtText) : null;
        const written: { pos: CellPos; cell: CellModel }[] = [];
        rows.forEach((values, r) => values.forEach((input, c) => {
          const pos = { row: origin.row + r, col: origin.col + c };
          const { cell, typed } = parseCellInput(wb, input, cellAddress(pos));
          const old = getCell(sheet, pos);
          if (!cell) {
            syncTableHeader(sheet, pos, undefined);
            if (old?.style) setCell(sheet, pos, { value: null, style: old.style });
            else setCell(sheet, pos, undefined);
            return;
          }
          // Typed text gets its format: "$1,200" currency, "12%" percent, "2024-03-31" a date, "1,250" grouped digits.
          const grouped = typed?.type === 'integer' && typeof input === 'string' && input.includes(',');
          const type = fmt?.type ?? (typed && typed.type !== 'text' && (typed.type !== 'integer' || grouped) ? typed.type : null);
          let style = preset ? presetStyle(wb, preset, type ?? 'text') : old?.style;
          const numFmt = fmt?.numFmt ?? (type && !style?.numFmt && !style?.raw?.numFmt ? numberFormatFor(type, typed?.currency) : undefined);
          if (numFmt) style = style ? { ...style, numFmt } : stylesFor(wb.theme).body(type ?? 'text', numFmt);
          const next = { ...cell, ...(style ? { style } : {}) };
          syncTableHeader(sheet, pos, next);
          setCell(sheet, pos, next);
          written.push({ pos, cell: next });
        }));
        computeFormulas(wb);
        const area = { start: origin, end: { row: origin.row + rows.length - 1, col: origin.col + Math.max(...rows.map((r) => r.length)) - 1 } };
        const formulas = Object.fromEntries(written.filter((w) => w.cell.formula !== undefined).slice(0, 50).map((w) => [cellAddress(w.pos), showCell(w.cell)]));
        const errs = formulaErrors(written);
        ctx.noteChange(`wrote ${sheet.name}!${rangeAddress(area)}`);
        return { written: `${sheet.name}!${rangeAddress(area)}`, ...(Object.keys(formulas).length ? { formulas } : {}), ...(errs.length ? { warnings: errs } : {}) };
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
        const sheet = sheetOf(wb, args.sheet);
        const range = rangeOf(args.range);
        const { rows, cols } = rangeSize(range);
        if (rows * cols > 200_000) throw new ToolError(`${args.range} has ${rows * cols} cells; format at most 200000 at once`);
        const fmt = args.number_format ? resolveNumberFormat(args.number_format) : null;
        const cache = new Map<CellStyle | undefined, CellStyle>();
        forEachPos(range, (pos) => {
          const cell = getCell(sheet, pos);
          const base = args.style ? presetStyle(wb, args.style, fmt?.type ?? 'text') : cell?.style;
          let style = cache.get(base);
          if (!style) {
            style = { ...base };
            if (fmt) style.numFmt = fmt.numFmt;
            if (args.bold !== undefined) style.bold = args.bold;
            if (args.italic !== undefined) style.italic = args.italic;
            if (args.font_color) style.color = hexColor(args.font_color);
            if (args.fill !== undefined) {
              if (args.fill === null) { delete style.fill; if (style.raw?.fill) style.raw = { ...style.raw, fill: undefined }; } else style.fill = hexColor(args.fill);
            }
            if (args.align) style.align = args.align;
            if (args.wrap !== undefined) style.wrap = args.wrap;
            cache.set(base, style);
          }
          setCell(sheet, pos, { ...(cell ?? { value: null }), style });
        });
        ctx.noteChange(`formatted ${sheet.name}!${rangeAddress(range)}`);
        return `Formatted ${sheet.name}!${rangeAddress(range)}.`;
      },
    }),
    defineTool({
      name: 'clear_range',
      description: 'Empties cells (values, formulas and formatting). Tables and charts over the range stay; delete them with their own tools.',
      input: Type.Object({ sheet: SheetName, range: RangeText }, { additionalProperties: false }),
      execute: ({ sheet: name, range: text }) => {
        const sheet = sheetOf(wb, name);
        const range = rangeOf(text);
        const header = sheet.tables.find((t) => t.range.start.row >= range.start.row && t.range.start.row <= range.end.row && t.range.start.col <= range.end.col && t.range.end.col >= range.start.col);
        if (header) throw new ToolError(`${text} includes the header row of table ${header.name}; delete the table first (delete_table) or clear only data rows`);
        forEachPos(range, (pos) => setCell(sheet, pos, undefined));
        sheet.merges = sheet.merges.filter((m) => !(m.start.row >= range.start.row && m.end.row <= range.end.row && m.start.col >= range.start.col && m.end.col <= range.end.col));
        ctx.noteChange(`cleared ${sheet.name}!${rangeAddress(range)}`);
        return `Cleared ${sheet.name}!${rangeAddress(range)}.`;
      },
    }),
  ];
}
