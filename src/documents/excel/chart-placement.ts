// Building and placing charts: a chart from a header+data range or from explicit series, checked
// against the cells (ranges on existing sheets, one row or column each, same length as the categories,
// holding numbers), and a free spot on the sheet (right of the data, below earlier charts).
import { ToolError } from '../agent/tool-error.ts';
import { rangeSize, sheetRangeAddress, type CellPos, type RangePos } from './a1.ts';
import { rangeData, type ChartSpec } from './design/chart-xml.ts';
import type { ExcelDocument } from './excel.document.ts';
import { readCell } from './view/cells.ts';
import type { CellAnchor } from './view/sheet-parts.ts';
import { viewOf } from './view/sheet.view.ts';
import type { SheetEntry } from './workbook.ts';

export const DEFAULT_CHART_SIZE = { cols: 8, rows: 16 };

/** Where a new chart goes when none is given: right of the used cells, below the charts already there. */
export function freeChartSpot(doc: ExcelDocument, sheet: SheetEntry, size = DEFAULT_CHART_SIZE): CellAnchor {
  const view = viewOf(doc, sheet.name);
  const col = view.extent.cols === 0 ? 0 : view.extent.cols + 1;
  let row = view.extent.cols === 0 ? 0 : 1;
  for (const c of view.charts) {
    if (c.anchor.to.col >= col && c.anchor.from.col <= col + size.cols) row = Math.max(row, c.anchor.to.row + 1);
  }
  return { from: { row, col }, to: { row: row + size.rows, col: col + size.cols } };
}

export function anchorAt(from: CellPos, size = DEFAULT_CHART_SIZE): CellAnchor {
  return { from, to: { row: from.row + size.rows, col: from.col + size.cols } };
}

function isLine(range: RangePos): boolean {
  const { rows, cols } = rangeSize(range);
  return rows === 1 || cols === 1;
}

/** Series and categories from a block whose first row is headers and first column the categories. */
export function seriesFromBlock(doc: ExcelDocument, block: { sheet: SheetEntry; range: RangePos }): Pick<ChartSpec, 'categories' | 'series'> {
  const { sheet, range } = block;
  const { rows, cols } = rangeSize(range);
  if (rows < 2 || cols < 2) throw new ToolError('data_range needs a header row and at least one data row, and a category column plus at least one value column (e.g. "A1:C13")');
  const ws = doc.worksheet(sheet);
  const dataRows = { start: range.start.row + 1, end: range.end.row };
  const categories = sheetRangeAddress(sheet.name, { start: { row: dataRows.start, col: range.start.col }, end: { row: dataRows.end, col: range.start.col } });
  const series: ChartSpec['series'] = [];
  for (let c = range.start.col + 1; c <= range.end.col; c++) {
    const header = readCell(ws, doc, range.start.row, c);
    series.push({
      name: header?.value === null || header?.value === undefined ? `Series ${series.length + 1}` : String(header.value),
      nameRef: sheetRangeAddress(sheet.name, { start: { row: range.start.row, col: c }, end: { row: range.start.row, col: c } }),
      values: sheetRangeAddress(sheet.name, { start: { row: dataRows.start, col: c }, end: { row: dataRows.end, col: c } }),
    });
  }
  return { categories, series };
}

/** Checks a chart's data against the workbook; ToolError with what to fix. */
export function checkChartData(doc: ExcelDocument, chart: Pick<ChartSpec, 'kind' | 'categories' | 'series'>, ranges: RangePos[]): void {
  if (!chart.series.length) throw new ToolError('a chart needs at least one series');
  if (chart.series.length > 12) throw new ToolError('at most 12 series per chart; split the data into several charts');
  if ((chart.kind === 'pie' || chart.kind === 'doughnut') && chart.series.length !== 1) throw new ToolError(`a ${chart.kind} chart shows exactly one series; you gave ${chart.series.length}`);
  for (const r of ranges) if (!isLine(r)) throw new ToolError('each series and the categories must be a single row or a single column');
  const count = chart.categories ? rangeData(doc, chart.categories).values.length : null;
  for (const s of chart.series) {
    const data = rangeData(doc, s.values);
    if (count !== null && data.values.length !== count) throw new ToolError(`series "${s.name}" (${s.values}) has ${data.values.length} values but the categories (${chart.categories}) have ${count}`);
    if (!data.values.some((v) => typeof v === 'number') && !data.hasFormula) throw new ToolError(`series "${s.name}" (${s.values}) holds no numbers; point it at numeric cells`);
  }
}
