// The Excel format for the agent core. A workbook is its .xlsx package: reading opens it (a new workbook
// opens Folio's template workbook), the tools edit its parts in place, and rendering writes the package
// back with every untouched part copied through. A .xlsm stays a .xlsm: its macros are kept and it is
// written with its own type.
import type { AgentTool, BrandInput, FormatAdapter, ToolContext } from '../agent/format-adapter.ts';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { setThemeColors } from './design/theme.ts';
import { ExcelDocument } from './excel.document.ts';
import { finishWorkbook } from './edits/finish.ts';
import { planWorkbook } from './planner/excel.planner.ts';
import { summarizeChanges } from './summary.ts';
import { openTemplate } from './templates.ts';
import { cellTools } from './tools/cell.tools.ts';
import { chartTools } from './tools/chart.tools.ts';
import { lineTools } from './tools/line.tools.ts';
import { sheetTools } from './tools/sheet.tools.ts';
import { tableTools } from './tools/table.tools.ts';
import { sortTools } from './tools/sort.tools.ts';
import { workbookTitle, workbookTools } from './tools/workbook.tools.ts';
import { readCell } from './view/cells.ts';
import { workbookOutline } from './view/outline.ts';
import { sheetViews } from './view/sheet.view.ts';
import { XLSM_CONTENT_TYPE, XLSX_CONTENT_TYPE, XlsxWorkbook } from './workbook.ts';
import { snapshotExcel } from './excel.snapshot.ts';

export { XLSX_CONTENT_TYPE };

export const EXCEL_INSTRUCTIONS = [
  'The document is an Excel workbook of sheets, edited in place: sheets, cells, formats, charts and everything else you do not change stay exactly as they are. Cells are addressed A1-style; ranges like "A1:D20" or "Sales!B2:B13".',
  '- Put data on sheets with add_sheet (columns with a type each: text, integer, number, currency, percent, date) or import_data_source (uses every row of a data source). Both format the header, freeze it, add a filter or an Excel table, and can add a totals row.',
  '- Computed cells are live formulas, never numbers you worked out: "=SUM(B2:B13)", "=AVERAGE(C2:C13)", growth "=C3/C2-1" (percent), cross-sheet "=Sales!B14". Table references like "=SUM(Sales[Revenue])" work too.',
  '- Percent cells hold fractions (0.125 shows as 12.5%). Dates are written as "2024-03-31".',
  '- Charts are native and point at cells: add_chart with data_range (header row + category column + value columns). Column charts compare categories, line charts show trends over time, pie charts show shares of one series (at most about 8 slices).',
  '- A summary or dashboard sheet first, with a title, key figures as formulas referring to the data sheets, and charts, makes a workbook easy to read. New content takes the workbook\'s own fonts and theme colours (or the request\'s brand).',
  '- read_range shows formulas with their computed results; check them after writing. Cells showing "(computed when opened)" use functions Excel computes itself.',
  '- To make room in an existing sheet use insert_rows / insert_columns (delete_rows / delete_columns to remove): formulas, charts, conditional formats, defined names and tables that refer past them follow. Never shift cells by rewriting them. New rows at the end of an Excel table go in with add_table_rows: the table, its totals and the formulas and charts over it grow with it.',
  '- When editing, keep sheets, tables and charts you were not asked to change. Chart ids (chart1, ...) are in the outline; charts marked "kept as is" can only be moved or deleted.',
].join('\n');

/** The request's brand: a workbook made from Folio's template takes it into its theme (so it lasts when resumed); a user's workbook gets it on new content only. */
function useBrand(doc: ExcelDocument, brand: BrandInput | null): void {
  if (!brand || (!brand.primaryColor && !brand.secondaryColor && !brand.font)) return;
  if (doc.origin !== 'template') {
    doc.brand = brand;
    return;
  }
  if (doc.brandApplied) return;
  doc.brandApplied = true;
  setThemeColors(doc.book, { ...(brand.primaryColor ? { accent1: brand.primaryColor } : {}), ...(brand.secondaryColor ? { accent2: brand.secondaryColor } : {}) }, brand.font);
  if (brand.font) {
    // LibreOffice reads the Normal font's name rather than the theme's: the template's Normal font follows the brand too.
    const styles = doc.pkg.edit(doc.styles().part).documentElement!;
    const name = styles.getElementsByTagNameNS(doc.book.ns.x, 'font')[0]?.getElementsByTagNameNS(doc.book.ns.x, 'name')[0];
    name?.setAttribute('val', brand.font);
  }
  doc.themeChanged();
}

export function readWorkbook(bytes: Buffer): ExcelDocument {
  const doc = new ExcelDocument(XlsxWorkbook.open(bytes), 'file');
  // Every sheet, the strings and the styles are read once now, so an unreadable part is refused at load
  // with its name, not in the middle of a task.
  try {
    for (const entry of doc.worksheetEntries()) doc.worksheet(entry).rest();
    doc.strings();
    doc.styles().numFmt(0);
    sheetViews(doc);
  } catch (err) {
    if (err instanceof DocumentUnreadable) throw err;
    throw new DocumentUnreadable(`A part of the workbook could not be read (${(err as Error).message}).`, { cause: err });
  }
  return doc;
}

export const adapter: FormatAdapter<ExcelDocument> = {
  format: 'excel',
  contentType: XLSX_CONTENT_TYPE,
  extension: 'xlsx',
  agentName: 'folio-excel-agent',
  instructions: EXCEL_INSTRUCTIONS,
  maxSteps: 40,

  create: () => openTemplate(),
  read: async (bytes) => readWorkbook(bytes),

  async render(doc, options) {
    useBrand(doc, options.brand);
    options.signal?.throwIfAborted();
    finishWorkbook(doc);
    return doc.save();
  },

  tools(ctx: ToolContext<ExcelDocument>): AgentTool[] {
    useBrand(ctx.doc, ctx.inputs.brand);
    return [...cellTools(ctx), ...lineTools(ctx), ...sheetTools(ctx), ...tableTools(ctx), ...sortTools(ctx), ...chartTools(ctx), ...workbookTools(ctx)];
  },

  outline: (doc) => workbookOutline(doc),

  snapshot: (doc) => snapshotExcel(doc),
  title(doc) {
    // A title given to the workbook (set_workbook) names it; else its first sheet does.
    const given = workbookTitle(doc);
    if (given) return given;
    const first = sheetViews(doc).find((s) => s.ws && s.entry.part !== doc.placeholder);
    if (!first?.ws) return null;
    const a1 = readCell(first.ws, doc, 0, 0);
    const size = Number(doc.styles().font(a1?.s ?? 0)?.getElementsByTagNameNS(doc.book.ns.x, 'sz')[0]?.getAttribute('val') ?? 11);
    if (typeof a1?.value === 'string' && a1.value.trim() && size >= 14) return a1.value.trim();
    return first.name;
  },

  plan: (request, doc, inputs) => planWorkbook(request, doc, inputs),
  summarize: (doc, changes, origin) => summarizeChanges(doc, changes, origin),
  outcomeProblems: (doc, _changes, origin) => (origin !== 'new' || doc.worksheetEntries().some((e) => doc.worksheet(e).changed)
    ? [] : ['no sheet of the workbook holds anything yet: add sheets with their data (add_sheets adds several in one call)']),
  fileType: (doc) => (doc.macroEnabled ? { contentType: XLSM_CONTENT_TYPE, extension: 'xlsm' } : { contentType: XLSX_CONTENT_TYPE, extension: 'xlsx' }),
};
