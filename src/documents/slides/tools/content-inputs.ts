// Tool arguments -> content the edits place: data sources and images that exist, chart data that
// lines up, tables from data sources. Problems are ToolErrors that say how to fix the call.
import { ToolError } from '../../agent/tool-error.ts';
import type { DataCell, DataTable, ResolvedInputs } from '../../agent/format-adapter.ts';
import type { ChartData } from '../../ooxml/charts/chart-spec.ts';
import type { ImageContent } from '../edits/slide-plan.ts';
import type { TableData } from '../edits/table.ts';
import type { TextItem } from '../edits/text-body.ts';
import type { BulletInput, ChartInput, ImageInput, TableInput } from './tool-schemas.ts';

export const MAX_CHART_POINTS = 60;
const DEFAULT_TABLE_ROWS = 12;

export function toBullets(items: BulletInput[]): TextItem[] {
  return items.map((b) => (typeof b === 'string' ? { text: b.trim(), level: 0 } : { text: b.text.trim(), level: b.level ?? 0 }));
}

export function findSource(inputs: ResolvedInputs, name: string): DataTable {
  const wanted = name.trim().toLowerCase();
  const found = inputs.dataSources.find((t) => t.name.toLowerCase() === wanted) ?? inputs.dataSources.find((t) => t.name.toLowerCase().includes(wanted));
  if (!found) {
    const names = inputs.dataSources.map((t) => `"${t.name}"`).join(', ');
    throw new ToolError(`There is no data source named "${name}". ${names ? `The request's data sources: ${names}.` : 'This request has no data sources: give the data inline.'}`);
  }
  return found;
}

/** A cell as a number: numbers as they are, "$1,200", "12%", "3.5k" parsed; anything else null. */
export function numeric(cell: DataCell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell !== 'string') return null;
  const m = /^\s*\(?([-+]?)[$€£¥]?\s?([\d,]*\.?\d+)\s?(%|[kKmMbB])?\)?\s*$/.exec(cell);
  if (!m) return null;
  const n = Number(m[2].replace(/,/g, '')) * (m[1] === '-' || cell.trim().startsWith('(') ? -1 : 1);
  const scale = { k: 1e3, K: 1e3, m: 1e6, M: 1e6, b: 1e9, B: 1e9 }[m[3] as 'k'] ?? 1;
  return Number.isFinite(n) ? n * scale : null;
}

function column(table: DataTable, name: string): number {
  const i = table.columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
  if (i < 0) throw new ToolError(`Data source "${table.name}" has no column "${name}"; its columns: ${table.columns.map((c) => `"${c}"`).join(', ')}.`);
  return i;
}

export function isNumericColumn(table: DataTable, i: number): boolean {
  const cells = table.rows.map((r) => r[i]).filter((c) => c !== null && c !== '');
  return cells.length > 0 && cells.every((c) => numeric(c) !== null);
}

