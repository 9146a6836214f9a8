// Results of the formulas Folio writes, stored in their cells' <v> so readers that do not recalculate
// (and chart caches, and the agent reading its own work) see numbers. They are computed when written
// and once more before saving, after every other edit of the task, so none is stale.
import type { CellPos } from '../a1.ts';
import type { ExcelDocument } from '../excel-document.ts';
import { evaluatorFor } from '../view/formula-book.ts';
import type { SheetEntry } from '../workbook.ts';
import { setResult } from './cells.ts';

/** Computes the results of formula cells of one sheet; returns how many could not be computed here. */
export function refreshFormulas(doc: ExcelDocument, entry: SheetEntry, cells: CellPos[]): number {
  if (!cells.length) return 0;
  const { evaluator, book } = evaluatorFor(doc);
  const sheet = book.sheet(entry.name);
  const ws = doc.worksheet(entry);
  let missing = 0;
  if (!sheet) return cells.length;
  for (const pos of cells) {
    const rec = ws.data.cell(pos.row + 1, pos.col);
    if (!rec?.f) continue;
    const result = evaluator.resultAt(sheet, pos.row, pos.col);
    if (result === null) missing++;
    setResult(doc, rec, result);
  }
  return missing;
}

/** Every formula Folio wrote in this task, computed again; returns how many could not be computed here. */
export function refreshAllFormulas(doc: ExcelDocument): number {
  let missing = 0;
  for (const entry of doc.worksheetEntries()) {
    const set = doc.written.get(entry.part!);
    if (!set?.size) continue;
    const cells = [...set].map((k) => { const [row, col] = k.split(':').map(Number); return { row, col }; });
    missing += refreshFormulas(doc, entry, cells);
  }
  return missing;
}
