// Results of the formulas Folio writes, stored in their cells' <v> so readers that do not recalculate
// (and chart caches, and the agent reading its own work) see numbers. They are computed when written
// and once more before saving, after every other edit of the task, so none is stale.
import type { CellPos } from '../a1.ts';
import type { ExcelDocument } from '../excel-document.ts';
import type { FormulaCellValue } from '../formula/formula-evaluator.ts';
import { formulaOf, valueOf } from '../view/cells.ts';
import { evaluatorFor } from '../view/formula-book.ts';
import type { SheetEntry } from '../workbook.ts';
import { setResult } from './cells.ts';

/** Functions whose result changes by itself: their stored results are left for Excel. */
const VOLATILE = /\b(RAND|RANDBETWEEN|RANDARRAY|NOW|TODAY|OFFSET|INDIRECT|CELL|INFO)\s*\(/i;

function same(stored: unknown, computed: FormulaCellValue): boolean {
  if (typeof stored === 'number' && typeof computed === 'number') return Math.abs(stored - computed) <= 1e-9 * Math.max(1, Math.abs(stored));
  if (stored instanceof Date && typeof computed === 'number') return true;
  return stored === computed;
}

/**
 * After existing cells changed: the stored results of the file's formulas that this evaluator can
 * compute are brought up to date, as Excel does when it saves, so readers that do not recalculate see
 * the new totals. Only formulas whose result changed are written (their rows only); formulas it cannot
 * compute, array formulas and volatile ones keep theirs (and Excel recalculates them on open).
 */
export function refreshStaleResults(doc: ExcelDocument): void {
  const { evaluator, book } = evaluatorFor(doc);
  for (const entry of doc.worksheetEntries()) {
    const ws = doc.worksheet(entry);
    const sheet = book.sheet(entry.name);
    if (!sheet) continue;
    let touched = false;
    for (const row of ws.data.allRows()) {
      if (!row.dirty && !row.body.includes(`<${ws.prefix}f`)) continue;
      for (const c of ws.data.cellsOf(row)) {
        if (!c.f || c.f.type === 'array' || c.f.type === 'dataTable') continue;
        const formula = formulaOf(ws, c, row.r);
        if (!formula || VOLATILE.test(formula)) continue;
        const computed = evaluator.resultAt(sheet, row.r - 1, c.col);
        if (computed === null || same(valueOf(c, doc), computed)) continue;
        setResult(doc, c, computed);
        ws.data.touchRow(row.r);
        touched = true;
      }
    }
    if (touched) doc.changed(entry.part!);
  }
}

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