export function chartFromInput(input: ChartInput, inputs: ResolvedInputs): ChartData & { source?: string } {
  let spec: ChartData & { source?: string };
  if (input.data_source) {
    const table = findSource(inputs, input.data_source);
    const labelIndex = input.category_column ? column(table, input.category_column) : Math.max(0, table.columns.findIndex((_, i) => !isNumericColumn(table, i)));
    const valueIndexes = input.value_columns
      ? input.value_columns.map((c) => column(table, c))
      : table.columns.map((_, i) => i).filter((i) => i !== labelIndex && isNumericColumn(table, i)).slice(0, 6);
    if (!valueIndexes.length) throw new ToolError(`Data source "${table.name}" has no numeric column to plot; name value_columns, or give categories and series inline.`);
    const bad = valueIndexes.find((i) => !isNumericColumn(table, i));
    if (bad !== undefined) throw new ToolError(`Column "${table.columns[bad]}" of "${table.name}" is not numeric and cannot be plotted.`);
    if (table.rows.length > MAX_CHART_POINTS) throw new ToolError(`Data source "${table.name}" has ${table.rows.length} rows; a readable chart has at most ${MAX_CHART_POINTS} categories. Aggregate the data, or show it as tables split over slides.`);
    spec = {
      type: input.type,
      categories: table.rows.map((r, n) => String(r[labelIndex] ?? `${n + 1}`)),
      series: valueIndexes.map((i) => ({ name: table.columns[i], values: table.rows.map((r) => numeric(r[i]) ?? 0) })),
      source: input.source ?? table.name,
    };
  } else {
    if (!input.categories || !input.series) throw new ToolError('A chart needs data: give data_source (a data source name), or categories and series inline.');
    const n = input.categories.length;
    const uneven = input.series.find((s) => s.values.length !== n);
    if (uneven) throw new ToolError(`Series "${uneven.name}" has ${uneven.values.length} values but there are ${n} categories; give one value per category.`);
    spec = { type: input.type, categories: input.categories, series: input.series.map((s) => ({ name: s.name, values: s.values })), ...(input.source ? { source: input.source } : {}) };
  }
  if (spec.type === 'pie') {
    if (spec.series.length > 1) throw new ToolError('A pie chart shows one series; choose one value column, or use a bar chart to compare series.');
    if (spec.series[0].values.some((v) => (v ?? 0) < 0)) throw new ToolError('A pie chart cannot show negative values; use a bar chart.');
    if (spec.categories.length > 12) throw new ToolError(`A pie chart with ${spec.categories.length} slices is unreadable; use a bar chart or group small slices.`);
  }
  return spec;
}

/** Decimals a numeric column shows: as many as its most precise value (at most 2), so 4 reads 4.0 beside 3.5. */
function columnDecimals(rows: DataCell[][], i: number): number {
  return Math.min(2, Math.max(0, ...rows.map((r) => (typeof r[i] === 'number' ? (String(r[i]).split('.')[1] ?? '').length : 0))));
}

const cellText = (c: DataCell | undefined, decimals = 0) => (c === null || c === undefined ? ''
  : typeof c === 'number' ? c.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: Math.max(decimals, Number.isInteger(c) ? 0 : 2) })
    : String(c));

export function tableFromInput(input: TableInput, inputs: ResolvedInputs): { table: TableData; note: string | null } {
  if (input.data_source) {
    const source = findSource(inputs, input.data_source);
    const indexes = input.columns ? input.columns.map((c) => column(source, c)) : source.columns.map((_, i) => i).slice(0, 8);
    const first = (input.first_row ?? 1) - 1;
    if (first >= source.rows.length) throw new ToolError(`Data source "${source.name}" has ${source.rows.length} rows; first_row ${first + 1} is past the end.`);
    const count = input.row_count ?? DEFAULT_TABLE_ROWS;
    const decimals = indexes.map((i) => columnDecimals(source.rows, i));
    const rows = source.rows.slice(first, first + count).map((r) => indexes.map((i, k) => cellText(r[i], decimals[k])));
    const note = rows.length < source.rows.length ? `Rows ${first + 1}\u2013${first + rows.length} of ${source.rows.length} \u00B7 ${source.name}` : null;
    return { table: { columns: indexes.map((i) => source.columns[i]), rows }, note };
  }
  if (!input.columns || !input.rows) throw new ToolError('A table needs data: give data_source, or columns and rows inline.');
  const width = input.columns.length;
  const long = input.rows.findIndex((r) => r.length > width);
  if (long >= 0) throw new ToolError(`Row ${long + 1} has ${input.rows[long].length} cells but the table has ${width} columns.`);
  return { table: { columns: input.columns, rows: input.rows.map((r) => Array.from({ length: width }, (_, i) => cellText(r[i]))) }, note: null };
}

export function imageFromInput(input: ImageInput, inputs: ResolvedInputs): ImageContent {
  const all = [...inputs.images, ...(inputs.brand?.logo ? [inputs.brand.logo] : [])];
  const img = all.find((i) => i.image_id === input.image_id);
  if (!img) {
    const ids = inputs.images.map((i) => i.image_id).join(', ');
    throw new ToolError(`Image ${input.image_id} is not one of this request's images${ids ? ` (${ids})` : ' (it has none: pass image_assets)'}.`);
  }
  return { bytes: img.bytes, contentType: img.content_type, width: img.width, height: img.height, imageId: img.image_id, alt: input.alt ?? img.caption ?? img.file_name };
}

