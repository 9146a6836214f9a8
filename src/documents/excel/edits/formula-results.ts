// Results of the formulas Folio writes, stored in their cells' <v> so readers that do not recalculate
// (and chart caches, and the agent reading its own work) see numbers. They are computed when written
// and once more before saving, after every other edit of the task, so none is stale.
import type { CellPos } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import type { FormulaBook, FormulaCellValue, WorkbookEvaluator } from '../formula/formula-evaluator.ts';
import { formulaOf, valueOf } from '../view/cells.ts';
import { evaluatorFor } from '../view/formula-book.ts';
import { allTables } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';
import { setResult } from './cells.ts';
import { refersTo } from './sheet-names.ts';

/** Functions whose result changes by itself: their stored results are left for Excel. */
const VOLATILE = /\b(RAND|RANDBETWEEN|RANDARRAY|NOW|TODAY|OFFSET|INDIRECT|CELL|INFO)\s*\(/i;

function same(stored: unknown, computed: FormulaCellValue): boolean {
  if (typeof stored === 'number' && typeof computed === 'number') return Math.abs(stored - computed) <= 1e-9 * Math.max(1, Math.abs(stored));
  if (stored instanceof Date && typeof computed === 'number') return true;
  return stored === computed;
}

/**
 * After existing cells changed: the stored results of the file's formulas that depend on them and that
 * this evaluator can compute are brought up to date, as Excel does when it saves, so readers that do not
 * recalculate see the new totals. Only formulas whose result changed are written (their rows only);
 * formulas it cannot compute, array formulas and volatile ones keep theirs (and Excel recalculates them
 * on open). A sheet whose cells did not change is read only for formulas that name a sheet (or a table on
 * a sheet) whose cells changed, so its other formulas keep their bytes, stored result or none, even where
 * this evaluator would disagree with the producer; when one of its results changes, the formulas that
 * name it are read in turn.
 */
export function refreshStaleResults(doc: ExcelDocument): void {
  const { evaluator, book } = evaluatorFor(doc);
  const entries = doc.worksheetEntries();
  const changed = new Set(entries.filter((e) => doc.worksheet(e).data.dirty).map((e) => e.name));
  const scanned = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    const names = [...changed];
    const tables = allTables(doc).filter((t) => changed.has(t.sheet.name)).map((t) => `${t.name.toLowerCase()}[`);
    const depends = (formula: string) => names.some((n) => refersTo(formula, n)) || (tables.length > 0 && tables.some((t) => formula.toLowerCase().includes(t)));
    for (const entry of entries) {
      const full = changed.has(entry.name);
      if (full && scanned.has(entry.name)) continue;
      if (full) scanned.add(entry.name);
      if (refreshSheet(doc, entry, evaluator, book, full ? null : depends) && !changed.has(entry.name)) {
        changed.add(entry.name);
        grew = true;
      }
    }
  }
}

/** Stale results of one sheet's formulas (those `depends` accepts, or all); whether any was written. */
function refreshSheet(doc: ExcelDocument, entry: SheetEntry, evaluator: WorkbookEvaluator, book: FormulaBook, depends: ((formula: string) => boolean) | null): boolean {
  const ws = doc.worksheet(entry);
  const sheet = book.sheet(entry.name);
  if (!sheet) return false;
  let touched = false;
  for (const row of ws.data.allRows()) {
    if (!row.dirty && !row.body.includes(`<${ws.prefix}f`)) continue;
    for (const c of ws.data.cellsOf(row)) {
      if (!c.f || c.f.type === 'array' || c.f.type === 'dataTable') continue;
      const formula = formulaOf(ws, c, row.r);
      if (!formula || VOLATILE.test(formula) || (depends && !depends(formula))) continue;
      const computed = evaluator.resultAt(sheet, row.r - 1, c.col);
      if (computed === null || same(valueOf(c, doc), computed)) continue;
      setResult(doc, c, computed);
      ws.data.touchRow(row.r);
      touched = true;
    }
  }
  if (touched) doc.changed(entry.part!);
  return touched;
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
