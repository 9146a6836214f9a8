// `data_sources` as tables: inline `{name, columns, rows}` as given, and uploaded CSV, XLSX (one table
// per sheet) and JSON files read into the same shape. Bounded like the inline form (500 columns,
// 10,000 rows per table) so one huge upload cannot exhaust the worker.
import ExcelJS from 'exceljs';
import { AppError } from '../../errors.ts';
import { decodeCsv } from './csv-parse.ts';
import { portableRows, readTypedCsv } from './csv-typing.ts';
import type { DataCell, DataTable } from './format-adapter.ts';

export const MAX_TABLE_ROWS = 10_000;
export const MAX_TABLE_COLUMNS = 500;
/**
 * All the data sources of one task together hold at most this many cells (rows x columns) and this many
 * characters of cell text: a task writes them into its document, which is built and rendered in the
 * worker's process. The largest document these allow is measured in test/task-document-bound.test.ts
 * (docs/architecture/crash-isolation.md).
 */
export const MAX_TASK_CELLS = 1_000_000;
export const MAX_TASK_CHARS = 16_000_000;

/** Why the data sources are too large for one task, or null. */
export function tooLargeForATask(tables: DataTable[]): string | null {
  let cells = 0;
  let chars = 0;
  for (const t of tables) {
    cells += t.rows.length * t.columns.length;
    for (const row of t.rows) for (const v of row) if (v !== null) chars += typeof v === 'string' ? v.length : String(v).length;
  }
  const n = (x: number) => x.toLocaleString('en-US');
  const over = cells > MAX_TASK_CELLS ? `${n(cells)} cells (rows times columns); one task takes at most ${n(MAX_TASK_CELLS)}`
    : chars > MAX_TASK_CHARS ? `${n(chars)} characters of cell text; one task takes at most ${n(MAX_TASK_CHARS)}` : null;
  return over && `The data sources hold ${over} (all tables together): send fewer rows or columns, or split the work over several tasks.`;
}

export interface DataFile {
  file_id: string;
  file_name: string;
  bytes: Buffer;
}

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || fileName;

function unreadable(file: DataFile, kind: string, why: string): AppError {
  return new AppError('invalid_request', `Data source ${file.file_id} (${file.file_name}) could not be read as ${kind}: ${why}.`);
}

/** Header + rows -> a bounded table with unique, non-empty column names. */
export function toTable(name: string, header: unknown[], rows: DataCell[][], source: DataTable['source']): DataTable {
  const width = Math.min(MAX_TABLE_COLUMNS, Math.max(header.length, ...rows.slice(0, 1000).map((r) => r.length)));
  const seen = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, i) => {
    const raw = String(header[i] ?? '').trim() || `Column ${i + 1}`;
    const n = (seen.get(raw) ?? 0) + 1;
    seen.set(raw, n);
    return n === 1 ? raw : `${raw} (${n})`;
  });
  const body = rows.slice(0, MAX_TABLE_ROWS).map((r) => Array.from({ length: width }, (_, i) => r[i] ?? null));
  return { name, columns, rows: body, source };
}

export function readCsvTable(file: DataFile): DataTable {
  const text = decodeCsv(file.bytes);
  if (text.includes('\u0000')) throw unreadable(file, 'CSV', 'it holds binary data');
  const csv = readTypedCsv(text);
  if (!csv) throw unreadable(file, 'CSV', 'it is empty');
  return toTable(baseName(file.file_name), csv.header, portableRows(csv), { kind: 'csv', file_id: file.file_id, file_name: file.file_name });
}

function excelValue(v: ExcelJS.CellValue): DataCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof v === 'object') {
    if ('result' in v) return excelValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in v) return (v as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    if ('text' in v) return String((v as ExcelJS.CellHyperlinkValue).text);
    if ('error' in v) return null;
  }
  return String(v);
}

export async function readXlsxTables(file: DataFile): Promise<DataTable[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
  } catch (err) {
    throw unreadable(file, 'an Excel workbook', (err as Error).message);
  }
  const tables: DataTable[] = [];
  wb.eachSheet((sheet) => {
    const rows: DataCell[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (rows.length > MAX_TABLE_ROWS) return;
      const values = row.values as ExcelJS.CellValue[];
      rows.push(values.slice(1).map(excelValue));
    });
    if (!rows.length) return;
    const name = wb.worksheets.length > 1 ? `${baseName(file.file_name)} - ${sheet.name}` : baseName(file.file_name);
    tables.push(toTable(name, rows[0], rows.slice(1), { kind: 'xlsx', file_id: file.file_id, file_name: file.file_name, sheet: sheet.name }));
  });
  if (!tables.length) throw unreadable(file, 'an Excel workbook', 'every sheet is empty');
  return tables;
}

const scalar = (v: unknown): DataCell => (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : (v as DataCell));

/** An array of objects, an array of arrays (first one the header), or `{columns, rows}`. */
export function readJsonTable(file: DataFile): DataTable {
  let value: unknown;
  try {
    value = JSON.parse(file.bytes.toString('utf8'));
  } catch (err) {
    throw unreadable(file, 'JSON', (err as Error).message);
  }
  const source = { kind: 'json' as const, file_id: file.file_id, file_name: file.file_name };
  const name = baseName(file.file_name);
  if (value && typeof value === 'object' && !Array.isArray(value) && Array.isArray((value as { rows?: unknown }).rows)) {
    const v = value as { columns?: unknown[]; rows: unknown[][] };
    return toTable(name, v.columns ?? [], v.rows.map((r) => (Array.isArray(r) ? r.map(scalar) : [scalar(r)])), source);
  }
  if (!Array.isArray(value) || !value.length) throw unreadable(file, 'JSON', 'expected a non-empty array of objects or of arrays, or {columns, rows}');
  if (value.every((r) => Array.isArray(r))) return toTable(name, value[0] as unknown[], (value.slice(1) as unknown[][]).map((r) => r.map(scalar)), source);
  if (value.every((r) => r && typeof r === 'object')) {
    const columns = [...new Set(value.slice(0, 1000).flatMap((r) => Object.keys(r as object)))];
    return toTable(name, columns, value.map((r) => columns.map((c) => scalar((r as Record<string, unknown>)[c]))), source);
  }
  return toTable(name, ['Value'], value.map((v) => [scalar(v)]), source);
}
