// The Word case of the render bench: a 50-page report (37 sections of paragraphs with bold runs, a
// bullet list and a 12-row table with a header row), with and without a filled-in table of contents.
// Folio's side is what a task does: open the report template, write the content in its styles through
// the engine (inline markdown, lists through its numbering, tables in its table style, the contents
// filled in with estimated page numbers) and save the package. The bare side writes the same document
// with the docx library directly (same header, list numbering, table look, footer page numbers and,
// for the contents, the same page-number layout), skipping the template, the design lookups and the
// package layer.
import {
  AlignmentType, Document, Footer, Header, HeadingLevel, LevelFormat, Packer, PageNumber, Paragraph, ShadingType, TabStopType, Table, TableCell,
  TableOfContents, TableRow, TextRun, WidthType,
} from 'docx';
import { estimatePageNumbersWith } from 'docx/layout';
import type { ContentBlock } from '../../src/documents/word/content-blocks.ts';
import { insertContent } from '../../src/documents/word/edits/content.ts';
import { setTitle } from '../../src/documents/word/edits/page-setup.ts';
import { addToc } from '../../src/documents/word/edits/toc.ts';
import { openTemplate } from '../../src/documents/word/templates.ts';
import { adapter } from '../../src/documents/word/word.adapter.ts';
import type { RenderCase } from './render-case.ts';

const SECTIONS = 37;
const sentence = (s: number, p: number) => `Section ${s} paragraph ${p} reports that the **regional teams** met their targets for the quarter, while costs stayed within the agreed budget and delivery times continued to improve across every market we serve.`;
const paragraph = (s: number, p: number) => [0, 1, 2].map((k) => sentence(s, p * 3 + k)).join(' ');
const tableRows = (s: number) => Array.from({ length: 12 }, (_, r) => [`Item ${s}.${r + 1}`, `${(1000 + r * 137 + s).toLocaleString('en-US')}`, `${(r * 3 + s) % 40}%`, 'On track with the plan']);

async function folioDoc(toc: boolean): Promise<Buffer> {
  const doc = openTemplate();
  setTitle(doc, 'title', 'Annual Operations Report');
  if (toc) addToc(doc, 'end', 'Contents', 2);
  const blocks: ContentBlock[] = [];
  for (let s = 1; s <= SECTIONS; s++) {
    blocks.push({ kind: 'heading', level: 1, text: `Section ${s}` });
    for (let p = 0; p < 4; p++) blocks.push({ kind: 'paragraph', style: 'normal', text: paragraph(s, p) });
    blocks.push({ kind: 'list', ordered: false, items: [0, 1, 2, 3].map((i) => ({ text: `Point ${i + 1} of section ${s}`, level: 0 as const })) });
    blocks.push({ kind: 'heading', level: 2, text: `Figures for section ${s}` });
    blocks.push({ kind: 'table', header: ['Item', 'Value', 'Share', 'Status'], rows: tableRows(s), caption: null, align: ['left', 'right', 'right', 'left'] });
  }
  insertContent(doc, blocks, 'end');
  return adapter.render(doc, { brand: null });
}

const BARE_STYLES = {
  default: { document: { run: { font: 'Calibri', size: 22, color: '1F2937' }, paragraph: { spacing: { after: 140, line: 288 } } } },
  paragraphStyles: [
    { id: 'Title', name: 'Title', run: { font: 'Cambria', size: 56, color: '1F3A5F' }, paragraph: { spacing: { after: 240 } } },
    { id: 'TOCHeading', name: 'TOC Heading', run: { font: 'Cambria', size: 32, color: '1F3A5F' } },
    { id: 'Heading1', name: 'heading 1', run: { font: 'Cambria', size: 36, color: '1F3A5F' }, paragraph: { spacing: { before: 440, after: 140 }, keepNext: true, outlineLevel: 0 } },
    { id: 'Heading2', name: 'heading 2', run: { font: 'Cambria', size: 28, bold: true, color: '1F3A5F' }, paragraph: { spacing: { before: 320, after: 100 }, keepNext: true, outlineLevel: 1 } },
    { id: 'HeaderText', name: 'Header Text', run: { size: 17, color: '5B6573' } },
    { id: 'TableText', name: 'Table Text', run: { size: 19 }, paragraph: { spacing: { after: 0 } } },
  ],
};

