// The workbook as the built-in grid sees it (per sheet: values, formulas, the used size), and a save
// applied back as cell edits: only the cells a person changed are written, through the same input
// rules as the Excel agent's tools ("=SUM(B2:B9)" is a live formula, "1,200" a number), so styles,
// charts, tables and everything else the workbook holds stay as they were.
import { Type, type Static } from 'typebox';
import { errors, type ValidationDetail } from '../../errors.ts';
import { ToolError } from '../../documents/agent/tool-error.ts';
import { MAX_COLS, MAX_ROWS } from '../../documents/excel/a1.ts';
import { parseCellInput } from '../../documents/excel/cell-values.ts';
import { findSheet, type CellScalar, type WorkbookModel } from '../../documents/excel/model.ts';

/** The grid shows at most this much of a sheet (the rest stays in the file, untouched). */
export const GRID_MAX_ROWS = 2000;
export const GRID_MAX_COLS = 200;

const Value = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

export const ExcelContent = Type.Object({
  sheets: Type.Array(Type.Object({
    name: Type.String(),
    rows: Type.Integer({ description: 'Rows shown (the used range, at least 30, at most 2000).' }),
    cols: Type.Integer(),
    truncated: Type.Boolean({ description: 'true when the sheet is larger than the grid shows.' }),
    cells: Type.Array(Type.Object({ r: Type.Integer(), c: Type.Integer(), value: Value, formula: Type.Optional(Type.String()) })),
  })),
});
export type ExcelContent = Static<typeof ExcelContent>;

export const ExcelEdits = Type.Object({
  edits: Type.Array(Type.Object({
    sheet: Type.String({ minLength: 1, maxLength: 100 }),
    row: Type.Integer({ minimum: 0, maximum: MAX_ROWS - 1, description: '0-based' }),
    col: Type.Integer({ minimum: 0, maximum: MAX_COLS - 1, description: '0-based' }),
    input: Type.String({ maxLength: 32_767, description: 'What a person typed: `=FORMULA`, a number, a date, text; empty clears the value (the style stays).' }),
  }, { additionalProperties: false }), { maxItems: 100_000 }),
}, { additionalProperties: false });
export type ExcelEdits = Static<typeof ExcelEdits>;

const plain = (v: CellScalar): string | number | boolean | null => (v instanceof Date ? v.toISOString().replace(/T00:00:00\.000Z$/, '') : v);

export function presentExcel(wb: WorkbookModel): ExcelContent {
  return {
    sheets: wb.sheets.map((sheet) => {
      const usedRows = sheet.rows.length;
      // reduce, not map + spread: rows is sparse (empty rows are holes), and a hole would make it NaN.
      const usedCols = sheet.rows.reduce((max, r) => Math.max(max, r?.length ?? 0), 0);
      const cells: ExcelContent['sheets'][number]['cells'] = [];
      sheet.rows.slice(0, GRID_MAX_ROWS).forEach((row, r) => row?.slice(0, GRID_MAX_COLS).forEach((cell, c) => {
        if (!cell || (cell.value === null && cell.formula === undefined)) return;
        cells.push({ r, c, value: plain(cell.value), ...(cell.formula !== undefined ? { formula: cell.formula } : {}) });
      }));
      return {
        name: sheet.name,
        rows: Math.min(GRID_MAX_ROWS, Math.max(30, usedRows + 10)),
        cols: Math.min(GRID_MAX_COLS, Math.max(10, usedCols + 3)),
        truncated: usedRows > GRID_MAX_ROWS || usedCols > GRID_MAX_COLS,
        cells,
      };
    }),
  };
}

export function applyExcel(wb: WorkbookModel, body: ExcelEdits): void {
  const problems: ValidationDetail[] = [];
  body.edits.forEach((e, i) => {
    const sheet = findSheet(wb, e.sheet);
    if (!sheet) {
      problems.push({ loc: ['body', 'content', 'edits', i, 'sheet'], msg: `no sheet "${e.sheet}" in this workbook`, type: 'unknown_sheet', input: e.sheet });
      return;
    }
    let parsed;
    try {
      parsed = parseCellInput(wb, e.input, `${sheet.name}!R${e.row + 1}C${e.col + 1}`);
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      problems.push({ loc: ['body', 'content', 'edits', i, 'input'], msg: err.message, type: 'invalid_cell_input', input: e.input });
      return;
    }
    const row = (sheet.rows[e.row] ??= []);
    const old = row[e.col];
    // The look of the cell (number format, font, fill) is the workbook's, not the grid's: it stays.
    row[e.col] = parsed.cell || old?.style || old?.note || old?.hyperlink
      ? { value: parsed.cell?.value ?? null, ...(parsed.cell?.formula !== undefined ? { formula: parsed.cell.formula } : {}), ...(old?.style ? { style: old.style } : {}), ...(old?.note ? { note: old.note } : {}), ...(old?.hyperlink ? { hyperlink: old.hyperlink } : {}) }
      : undefined;
  });
  if (problems.length) throw errors.validation(problems);
}
