// The typed model of a workbook that the Excel agent's tools act on: sheets of cells (values, live
// formulas, styles), column widths, frozen panes, autofilters, merges, Excel tables and native charts.
// What a read workbook holds beyond this (images, validations, conditional formats, page setup, the
// theme, charts of kinds the model does not describe) rides along in `preserved` and is written back.
import type ExcelJS from 'exceljs';
import type { CellPos, RangePos } from './a1.ts';

export type CellScalar = string | number | boolean | Date | null;

export type HorizontalAlign = 'left' | 'center' | 'right';

export interface CellStyle {
  /** An Excel number format code, e.g. `"$"#,##0.00`, `0.0%`, `yyyy-mm-dd`. */
  numFmt?: string;
  bold?: boolean;
  italic?: boolean;
  /** Font colour, `RRGGBB`. */
  color?: string;
  /** Solid fill, `RRGGBB`. */
  fill?: string;
  fontSize?: number;
  fontName?: string;
  align?: HorizontalAlign;
  /** Indent in characters from the aligned edge (right-aligned numbers keep a gap before the next column). */
  indent?: number;
  wrap?: boolean;
  /** A thin rule above (totals rows) or below (header rows) the cell, `RRGGBB`. */
  borderTop?: string;
  borderBottom?: string;
  /**
   * Formatting read from a file that the fields above do not describe (exceljs's style object), written
   * back as read; the typed fields, when set, win over it.
   */
  raw?: Partial<ExcelJS.Style>;
}

export interface CellModel {
  /** For a formula: its computed result, or null when it could not be computed here (Excel computes it on open). */
  value: CellScalar;
  /** A live formula without the leading `=`, e.g. `SUM(B2:B9)`. */
  formula?: string;
  /** A link the cell's text opens. */
  hyperlink?: string;
  /** A cell note (comment) as plain text. */
  note?: string;
  style?: CellStyle;
}

export interface ColumnModel {
  /** Width in characters; unset columns are sized from their content when rendered. */
  width?: number;
  hidden?: boolean;
}

export interface TableColumnModel {
  name: string;
  /** `sum`, `average`, `count`, ... shown in the totals row (which holds a SUBTOTAL formula). */
  totalsFunction?: TotalsFunction;
  /** The totals row label of a column without a function (usually the first: "Total"). */
  totalsLabel?: string;
}

export type TotalsFunction = 'sum' | 'average' | 'count' | 'min' | 'max';

export interface TableModel {
  /** Workbook-unique, letters, digits and `_`: how formulas and the agent refer to it. */
  name: string;
  /** Header row through the last data row, or the totals row when `totalsRow`. */
  range: RangePos;
  columns: TableColumnModel[];
  totalsRow: boolean;
  /** A built-in Excel table style, e.g. `TableStyleMedium2`. */
  style: string;
  bandedRows: boolean;
}

export type ChartKind = 'bar' | 'column' | 'line' | 'pie' | 'doughnut' | 'area';

export interface ChartSeriesModel {
  /** Series name: literal text, or a cell reference like `Data!$B$1` (shown as its text). */
  name: string;
  nameRef?: string;
  /** Sheet-qualified range of the values, e.g. `'Sales'!$B$2:$B$13`. */
  values: string;
  /** `RRGGBB`; unset: the workbook palette. */
  color?: string;
}

/** Where a chart sits: the cell of its top-left corner and its size in columns and rows. */
export interface ChartAnchor {
  from: CellPos;
  to: CellPos;
}

/** A chart read from a file, written back byte for byte as far as the agent leaves it unchanged. */
export interface VerbatimChart {
  /** The chart part as read; dropped when a tool changes the chart (it is then written from the model). */
  chartXml?: string;
  /**
   * The chart part's own relationships (style, colours, embedded data): the .rels document with each
   * Target rewritten to the package path of its part, and those parts' bytes.
   */
  rels: { xml: string; parts: { path: string; data: Uint8Array; contentType: string | null }[] } | null;
  /** The drawing's anchor element as read, kept while the chart stays where it was read. */
  anchorXml: string;
  readAnchor: ChartAnchor;
}

export interface ChartModel {
  /** Stable within the workbook (`chart1`, `chart2`, ...): how the agent names a chart to move or change. */
  id: string;
  /** `other`: a chart kind the model does not describe; it can be moved or deleted, and is kept verbatim. */
  kind: ChartKind | 'other';
  title: string;
  /** Sheet-qualified range of the category labels (x axis, pie slices). */
  categories: string;
  series: ChartSeriesModel[];
  anchor: ChartAnchor;
  stacked?: boolean;
  showLegend?: boolean;
  showDataLabels?: boolean;
  /** Number format of the value axis and labels, e.g. `"$"#,##0`. */
  valueFormat?: string;
  xAxisTitle?: string;
  yAxisTitle?: string;
  /** Set for a chart read from a file until a tool changes it (then it is written from the fields above). */
  verbatim?: VerbatimChart;
}

export interface ImageModel {
  /** Stable within the workbook (`image1`, ...). */
  id: string;
  data: Buffer;
  extension: 'png' | 'jpeg' | 'gif';
  /** Top-left corner; fractional rows and columns place it inside a cell. */
  from: { row: number; col: number };
  /** Size in pixels. */
  width: number;
  height: number;
  description?: string;
}

