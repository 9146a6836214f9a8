// The workbook as the built-in grid sees it (per sheet: values, formulas, the used size), and a save
// applied back as cell edits in place: only the cells a person changed are written (each <c> element in
// its row, through the same input rules as the Excel agent's tools: "=SUM(B2:B9)" is a live formula,
// "1,200" a number), so every other cell, the styles, charts, tables and parts stay as they were.
import { errors, type ValidationDetail } from '../../errors.ts';
import { ToolError } from '../../documents/agent/tool-error.ts';
import { parseCellInput } from '../../documents/excel/cell-values.ts';
import { writeGridEdits } from '../../documents/excel/edits/grid-edits.ts';
import type { ExcelDocument } from '../../documents/excel/excel.document.ts';
import { gridCells } from '../../documents/excel/view/grid.ts';
import { GRID_MAX_COLS, GRID_MAX_ROWS, type ExcelContent, type ExcelEdits } from './excel-view.schemas.ts';

export { ExcelContent, ExcelEdits, GRID_MAX_COLS, GRID_MAX_ROWS } from './excel-view.schemas.ts';

export function presentExcel(doc: ExcelDocument): ExcelContent {
  return { sheets: gridCells(doc, GRID_MAX_ROWS, GRID_MAX_COLS) };
}

/** Applies a save: every edit is checked first (sheet, input), then the cells are written in place. */
export function applyExcel(doc: ExcelDocument, body: ExcelEdits): void {
  const problems: ValidationDetail[] = [];
  const parsed = body.edits.map((e, i) => {
    const sheet = doc.findSheet(e.sheet);
    if (!sheet || sheet.kind !== 'worksheet' || !sheet.part) {
      problems.push({ loc: ['body', 'content', 'edits', i, 'sheet'], msg: `no sheet "${e.sheet}" with cells in this workbook`, type: 'unknown_sheet', input: e.sheet });
      return null;
    }
    try {
      return { sheet, row: e.row, col: e.col, input: e.input, ...parseCellInput(doc, e.input, `${sheet.name}!R${e.row + 1}C${e.col + 1}`) };
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      problems.push({ loc: ['body', 'content', 'edits', i, 'input'], msg: err.message, type: 'invalid_cell_input', input: e.input });
      return null;
    }
  });
  if (problems.length) throw errors.validation(problems);
  const refused = writeGridEdits(doc, parsed.map((p) => p!));
  if (refused.length) throw errors.validation(refused.map((r) => ({ loc: ['body', 'content', 'edits', r.index, 'input'], msg: r.message, type: 'cell_not_writable', input: body.edits[r.index].input })));
}
