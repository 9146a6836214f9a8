// Folio's own workbooks start from a template workbook: src/documents/excel/templates/workbook.xlsx,
// built by `npm run templates:build` from scripts/templates/excel/. A new workbook is an edit of it, so
// Folio's workbooks and users' files go through the same engine. Its blank first sheet gives way to the
// first sheet the agent adds.
import fs from 'node:fs';
import { ExcelDocument } from './excel.document.ts';
import { XlsxWorkbook } from './workbook.ts';

let cached: Buffer | null = null;

export function templateBytes(): Buffer {
  cached ??= fs.readFileSync(new URL('./templates/workbook.xlsx', import.meta.url));
  return cached;
}

/** A fresh, editable copy of the template workbook. */
export function openTemplate(): ExcelDocument {
  const doc = new ExcelDocument(XlsxWorkbook.open(templateBytes()), 'template');
  doc.placeholder = doc.worksheetEntries()[0]?.part ?? null;
  return doc;
}
