// The index stage's reader: picks the extractor from the sniffed content type (the storage module
// decided it from the bytes) and the name's extension for text formats. The readers of the binary
// formats (mammoth, pdf.js, JSZip, the Excel engine) are imported with the first file of their kind.
import { UnreadableFile, type ExtractedDoc } from './extracted.ts';
import { extractCsv, extractText } from './text.ts';

export type ProjectFileKind = ExtractedDoc['kind'];

const BY_TYPE: Record<string, ProjectFileKind> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/plain': 'txt',
};

/** The kind of a supported project file, or null for a type the pipeline cannot read. */
export function projectFileKind(contentType: string): ProjectFileKind | null {
  return BY_TYPE[contentType] ?? null;
}

export const SUPPORTED_PROJECT_TYPES = Object.keys(BY_TYPE);

export async function extractFile(bytes: Buffer, contentType: string, budget: number): Promise<ExtractedDoc> {
  const kind = projectFileKind(contentType);
  switch (kind) {
    case 'docx': return (await import('./docx.ts')).extractDocx(bytes, budget);
    case 'xlsx': return (await import('./xlsx.ts')).extractXlsx(bytes, budget);
    case 'pptx': return (await import('./pptx.ts')).extractPptx(bytes, budget);
    case 'pdf': return (await import('./pdf.ts')).extractPdf(bytes, budget);
    case 'csv': return extractCsv(bytes.toString('utf8'), budget);
    case 'md': return extractText(bytes.toString('utf8'), true, budget);
    case 'txt': return extractText(bytes.toString('utf8'), false, budget);
    default: throw new UnreadableFile(`Files of type ${contentType} cannot be analysed.`);
  }
}
