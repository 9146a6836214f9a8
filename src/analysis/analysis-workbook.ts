// The workbook POST /excel/analyze reads, from the three kinds of upload it accepts: .xlsx (and .xlsm)
// as they are; legacy .xls rewritten as .xlsx by the export pool (LibreOffice); .csv read with the
// data sources' parser (src/documents/agent/csv-parse.ts: UTF-8 or Windows-1252, RFC 4180, delimiter
// guessed, numbers typed)
// into a one-sheet workbook named after the file. Each ends as the ask engine's view of an
// ExcelDocument, so the same tools, aggregates and citations apply to all three.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AskView } from '../documents/ask/ask-view.ts';
import { excelAskView } from '../documents/ask/views/excel.view.ts';
import { DocumentUnreadable } from '../documents/agent/tool-error.ts';
import { adapter as excelAdapter, readWorkbook } from '../documents/excel/excel.adapter.ts';
import { errors } from '../errors.ts';
import type { Converter } from '../export/converter.ts';
import { CsvUnreadable, csvWorkbook, MAX_CSV_CHARS } from '../export/converters/csv-workbook.ts';

const XLSX_TYPES = new Set(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel.sheet.macroEnabled.12']);
const XLS = 'application/vnd.ms-excel';
const CSV_TYPES = new Set(['text/csv', 'text/tab-separated-values']);

export type WorkbookKind = 'xlsx' | 'xls' | 'csv';

export function workbookKindOf(contentType: string): WorkbookKind | null {
  if (XLSX_TYPES.has(contentType)) return 'xlsx';
  if (contentType === XLS) return 'xls';
  if (CSV_TYPES.has(contentType)) return 'csv';
  return null;
}

const LOC = ['body', 'file_id'];
const invalid = (fileId: string, type: string, msg: string) => errors.validation([{ loc: LOC, msg, type, input: fileId }]);

/** The .xls bytes as .xlsx, through LibreOffice in a private scratch directory. */
async function xlsToXlsx(bytes: Buffer, converter: Converter): Promise<Buffer> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'folio-analyze-'));
  try {
    const src = path.join(dir, 'source.xls');
    await fsp.writeFile(src, bytes);
    return await fsp.readFile(await converter.legacyWorkbookToXlsx(src, dir, LOC));
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function csvToXlsx(bytes: Buffer, fileName: string, fileId: string): Promise<Buffer> {
  try {
    return await csvWorkbook(bytes, fileName);
  } catch (err) {
    if (err instanceof CsvUnreadable) throw invalid(fileId, err.kind === 'too_large' ? 'csv_too_large' : 'workbook_unreadable', err.kind === 'too_large' ? `The CSV file is larger than ${MAX_CSV_CHARS / 1024 / 1024} MiB, the most workbook analysis reads` : err.message);
    throw err;
  }
}

export async function analysisView(file: { file_id: string; file_name: string; content_type: string }, bytes: Buffer, converter: Converter): Promise<AskView> {
  const kind = workbookKindOf(file.content_type);
  if (!kind) {
    throw invalid(file.file_id, 'unsupported_file_type', `The file is ${file.content_type}; workbook analysis reads Excel workbooks (.xlsx, .xls) and CSV files (.csv)`);
  }
  const xlsx = kind === 'xlsx' ? bytes : kind === 'xls' ? await xlsToXlsx(bytes, converter) : await csvToXlsx(bytes, file.file_name, file.file_id);
  try {
    const doc = readWorkbook(xlsx);
    return excelAskView(doc, excelAdapter.title(doc));
  } catch (err) {
    if (err instanceof DocumentUnreadable) throw invalid(file.file_id, 'workbook_unreadable', err.message);
    throw err;
  }
}