export interface SheetPreserved {
  /** exceljs worksheet fields the Folio model does not describe (validations, conditional formats, page setup, ...). */
  worksheet?: Record<string, unknown>;
  /** Drawing shapes (text boxes, arrows) as read: their anchor elements, written back verbatim. */
  shapes?: string[];
}

export interface SheetModel {
  name: string;
  /** rows[r][c], 0-based and sparse. */
  rows: (CellModel | undefined)[][];
  columns: (ColumnModel | undefined)[];
  /** Row heights in points, sparse. */
  rowHeights: (number | undefined)[];
  /** Rows and columns kept in view while scrolling (a frozen header row: {rows: 1, columns: 0}). */
  freeze: { rows: number; columns: number } | null;
  autoFilter: RangePos | null;
  merges: RangePos[];
  tables: TableModel[];
  charts: ChartModel[];
  images: ImageModel[];
  /** Tab colour, `RRGGBB`. */
  tabColor?: string;
  /** Gridlines off on dashboards and cover sheets. */
  showGridLines: boolean;
  /** Landscape pages for wide sheets when printed or converted to PDF. */
  landscape?: boolean;
  preserved: SheetPreserved;
}

export interface WorkbookTheme {
  /** `RRGGBB`: header fills, titles, the first chart series. */
  primary: string;
  /** `RRGGBB`: the second chart series and accents. */
  secondary: string;
  font: string;
  /** Chart series colours after the first two. */
  palette: string[];
}

export interface WorkbookPreserved {
  /** The original xl/theme/theme1.xml: theme colours and fonts that styles refer to. */
  themeXml?: string;
  /** exceljs defined names (print areas, named ranges). */
  definedNames?: unknown;
}

export interface WorkbookModel {
  title: string;
  sheets: SheetModel[];
  theme: WorkbookTheme;
  preserved: WorkbookPreserved;
  /** Next numbers for chart and image ids. */
  nextChartId: number;
  nextImageId: number;
}

export const DEFAULT_THEME: WorkbookTheme = {
  primary: '1F4E79',
  secondary: 'C55A11',
  font: 'Calibri',
  palette: ['2E75B6', 'ED7D31', '70AD47', 'FFC000', '7030A0', '5B9BD5', 'A5A5A5', '264478'],
};

export function createWorkbook(title = 'Workbook', theme: WorkbookTheme = DEFAULT_THEME): WorkbookModel {
  return { title, sheets: [], theme: { ...theme, palette: [...theme.palette] }, preserved: {}, nextChartId: 1, nextImageId: 1 };
}

export function createSheet(name: string): SheetModel {
  return { name, rows: [], columns: [], rowHeights: [], freeze: null, autoFilter: null, merges: [], tables: [], charts: [], images: [], showGridLines: true, preserved: {} };
}

export function findSheet(wb: WorkbookModel, name: string): SheetModel | undefined {
  return wb.sheets.find((s) => s.name === name) ?? wb.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
}

export function getCell(sheet: SheetModel, pos: CellPos): CellModel | undefined {
  return sheet.rows[pos.row]?.[pos.col];
}

export function setCell(sheet: SheetModel, pos: CellPos, cell: CellModel | undefined): void {
  const row = sheet.rows[pos.row] ?? (sheet.rows[pos.row] = []);
  if (cell === undefined) delete row[pos.col];
  else row[pos.col] = cell;
}

/** The used area: last row and column holding a cell (-1 for an empty sheet). */
export function sheetExtent(sheet: SheetModel): { rows: number; cols: number } {
  let rows = 0;
  let cols = 0;
  sheet.rows.forEach((row, r) => {
    if (!row) return;
    let last = -1;
    row.forEach((cell, c) => { if (cell) last = c; });
    if (last >= 0) { rows = r + 1; cols = Math.max(cols, last + 1); }
  });
  return { rows, cols };
}

export function allCharts(wb: WorkbookModel): { sheet: SheetModel; chart: ChartModel }[] {
  return wb.sheets.flatMap((sheet) => sheet.charts.map((chart) => ({ sheet, chart })));
}

export function allTables(wb: WorkbookModel): { sheet: SheetModel; table: TableModel }[] {
  return wb.sheets.flatMap((sheet) => sheet.tables.map((table) => ({ sheet, table })));
}

export function newChartId(wb: WorkbookModel): string {
  const taken = new Set(allCharts(wb).map((c) => c.chart.id));
  let id = `chart${wb.nextChartId++}`;
  while (taken.has(id)) id = `chart${wb.nextChartId++}`;
  return id;
}

/** Sheet names: 1-31 characters, none of `: \ / ? * [ ]`, not starting or ending with an apostrophe. */
export function sheetNameProblem(name: string): string | null {
  if (name.length < 1 || name.length > 31) return 'a sheet name has 1 to 31 characters';
  if (/[:\\/?*[\]]/.test(name)) return 'a sheet name cannot contain : \\ / ? * [ or ]';
  if (name.startsWith("'") || name.endsWith("'")) return 'a sheet name cannot start or end with an apostrophe';
  if (name.toLowerCase() === 'history') return '"History" is reserved by Excel';
  return null;
}

/** A valid sheet name from any text: forbidden characters dropped, cut to 31, made unique. */
export function safeSheetName(wb: WorkbookModel, wanted: string): string {
  let base = wanted.replace(/[:\\/?*[\]]/g, ' ').replace(/\s+/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim() || 'Sheet';
  if (base.toLowerCase() === 'history') base = 'History data';
  let name = base;
  for (let i = 2; findSheet(wb, name); i++) name = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  return name;
}
