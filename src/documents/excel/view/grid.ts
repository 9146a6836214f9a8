// The workbook as the built-in grid editor shows it: per worksheet its cells (values, formulas with
// their results) up to the grid's size, and how many rows and columns to draw.
import type { ExcelDocument } from '../excel.document.ts';
import { readCell } from './cells.ts';
import { evaluatorFor } from './formula-book.ts';
import { sheetViews } from './sheet.view.ts';

export interface GridSheet {
  name: string;
  rows: number;
  cols: number;
  truncated: boolean;
  cells: { r: number; c: number; value: string | number | boolean | null; formula?: string }[];
}

const plain = (v: unknown): string | number | boolean | null => (v instanceof Date ? v.toISOString().replace(/T00:00:00\.000Z$/, '') : (v as string | number | boolean | null));

export function gridCells(doc: ExcelDocument, maxRows: number, maxCols: number): GridSheet[] {
  const { evaluator, book } = evaluatorFor(doc);
  return sheetViews(doc).filter((v) => v.ws).map((v) => {
    const ws = v.ws!;
    const cells: GridSheet['cells'] = [];
    const fsheet = book.sheet(v.name)!;
    for (const row of ws.data.allRows()) {
      if (row.r > maxRows) break;
      for (const c of ws.data.cellsOf(row)) {
        if (c.col >= maxCols) break;
        const cell = readCell(ws, doc, row.r - 1, c.col);
        if (!cell || (cell.value === null && cell.formula === undefined)) continue;
        const value = cell.formula !== undefined ? evaluator.resultAt(fsheet, row.r - 1, c.col) : cell.value;
        cells.push({ r: row.r - 1, c: c.col, value: plain(value), ...(cell.formula !== undefined ? { formula: cell.formula } : {}) });
      }
    }
    const { rows, cols } = v.extent;
    return {
      name: v.name,
      rows: Math.min(maxRows, Math.max(30, rows + 10)),
      cols: Math.min(maxCols, Math.max(10, cols + 3)),
      truncated: rows > maxRows || cols > maxCols,
      cells,
    };
  });
}
