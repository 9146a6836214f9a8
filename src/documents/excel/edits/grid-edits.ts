// A save from the built-in grid editor, applied in place: each changed cell is written in its row (its
// format kept; typed text such as "2024-03-31" or "12%" gets a matching number format when the cell
// had none), formulas get their results, and nothing else of the workbook changes.
import { ToolError } from '../../agent/tool-error.ts';
import { cellAddress, rangeAddress } from '../a1.ts';
import type { ParsedInput } from '../cell-values.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { numberFormatFor } from '../number-formats.ts';
import { viewOf } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';
import { checkWritable, growDimension, hiddenByMerge, writeCell } from './cells.ts';
import { refreshFormulas } from './formula-results.ts';

export interface GridEdit extends ParsedInput {
  sheet: SheetEntry;
  row: number;
  col: number;
  input: string;
}

/** Writes the edits; returns those that could not be written (with the reason), leaving them out. */
export function writeGridEdits(doc: ExcelDocument, edits: GridEdit[]): { index: number; message: string }[] {
  const refused: { index: number; message: string }[] = [];
  const formulas = new Map<SheetEntry, { row: number; col: number }[]>();
  edits.forEach((e, index) => {
    const ws = doc.worksheet(e.sheet);
    const hidden = hiddenByMerge(viewOf(doc, e.sheet.name).merges, e.row, e.col);
    if (hidden) { refused.push({ index, message: `${e.sheet.name}!${cellAddress(e)} is hidden under the merged range ${rangeAddress(hidden)}` }); return; }
    try {
      checkWritable(ws, e.row, e.col, e.sheet.name);
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      refused.push({ index, message: err.message });
      return;
    }
    const old = ws.data.cell(e.row + 1, e.col);
    const typed = e.typed && e.typed.type !== 'text' && e.typed.type !== 'integer' && e.typed.type !== 'number' ? e.typed : null;
    const s = typed && doc.styles().numFmt(old?.s ?? 0) === 'General' ? doc.styles().derive(old?.s ?? 0, { numFmt: numberFormatFor(typed.type, typed.currency)! }) : undefined;
    const cell = e.cell;
    writeCell(doc, e.sheet, e.row, e.col, cell ? (cell.formula !== undefined ? { formula: cell.formula } : { value: cell.value }) : null, s);
    growDimension(ws, { start: { row: e.row, col: e.col }, end: { row: e.row, col: e.col } });
    if (cell?.formula !== undefined) formulas.set(e.sheet, [...(formulas.get(e.sheet) ?? []), { row: e.row, col: e.col }]);
  });
  for (const [sheet, cells] of formulas) refreshFormulas(doc, sheet, cells);
  for (const sheet of new Set(edits.map((e) => e.sheet.part!))) doc.changed(sheet);
  return refused;
}
