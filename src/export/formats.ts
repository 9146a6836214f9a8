// The export matrix (docs/reference/api-contract.md: which source type converts to which format) and how each cell is produced.
import type { Format } from '../config.ts';

export const EXPORT_FORMATS = ['pdf', 'png', 'html', 'txt', 'csv', 'xlsx', 'docx', 'pptx', 'odt', 'odp'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What a source is: the three Office Open XML types runs are made of, and the other office formats an uploaded file may be. */
export type OoxmlType = 'docx' | 'xlsx' | 'pptx';
export const LEGACY_TYPES = ['doc', 'rtf', 'odt', 'xls', 'ods', 'csv', 'ppt', 'odp'] as const;
export type LegacyType = (typeof LEGACY_TYPES)[number];
export type SourceType = OoxmlType | LegacyType;
export const SOURCE_TYPES: readonly SourceType[] = ['docx', 'xlsx', 'pptx', ...LEGACY_TYPES];

/**
 * The Office Open XML type each source type converts like: a .doc, .rtf or .odt exports as a .docx
 * does, and so on. LibreOffice reads the legacy and OpenDocument ones; a CSV becomes a workbook natively.
 */
export const FAMILY: Record<SourceType, OoxmlType> = {
  docx: 'docx', doc: 'docx', rtf: 'docx', odt: 'docx',
  xlsx: 'xlsx', xls: 'xlsx', ods: 'xlsx', csv: 'xlsx',
  pptx: 'pptx', ppt: 'pptx', odp: 'pptx',
};

/** LibreOffice's export filter that writes each Office Open XML type (the workbook one recalculates first). */
export const OOXML_FILTER: Record<OoxmlType, string> = { docx: 'MS Word 2007 XML', xlsx: 'Calc MS Excel 2007 XML', pptx: 'Impress MS PowerPoint 2007 XML' };

export const SOURCE_TYPE_OF_FORMAT: Record<Format, SourceType> = { word: 'docx', excel: 'xlsx', slides: 'pptx' };

export const SOURCE_CONTENT_TYPES: Record<string, SourceType> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel.sheet.macroEnabled.12': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/msword': 'doc',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

const OOXML_ROWS: Record<OoxmlType, readonly ExportFormat[]> = {
  xlsx: ['pdf', 'csv', 'png', 'html', 'xlsx'],
  docx: ['pdf', 'html', 'txt', 'odt', 'docx'],
  pptx: ['pdf', 'png', 'odp', 'pptx'],
};

/** Each source type's row of the matrix, in the order the 422 message lists them: a legacy type has its family's. */
export const ALLOWED: Record<SourceType, readonly ExportFormat[]> = Object.fromEntries(SOURCE_TYPES.map((t) => [t, OOXML_ROWS[FAMILY[t]]])) as Record<SourceType, readonly ExportFormat[]>;

export const LABEL: Record<SourceType, string> = {
  docx: 'Word (.docx)', xlsx: 'Excel (.xlsx)', pptx: 'Slides (.pptx)',
  doc: 'Word 97-2003 (.doc)', rtf: 'Rich Text (.rtf)', odt: 'OpenDocument text (.odt)',
  xls: 'Excel 97-2003 (.xls)', ods: 'OpenDocument spreadsheet (.ods)', csv: 'CSV (.csv)',
  ppt: 'PowerPoint 97-2003 (.ppt)', odp: 'OpenDocument presentation (.odp)',
};

/**
 * How a cell is produced. `native`: in-process (exceljs, mammoth), no LibreOffice. `libreoffice`: the warm
 * pool, with this export filter. `pages`: LibreOffice to PDF, then pdftoppm. `original`: the source itself.
 */
export type Engine =
  | { kind: 'native' }
  | { kind: 'libreoffice'; filter: string }
  | { kind: 'pages'; pdfFilter: string }
  | { kind: 'original' };

const PDF_FILTER: Record<OoxmlType, string> = { docx: 'writer_pdf_Export', xlsx: 'calc_pdf_Export', pptx: 'impress_pdf_Export' };

/**
 * How a cell is produced. A legacy or OpenDocument source goes to PDF, PNG, OpenDocument and its Office
 * Open XML type through LibreOffice straight from the file; its `native` cells (csv, html, txt) read the
 * Office Open XML rewrite of it (Converter.convert). A CSV source is a workbook made natively first.
 */
export function engineFor(source: SourceType, format: ExportFormat): Engine {
  if (format === source) return { kind: 'original' };
  const family = FAMILY[source];
  if (format === 'pdf') return { kind: 'libreoffice', filter: PDF_FILTER[family] };
  if (format === 'odt') return { kind: 'libreoffice', filter: 'writer8' };
  if (format === 'odp') return { kind: 'libreoffice', filter: 'impress8' };
  if (format === 'png') return { kind: 'pages', pdfFilter: PDF_FILTER[family] };
  if (format === family) return { kind: 'libreoffice', filter: OOXML_FILTER[family] };
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
