// Loads an .xlsx (init_file, a run's last version, a file saved from the editor) into the workbook
// model. Cells keep their formulas (shared formulas expanded per cell) and their formatting as read;
// tables, charts, pictures, drawing shapes and the theme come from the package (package-reader.ts);
// validations, conditional formats, header/footer and defined names ride along and are written back.
//
// Limits (documented in the README): rich text in a cell keeps its text but not per-run formatting;
// pivot tables, slicers, sparklines, comments' threads, macros and external links are not carried over.
import ExcelJS from 'exceljs';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { openPackage } from '../agent/ooxml-package.ts';
import { parseRange } from './a1.ts';
import {
  createSheet, createWorkbook, type CellModel, type CellScalar, type CellStyle, type SheetModel, type WorkbookModel,
} from './model.ts';
import { readSheetParts, exceljsReadable, worksheetParts } from './package-reader.ts';

const rgb = (c: Partial<ExcelJS.Color> | undefined): string | undefined => (c?.argb && /^[0-9A-F]{8}$/i.test(c.argb) ? c.argb.slice(2).toUpperCase() : undefined);

/** The typed fields of a style read from a file, with the whole exceljs style kept as `raw`. */
function styleOf(s: Partial<ExcelJS.Style>, cache: Map<string, CellStyle>): CellStyle | undefined {
  if (!s || !Object.keys(s).length) return undefined;
  const key = JSON.stringify(s);
  const known = cache.get(key);
  if (known) return known;
  const style: CellStyle = { raw: s };
  if (s.numFmt && s.numFmt !== 'General') style.numFmt = s.numFmt;
  if (s.font?.bold) style.bold = true;
  if (s.font?.italic) style.italic = true;
  const fill = s.fill?.type === 'pattern' && s.fill.pattern === 'solid' ? rgb(s.fill.fgColor) : undefined;
  if (fill) style.fill = fill;
  const color = rgb(s.font?.color);
  if (color) style.color = color;
  const align = s.alignment?.horizontal;
  if (align === 'left' || align === 'center' || align === 'right') style.align = align;
  if (s.alignment?.wrapText) style.wrap = true;
  cache.set(key, style);
  return style;
}

function cellOf(cell: ExcelJS.Cell, styles: Map<string, CellStyle>): CellModel | undefined {
  const v = cell.value;
  const style = styleOf(cell.style, styles);
  let value: CellScalar = null;
  let formula: string | undefined;
  let hyperlink: string | undefined;
  if (v === null || v === undefined) {
    if (!style && !cell.note) return undefined;
  } else if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v instanceof Date) {
    value = v;
  } else if (cell.type === ExcelJS.ValueType.Formula) {
    formula = cell.formula;
    const result = (v as ExcelJS.CellFormulaValue).result;
    value = result === undefined || result === null ? null
      : typeof result === 'object' && !(result instanceof Date) ? ('error' in result ? result.error : null) : result as CellScalar;
  } else if ('richText' in v) {
    value = v.richText.map((r) => r.text).join('');
  } else if ('hyperlink' in v) {
    value = typeof v.text === 'string' ? v.text : String((v.text as { richText?: { text: string }[] })?.richText?.map((r) => r.text).join('') ?? v.hyperlink);
    hyperlink = v.hyperlink;
  } else if ('error' in v) {
    value = v.error;
  }
  const rawNote = cell.note as string | { texts?: { text: string }[] } | undefined;
  const note = typeof rawNote === 'string' ? rawNote : rawNote?.texts?.map((t) => t.text).join('');
  return { value, ...(formula !== undefined ? { formula } : {}), ...(hyperlink ? { hyperlink } : {}), ...(note ? { note } : {}), ...(style ? { style } : {}) };
}

