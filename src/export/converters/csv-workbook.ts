// A CSV (or TSV) file as a one-sheet workbook named after the file: read with the data sources' parser
// (src/documents/agent/csv-parse.ts: UTF-8 or Windows-1252, RFC 4180, delimiter guessed), the header
// row kept as text and the records' fields typed (numbers, dates, percentages) as data sources type
// them. Workbook analysis reads CSV uploads through it, and conversions of a CSV start from it.
import ExcelJS from 'exceljs';
import { decodeCsv, parseCsv, typedCell } from '../../documents/agent/csv-parse.ts';
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

export async function csvWorkbook(bytes: Buffer, fileName: string): Promise<Buffer> {
  const text = decodeCsv(bytes);
  if (text.length > MAX_CSV_CHARS) throw new CsvUnreadable('too_large', `The CSV file is larger than ${MAX_CSV_CHARS / 1024 / 1024} MiB, the most read into a workbook`);
  const rows = parseCsv(text);
  while (rows.length && rows[rows.length - 1].every((f) => f.trim() === '')) rows.pop();
  if (rows.length === 0) throw new CsvUnreadable('empty', 'The CSV file holds no rows');
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetNameOf(fileName));
  sheet.addRow(rows[0]);
  for (const r of rows.slice(1)) sheet.addRow(r.map(typedCell));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
