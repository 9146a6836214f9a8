// The file types a project accepts: those the text extractor (documents/extract) reads by their sniffed
// content type, without HTML (a project's files are documents, sheets, decks, PDFs, CSV, text, Markdown).
import { extractKind } from '../../documents/extract/extract-file.ts';

export const SUPPORTED_PROJECT_TYPES = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/pdf',
  'text/csv',
  'text/markdown',
  'text/plain',
];

/** The kind of a supported project file, or null for a type the pipeline does not take. */
export function projectFileKind(contentType: string) {
  return SUPPORTED_PROJECT_TYPES.includes(contentType) ? extractKind(contentType) : null;
}
