// Folio's one text extractor: the reader for every file whose text something needs. Agents read context
// files through it (documents/agent/context-text.ts), projects index their files with it
// (projects/pipeline) and the plain-text export of a Word document is its rendering (export/). The
// kind comes from the sniffed content type, then from the name's extension; one engine per format:
// mammoth for Word, pdf.js for PDF, the OOXML package walker for PowerPoint, the workbook snapshot for
// Excel, and the text reader for text, Markdown, CSV and HTML. The readers of the binary formats
// (mammoth, pdf.js, JSZip, the Excel engine) are imported with the first file of their kind, and so
// are the text readers (papaparse, the HTML entities): importing this module for extractKind costs nothing.
import { UnreadableFile, type ExtractedDoc } from './extracted.ts';

export type ExtractKind = ExtractedDoc['kind'] | 'html';

const BY_TYPE: Record<string, ExtractKind> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel.sheet.macroEnabled.12': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/html': 'html',
  'text/plain': 'txt',
};

const BY_EXTENSION: Record<string, ExtractKind> = {
  docx: 'docx', xlsx: 'xlsx', xlsm: 'xlsx', pptx: 'pptx', pdf: 'pdf', csv: 'csv', md: 'md', markdown: 'md',
  html: 'html', htm: 'html', txt: 'txt', tsv: 'txt', json: 'txt', xml: 'txt',
};

/** What the extractor reads these bytes as, or null for a type it has no text for (images, archives...). */
export function extractKind(contentType: string, fileName = ''): ExtractKind | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  const byType = BY_TYPE[type];
  if (byType) return byType;
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  if (type.startsWith('text/') || type === 'application/json' || type === 'application/xml') return 'txt';
  return null;
}

/**
 * The passages and tables of a file, up to `budget` characters. Throws UnreadableFile for damaged bytes
 * and for types the extractor has no reader for.
 */
export async function extractFile(bytes: Buffer, contentType: string, budget: number, fileName = ''): Promise<ExtractedDoc> {
  const kind = extractKind(contentType, fileName);
  switch (kind) {
    case 'docx': return (await import('./docx.ts')).extractDocx(bytes, budget);
    case 'xlsx': return (await import('./xlsx.ts')).extractXlsx(bytes, budget);
    case 'pptx': return (await import('./pptx.ts')).extractPptx(bytes, budget);
    case 'pdf': return (await import('./pdf.ts')).extractPdf(bytes, budget);
    case 'csv': {
      const [{ decodeCsv }, { extractCsv }] = await Promise.all([import('../agent/csv-parse.ts'), import('./text.ts')]);
      return extractCsv(decodeCsv(bytes), budget);
    }
    case 'md': return (await import('./text.ts')).extractText(bytes.toString('utf8'), true, budget);
    case 'html': return (await import('./text.ts')).extractHtml(bytes.toString('utf8'), budget);
    case 'txt': return (await import('./text.ts')).extractText(bytes.toString('utf8'), false, budget);
    default: throw new UnreadableFile(`Files of type ${contentType} cannot be analysed.`);
  }
}
