// The one text extractor on real files made by other programs (test/fixtures/extract/README.md): each
// file gives the same text to an agent (context-text), to a project (the index stage's extractFile) and,
// for Word, to the plain-text export, and that text holds what the file says.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractText as agentText } from '../src/documents/agent/context-text.ts';
import { extractFile } from '../src/documents/extract/extract-file.ts';
import { UnreadableFile } from '../src/documents/extract/extracted.ts';
import { documentText } from '../src/documents/extract/plain-text.ts';
import { DocumentIsolate } from '../src/documents/isolate/document-isolate.ts';
import { docxToText } from '../src/export/converters/docx-native.ts';

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Each file, with lines its text must hold (whole lines, cells joined by tabs) and stats it must have. */
const CORPUS: { file: string; lines: string[]; stats?: Record<string, number> }[] = [
  { file: 'extract/libreoffice-writer.pdf', lines: ['takimata sanctus est Lorem ipsum dolor sit amet.'], stats: { pages: 1 } },
  { file: 'extract/pdflatex-4-pages.pdf', lines: ['Page 1', 'Page 4', 'about the selected font, how the letters are written and an impression of the look.'], stats: { pages: 4 } },
  { file: 'extract/google-docs.pdf', lines: ['Example document', 'Readability counts.'], stats: { pages: 1 } },
  { file: 'fidelity/docx/lo-report-toc-footnotes.docx', lines: ['Delivery times field study', 'The sample covers 1,204 parcels. Parcels that were returned to the sender are not counted.[3][4]'] },
  { file: 'fidelity/docx/word-tracked-changes.docx', lines: ['Tika can be:', 'A place in Abkhazia'] },
  { file: 'fidelity/docx/word-drawing-tables.docx', lines: ['МОНИТОРИНГ СМИ'] },
  { file: 'fidelity/pptx/pp-two-masters.pptx', lines: ['Slide 1', 'Standaardnederlands\tVlaams', 'jullie\tGijle, gijlen, golle'], stats: { slides: 1, tables: 1 } },
  { file: 'fidelity/pptx/lo53-table.pptx', lines: ['Test\tHere\tTest'], stats: { slides: 1, tables: 1 } },
  { file: 'fidelity/xlsx/excel-rich-text.xlsx', lines: ['Sheet Sheet1', 'bold\tthis text is bold, sure enough'] },
  { file: 'fidelity/xlsx/gsheets-basic.xlsx', lines: ['Sheet Sheet1', 'test1\taaa'] },
  // Two Excel tables side by side under titles, beside a summary block: each table alone, then the rest.
  { file: 'fidelity/xlsx/excel-budget-chart-table-image.xlsx', lines: ['MONTHLY INCOME', 'MONTHLY EXPENSES', 'Item\tAmount', 'Income 1\t2500', 'Rent/mortgage\t800', '\t\t\t\tTotal Monthly Income\tTotal Monthly Expenses\tBalance\t'] },
];

const read = (file: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', file));
const typeOf = (file: string) => TYPES[path.extname(file).slice(1)];

const isolate = new DocumentIsolate({ maxHeapMb: 256, threads: 1 });
afterAll(() => isolate.close());

describe('one text extractor, one corpus', () => {
  it.each(CORPUS)('$file: agents, projects and the export read the same text', async ({ file, lines, stats }) => {
    const bytes = read(file);
    const project = await extractFile(bytes, typeOf(file), 1e7);
    const agent = await agentText(bytes, typeOf(file), path.basename(file));
    expect(agent).toBe(documentText(project));
    const agentLines = agent!.split('\n');
    for (const line of lines) expect(agentLines).toContain(line);
    expect(project.stats.truncated).toBe(0);
    if (stats) expect(project.stats).toMatchObject(stats);
    if (file.endsWith('.docx')) expect(await docxToText(bytes)).toBe(`${agent!.trim()}\n`);
  });

  it('give the same text in a document thread, where agents read Office files and PDFs', async () => {
    for (const file of ['extract/pdflatex-4-pages.pdf', 'fidelity/pptx/pp-two-masters.pptx']) {
      const bytes = read(file);
      const inThread = await isolate.run('text', { bytes, contentType: typeOf(file), fileName: path.basename(file) });
      expect(inThread).toBe(await agentText(bytes, typeOf(file), path.basename(file)));
    }
  }, 60_000);

  it('keep a Word table between the paragraphs around it, in the text and the project index', async () => {
    const bytes = read('fidelity/docx/word-drawing-tables.docx');
    const project = await extractFile(bytes, typeOf('a.docx'), 1e7);
    expect(project.tables.length).toBeGreaterThan(0);
    const text = (await agentText(bytes, typeOf('a.docx'), 'a.docx'))!;
    const firstRow = documentText({ ...project, passages: [], tables: [project.tables[0]] }).split('\n')[0];
    const at = text.indexOf(firstRow);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(text.length - firstRow.length - 100);
  });

  it('read HTML, JSON and text by their type or name, and nothing from an image', async () => {
    const html = Buffer.from('<html><head><style>p{color:red}</style><script>alert(1)</script></head><body><h1>Plan &amp; budget</h1><p>First<br>second</p></body></html>');
    expect(await agentText(html, 'text/html', 'page.html')).toBe('Plan & budget\n\nFirst\nsecond');
    expect(await agentText(Buffer.from('{"a": 1}'), 'application/json', 'a.json')).toBe('{"a": 1}');
    expect(await agentText(Buffer.from('Month,Revenue\nJan,100\n'), 'text/csv', 'a.csv')).toBe('Month\tRevenue\nJan\t100');
    expect(await agentText(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png', 'a.png')).toBeNull();
  });

  it('refuse damaged files the same way for every consumer', async () => {
    const broken = Buffer.from('%PDF-1.4\nnot really a pdf');
    await expect(extractFile(broken, 'application/pdf', 1e6)).rejects.toBeInstanceOf(UnreadableFile);
    await expect(agentText(broken, 'application/pdf', 'a.pdf')).rejects.toBeInstanceOf(UnreadableFile);
    await expect(docxToText(Buffer.from('PK\x03\x04garbage'))).rejects.toBeInstanceOf(UnreadableFile);
  });
});
