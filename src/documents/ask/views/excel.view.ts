// A workbook as the ask engine sees it: one part per worksheet (its name, its title and header row,
// its first data rows as lines, its charts and pictures), and each sheet's table for aggregates, cited
// as Sheet!A1 ranges. Values are those Excel shows: a formula gives its stored or computed result.
import type { ExcelDocument } from '../../excel/excel.document.ts';
import { sheetViews } from '../../excel/view/sheet.view.ts';
import { workbookValues } from '../../excel/view/workbook-values.ts';
import type { AskLine, AskPart, AskTable, AskView } from '../ask-view.ts';
import { a1, cellText, dataRows, sheetTables } from '../tables/workbook.view.ts';

const LINES_PER_SHEET = 30;

export function excelAskView(doc: ExcelDocument, title: string | null = null): AskView {
  const values = workbookValues(doc);
  const drawings = new Map(sheetViews(doc).map((s) => [s.name, s]));
  const parts: AskPart[] = [];
  const tables: AskTable[] = [];
  values.sheets.forEach((sheet, i) => {
    const view = drawings.get(sheet.name);
    // A sheet holding several Excel tables (a budget's income and expenses) is read as each of them.
    const found = sheetTables(sheet);
    const cite = (range: string) => ({ label: `${sheet.name}!${range}`, sheet: sheet.name, range });
    const lines: AskLine[] = [];
    for (const t of found) {
      if (t.title) lines.push({ text: t.title, cite: cite(a1(Math.max(0, t.headerRow - 1), t.firstCol)) });
      const rows = [...(t.headerRow >= 0 ? [t.headerRow] : []), ...dataRows(t), ...t.totalsRows].slice(0, LINES_PER_SHEET);
      for (const r of rows) {
        const cells = t.columns.map((c) => cellText(sheet, r, c.col)).filter((x) => x !== '');
        if (cells.length) lines.push({ text: cells.join(' | '), cite: cite(`${a1(r, t.firstCol)}:${a1(r, t.lastCol)}`) });
      }
    }
    const part: AskPart = {
      kind: 'sheet', number: i + 1, name: sheet.name, cite: { label: `sheet "${sheet.name}"`, sheet: sheet.name }, lines,
      charts: (view?.charts ?? []).map((c) => c.title || `${c.kind} chart`), tables: sheet.tables.length, pictures: view?.images.length ?? 0,
      rows: found.reduce((n, t) => n + dataRows(t).length, 0),
    };
    parts.push(part);
    for (const t of found) tables.push({ t, part, cite });
  });
  // A workbook without a title cell is "titled" after its first sheet by the adapter; that is no title here.
  return { format: 'excel', noun: 'workbook', title: title === values.sheets[0]?.name ? null : title, parts, tables };
}
