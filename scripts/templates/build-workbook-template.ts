// npm run templates:build (with the slide templates): writes Folio's workbook template,
// src/documents/excel/templates/workbook.xlsx, from scripts/templates/excel/workbook-template.ts. The
// bytes are deterministic; test/excel-template.test.ts rebuilds them and fails when the committed file differs.
//   node scripts/templates/build-workbook-template.ts
import fs from 'node:fs';
import path from 'node:path';
import { buildWorkbookTemplate } from './excel/workbook-template.ts';

export const WORKBOOK_TEMPLATE = path.resolve(import.meta.dirname, '..', '..', 'src', 'documents', 'excel', 'templates', 'workbook.xlsx');

if (import.meta.main) {
  fs.mkdirSync(path.dirname(WORKBOOK_TEMPLATE), { recursive: true });
  const bytes = buildWorkbookTemplate();
  fs.writeFileSync(WORKBOOK_TEMPLATE, bytes);
  console.log(`${path.relative(process.cwd(), WORKBOOK_TEMPLATE)}: ${bytes.length} bytes`);
}
