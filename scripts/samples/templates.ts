// Gallery samples made in organization templates (issue 21): the same prompts built in three decks and
// three documents that other programs made (PowerPoint, LibreOffice and Word files of the fidelity
// corpus), as POST /{format}/generate with template_id builds them: the template's sample content
// dropped, new content in its own layouts and styles.
import type { DataTable } from '../../src/documents/agent/format-adapter.ts';
import type { Sample } from './sample.ts';

const visitors: DataTable = { name: 'Visitors by month', columns: ['Month', 'Visitors', 'Volunteers'], rows: [['March', 1200, 14], ['April', 1850, 18], ['May', 2400, 22], ['June', 3100, 25]], source: { kind: 'inline' } };

const DECK = `# Parks field report
Spring 2026 · Prepared for the board

## What we saw
- **Three** new sites opened in the valley
- Visitor numbers up 18% on last spring
- Volunteer hours doubled since March

## Risks
- The north trail needs new drainage before autumn
- Two footbridges are due for inspection

## Next steps
- Hire two seasonal rangers
- Repair the north trail by September`;

const REPORT = `# Parks field report
## Summary
Visitor numbers rose 18% this spring, and volunteer hours doubled. The north trail needs new drainage before autumn.
## Findings
- Three new sites opened in the valley
- Two footbridges are due for inspection
- The visitor centre needs longer opening hours in summer
## Next steps
1. Hire two seasonal rangers
2. Repair the north trail by September`;

const deck = (name: string, file: string, producer: string): Sample => ({
  name: `slides-template-${name}`,
  description: `The field report deck made in an organization template: ${file} (${producer}), its sample slides dropped.`,
  prompt: DECK,
  dataSources: [visitors],
  template: `test/fixtures/fidelity/pptx/${file}`,
});

const doc = (name: string, file: string, producer: string): Sample => ({
  name: `word-template-${name}`,
  description: `The field report made in an organization template: ${file} (${producer}), its sample body dropped, headers and footers kept.`,
  prompt: REPORT,
  dataSources: [visitors],
  template: `test/fixtures/fidelity/docx/${file}`,
});

export const templateSamples: Record<string, Sample[]> = {
  slides: [deck('powerpoint', 'pp-comments.pptx', 'PowerPoint 2007'), deck('focus', 'lo-tpl-focus.pptx', 'LibreOffice 7.4'), deck('pencil', 'lo-tpl-pencil.pptx', 'LibreOffice 7.4')],
  word: [doc('headers', 'word-headers-footers.docx', 'Word 2016+'), doc('agenda', 'lo-tpl-agenda.docx', 'LibreOffice 7.4'), doc('german-form', 'word-german-form.docx', 'Word 2010, German')],
};
