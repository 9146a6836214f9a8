// A CSV (or TSV) file as a one-sheet workbook named after the file: read with the data sources' parser
// (src/documents/agent/csv-parse.ts: UTF-8 or Windows-1252, RFC 4180, delimiter guessed), the header
// row kept as text and the records' fields typed per column (src/documents/agent/csv-typing.ts: numbers,
// percentages, currency amounts, dates and date-times), each typed column with the number format that
// shows its values as the file wrote them. Workbook analysis reads CSV uploads through it, and
// conversions of a CSV start from it. Text is written as text: no cell of the file becomes a formula.
import ExcelJS from 'exceljs';
import { decodeCsv } from '../../documents/agent/csv-parse.ts';
import { readTypedCsv, type CsvColumn, type TypedCsv } from '../../documents/agent/csv-typing.ts';
import { stemOf } from '../formats.ts';

/** A CSV larger than this is not read into a workbook in memory (the upload limit may be higher). */
export const MAX_CSV_CHARS = 20 * 1024 * 1024;

export class CsvUnreadable extends Error {
  readonly kind: 'too_large' | 'empty';

  constructor(kind: 'too_large' | 'empty', message: string) {
    super(message);
    this.kind = kind;
  }
}

/** Excel's rules for sheet names: at most 31 characters, none of []:*?/\ */
function sheetNameOf(fileName: string): string {
  const name = stemOf(fileName).replace(/[[\]:*?/\\]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim();
  return name || 'Sheet1';
}

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(1899, 11, 30);
const MARCH_1900 = Date.UTC(1900, 2, 1);

/**
 * Excel's serial number of a zone-less ISO date or date-time (`2024-03-15`, `2024-03-15T14:30:00`), the
 * time as the fraction of a day, computed in UTC from the digits as written, so the server's time zone
 * moves nothing. Excel numbers 1900-01-01 as 1 and counts a 29 February 1900 that never was (serial 60,
 * Lotus 1-2-3's leap-year bug): from 1900-03-01 on a serial is the days since 1899-12-30, before that one
 * less.
 */
export function excelSerial(iso: string): number {
  const [y, mo, d, h = 0, mi = 0, s = 0, ms = 0] = iso.split(/[-T:.]/).map(Number);
  const at = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  return (at - EPOCH) / DAY_MS - (at < MARCH_1900 ? 1 : 0);
}

const ISO = /^\d{4}-\d{2}-\d{2}/;

/** A typed cell as the workbook holds it: dates as serial numbers; a "no value" mark (`n/a`) in a date column stays text. */
const cellOf = (v: string | number | null, col: CsvColumn) => ((col.kind === 'date' || col.kind === 'datetime') && typeof v === 'string' && ISO.test(v) ? excelSerial(v) : v);

/** About how many characters the column's widest cell shows, so that no number shows as ####. */
function shownWidth(csv: TypedCsv, c: number): number {
  const col = csv.columns[c];
  let text = (csv.header[c] ?? '').length;
  let largest = 0;
  for (const r of csv.rows) {
    const v = r[c];
    if (typeof v === 'number') largest = Math.max(largest, Math.abs(v));
    else if (typeof v === 'string') text = Math.max(text, (col.kind === 'date' || col.kind === 'datetime') && ISO.test(v) ? col.numFmt!.replace('AM/PM', 'AM').length : v.length);
  }
  if (col.kind === 'number' && !col.numFmt) return Math.max(text, String(largest).length + 1);
  const decimals = /\.(0+)/.exec(col.numFmt ?? '')?.[1].length ?? 0;
  const digits = (col.kind === 'percent' ? largest * 100 : largest).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return Math.max(text, digits.length + 3);
}

export async function csvWorkbook(bytes: Buffer, fileName: string): Promise<Buffer> {
  const text = decodeCsv(bytes);
  if (text.length > MAX_CSV_CHARS) throw new CsvUnreadable('too_large', `The CSV file is larger than ${MAX_CSV_CHARS / 1024 / 1024} MiB, the most read into a workbook`);
  const csv = readTypedCsv(text);
  if (!csv) throw new CsvUnreadable('empty', 'The CSV file holds no rows');
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetNameOf(fileName));
  const header = sheet.addRow(csv.header);
  // A column's format goes to the column (cells typed in later take it too) and to its records; the
  // header's cells, which ExcelJS gives it as well, keep none.
  csv.columns.forEach((col, c) => { if (col.numFmt) sheet.getColumn(c + 1).numFmt = col.numFmt; });
  header.eachCell((cell) => { cell.style = {}; });
  // Text that reads as a number ("007", an 18-digit id) or a date in a column that is not typed is a
  // string cell all the same: ExcelJS writes strings as shared strings, never as formulas or numbers.
  for (const r of csv.rows) sheet.addRow(r.map((v, c) => cellOf(v, csv.columns[c])));
  csv.columns.forEach((_, c) => { sheet.getColumn(c + 1).width = Math.min(50, Math.max(8, shownWidth(csv, c) + 2)); });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