function sheetOf(ws: ExcelJS.Worksheet, styles: Map<string, CellStyle>): SheetModel {
  const sheet = createSheet(ws.name);
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    if (row.height && (row as unknown as { customHeight?: boolean }).customHeight !== false) sheet.rowHeights[r - 1] = row.height;
    row.eachCell({ includeEmpty: false }, (cell, c) => {
      if (cell.isMerged && cell.master.address !== cell.address) return;
      const model = cellOf(cell, styles);
      if (model) (sheet.rows[r - 1] ??= [])[c - 1] = model;
    });
  });
  (ws.columns ?? []).forEach((col, c) => {
    if (col.width || col.hidden) sheet.columns[c] = { ...(col.width ? { width: col.width } : {}), ...(col.hidden ? { hidden: true } : {}) };
  });
  const view = ws.views?.[0] as Partial<ExcelJS.WorksheetViewFrozen> & { showGridLines?: boolean } | undefined;
  if (view?.state === 'frozen' && ((view.xSplit ?? 0) > 0 || (view.ySplit ?? 0) > 0)) sheet.freeze = { rows: view.ySplit ?? 0, columns: view.xSplit ?? 0 };
  if (view?.showGridLines === false) sheet.showGridLines = false;
  const filter = ws.autoFilter;
  if (typeof filter === 'string') sheet.autoFilter = parseRange(filter);
  else if (filter && typeof filter === 'object') sheet.autoFilter = parseRange(`${String((filter as { from: unknown }).from)}:${String((filter as { to: unknown }).to)}`);
  sheet.merges = ((ws.model as { merges?: string[] }).merges ?? []).map((m) => parseRange(m)).filter((m) => m !== null);
  const tab = rgb(ws.properties?.tabColor);
  if (tab) sheet.tabColor = tab;
  if (ws.pageSetup?.orientation === 'landscape') sheet.landscape = true;
  const model = ws.model as unknown as Record<string, unknown>;
  sheet.preserved.worksheet = {
    ...(Object.keys((model.dataValidations as object) ?? {}).length ? { dataValidations: model.dataValidations } : {}),
    ...((model.conditionalFormattings as unknown[])?.length ? { conditionalFormattings: model.conditionalFormattings } : {}),
    ...(model.headerFooter ? { headerFooter: model.headerFooter } : {}),
    ...(ws.state && ws.state !== 'visible' ? { state: ws.state } : {}),
  };
  return sheet;
}

/**
 * The look new content should follow, from the workbook itself: the fill and font of its first styled
 * header row (a branded workbook resumed without its brand keeps its colours), and chart colours.
 */
function inferTheme(wb: WorkbookModel): void {
  for (const sheet of wb.sheets) {
    const row = sheet.tables[0]?.range.start.row ?? (sheet.freeze?.rows ? sheet.freeze.rows - 1 : null);
    const header = row === null ? undefined : sheet.rows[row]?.find((c) => c?.style?.fill && c.style.bold);
    const fill = header?.style?.fill;
    if (!fill) continue;
    const font = header.style?.raw?.font?.name;
    const second = wb.sheets.flatMap((s) => s.charts).flatMap((c) => c.series).map((x) => x.color).find((c) => c && c !== fill);
    wb.theme = {
      primary: fill, secondary: second ?? wb.theme.secondary, font: font ?? wb.theme.font,
      palette: [fill, ...(second ? [second] : []), ...wb.theme.palette.filter((c) => c !== fill && c !== second)],
    };
    return;
  }
}

/** Reads .xlsx bytes; DocumentUnreadable when they are not a workbook exceljs and the package reader can open. */
export async function readWorkbookModel(bytes: Buffer): Promise<WorkbookModel> {
  const pkg = await openPackage(bytes, 'an Excel workbook (.xlsx)');
  if (!pkg.has('xl/workbook.xml')) throw new DocumentUnreadable('The file is not an Excel workbook: it has no xl/workbook.xml (is it a Word or PowerPoint file?).');
  const xwb = new ExcelJS.Workbook();
  try {
    await xwb.xlsx.load((await exceljsReadable(pkg, bytes)) as unknown as ArrayBuffer);
  } catch (err) {
    throw new DocumentUnreadable(`The workbook could not be read: ${(err as Error).message}.`, { cause: err });
  }
  const wb = createWorkbook(xwb.title || xwb.worksheets[0]?.name || 'Workbook');
  const styles = new Map<string, CellStyle>();
  const parts = await worksheetParts(pkg);
  for (const ws of xwb.worksheets) {
    const sheet = sheetOf(ws, styles);
    const part = parts.get(ws.name);
    if (part) {
      const extra = await readSheetParts(pkg, part);
      sheet.tables = extra.tables;
      sheet.charts = extra.charts.map((c) => ({ ...c, id: `chart${wb.nextChartId++}` }));
      sheet.images = extra.pictures.map((pic) => ({ ...pic, id: `image${wb.nextImageId++}` }));
      if (extra.shapes.length) sheet.preserved.shapes = extra.shapes;
    }
    wb.sheets.push(sheet);
  }
  inferTheme(wb);
  const theme = await pkg.text('xl/theme/theme1.xml');
  if (theme) wb.preserved.themeXml = theme;
  const names = (xwb.definedNames as unknown as { model?: unknown[] }).model;
  if (names?.length) wb.preserved.definedNames = names;
  return wb;
}
