// What a CSV's fields are, decided per column: numbers (thousands groups, a decimal point or comma,
// percentages, currency amounts, accounting negatives), dates and date-times, or text. A column is typed
// only when every value in it fits one reading; otherwise all of it stays text as written, so a column of
// ids, postcodes, phone numbers or versions is never half numbers. The one reading of CSV data: workbooks
// made from CSV files (conversion, analysis), data sources and ```csv blocks in prompts.
// The rules and the ambiguous cases are listed in docs/guides/exports.md ("CSV files").
import { detectDelimiter, parseCsv } from './csv-parse.ts';
import { dateShape, isoDate, numberShape, readNumber, type DateShape, type DecimalMark, type NumberReading, type NumberShape } from './csv-values.ts';

export type CsvCell = string | number | null;

export type CsvKind = 'text' | 'number' | 'percent' | 'currency' | 'date' | 'datetime';

export interface CsvColumn {
  kind: CsvKind;
  /** The Excel number format that shows the values as the file wrote them; undefined: General. */
  numFmt?: string;
  /** A currency column's symbol ($, €, £, ¥). */
  symbol?: string;
  /** Decimal places of percent and currency columns: the most any value was written with. */
  decimals?: number;
}

export interface TypedCsv {
  header: string[];
  columns: CsvColumn[];
  /**
   * Number, currency and percent cells are numbers (a percentage as its fraction: `12%` is 0.12); date
   * and date-time cells ISO 8601 text without a zone (`2024-03-15`, `2024-03-15T14:30:00`); empty fields
   * null; everything else the field as written.
   */
  rows: CsvCell[][];
}

