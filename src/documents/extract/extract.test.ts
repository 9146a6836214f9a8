// The index stage's readers on small generated files: PowerPoint (slides, titles, tables), CSV,
// Markdown, and damaged files refused with a readable reason.
import PptxGenJSModule from 'pptxgenjs';
import { describe, expect, it } from 'vitest';
import { extractFile } from './extract-file.ts';
import { UnreadableFile } from './extracted.ts';

const PptxGenJS = ((PptxGenJSModule as any).default ?? PptxGenJSModule) as typeof PptxGenJSModule.default;
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

describe('extractors', () => {
  it('read slides: the title heads the slide, tables keep their cells', async () => {
    const deck = new PptxGenJS();
    const one = deck.addSlide();
    one.addText('Results Q1 2024', { placeholder: 'title', x: 0.5, y: 0.3, w: 9, h: 1 });
    one.addText('Revenue: $1.2M', { x: 0.5, y: 1.5, w: 9, h: 1 });
    const two = deck.addSlide();
    two.addTable([[{ text: 'Region' }, { text: 'Revenue' }], [{ text: 'North' }, { text: '120' }]], { x: 0.5, y: 0.5, w: 6 });
    const doc = await extractFile(Buffer.from(await deck.write({ outputType: 'nodebuffer' }) as ArrayBuffer), PPTX, 1e6);
    expect(doc.stats).toMatchObject({ slides: 2, tables: 1 });
    expect(doc.passages.map((p) => [p.text, p.location.label])).toEqual([['Results Q1 2024', 'slide 1, text 1'], ['Revenue: $1.2M', 'slide 1, text 2']]);
    expect(doc.tables[0]).toMatchObject({ rows: [['Region', 'Revenue'], ['North', '120']], location: { slide: 2, table: 1 } });
  });

  it('read CSV as one table and Markdown as headed paragraphs and pipe tables', async () => {
    const csv = await extractFile(Buffer.from('Month,Revenue\n"Jan 2024",100\nFeb 2024,110\n'), 'text/csv', 1e6);
    expect(csv.tables[0].rows).toEqual([['Month', 'Revenue'], ['Jan 2024', '100'], ['Feb 2024', '110']]);
    const md = await extractFile(Buffer.from('# Plan\n\nFirst line\nsecond line\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'), 'text/markdown', 1e6);
    expect(md.passages.map((p) => [p.text, p.heading])).toEqual([['Plan', null], ['First line\nsecond line', 'Plan']]);
    expect(md.tables[0]).toMatchObject({ rows: [['a', 'b'], ['1', '2']], title: 'Plan', location: { line: 6 } });
  });

  it('stop at the character budget and say so', async () => {
    const doc = await extractFile(Buffer.from(Array.from({ length: 50 }, (_, i) => `Paragraph ${i} ${'x'.repeat(80)}`).join('\n\n')), 'text/plain', 1000);
    expect(doc.stats.truncated).toBe(1);
    expect(doc.stats.characters).toBeLessThanOrEqual(1000);
  });

  it('refuse damaged files with the reason', async () => {
    await expect(extractFile(Buffer.from('%PDF-1.4\nnot really a pdf'), 'application/pdf', 1e6)).rejects.toThrow(/PDF/);
    await expect(extractFile(Buffer.from('PK\x03\x04garbage'), PPTX, 1e6)).rejects.toBeInstanceOf(UnreadableFile);
    await expect(extractFile(Buffer.from('x'), 'image/png', 1e6)).rejects.toBeInstanceOf(UnreadableFile);
  });
});
