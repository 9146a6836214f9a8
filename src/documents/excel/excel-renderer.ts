// Writes a workbook model to .xlsx: exceljs writes cells, styles, columns, panes, filters, merges,
// images and page setup; completePackage adds the tables and native charts exceljs cannot write.
// Formulas are computed first, so the file carries their results, and Excel is asked to recalculate
// on open anyway (fullCalcOnLoad), so a result this evaluator could not compute is never stale.
import ExcelJS from 'exceljs';
import { rangeAddress, rangesOverlap } from './a1.ts';
import { computeFormulas } from './formula/formula-evaluator.ts';
import type { CellModel, CellStyle, SheetModel, WorkbookModel } from './model.ts';
import { completePackage, needsPackageParts } from './package-parts.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const argb = (hex: string) => ({ argb: `FF${hex}` });

const converted = new WeakMap<CellStyle, Partial<ExcelJS.Style>>();

/** The exceljs style of a cell style: what was read (raw), with the typed fields on top. */
export function toExcelStyle(s: CellStyle): Partial<ExcelJS.Style> {
  const known = converted.get(s);
  if (known) return known;
  const raw = s.raw ?? {};
  const out: Partial<ExcelJS.Style> = { ...raw };
  if (s.numFmt !== undefined) out.numFmt = s.numFmt;
  if (s.bold !== undefined || s.italic !== undefined || s.color || s.fontSize || s.fontName) {
    out.font = {
      ...raw.font,
      ...(s.bold !== undefined ? { bold: s.bold } : {}),
      ...(s.italic !== undefined ? { italic: s.italic } : {}),
      ...(s.color ? { color: argb(s.color) } : {}),
      ...(s.fontSize ? { size: s.fontSize } : {}),
      ...(s.fontName ? { name: s.fontName } : {}),
    };
  }
  if (s.fill) out.fill = { type: 'pattern', pattern: 'solid', fgColor: argb(s.fill), bgColor: argb(s.fill) };
  if (s.align || s.wrap !== undefined || s.indent) {
    out.alignment = {
      ...raw.alignment, ...(s.align ? { horizontal: s.align } : {}), ...(s.indent ? { indent: s.indent } : {}),
      ...(s.wrap !== undefined ? { wrapText: s.wrap, vertical: s.wrap ? 'top' : raw.alignment?.vertical } : {}),
    };
    if (out.alignment.vertical === undefined) delete out.alignment.vertical;
  }
  if (s.borderTop || s.borderBottom) {
    out.border = {
      ...raw.border,
      ...(s.borderTop ? { top: { style: 'thin', color: argb(s.borderTop) } } : {}),
      ...(s.borderBottom ? { bottom: { style: 'thin', color: argb(s.borderBottom) } } : {}),
    };
  }
  converted.set(s, out);
  return out;
}

function excelValue(cell: CellModel): ExcelJS.CellValue {
  if (cell.formula !== undefined) {
    const result = cell.value;
    return result === null || result === undefined
      ? { formula: cell.formula } as ExcelJS.CellFormulaValue
      : { formula: cell.formula, result } as ExcelJS.CellFormulaValue;
  }
  if (cell.hyperlink) return { text: String(cell.value ?? cell.hyperlink), hyperlink: cell.hyperlink };
  return cell.value as ExcelJS.CellValue;
}

/** Column widths count Calibri characters; Arial-like fonts (Liberation Sans, Helvetica) run about 15% wider. */
function fontWidth(font: string | undefined): number {
  return !font || /calibri|carlito|aptos/i.test(font) ? 1 : /arial|liberation sans|helvetica|verdana|tahoma|segoe/i.test(font) ? 1.15 : 1.08;
}

/** Characters a cell needs to show its value, roughly as its number format displays it. */
function displayLength(cell: CellModel): number {
  const v = cell.value;
  if (v === null || v === undefined) return 0;
  if (v instanceof Date) return (cell.style?.numFmt ?? '').includes('h') ? 16 : 10;
  if (typeof v === 'number') {
    const fmt = cell.style?.numFmt ?? (cell.style?.raw?.numFmt as string | undefined) ?? '';
    const decimals = /\.(0+)/.exec(fmt)?.[1].length ?? (Number.isInteger(v) ? 0 : 2);
    const digits = Math.abs(v).toFixed(fmt.includes('%') ? Math.max(0, decimals) : decimals).length + (fmt.includes('%') ? 1 : 0);
    const grouping = fmt.includes(',') ? Math.floor(Math.max(0, Math.floor(Math.log10(Math.abs(v) * (fmt.includes('%') ? 100 : 1) || 1))) / 3) : 0;
    const symbol = /"([^"]*)"/.exec(fmt)?.[1].length ?? 0;
    return (digits + grouping + symbol + (v < 0 ? 2 : 0) + (cell.style?.indent ?? 0)) * fontWidth(cell.style?.fontName);
  }
  if (typeof v === 'boolean') return 5;
  const longestLine = String(v).split('\n').reduce((m, l) => Math.max(m, l.length), 0);
  return longestLine * ((cell.style?.fontSize ?? 11) / 11) * (cell.style?.bold ? 1.1 : 1) * fontWidth(cell.style?.fontName);
}

/**
 * Widths from content: the widest cell of each column (headers count with room for the filter
 * button), between 8 and 60 characters. Cells that span merged ranges or wrap do not widen a column,
 * and neither do long titles alone in the first column's top rows.
 */
