// The Excel format for the document agent core: the workbook model, its reader and renderer, the
// tools the model calls, the outline it reads, and the builtin planner.
import type { AgentTool, BrandInput, FormatAdapter, ToolContext } from '../agent/format-adapter.ts';
import { readWorkbookModel } from './excel-reader.ts';
import { renderWorkbook, XLSX_CONTENT_TYPE } from './excel-renderer.ts';
import { workbookOutline } from './excel-outline.ts';
import { planWorkbook } from './planner/excel-planner.ts';
import { createSheet, createWorkbook, DEFAULT_THEME, type WorkbookModel } from './model.ts';
import { cellTools } from './tools/cell-tools.ts';
import { chartTools } from './tools/chart-tools.ts';
import { sheetTools } from './tools/sheet-tools.ts';
import { tableTools } from './tools/table-tools.ts';
import { themeFromBrand } from './workbook-styles.ts';

export const EXCEL_INSTRUCTIONS = [
  'The document is an Excel workbook of sheets. Cells are addressed A1-style; ranges like "A1:D20" or "Sales!B2:B13".',
  '- Put data on sheets with add_sheet (columns with a type each: text, integer, number, currency, percent, date) or import_data_source (uses every row of a data source). Both format the header, freeze it, add a filter or an Excel table, and can add a totals row.',
  '- Computed cells are live formulas, never numbers you worked out: "=SUM(B2:B13)", "=AVERAGE(C2:C13)", growth "=C3/C2-1" (percent), cross-sheet "=Sales!B14". Table references like "=SUM(Sales[Revenue])" work too.',
  '- Percent cells hold fractions (0.125 shows as 12.5%). Dates are written as "2024-03-31".',
  '- Charts are native and point at cells: add_chart with data_range (header row + category column + value columns). Column charts compare categories, line charts show trends over time, pie charts show shares of one series (at most about 8 slices).',
  '- A summary or dashboard sheet first, with a title, key figures as formulas referring to the data sheets, and charts, makes a workbook easy to read.',
  '- read_range shows formulas with their computed results; check them after writing. Cells showing "(computed when opened)" use functions Excel computes itself.',
  '- When editing, keep sheets, tables and charts you were not asked to change. Chart ids (chart1, ...) are in the outline.',
].join('\n');

/** The request's brand as the workbook theme: header fills, titles, chart colours and the font. */
export function applyBrand(wb: WorkbookModel, brand: BrandInput | null): void {
  if (!brand || (!brand.primaryColor && !brand.secondaryColor && !brand.font)) return;
  const base = wb.theme ?? DEFAULT_THEME;
  wb.theme = themeFromBrand({
    ...(brand.primaryColor ? { primary_color: brand.primaryColor } : {}),
    ...(brand.secondaryColor ? { secondary_color: brand.secondaryColor } : {}),
    ...(brand.font ? { font: brand.font } : {}),
  }, base);
}

export const adapter: FormatAdapter<WorkbookModel> = {
  format: 'excel',
  contentType: XLSX_CONTENT_TYPE,
  extension: 'xlsx',
  agentName: 'folio-excel-agent',
  instructions: EXCEL_INSTRUCTIONS,
  maxSteps: 40,

  create: () => createWorkbook(),
  read: (bytes) => readWorkbookModel(bytes),

  async render(doc, options) {
    options.signal?.throwIfAborted();
    // A workbook has at least one sheet; an agent that wrote nothing still gets a valid file.
    if (!doc.sheets.length) doc.sheets.push(createSheet('Sheet1'));
    return renderWorkbook(doc);
  },

  tools(ctx: ToolContext<WorkbookModel>): AgentTool[] {
    applyBrand(ctx.doc, ctx.inputs.brand);
    return [...cellTools(ctx), ...sheetTools(ctx), ...tableTools(ctx), ...chartTools(ctx)];
  },

  outline: (doc) => workbookOutline(doc),

  title(doc) {
    if (doc.title && doc.title !== 'Workbook') return doc.title;
    const first = doc.sheets[0]?.rows[0]?.[0];
    if (typeof first?.value === 'string' && first.style?.fontSize && first.style.fontSize >= 14) return first.value;
    return doc.sheets[0]?.name ?? null;
  },

  plan: (request, doc, inputs) => planWorkbook(request, doc, inputs),
};
