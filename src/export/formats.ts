// The export matrix (docs/reference/api-contract.md: which source type converts to which format) and how each cell is produced.
import type { Format } from '../config.ts';

export const EXPORT_FORMATS = ['pdf', 'png', 'html', 'txt', 'csv', 'xlsx', 'docx', 'pptx', 'odt', 'odp'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type SourceType = 'docx' | 'xlsx' | 'pptx';

export const SOURCE_TYPE_OF_FORMAT: Record<Format, SourceType> = { word: 'docx', excel: 'xlsx', slides: 'pptx' };

export const SOURCE_CONTENT_TYPES: Record<string, SourceType> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel.sheet.macroEnabled.12': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

/** Each source type's row of the matrix, in the order the 422 message lists them. */
export const ALLOWED: Record<SourceType, readonly ExportFormat[]> = {
  xlsx: ['pdf', 'csv', 'png', 'html', 'xlsx'],
  docx: ['pdf', 'html', 'txt', 'odt', 'docx'],
  pptx: ['pdf', 'png', 'odp', 'pptx'],
};

export const LABEL: Record<SourceType, string> = { docx: 'Word (.docx)', xlsx: 'Excel (.xlsx)', pptx: 'Slides (.pptx)' };

/**
 * How a cell is produced. `native`: in-process (exceljs, mammoth), no LibreOffice. `libreoffice`: the warm
 * pool, with this export filter. `pages`: LibreOffice to PDF, then pdftoppm. `original`: the source itself.
 */
export type Engine =
  | { kind: 'native' }
  | { kind: 'libreoffice'; filter: string }
  | { kind: 'pages'; pdfFilter: string }
  | { kind: 'original' };

const PDF_FILTER: Record<SourceType, string> = { docx: 'writer_pdf_Export', xlsx: 'calc_pdf_Export', pptx: 'impress_pdf_Export' };

export function engineFor(source: SourceType, format: ExportFormat): Engine {
  if (format === source) return { kind: 'original' };
  if (format === 'pdf') return { kind: 'libreoffice', filter: PDF_FILTER[source] };
  if (format === 'odt') return { kind: 'libreoffice', filter: 'writer8' };
  if (format === 'odp') return { kind: 'libreoffice', filter: 'impress8' };
  if (format === 'png') return { kind: 'pages', pdfFilter: PDF_FILTER[source] };
  return { kind: 'native' };
}

/** The filter that rewrites a workbook with every formula computed (LibreOffice recalculates first). */
export const XLSX_RECALC_FILTER = 'Calc MS Excel 2007 XML';

export const CONTENT_TYPE: Record<ExportFormat | 'zip', string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  zip: 'application/zip',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  odt: 'application/vnd.oasis.opendocument.text',
  odp: 'application/vnd.oasis.opendocument.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The download name's stem: the source's name without its extension. */
export function stemOf(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return base || 'document';
}