export function autoColumnWidths(sheet: SheetModel): number[] {
  const widths: number[] = [];
  const spanned = new Set<string>();
  for (const m of sheet.merges) for (let r = m.start.row; r <= m.end.row; r++) for (let c = m.start.col; c <= m.end.col; c++) spanned.add(`${r}:${c}`);
  const headerRows = new Set(sheet.tables.map((t) => t.range.start.row));
  if (sheet.autoFilter) headerRows.add(sheet.autoFilter.start.row);
  sheet.rows.forEach((row, r) => row?.forEach((cell, c) => {
    if (!cell || spanned.has(`${r}:${c}`) || cell.style?.wrap && !headerRows.has(r)) return;
    // A lone text cell whose right neighbours are empty (a title, a note) may spill over them.
    if (typeof cell.value === 'string' && !headerRows.has(r) && cell.value.length > 24 && row.slice(c + 1).every((x) => !x) && (cell.style?.fontSize ?? 11) >= 11 && r < 3) return;
    let len = displayLength(cell);
    if (headerRows.has(r)) len = Math.min(len, 30) + 3;
    widths[c] = Math.max(widths[c] ?? 0, len);
  }));
  return Array.from(widths, (w) => Math.min(60, Math.max(8, Math.ceil((w ?? 0) + 2))));
}

function writeSheet(xwb: ExcelJS.Workbook, model: WorkbookModel, sheet: SheetModel): void {
  const totalWidth = (widths: number[]) => widths.reduce((s, w) => s + w, 0);
  const auto = autoColumnWidths(sheet);
  const widths = Array.from({ length: Math.max(auto.length, sheet.columns.length) }, (_, c) => sheet.columns[c]?.width ?? auto[c] ?? 9);
  const ws = xwb.addWorksheet(sheet.name, {
    properties: sheet.tabColor ? { tabColor: argb(sheet.tabColor) } : {},
    views: [sheet.freeze && (sheet.freeze.rows || sheet.freeze.columns)
      ? { state: 'frozen', xSplit: sheet.freeze.columns, ySplit: sheet.freeze.rows, showGridLines: sheet.showGridLines }
      : { showGridLines: sheet.showGridLines }],
    pageSetup: {
      orientation: sheet.landscape ?? totalWidth(widths) > 95 ? 'landscape' : 'portrait',
      fitToPage: true, fitToWidth: 1, fitToHeight: 0, horizontalCentered: false,
      margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
  });
  widths.forEach((w, c) => {
    const col = ws.getColumn(c + 1);
    col.width = w;
    if (sheet.columns[c]?.hidden) col.hidden = true;
  });
  const plainFont = model.theme.font !== 'Calibri' ? { font: { name: model.theme.font, size: 11 } } : null;
  for (let r = 0; r < sheet.rows.length; r++) {
    const row = sheet.rows[r];
    if (!row) continue;
    const xr = ws.getRow(r + 1);
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (!cell) continue;
      const xc = xr.getCell(c + 1);
      xc.value = excelValue(cell);
      if (cell.style) xc.style = toExcelStyle(cell.style);
      else if (plainFont) xc.style = plainFont;
      if (cell.note) xc.note = cell.note;
    }
  }
  sheet.rowHeights.forEach((h, r) => { if (h) ws.getRow(r + 1).height = h; });
  for (const m of sheet.merges) ws.mergeCells(rangeAddress(m));
  if (sheet.autoFilter && !sheet.tables.some((t) => rangesOverlap(t.range, sheet.autoFilter!))) ws.autoFilter = rangeAddress(sheet.autoFilter);
  for (const image of sheet.images) {
    const id = xwb.addImage({ buffer: image.data as unknown as ExcelJS.Buffer, extension: image.extension });
    ws.addImage(id, { tl: { col: image.from.col, row: image.from.row }, ext: { width: image.width, height: image.height }, editAs: 'oneCell' } as unknown as ExcelJS.ImageRange);
  }
  applyPreserved(ws, sheet.preserved.worksheet);
}

/** Puts back the exceljs-level features of a read sheet that the model carries unchanged. */
function applyPreserved(ws: ExcelJS.Worksheet, kept: Record<string, unknown> | undefined): void {
  if (!kept) return;
  const target = ws as unknown as Record<string, unknown>;
  if (kept.dataValidations) (target.dataValidations as { model: unknown }).model = kept.dataValidations;
  if (kept.conditionalFormattings) target.conditionalFormattings = kept.conditionalFormattings;
  if (kept.headerFooter) ws.headerFooter = kept.headerFooter as ExcelJS.HeaderFooter;
  if (kept.pageSetup) ws.pageSetup = { ...ws.pageSetup, ...(kept.pageSetup as Partial<ExcelJS.PageSetup>) };
  if (kept.state) ws.state = kept.state as ExcelJS.WorksheetState;
}

export async function renderWorkbook(model: WorkbookModel): Promise<Buffer> {
  computeFormulas(model);
  const xwb = new ExcelJS.Workbook();
  xwb.creator = 'Folio';
  xwb.title = model.title;
  xwb.calcProperties.fullCalcOnLoad = true;
  for (const sheet of model.sheets) writeSheet(xwb, model, sheet);
  if (model.preserved.definedNames) (xwb.definedNames as unknown as { model: unknown }).model = model.preserved.definedNames;
  const bytes = Buffer.from(await xwb.xlsx.writeBuffer());
  return needsPackageParts(model) ? completePackage(bytes, model) : bytes;
}
