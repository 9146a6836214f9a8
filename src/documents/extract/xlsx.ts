// Workbooks through the Excel documents' read-only snapshot (view/workbook-values.ts), with formulas
// computed where the file holds no cached result. Each non-empty sheet becomes one table from its
// header row down (see documents/ask/tables/workbook.view.ts), with A1 locations; a title above the header
// becomes a passage. Cells below an Excel table object (a summary block under it, say) follow as one more
// table of the sheet, so no cell below the header is left out.
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { readWorkbookValues, sheetExtent, type SheetValues } from '../excel/view/workbook-values.ts';
import { isNumber, sheetTable, valueAt, cellText, a1 } from '../ask/tables/workbook.view.ts';
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