/** The same document through docx alone: what Folio's renderer writes, without the model in between. */
function bareDoc(toc: boolean): Promise<Buffer> {
  const runs = (text: string) => text.split('**').map((t, i) => new TextRun({ text: t, bold: i % 2 === 1 || undefined }));
  const children: (Paragraph | Table | TableOfContents)[] = [new Paragraph({ style: 'Title', children: [new TextRun('Annual Operations Report')] })];
  if (toc) children.push(new Paragraph({ style: 'TOCHeading', children: [new TextRun('Contents')] }), new TableOfContents('Contents', { hyperlink: true, headingStyleRange: '1-2' }));
  const widths = [2800, 2200, 2000, 2412];
  const cell = (text: string, i: number, header: boolean, band: boolean) => new TableCell({
    width: { size: widths[i], type: WidthType.DXA },
    shading: header ? { fill: '1F3A5F', type: ShadingType.CLEAR, color: 'auto' } : band ? { fill: 'EFF6F7', type: ShadingType.CLEAR, color: 'auto' } : undefined,
    margins: { top: 50, bottom: 50, left: 90, right: 90 },
    children: [new Paragraph({ style: 'TableText', alignment: i === 1 || i === 2 ? AlignmentType.RIGHT : AlignmentType.LEFT, children: [new TextRun({ text, bold: header || undefined, color: header ? 'FFFFFF' : undefined })] })],
  });
  const border = { style: 'single' as const, size: 4, color: 'C9CED6' };
  const none = { style: 'none' as const, size: 0, color: 'FFFFFF' };
  let list = 0;
  for (let s = 1; s <= SECTIONS; s++) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(`Section ${s}`)] }));
    for (let p = 0; p < 4; p++) children.push(new Paragraph({ children: runs(paragraph(s, p)) }));
    list++;
    for (let i = 0; i < 4; i++) children.push(new Paragraph({ numbering: { reference: 'bullets', level: 0, instance: list }, spacing: { after: i === 3 ? 160 : 50 }, children: [new TextRun(`Point ${i + 1} of section ${s}`)] }));
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(`Figures for section ${s}`)] }));
    children.push(new Table({
      width: { size: 9412, type: WidthType.DXA }, columnWidths: widths, layout: 'fixed',
      borders: { top: border, bottom: border, left: none, right: none, insideHorizontal: border, insideVertical: none },
      rows: [new TableRow({ tableHeader: true, cantSplit: true, children: ['Item', 'Value', 'Share', 'Status'].map((h, i) => cell(h, i, true, false)) }), ...tableRows(s).map((r, n) => new TableRow({ cantSplit: true, children: r.map((c, i) => cell(c, i, false, n % 2 === 1)) }))],
    }));
    children.push(new Paragraph({ spacing: { after: 120 }, children: [] }));
  }
  return Packer.toBuffer(new Document({
    styles: BARE_STYLES,
    numbering: { config: [{ reference: 'bullets', levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 400, hanging: 280 } } } }] }] },
    ...(toc ? { pageNumbers: estimatePageNumbersWith({ guess: true }) } : {}),
    sections: [{
      headers: { default: new Header({ children: [new Paragraph({ style: 'HeaderText', children: [new TextRun('Annual Operations Report')] })] }) },
      footers: { default: new Footer({ children: [new Paragraph({ tabStops: [{ type: TabStopType.RIGHT, position: 9412 }], children: [new TextRun({ children: ['\tPage ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES] })] })] }) },
      children,
    }],
  }));
}

export const cases: RenderCase[] = [
  { name: 'word: 50-page document', folio: () => folioDoc(false), bare: () => bareDoc(false) },
  { name: 'word: 50-page document with a contents page', folio: () => folioDoc(true), bare: () => bareDoc(true) },
];
