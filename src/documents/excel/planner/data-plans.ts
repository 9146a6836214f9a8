// Planning data sheets for the builtin engine: which sheet a table becomes (name, typed columns, a
// growth column for period series, totals), and which chart shows it. The planner predicts the layout
// add_sheet and import_data_source produce (header on row 1, data from row 2, totals after), so the
// ranges it hands to later calls are right.
import type { Lang } from '../../agent/understanding/language.ts';
import type { DataTable, PlannedToolCall } from '../../agent/format-adapter.ts';
import { columnLetters, quoteSheetName } from '../a1.ts';
import type { CellInput } from '../cell-values.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { sheetNameProblem } from '../edits/sheets.ts';
import { inferColumnType, parseTypedValue, type ColumnType } from '../number-formats.ts';
import { dataSourceRows } from '../tools/sheet.tools.ts';

export interface PlannedSheet {
  name: string;
  headers: string[];
  types: ColumnType[];
  rows: number;
  /** Whether the first column holds periods (months, quarters, years, dates): trends and growth apply. */
  periods: boolean;
  source: string;
}

const MONTHS = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(\s+'?\d{2,4})?$/i;
const PERIOD = /^(q[1-4]|h[12]|fy\s?\d{2,4}|\d{4}\s?q[1-4]|q[1-4]\s?\d{2,4}|(19|20)\d{2}|week\s?\d+|w\d+|month\s?\d+|year\s?\d+)$/i;

export function looksLikePeriods(values: CellInput[]): boolean {
  const present = values.filter((v) => v !== null && v !== '');
  if (present.length < 2) return false;
  return present.every((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1900 && v <= 2100) || (typeof v === 'string' && (MONTHS.test(v.trim()) || PERIOD.test(v.trim()) || /^\d{4}-\d{2}(-\d{2})?$/.test(v.trim()))));
}

export function columnTypes(headers: string[], rows: CellInput[][]): ColumnType[] {
  return headers.map((h, c) => inferColumnType(h, rows.slice(0, 500).map((r) => {
    const v = r[c] ?? null;
    return typeof v === 'string' ? parseTypedValue(v) : { value: v, type: typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : 'text' };
  })).type);
}

export const NUMERIC: ReadonlySet<ColumnType> = new Set(['integer', 'number', 'currency']);

export class SheetNamer {
  private readonly taken: Set<string>;

  constructor(doc: ExcelDocument) {
    // The template's blank sheet gives way to the first real one: its name is free.
    this.taken = new Set(doc.sheets().filter((s) => s.part !== doc.placeholder).map((s) => s.name.toLowerCase()));
  }

  /** A valid sheet name not yet used in the workbook or by earlier planned calls. */
  name(wanted: string): string {
    let base = wanted.replace(/[:\\/?*[\]]/g, ' ').replace(/\s+/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim() || 'Data';
    if (sheetNameProblem(base)) base = 'Data';
    let name = base;
    for (let i = 2; this.taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 28)} ${i}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}

export interface TableSheetOptions {
  /** Types the request's own notation gave each column ($ -> currency with its code, % -> percent). */
  formats?: { type: ColumnType; currency?: string | null; numberFormat?: string | null }[];
  /** A growth column even when the rows are not periods (the request asked for growth). */
  growth?: boolean;
  /** Whether to add the totals row (default: when there are numbers). */
  totals?: boolean;
  /** The only columns the totals row sums (default: every money and number column). */
  totalColumns?: number[];
  /** The totals row's label, in the request's language (default "Total"). */
  totalsLabel?: string;
}

/** add_sheet for a table of the prompt; a period series gets a live growth column for its first money or number column. */
export function planTableSheet(name: string, header: string[], rows: CellInput[][], source: string, options: TableSheetOptions = {}): { call: PlannedToolCall; sheet: PlannedSheet } {
  const inferred = columnTypes(header, rows);
  const types = inferred.map((t, i) => {
    const given = options.formats?.[i]?.type;
    // A number the request typed with $ or % keeps that format; a plain number keeps what its header implies (Revenue is money).
    if (given === 'text' && NUMERIC.has(t) && rows.every((r) => typeof r[i] !== 'number')) return 'text';
    return given && given !== 'text' && !(NUMERIC.has(given) && given !== 'currency' && t === 'currency') ? given : t;
  });
  const periods = looksLikePeriods(rows.map((r) => r[0] ?? null)) && types[0] !== 'currency';
  const columns: Record<string, unknown>[] = header.map((h, i) => ({
    header: h, type: types[i], ...(types[i] === 'currency' && options.formats?.[i]?.currency ? { currency: options.formats[i].currency } : {}),
    // The display the request wrote the column in (15.03.2025, 1.200,00 €), when it is still that type.
    ...(options.formats?.[i]?.numberFormat && options.formats[i].type === types[i] ? { number_format: options.formats[i].numberFormat } : {}),
    ...(options.totalColumns && NUMERIC.has(types[i]) && !options.totalColumns.includes(i) ? { total: 'none' } : {}),
  }));
  // Years in the first column are labels of the rows: not summed, and shown as 2024, not 2,024.
  if (periods && NUMERIC.has(types[0])) columns[0] = { header: header[0], type: 'text', total: 'none' };
  let body = rows.map((r) => header.map((_, i) => r[i] ?? null));
  const growthOf = types.findIndex((t, i) => i > 0 && NUMERIC.has(t));
  const headers = [...header];
  const allTypes = [...types];
  // Days (2026-01-04) are a log of entries, not periods to grow from one to the next.
  const days = rows.every((r) => typeof r[0] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r[0].trim()));
  if (((periods && !days) || options.growth) && growthOf > 0 && rows.length >= 2 && !header.some((h) => /growth|change/i.test(h))) {
    const col = columnLetters(growthOf);
    const growthHeader = `${header[growthOf]} growth`;
    columns.push({ header: growthHeader, type: 'percent', total: 'none' });
    body = body.map((r, i) => [...r, i === 0 ? null : `=IFERROR(${col}${i + 2}/${col}${i + 1}-1,"")`]);
    headers.push(growthHeader);
    allTypes.push('percent');
  }
  const totals = options.totals ?? (types.some((t) => NUMERIC.has(t)) && rows.length > 1);
  return {
    call: { tool: 'add_sheet', args: { name, columns, rows: body, totals, ...(totals && options.totalsLabel && options.totalsLabel !== 'Total' ? { totals_label: options.totalsLabel } : {}), as_table: true } },
    sheet: { name, headers, types: allTypes, rows: rows.length, periods, source },
  };
}

export function planDataSource(name: string, table: DataTable): { call: PlannedToolCall; sheet: PlannedSheet } {
  const rows = dataSourceRows(table);
  const types = columnTypes(table.columns, rows);
  const totals = types.some((t) => NUMERIC.has(t)) && rows.length > 1;
  return {
    call: { tool: 'import_data_source', args: { source: table.name, sheet_name: name, totals } },
    sheet: { name, headers: table.columns, types, rows: rows.length, periods: looksLikePeriods(rows.map((r) => r[0] ?? null)), source: `data source "${table.name}"` },
  };
}

/** Numeric columns worth charting or totalling: money and plain numbers, not ids like years. */
export function valueColumns(s: PlannedSheet): number[] {
  return s.types.map((t, i) => (i > 0 && NUMERIC.has(t) && !/\b(id|year|code|zip|phone)\b/i.test(s.headers[i]) ? i : -1)).filter((i) => i > 0);
}

/** A chart for a planned sheet, or null when its data does not suit one (no categories, no values, too many rows). */
const BY: Record<Lang, string> = { en: 'by', de: 'nach', es: 'por', fr: 'par' };

export function planChart(s: PlannedSheet, place: { sheet: string; position?: string; kind?: 'column' | 'bar' | 'line' | 'pie'; value?: string | null; language?: Lang }): PlannedToolCall | null {
  // Series share one value axis: chart the columns of the first one's type only (money with money, counts with counts).
  // "a chart of revenue by region": the column the request names, else those of the first one's type.
  const named = place.value ? valueColumns(s).filter((i) => s.headers[i].toLowerCase() === place.value!.toLowerCase()) : [];
  const all = named.length ? named : valueColumns(s);
  const values = all.filter((i) => s.types[i] === s.types[all[0]]).slice(0, place.kind === 'pie' ? 1 : 4);
  if (!values.length || s.rows < 2 || s.rows > 60 || s.types[0] === 'currency') return null;
  const q = quoteSheetName(s.name);
  const last = s.rows + 1;
  const kind = place.kind ?? (s.periods ? 'line' : values.length === 1 && s.rows <= 6 && /share|split|mix|breakdown|by (region|segment|channel|product)/i.test(`${s.name} ${s.headers.join(' ')}`) ? 'pie' : 'column');
  const by = BY[place.language ?? 'en'];
  // Columns that are periods (Q1..Q4, Jan..Apr, 2022..2024) are one measure over time: the sheet names it ("Sales by Region").
  // (Not a sheet named only "Data" or "Table 2", which names no measure.)
  const periodColumns = values.length > 1 && !/^(?:data|daten|datos|données|table \d+|sheet\d*)$/i.test(s.name) && values.every((i) => /^(?:Q[1-4]|H[12]|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|(?:19|20)\d{2})$/i.test(s.headers[i]));
  const title = values.length === 1 ? `${s.headers[values[0]]} ${by} ${s.headers[0]}` : periodColumns ? `${s.name} ${by} ${s.headers[0]}` : `${values.map((i) => s.headers[i]).join(', ')} ${by} ${s.headers[0]}`;
  return {
    tool: 'add_chart',
    args: {
      sheet: place.sheet,
      kind,
      title: title.slice(0, 120),
      categories: `${q}!A2:A${last}`,
      series: values.map((i) => ({ name: s.headers[i], values: `${q}!${columnLetters(i)}2:${columnLetters(i)}${last}` })),
      ...(place.position ? { position: place.position } : {}),
    },
  };
}
