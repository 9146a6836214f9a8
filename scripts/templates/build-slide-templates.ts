// npm run templates:build: writes Folio's theme templates, src/documents/slides/templates/<theme>.pptx,
// from the hand-written XML in scripts/templates/slides/, then the Word template,
// src/documents/word/templates/report.docx, from scripts/templates/word/ (build-word-template.ts). The
// bytes are deterministic; tests (test/slide-templates.test.ts, test/word-template.test.ts) rebuild
// them and fail when the committed files differ.
//   node scripts/templates/build-slide-templates.ts [--specimen <dir>]
// --specimen <dir> also writes <dir>/<theme>-specimen.pptx (one slide per layout with sample text) and
// <dir>/report-specimen.docx (one of everything), to render (soffice --headless --convert-to pdf;
// pdftoppm -png -r 60) and look at.
import fs from 'node:fs';
import path from 'node:path';
import { writeWordTemplates } from './build-word-template.ts';
import { buildTemplate } from './slides/package.ts';
import { THEME_ORDER } from './slides/palettes.ts';
import { buildSpecimen } from './slides/specimen.ts';

export const TEMPLATE_DIR = path.resolve(import.meta.dirname, '..', '..', 'src', 'documents', 'slides', 'templates');

function main(argv: string[]): void {
  const at = argv.indexOf('--specimen');
  const specimenDir = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && !specimenDir) throw new Error('--specimen needs a directory');
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  for (const theme of THEME_ORDER) {
    const file = path.join(TEMPLATE_DIR, `${theme}.pptx`);
    const bytes = buildTemplate(theme);
    fs.writeFileSync(file, bytes);
    console.log(`${path.relative(process.cwd(), file)}: ${bytes.length} bytes`);
    if (specimenDir) {
      fs.mkdirSync(specimenDir, { recursive: true });
      const specimen = path.join(specimenDir, `${theme}-specimen.pptx`);
      fs.writeFileSync(specimen, buildSpecimen(theme));
      console.log(`${specimen}: specimen`);
    }
  }
  writeWordTemplates(specimenDir);
}

if (import.meta.main) main(process.argv.slice(2));
