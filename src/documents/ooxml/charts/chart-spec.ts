// What a native chart shows, independent of the format it lands in: the input of the chart writers
// (chart-xml.ts for the c:chartSpace part, chart-workbook.ts for its embedded data) and the shape
// chart-read.ts gives back. Also the small helpers both writers share, so that the formulas in the
// chart part and the cells of the workbook always point at the same places.

/** bar = clustered columns. More kinds (horizontal bars, stacked, area, doughnut...) can be added later. */
export type ChartKind = 'bar' | 'line' | 'pie';
export const CHART_KINDS: readonly ChartKind[] = ['bar', 'line', 'pie'];

export interface ChartSeries {
  name: string;
  /** One value per category; null is a missing point (a gap), not 0. */
  values: (number | null)[];
}

export interface ChartData {
  type: ChartKind;
  categories: string[];
  series: ChartSeries[];
  title?: string;
}

/**
 * The data as the writers use it: every series has exactly one value per category (missing ones are
 * null, extra ones dropped), non-finite numbers are null, and an empty series name becomes "Series N".
 */
export function normalizeChartData(data: ChartData): ChartData {
  const n = data.categories.length;
  return {
    type: data.type,
    title: data.title,
    categories: data.categories.map((c) => String(c ?? '')),
    series: data.series.map((s, i) => ({
      name: String(s.name ?? '').trim() ? String(s.name) : `Series ${i + 1}`,
      values: Array.from({ length: n }, (_, j) => {
        const v = s.values[j];
        return typeof v === 'number' && Number.isFinite(v) ? v : null;
      }),
    })),
  };
}

/** Spreadsheet column letters of a 0-based column index: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A1-style cell reference ("B3") -> 0-based column and 1-based row. */
export function parseCell(ref: string): { col: number; row: number } {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref.trim());
  if (!m) throw new Error(`not a cell reference: ${ref}`);
  const col = [...m[1].toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return { col, row: Number(m[2]) };
}

/** Characters a worksheet name cannot hold, and its maximum length (Excel refuses the file otherwise). */
const BAD_SHEET_NAME = /[[\]:*?/\\]/;

export function checkSheetName(name: string): string {
  if (!name || name.length > 31 || BAD_SHEET_NAME.test(name) || name.startsWith("'") || name.endsWith("'")) {
    throw new Error(`invalid worksheet name: ${JSON.stringify(name)}`);
  }
  return name;
}

/** The sheet part of a formula: Sheet1 stays bare, a name with spaces or punctuation is quoted ('Q1 data'). */
export function sheetPrefix(sheetName: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheetName) && !/^[A-Za-z]{1,3}\d+$/.test(sheetName) ? `${sheetName}!` : `'${sheetName.replace(/'/g, "''")}'!`;
}

/**
 * Where the table of a chart sits in its sheet: the top-left cell stays empty, series names follow it
 * to the right, categories go down the first column, series values in the next columns.
 */
export interface ChartRanges {
  seriesName(i: number): string;
  categories: string;
  values(i: number): string;
}

export function chartRanges(data: ChartData, sheetName = 'Sheet1', at = 'A1'): ChartRanges {
  const { col, row } = parseCell(at);
  const prefix = sheetPrefix(sheetName);
  const first = row + 1;
  const last = row + Math.max(1, data.categories.length);
  const abs = (c: number, r: number) => `$${columnName(c)}$${r}`;
  const span = (c: number) => (first === last ? abs(c, first) : `${abs(c, first)}:${abs(c, last)}`);
  return {
    seriesName: (i) => `${prefix}${abs(col + 1 + i, row)}`,
    categories: `${prefix}${span(col)}`,
    values: (i) => `${prefix}${span(col + 1 + i)}`,
  };
}