/** Fields that say "no value" in a column of numbers or dates: they stay as written and do not make it text. */
const NO_VALUE = /^(?:-|–|—|n\/?a|#n\/a|null|nan)$/i;
/** Headers whose digits are not quantities: the column stays text. */
const NOT_QUANTITY = /\b(?:phone|telephone|tel|fax|telefon|téléphone|teléfono|zip|zip ?code|post ?code|postal ?code|plz)\b/i;

interface NumberCell { shape: NumberShape; dot: NumberReading | null; comma: NumberReading | null }

type Reading =
  | { as: 'text' }
  | { as: 'number'; cells: (NumberCell | null)[]; mark: DecimalMark | null }
  | { as: 'date'; cells: (DateShape | null)[]; monthFirst: boolean | null };

/** A column's candidate reading; `mark` and `monthFirst` are null when its own values leave them open. */
function readColumn(header: string, fields: string[]): Reading {
  const present = fields.filter((f) => f !== '' && !NO_VALUE.test(f));
  if (!present.length || NOT_QUANTITY.test(header)) return { as: 'text' };
  const dates = fields.map((f) => (f === '' || NO_VALUE.test(f) ? null : dateShape(f)));
  const styles = new Set(dates.map((d) => d?.style));
  styles.delete(undefined);
  if (styles.size === 1 && dates.filter(Boolean).length === present.length) {
    const shapes = dates.filter((d): d is DateShape => d !== null);
    const style = [...styles][0];
    const dayFirst = shapes.some((d) => d.first > 12);
    const monthFirst = shapes.some((d) => d.second > 12);
    if (style === 'slash' && dayFirst && monthFirst) return { as: 'text' };
    return { as: 'date', cells: dates, monthFirst: style === 'iso' ? true : style === 'dot' ? false : dayFirst ? false : monthFirst ? true : null };
  }
  const cells: (NumberCell | null)[] = [];
  let point = false;
  let comma = false;
  for (const f of fields) {
    if (f === '' || NO_VALUE.test(f)) { cells.push(null); continue; }
    const shape = numberShape(f);
    if (!shape) return { as: 'text' };
    const cell = { shape, dot: readNumber(shape, '.'), comma: readNumber(shape, ',') };
    if (!cell.dot && !cell.comma) return { as: 'text' };
    // A value that reads only one way settles the column's decimal mark (`1,234.5`, `0,5`, `1.234.567`).
    if (!cell.comma) point = true;
    if (!cell.dot) comma = true;
    cells.push(cell);
  }
  if (point && comma) return { as: 'text' };
  return { as: 'number', cells, mark: point ? '.' : comma ? ',' : null };
}

const places = (n: number) => (n > 0 ? `.${'0'.repeat(Math.min(n, 10))}` : '');

function numberColumn(cells: (NumberCell | null)[], mark: DecimalMark): { column: CsvColumn; values: (number | null)[] } | null {
  const read = cells.map((c) => (c ? (mark === '.' ? c.dot : c.comma) : null));
  const shapes = cells.filter((c): c is NumberCell => c !== null).map((c) => c.shape);
  if (read.some((r, i) => cells[i] && !r)) return null;
  const percents = shapes.filter((s) => s.percent).length;
  const symbols = new Set(shapes.map((s) => s.symbol).filter((s) => s !== null));
  if ((percents && percents < shapes.length) || symbols.size > 1 || (percents && symbols.size)) return null;
  const got = read.filter((r): r is NumberReading => r !== null);
  const decimals = got.reduce((d, r) => Math.max(d, r.decimals), 0);
  const grouped = got.some((r) => r.grouped);
  const parens = shapes.some((s) => s.parens);
  const negatives = (body: string) => (parens ? `${body};(${body})` : body);
  const values = read.map((r) => (r === null ? null : Number(percents ? `${r.text}e-2` : r.text)));
  if (percents) return { column: { kind: 'percent', numFmt: negatives(`0${places(decimals)}%`), decimals }, values };
  if (symbols.size) {
    const symbol = [...symbols][0]!;
    const after = shapes.find((s) => s.symbol)!.symbolAfter;
    const body = after ? `#,##0${places(decimals)} "${symbol}"` : `"${symbol}"#,##0${places(decimals)}`;
    return { column: { kind: 'currency', numFmt: negatives(body), symbol, decimals }, values };
  }
  // Plain numbers show as written (General), grouped ones with their groups; long integers (12 to 15
  // digits, ids) in full rather than as 1.23457E+11.
  const long = values.every((v) => v === null || Number.isInteger(v)) && values.some((v) => v !== null && Math.abs(v) >= 1e11);
  const numFmt = grouped || parens ? negatives(`#,##0${places(decimals)}`) : long ? '0' : undefined;
  return { column: { kind: 'number', ...(numFmt ? { numFmt } : {}) }, values };
}

function dateColumn(cells: (DateShape | null)[], monthFirst: boolean): { column: CsvColumn; values: (string | null)[] } | null {
  const values = cells.map((d) => (d ? isoDate(d, monthFirst) : null));
  if (values.some((v, i) => cells[i] && v === null)) return null;
  const shapes = cells.filter((d): d is DateShape => d !== null);
  const times = shapes.map((d) => d.time).filter((t) => t !== null);
  const padded = shapes.every((d) => d.padded);
  const style = shapes[0].style;
  const [d, m] = padded ? ['dd', 'mm'] : ['d', 'm'];
  const day = style === 'iso' ? 'yyyy-mm-dd' : style === 'dot' ? `${d}.${m}.yyyy` : monthFirst ? `${m}/${d}/yyyy` : `${d}/${m}/yyyy`;
  if (!times.length) return { column: { kind: 'date', numFmt: day }, values };
  const seconds = times.some((t) => t.second !== null) ? ':ss' : '';
  const ms = times.some((t) => t.ms !== null) ? '.000' : '';
  const time = times.some((t) => t.ampm) ? `h:mm${seconds} AM/PM` : `hh:mm${seconds}${ms}`;
  return { column: { kind: 'datetime', numFmt: `${day} ${time}` }, values };
}

/**
 * The records (header row apart) typed column by column. A column's decimal mark is what its own values
 * settle (`1,234.5`, `0,5`), else what the file's other columns settle, else the delimiter's custom (`;`:
 * a decimal comma, as spreadsheets save CSV in decimal-comma locales; otherwise a point). A column of
 * slash dates is day-first when a first part is over 12, month-first when a second part is; when neither
 * is, it follows the file's other slash-date columns, else it is day-first in a decimal-comma file and
 * stays text otherwise (US and UK files write the same digits for different days).
 */
export function typedColumns(header: string[], records: string[][], delimiter = ','): TypedCsv {
  const width = records.reduce((w, r) => Math.max(w, r.length), header.length);
  const fields = Array.from({ length: width }, (_, c) => records.map((r) => (r[c] ?? '').trim()));
  const readings = fields.map((f, c) => readColumn(header[c] ?? '', f));
  const one = <T>(xs: T[]) => (new Set(xs).size === 1 ? xs[0] : null);
  const fileMark = one(readings.flatMap((r) => (r.as === 'number' && r.mark ? [r.mark] : []))) ?? (delimiter === ';' ? ',' : '.');
  const fileOrder = one(readings.flatMap((r) => (r.as === 'date' && r.monthFirst !== null && r.cells.some((d) => d?.style === 'slash') ? [r.monthFirst] : [])))
    ?? (fileMark === ',' ? false : null);
  const columns: CsvColumn[] = [];
  const values: (CsvCell[] | null)[] = readings.map((r) => {
    const typed = r.as === 'number' ? numberColumn(r.cells, r.mark ?? fileMark)
      : r.as === 'date' && (r.monthFirst ?? fileOrder) !== null ? dateColumn(r.cells, (r.monthFirst ?? fileOrder)!) : null;
    columns.push(typed?.column ?? { kind: 'text' });
    return typed?.values ?? null;
  });
  const rows = records.map((r, i) => Array.from({ length: width }, (_, c) => {
    const raw = r[c] ?? '';
    if (raw.trim() === '') return null;
    return values[c]?.[i] ?? raw;
  }));
  return { header, columns, rows };
}

/** A CSV's text read and typed: its first record is the header; trailing blank records are dropped. Null when it holds none. */
export function readTypedCsv(text: string, delimiter?: string): TypedCsv | null {
  const sep = delimiter ?? detectDelimiter(text);
  const records = parseCsv(text, sep);
  while (records.length && records[records.length - 1].every((f) => f.trim() === '')) records.pop();
  if (!records.length) return null;
  return typedColumns(records[0], records.slice(1), sep);
}

const fixed = (n: number, decimals: number) => n.toLocaleString('en-US', { minimumFractionDigits: Math.min(decimals, 10), maximumFractionDigits: Math.min(decimals, 10) });

/**
 * The rows as data sources and prompt tables carry them (string, number or null cells): numbers as
 * numbers, dates as ISO text, and percentages and amounts as text in one notation that every format reads
 * back with its % or symbol (`12.5%`, `-€1,234.50`), as a caller's own data sources write them.
 */
export function portableRows(csv: TypedCsv): CsvCell[][] {
  return csv.rows.map((r) => r.map((v, c) => {
    const col = csv.columns[c];
    if (typeof v !== 'number') return v;
    if (col.kind === 'percent') return `${fixed(v * 100, col.decimals ?? 0)}%`;
    if (col.kind === 'currency') return `${v < 0 ? '-' : ''}${col.symbol}${fixed(Math.abs(v), col.decimals ?? 0)}`;
    return v;
  }));
}
