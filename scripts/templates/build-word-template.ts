// Writes Folio's Word template, src/documents/word/templates/report.docx, from the hand-written XML in
// scripts/templates/word/. Run by `npm run templates:build` (build-slide-templates.ts calls it) or alone:
//   node scripts/templates/build-word-template.ts [--specimen <dir>]
// The bytes are deterministic; test/word-template.test.ts rebuilds them and fails when the committed
// file differs. --specimen <dir> also writes <dir>/report-specimen.docx: the template with one of
// everything in its body, to render (soffice --headless --convert-to pdf; pdftoppm -png -r 60) and look at.
import fs from 'node:fs';
import path from 'node:path';
import { buildReportTemplate } from './word/package.ts';
import { buildReportSpecimen } from './word/specimen.ts';

export const WORD_TEMPLATE_DIR = path.resolve(import.meta.dirname, '..', '..', 'src', 'documents', 'word', 'templates');

export function writeWordTemplates(specimenDir?: string): void {
  fs.mkdirSync(WORD_TEMPLATE_DIR, { recursive: true });
  const file = path.join(WORD_TEMPLATE_DIR, 'report.docx');
  const bytes = buildReportTemplate();
  fs.writeFileSync(file, bytes);
  console.log(`${path.relative(process.cwd(), file)}: ${bytes.length} bytes`);
  if (specimenDir) {
    fs.mkdirSync(specimenDir, { recursive: true });
    const specimen = path.join(specimenDir, 'report-specimen.docx');
    fs.writeFileSync(specimen, buildReportSpecimen());
    console.log(`${specimen}: specimen`);
  }
}

function main(argv: string[]): void {
  const at = argv.indexOf('--specimen');
  const specimenDir = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && !specimenDir) throw new Error('--specimen needs a directory');
  writeWordTemplates(specimenDir);
}

if (import.meta.main) main(process.argv.slice(2));
