// Plain text, Markdown and CSV. Text and Markdown: paragraphs are separated by blank lines, Markdown
// headings head what follows them and pipe tables become tables; locations are paragraph and line
// numbers. CSV: one table (the first row is the header), with line numbers. HTML: its text, read as
// plain text.
import { parseCsv } from '../agent/csv-parse.ts';
import { DocBuilder, type ExtractedDoc } from './extracted.ts';
import { htmlToText } from './html-blocks.ts';

const TABLE_LINE = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function pipeCells(line: string): string[] {
  return line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim().replace(/\*\*|__/g, ''));
}

export function extractText(text: string, markdown: boolean, budget: number): ExtractedDoc {
  const doc = new DocBuilder(budget);
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let heading: string | null = null;
  let paragraph = 0;
  let tables = 0;
  let buffer: { text: string; line: number }[] = [];
  const flush = () => {
    if (!buffer.length) return;
    paragraph++;
    doc.passage(buffer.map((b) => b.text).join('\n'), heading, { label: `paragraph ${paragraph} (line ${buffer[0].line})`, paragraph, line: buffer[0].line });
    buffer = [];
  };
  for (let i = 0; i < lines.length && !doc.full; i++) {
    const line = lines[i];
    const h = markdown ? /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (h) {
      flush();
      heading = h[2].trim();
      paragraph++;
      doc.passage(heading, null, { label: `paragraph ${paragraph} (line ${i + 1})`, paragraph, line: i + 1 });
      continue;
    }
    if (markdown && TABLE_LINE.test(line) && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1])) {
      flush();
      const start = i + 1;
      const rows = [pipeCells(line)];
      i += 2;
      while (i < lines.length && TABLE_LINE.test(lines[i])) rows.push(pipeCells(lines[i++]));
      i--;
      tables++;
      doc.table({ rows, headerRow: 0, title: heading, location: { label: `table ${tables} (line ${start})`, table: tables, line: start } });
      continue;
    }
    if (!line.trim()) { flush(); continue; }
    buffer.push({ text: markdown ? line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/\*\*|__/g, '') : line, line: i + 1 });
  }
  flush();
  return doc.build(markdown ? 'md' : 'txt');
}

export function extractCsv(text: string, budget: number): ExtractedDoc {
  const doc = new DocBuilder(budget);
  const rows = parseCsv(text).filter((r) => r.some((c) => c.trim() !== ''));
  if (rows.length) doc.table({ rows, headerRow: 0, title: null, location: { label: 'table 1', table: 1, line: 1 } });
  return doc.build('csv');
}

export function extractHtml(html: string, budget: number): ExtractedDoc {
  return extractText(htmlToText(html), false, budget);
}
