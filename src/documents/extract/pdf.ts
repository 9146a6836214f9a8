// PDF through pdf.js (pdfjs-dist): each page's text items become lines (by their baseline), and lines
// become paragraphs where the gap to the next line is clearly larger than the page's line spacing.
// Locations are pages and paragraph numbers within the page. Text only: PDFs carry no table structure.
import { DocBuilder, UnreadableFile, type ExtractedDoc } from './extracted.ts';


type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
/** The fields of pdf.js text items that are read here. */
interface TextItem { str: string; hasEOL: boolean; transform: number[]; height: number }
let pdfjs: Promise<PdfJs> | null = null;
// Loaded on first use: it is large, and most processes never read a PDF.
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

interface Line { text: string; y: number; size: number }

function linesOf(items: TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    const y = item.transform[5];
    const size = item.height || Math.abs(item.transform[3]) || 10;
    if (current && Math.abs(current.y - y) > size * 0.5) { lines.push(current); current = null; }
    if (!current) current = { text: '', y, size };
    current.text += item.str;
    if (item.hasEOL) { lines.push(current); current = null; }
  }
  if (current) lines.push(current);
  return lines.filter((l) => l.text.trim());
}

function paragraphsOf(lines: Line[]): string[] {
  const gaps = lines.slice(1).map((l, i) => lines[i].y - l.y).filter((g) => g > 0).sort((a, b) => a - b);
  // The line spacing: a low percentile of the gaps (paragraph breaks are the larger ones, and can be many).
  const usual = gaps.length ? gaps[Math.floor(gaps.length * 0.2)] : 12;
  const out: string[] = [];
  let current: string[] = [];
  lines.forEach((line, i) => {
    if (i > 0 && lines[i - 1].y - line.y > usual * 1.5) { out.push(current.join('\n')); current = []; }
    current.push(line.text.trim());
  });
  if (current.length) out.push(current.join('\n'));
  return out;
}

export async function extractPdf(bytes: Buffer, budget: number): Promise<ExtractedDoc> {
  const lib = await loadPdfJs();
  let pdf;
  try {
    pdf = await lib.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  } catch (err) {
    throw new UnreadableFile(`The PDF could not be read: ${(err as Error).message}`);
  }
  const doc = new DocBuilder(budget);
  try {
    for (let p = 1; p <= pdf.numPages && !doc.full; p++) {
      const page = await pdf.getPage(p);
      const content = await page.getTextContent();
      const items = content.items.filter((i) => 'str' in i) as unknown as TextItem[];
      paragraphsOf(linesOf(items)).forEach((text, i) => doc.passage(text, null, { label: `page ${p}, paragraph ${i + 1}`, page: p, paragraph: i + 1 }));
      page.cleanup();
    }
    return doc.build('pdf', { pages: pdf.numPages });
  } finally {
    await pdf.destroy();
  }
}
