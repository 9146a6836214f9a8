// Folio's Word design is a template document: templates/report.docx, built by `npm run
// templates:build` from the readable source in scripts/templates/word/. A new document is an edit of
// it, so Folio's reports and users' files go through the same engine.
import fs from 'node:fs';
import { WordDocument } from './word.document.ts';

let bytes: Buffer | null = null;

export function templateBytes(): Buffer {
  bytes ??= fs.readFileSync(new URL('./templates/report.docx', import.meta.url));
  return bytes;
}

/** A fresh, editable copy of the report template. */
export function openTemplate(): WordDocument {
  return WordDocument.open(templateBytes(), 'template');
}
