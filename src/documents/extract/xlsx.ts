// Workbooks through the Excel documents' read-only snapshot (view/workbook-values.ts), with formulas
// computed where the file holds no cached result. Each non-empty sheet becomes one table from its
// header row down (see documents/ask/tables/workbook.view.ts), with A1 locations; a title above the header
// becomes a passage. Cells below an Excel table object (a summary block under it, say) follow as one more
// table of the sheet, so no cell below the header is left out. A sheet holding several Excel tables gives
// each of them, then the cells outside them as one block.
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { readWorkbookValues, sheetExtent, type SheetValues } from '../excel/view/workbook-values.ts';
import { isNumber, sheetTable, sheetTables, tableLabel, valueAt, cellText, a1 } from '../ask/tables/workbook.view.ts';
import { DocBuilder, UnreadableFile, type ExtractedDoc, type TableCell } from './extracted.ts';

export async function extractXlsx(bytes: Buffer, budget: number): Promise<ExtractedDoc> {
  let wb;
  try {
    wb = readWorkbookValues(bytes);
  } catch (err) {
    if (err instanceof DocumentUnreadable) throw new UnreadableFile(err.message);
    throw err;
  }
  const doc = new DocBuilder(budget);
  for (const sheet of wb.sheets) {
    if (doc.full) break;
    if (sheet.tables.length >= 2) {
      severalTables(doc, sheet);
      continue;
    }
    const t = sheetTable(sheet);
    if (!t) continue;
    const top = Math.max(0, t.headerRow);
    if (t.title) doc.passage(t.title, null, { label: `'${sheet.name}'`, sheet: sheet.name });
    const rows = readRows(sheet, top, t.lastRow, t.firstCol, t.lastCol);
    const range = `${a1(top, t.firstCol)}:${a1(t.lastRow, t.lastCol)}`;
    doc.table({
      rows, headerRow: t.headerRow >= 0 ? 0 : -1, title: t.title ?? sheet.name,
      location: { label: `'${sheet.name}'!${range}`, sheet: sheet.name, range },
      origin: { sheet: sheet.name, row: top, col: t.firstCol },
    });
    const below = sheetExtent(sheet).rows - 1;
    if (below > t.lastRow && !doc.full) {
      const rest = readRows(sheet, t.lastRow + 1, below, t.firstCol, t.lastCol);
      const first = rest.findIndex((r) => r.some((v) => v !== null));
      if (first >= 0) {
        const startRow = t.lastRow + 1 + first;
        const restRange = `${a1(startRow, t.firstCol)}:${a1(below, t.lastCol)}`;
        doc.table({
          rows: rest.slice(first), headerRow: -1, title: sheet.name,
          location: { label: `'${sheet.name}'!${restRange}`, sheet: sheet.name, range: restRange },
          origin: { sheet: sheet.name, row: startRow, col: t.firstCol },
        });
      }
    }
  }
  return doc.build('xlsx', { sheets: wb.sheets.length });
}

/**
 * A sheet holding several Excel tables (a budget's income and expenses side by side): each table on its
 * own, titled by the text above it or by its name, then every cell outside them (summary blocks, titles)
 * as one more block, so no cell is left out and no table's columns are mixed with another's.
 */
function severalTables(doc: DocBuilder, sheet: SheetValues): void {
  const tables = sheetTables(sheet);
  const taken: { r0: number; r1: number; c0: number; c1: number }[] = [];
  for (const t of tables) {
    if (doc.full) return;
    const top = Math.max(0, t.headerRow);
    if (t.title) taken.push({ r0: top - 1, r1: top - 1, c0: t.firstCol, c1: t.firstCol });
    taken.push({ r0: top, r1: t.lastRow, c0: t.firstCol, c1: t.lastCol });
    const range = `${a1(top, t.firstCol)}:${a1(t.lastRow, t.lastCol)}`;
    // Its title, or its readable name ("Expenses" for tblExpenses), says which table follows.
    doc.passage(t.title ?? tableLabel(t), null, { label: `'${sheet.name}'!${range}`, sheet: sheet.name });
    doc.table({
      rows: readRows(sheet, top, t.lastRow, t.firstCol, t.lastCol), headerRow: t.headerRow >= 0 ? 0 : -1, title: t.title ?? tableLabel(t),
      location: { label: `'${sheet.name}'!${range}`, sheet: sheet.name, range },
      origin: { sheet: sheet.name, row: top, col: t.firstCol },
    });
  }
  const extent = sheetExtent(sheet);
  if (doc.full || !extent.rows || !extent.cols) return;
  const inTable = (r: number, c: number) => taken.some((b) => r >= b.r0 && r <= b.r1 && c >= b.c0 && c <= b.c1);
  const all = readRows(sheet, 0, extent.rows - 1, 0, extent.cols - 1).map((row, r) => row.map((v, c) => (inTable(r, c) ? null : v)));
  const used = (v: TableCell) => v !== null;
  const rows = all.map((row, r) => ({ row, r })).filter(({ row }) => row.some(used));
  if (!rows.length) return;
  const cols = all[0].map((_, c) => c).filter((c) => all.some((row) => used(row[c])));
  const [r0, r1, c0, c1] = [rows[0].r, rows[rows.length - 1].r, cols[0], cols[cols.length - 1]];
  const range = `${a1(r0, c0)}:${a1(r1, c1)}`;
  doc.table({
    rows: all.slice(r0, r1 + 1).map((row) => row.slice(c0, c1 + 1)), headerRow: -1, title: sheet.name,
    location: { label: `'${sheet.name}'!${range}`, sheet: sheet.name, range },
    origin: { sheet: sheet.name, row: r0, col: c0 },
  });
}

/** The cells of a block as table cells: numbers stay numbers (percentages keep their text), blanks null. */
function readRows(sheet: SheetValues, fromRow: number, toRow: number, firstCol: number, lastCol: number): TableCell[][] {
  const rows: TableCell[][] = [];
  for (let r = fromRow; r <= toRow; r++) {
    const row: TableCell[] = [];
    for (let c = firstCol; c <= lastCol; c++) {
      const v = valueAt(sheet, r, c);
      const text = cellText(sheet, r, c);
      row.push(isNumber(v) && !text.endsWith('%') ? v : text === '' ? null : text);
    }
    rows.push(row);
  }
  while (rows.length && rows[rows.length - 1].every((v) => v === null)) rows.pop();
  return rows;
}
