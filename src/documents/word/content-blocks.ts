// New Word content as the tools and planners describe it, before it is written into a document:
// headings, paragraphs (normal, quote, call-out note), lists, tables, pictures and page breaks. Text is
// inline markdown (inline.ts). Markdown from the model or the planner becomes these blocks here;
// edits/write-blocks.ts writes them in the document's own styles.
import { csvBlock, parseMarkdown } from '../agent/markdown.ts';
import type { ContextFile } from '../agent/format-adapter.ts';
import { ToolError } from '../agent/tool-error.ts';
import { escapeInline } from './inline.ts';
import { isNumericColumn } from './table-layout.ts';

export type Align = 'left' | 'right' | 'center';
export interface ListItem { text: string; level: 0 | 1 | 2 }
export interface DocImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/gif';
  width: number;
  height: number;
}

export interface HeadingContent { kind: 'heading'; level: 1 | 2 | 3 | 4; text: string }
export interface ParagraphContent { kind: 'paragraph'; text: string; style: 'normal' | 'quote' | 'note' }
export interface ListContent { kind: 'list'; ordered: boolean; items: ListItem[] }
export interface TableContent {
  kind: 'table';
  /** The header row (repeated on every page); empty for a table without one. */
  header: string[];
  rows: string[][];
  caption: string | null;
  /** Column alignment; unset columns: numbers right, text left. */
  align: Align[];
}
export interface ImageContent { kind: 'image'; image: DocImage; caption: string | null; /** Share of the text width, 10-100. */ widthPercent: number; source: string | null }
export interface PageBreakContent { kind: 'page_break' }

export type ContentBlock = HeadingContent | ParagraphContent | ListContent | TableContent | ImageContent | PageBreakContent;

const CITATION = /\[\^(\d{1,3})\]/g;

/** `[^n]` -> a footnote naming context file n; an unknown number is an error the model can fix. */
export function resolveCitations(text: string, files: ContextFile[]): string {
  return text.replace(CITATION, (_, n: string) => {
    const file = files.find((f) => f.ref === Number(n));
    if (!file) {
      throw new ToolError(files.length
        ? `Citation [^${n}] points at no context file; this request has files [^1] to [^${files.length}].`
        : `Citation [^${n}] points at no context file; this request has none. Write other footnotes as [^text of the note].`);
    }
    return `[^Source: ${escapeInline(file.file_name).replace(/[[\]]/g, '')}]`;
  });
}

const cellText = (c: unknown) => (c === null || c === undefined ? '' : typeof c === 'number' ? c.toLocaleString('en-US', { maximumFractionDigits: 6 }) : escapeInline(String(c)));

/** Markdown -> blocks. Headings deeper than 4 become level 4; `---` becomes a page break. */
export function blocksFromMarkdown(markdown: string, files: ContextFile[]): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const b of parseMarkdown(resolveCitations(markdown, files))) {
    switch (b.type) {
      case 'heading': out.push({ kind: 'heading', level: Math.min(4, b.level) as 1 | 2 | 3 | 4, text: b.text }); break;
      case 'paragraph': {
        const note = /^\(note\)\s*/i.exec(b.text);
        out.push({ kind: 'paragraph', style: note ? 'note' : 'normal', text: note ? b.text.slice(note[0].length) : b.text });
        break;
      }
      case 'quote': out.push({ kind: 'paragraph', style: 'quote', text: b.text }); break;
      case 'list': out.push({ kind: 'list', ordered: b.ordered, items: b.items.map((i) => ({ text: i.text, level: Math.min(2, i.level) as ListItem['level'] })) }); break;
      case 'table': {
        const table = { header: b.header, rows: b.rows };
        const align = b.align.map((a, i) => a ?? (isNumericColumn(table, i) ? 'right' : 'left'));
        out.push({ kind: 'table', header: b.header, rows: b.rows, caption: null, align: align.some((a) => a !== 'left') ? align : [] });
        break;
      }
      case 'facts': out.push({ kind: 'table', header: [], rows: b.pairs.map(([k, v]) => [`**${k}**`, v]), caption: null, align: [] }); break;
      case 'rule': out.push({ kind: 'page_break' }); break;
      case 'code': {
        const csv = csvBlock(b);
        if (csv) out.push({ kind: 'table', header: csv.header, rows: csv.rows.map((r) => r.map(cellText)), caption: null, align: [] });
        else out.push({ kind: 'paragraph', style: 'note', text: escapeInline(b.text) });
        break;
      }
    }
  }
  return out;
}
