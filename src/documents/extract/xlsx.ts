// Workbooks through the Excel documents' read-only snapshot (view/workbook-values.ts), with formulas
// computed where the file holds no cached result. Each non-empty sheet becomes one table from its
// header row down (see documents/ask/tables/workbook.view.ts), with A1 locations; a title above the header
// becomes a passage.
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { readWorkbookValues } from '../excel/view/workbook-values.ts';
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
    const rows: TableCell[][] = [];
    for (let r = top; r <= t.lastRow; r++) {
      const row: TableCell[] = [];
      for (let c = t.firstCol; c <= t.lastCol; c++) {
        const v = valueAt(sheet, r, c);
        const text = cellText(sheet, r, c);
        row.push(isNumber(v) && !text.endsWith('%') ? v : text === '' ? null : text);
      }
      rows.push(row);
    }
    const range = `${a1(top, t.firstCol)}:${a1(t.lastRow, t.lastCol)}`;
    doc.table({
      rows, headerRow: t.headerRow >= 0 ? 0 : -1, title: t.title ?? sheet.name,
      location: { label: `'${sheet.name}'!${range}`, sheet: sheet.name, range },
      origin: { sheet: sheet.name, row: top, col: t.firstCol },
    });
  }
  return doc.build('xlsx', { sheets: wb.sheets.length });
}
