// The run's summary of what happened to the workbook, derived from the edits the tools made (never from
// what a model or the planner says it did): a new workbook by its sheets, tables and charts, an edited
// one by its list of changes.
import type { ExcelDocument } from './excel.document.ts';
import { sheetViews } from './view/sheet.view.ts';

export function summarizeChanges(doc: ExcelDocument, changes: string[], origin: 'new' | 'run' | 'init_file'): string {
  const sheets = sheetViews(doc).filter((s) => s.entry.part !== doc.placeholder);
  if (origin === 'new') {
    if (!sheets.length || !changes.length) return 'No sheets were made.';
    const described = sheets.map((s) => {
      const parts = [s.extent.rows ? `${s.extent.rows} rows` : 'empty'];
      if (s.tables.length) parts.push(`table${s.tables.length > 1 ? 's' : ''} ${s.tables.map((t) => t.name).join(', ')}`);
      if (s.charts.length) parts.push(`${s.charts.length} chart${s.charts.length > 1 ? 's' : ''}`);
      return `"${s.name}" (${parts.join(', ')})`;
    });
    return `Built a workbook of ${sheets.length} sheet${sheets.length === 1 ? '' : 's'}: ${described.join('; ')}.`;
  }
  if (!changes.length) return 'The workbook was not changed.';
  const shown = changes.slice(0, 12).join('; ');
  return `Changed the workbook: ${shown}${changes.length > 12 ? `; and ${changes.length - 12} more changes` : ''}. It now has ${sheets.length} sheet${sheets.length === 1 ? '' : 's'}.`;
}
