// Real .docx, .xlsx and .pptx documents for the export tests and bench, written with the same libraries
// the document agents use, and a test-only agent that produces them (the real agents are a later issue).
import { Document, HeadingLevel, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import PptxGenJSModule from 'pptxgenjs';
import type { Format } from '../../src/config.ts';
import type { AgentInput, AgentResult, AgentRunner } from '../../src/runs/agents.ts';

// pptxgenjs ships CommonJS-style typings for an ES module: TypeScript sees the class one level down.
const PptxGenJS = ((PptxGenJSModule as any).default ?? PptxGenJSModule) as typeof PptxGenJSModule.default;

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** A short Word document: heading, paragraphs (bold, non-ASCII), a table; `pages` > 1 adds page breaks. */
export async function makeDocx(opts: { title?: string; body?: string; pages?: number } = {}): Promise<Buffer> {
  const title = opts.title ?? 'Quarterly Report';
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ children: [new TextRun('Revenue grew in every region. '), new TextRun({ text: 'Bold conclusion.', bold: true })] }),
    new Paragraph(opts.body ?? 'Zürich café naïve façade: 42 widgets shipped.'),
    new Table({
      rows: [
        new TableRow({ children: [new TableCell({ children: [new Paragraph('Region')] }), new TableCell({ children: [new Paragraph('Units')] })] }),
        new TableRow({ children: [new TableCell({ children: [new Paragraph('North')] }), new TableCell({ children: [new Paragraph('1200')] })] }),
      ],
    }),
  ];
  for (let p = 2; p <= (opts.pages ?? 1); p++) {
    children.push(new Paragraph({ children: [new PageBreak()] }), new Paragraph(`Page ${p} content`));
  }
  const doc = new Document({ styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } }, sections: [{ children }] });
  return Packer.toBuffer(doc);
}

/**
 * A workbook with two sheets. "Sales" holds text needing CSV quoting (comma, quote, line break), numbers,
 * a date, a boolean and formulas; `cachedResults: false` leaves formulas without computed values, as
 * generated workbooks often do, so only a recalculation can produce them.
 */
export async function makeXlsx(opts: { title?: string; cachedResults?: boolean; sheets?: number } = {}): Promise<Buffer> {
  const cached = opts.cachedResults ?? true;
  const wb = new ExcelJS.Workbook();
  const sales = wb.addWorksheet('Sales');
  sales.columns = [{ width: 24 }, { width: 12 }, { width: 12 }, { width: 14 }];
  sales.addRow([opts.title ?? 'Product', 'Units', 'Price', 'Total']).font = { bold: true };
  sales.addRow(['Widget, large', 3, 2.5, cached ? { formula: 'B2*C2', result: 7.5 } : { formula: 'B2*C2' }]);
  sales.addRow(['Gadget "pro"', 4, 10, cached ? { formula: 'B3*C3', result: 40 } : { formula: 'B3*C3' }]);
  sales.addRow(['Multi\nline', 1, 0.1, cached ? { formula: 'B4*C4', result: 0.1 } : { formula: 'B4*C4' }]);
  sales.addRow(['Sum', cached ? { formula: 'SUM(B2:B4)', result: 8 } : { formula: 'SUM(B2:B4)' }, null, cached ? { formula: 'SUM(D2:D4)', result: 47.6 } : { formula: 'SUM(D2:D4)' }]);
  sales.addRow(['Shipped on', new Date(Date.UTC(2024, 0, 31)), true, 'Zürich']);
  for (let s = 2; s <= (opts.sheets ?? 2); s++) {
    const notes = wb.addWorksheet(s === 2 ? 'Notes' : `Sheet ${s}`);
    notes.addRow(['Note', 'Owner']);
    notes.addRow([`Remember sheet ${s}`, 'Ana']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A deck of `slides` slides (default 2), each with a title and a bullet line. */
export async function makePptx(opts: { title?: string; slides?: number } = {}): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  const count = opts.slides ?? 2;
  for (let i = 1; i <= count; i++) {
    const slide = pptx.addSlide();
    slide.addText(i === 1 ? (opts.title ?? 'Folio Slides Fixture') : `Slide ${i} heading`, { x: 0.5, y: 0.4, w: 9, h: 1, fontSize: 32, bold: true, fontFace: 'Calibri' });
    slide.addText(`Bullet point number ${i} about growth`, { x: 0.5, y: 1.8, w: 9, h: 1, fontSize: 20, fontFace: 'Calibri', bullet: true });
  }
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer);
}

export const FIXTURE_OF: Record<Format, { ext: string; type: string }> = {
  word: { ext: 'docx', type: DOCX_TYPE },
  excel: { ext: 'xlsx', type: XLSX_TYPE },
  slides: { ext: 'pptx', type: PPTX_TYPE },
};

/** What the test agent writes, from its prompt: plain text is the title; JSON chooses the fixture. */
export interface FixtureScript {
  title?: string;
  /** Word: page count. */
  pages?: number;
  /** Slides: slide count. */
  slides?: number;
  /** Excel: false leaves formulas without computed values. */
  cachedResults?: boolean;
  /** Excel: sheet count (default 2). */
  sheets?: number;
  /** Stores these exact bytes (base64) instead: corrupt documents. */
  raw?: string;
}

export async function makeFixture(format: Format, s: FixtureScript): Promise<Buffer> {
  if (s.raw !== undefined) return Buffer.from(s.raw, 'base64');
  if (format === 'word') return makeDocx({ title: s.title, pages: s.pages });
  if (format === 'excel') return makeXlsx({ title: s.title, cachedResults: s.cachedResults, sheets: s.sheets });
  return makePptx({ title: s.title, slides: s.slides });
}

/** A test-only agent writing a real document (see FixtureScript). */
export function officeAgent(format: Format): AgentRunner {
  return {
    name: `test-office-${format}-agent`,
    async run(input: AgentInput): Promise<AgentResult> {
      const { ext, type } = FIXTURE_OF[format];
      const prompt = input.request.prompt;
      const script: FixtureScript = prompt.trim().startsWith('{') ? JSON.parse(prompt) : { title: prompt };
      const body = await makeFixture(format, script);
      return { artifact: { body, contentType: type, fileName: `document.${ext}` }, summary: `office ${format} fixture`, credits: 1 };
    },
  };
}

export function officeAgents(): Record<Format, AgentRunner> {
  return { word: officeAgent('word'), excel: officeAgent('excel'), slides: officeAgent('slides') };
}
