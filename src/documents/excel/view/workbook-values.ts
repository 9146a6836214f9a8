// A read-only snapshot of a workbook's cell values, for code that reads workbooks without editing them
// (workbook analysis, the project pipeline's index): per sheet, rows of values with their formulas and
// number formats, and its tables. A formula gives its cached result, or the result computed here when
// the file holds none.
import type { RangePos } from '../a1.ts';
import { readWorkbook } from '../excel.adapter.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { readCell, type CellScalar } from './cells.ts';
import { evaluatorFor } from './formula-book.ts';
import { sheetViews } from './sheet.view.ts';

export type { CellScalar };

export interface CellValue {
  value: CellScalar;
  formula?: string;
  /** The number format the cell shows (absent: General). */
  numFmt?: string;
}

export interface SheetValues {
  name: string;
  /** rows[r][c], 0-based and sparse. */
  rows: (CellValue | undefined)[][];
  tables: { name: string; range: RangePos; columns: { name: string }[]; totalsRow: boolean }[];
}

export interface WorkbookValues {
  sheets: SheetValues[];
}

/** Reads the bytes of a workbook; DocumentUnreadable when they are not one. */
export function readWorkbookValues(bytes: Buffer): WorkbookValues {
  return workbookValues(readWorkbook(bytes));
}

/** The values of a workbook already read (an agent's document). */
export function workbookValues(doc: ExcelDocument): WorkbookValues {
  const { evaluator, book } = evaluatorFor(doc);
  const sheets: SheetValues[] = [];
  for (const view of sheetViews(doc)) {
    if (!view.ws) continue;
    const rows: (CellValue | undefined)[][] = [];
    const fsheet = book.sheet(view.name)!;
    for (const row of view.ws.data.allRows()) {
      for (const c of view.ws.data.cellsOf(row)) {
        const cell = readCell(view.ws, doc, row.r - 1, c.col);
        if (!cell) continue;
        const value = cell.formula !== undefined && cell.value === null ? evaluator.resultAt(fsheet, row.r - 1, c.col) : cell.value;
        if (value === null && cell.formula === undefined) continue;
        const numFmt = doc.styles().numFmt(c.s);
        (rows[row.r - 1] ??= [])[c.col] = { value, ...(cell.formula !== undefined ? { formula: cell.formula } : {}), ...(numFmt !== 'General' ? { numFmt } : {}) };
      }
    }
    sheets.push({ name: view.name, rows, tables: view.tables.map((t) => ({ name: t.name, range: t.range, columns: t.columns, totalsRow: t.totalsRow })) });
  }
  return { sheets };
}

export function getCell(sheet: SheetValues, pos: { row: number; col: number }): CellValue | undefined {
  return sheet.rows[pos.row]?.[pos.col];
}

/** The used area: last row and column holding a cell. */
export function sheetExtent(sheet: SheetValues): { rows: number; cols: number } {
  let rows = 0;
  let cols = 0;
  sheet.rows.forEach((row, r) => {
    if (!row) return;
    let last = -1;
    row.forEach((cell, c) => { if (cell) last = c; });
    if (last >= 0) { rows = r + 1; cols = Math.max(cols, last + 1); }
  });
  return { rows, cols };
}

export function findSheet(wb: WorkbookValues, name: string): SheetValues | undefined {
  return wb.sheets.find((s) => s.name === name) ?? wb.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
}
