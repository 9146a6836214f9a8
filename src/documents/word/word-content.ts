// Conversions between the Word model and text: markdown (from the model or the planner) into blocks,
// blocks back into markdown for read tools, the outline the model navigates by, and citation markers
// `[^2]` resolved to footnotes naming context file 2.
import { csvBlock, parseMarkdown } from '../agent/markdown.ts';
import type { ContextFile } from '../agent/format-adapter.ts';
import { ToolError } from '../agent/tool-error.ts';
import { escapeInline, plainText } from './word-inline.ts';
import { isNumericColumn } from './word-table-layout.ts';
import { withId, type Block, type ListItem, type NewBlock, type WordDoc } from './word-model.ts';

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

/** Markdown -> new blocks (ids assigned). Headings deeper than 4 become level 4; `---` becomes a page break. */
export function blocksFromMarkdown(doc: WordDoc, markdown: string, files: ContextFile[]): Block[] {
  const out: NewBlock[] = [];
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
        // Columns without an explicit alignment (|---|) are decided here: numbers right, text left.
        const table = { kind: 'table' as const, header: b.header, rows: b.rows, caption: null, align: [] as ('left' | 'right' | 'center')[] };
        const align = b.align.map((a, i) => a ?? (isNumericColumn(table, i) ? 'right' : 'left'));
        out.push({ ...table, align: align.some((a) => a !== 'left') ? align : [] });
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
  return out.map((b) => withId(doc, b));
}

/** One block as markdown (what read_section returns and blocksFromMarkdown accepts back). */
export function blockMarkdown(b: Block): string {
  switch (b.kind) {
    case 'heading': return `${'#'.repeat(b.level)} ${b.text}`;
    case 'paragraph': return b.style === 'quote' ? `> ${b.text}` : b.style === 'note' ? `(note) ${b.text}` : b.text;
    case 'list': return b.items.map((item, i) => `${'  '.repeat(item.level)}${b.ordered ? `${i + 1}.` : '-'} ${item.text}`).join('\n');
    case 'table': {
      const width = Math.max(b.header.length, ...b.rows.map((r) => r.length));
      const row = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => (r[i] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`;
      const head = b.header.length ? [row(b.header), `|${' --- |'.repeat(width)}`] : [];
      return [b.caption ? `(table caption: ${b.caption})` : '', ...head, ...b.rows.map(row)].filter(Boolean).join('\n');
    }
    case 'image': return `(image ${b.image.width}x${b.image.height}, ${b.widthPercent}% of the text width${b.caption ? `, caption: ${b.caption}` : ''})`;
    case 'page_break': return '(page break)';
    case 'toc': return `(table of contents "${b.title}", levels 1-${b.maxLevel})`;
    case 'raw': return `(preserved element, not editable: ${b.description})`;
  }
}

function clip(s: string, n: number): string {
  const t = plainText(s).replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

function describe(b: Block): string {
  switch (b.kind) {
    case 'heading': return `H${b.level} ${clip(b.text, 120)}`;
    case 'paragraph': return `${b.style === 'normal' ? 'paragraph' : b.style}: "${clip(b.text, 90)}"${b.text.length > 90 ? ` (${b.text.length} chars)` : ''}`;
    case 'list': return `${b.ordered ? 'numbered' : 'bulleted'} list, ${b.items.length} items: ${b.items.slice(0, 3).map((i) => `"${clip(i.text, 40)}"`).join(', ')}${b.items.length > 3 ? ', ...' : ''}`;
    case 'table': return `table ${b.rows.length} rows x ${Math.max(b.header.length, b.rows[0]?.length ?? 0)} columns${b.caption ? ` "${clip(b.caption, 60)}"` : ''}: ${b.header.map((h) => clip(h, 20)).join(' | ') || '(no header row)'}`;
    case 'image': return `image${b.caption ? ` "${clip(b.caption, 60)}"` : ''}`;
    case 'page_break': return 'page break';
    case 'toc': return `table of contents "${b.title}" (levels 1-${b.maxLevel})`;
    case 'raw': return `preserved element: ${clip(b.description, 80)}`;
  }
}

/** Every heading, and the other blocks while the document is small enough to list them. */
export function wordOutline(doc: WordDoc, maxLines = 400): string {
  const lines = [
    `Title: ${doc.title ? `"${clip(doc.title, 150)}"` : '(none)'}${doc.subtitle ? `; subtitle: "${clip(doc.subtitle, 150)}"` : ''}`,
    `Page: ${doc.page.size} ${doc.page.orientation}; header: ${doc.header.enabled ? `"${clip(doc.header.text || doc.title || '', 60)}"` : 'off'}; footer: "${clip(doc.footer.text, 60)}"${doc.footer.pageNumbers ? ' + page numbers' : ''}`,
    `Blocks (${doc.blocks.length}; ids in brackets):`,
  ];
  const showAll = doc.blocks.length <= maxLines;
  let level = 0;
  let hidden = 0;
  for (const b of doc.blocks) {
    if (b.kind === 'heading') {
      if (hidden) lines.push(`${'  '.repeat(level)}  ... ${hidden} blocks (read_section to see them)`);
      hidden = 0;
      level = b.level - 1;
      lines.push(`${'  '.repeat(level)}[${b.id}] ${describe(b)}`);
    } else if (showAll) lines.push(`${'  '.repeat(level)}  [${b.id}] ${describe(b)}`);
    else hidden++;
  }
  if (hidden) lines.push(`${'  '.repeat(level)}  ... ${hidden} blocks (read_section to see them)`);
  if (!doc.blocks.length) lines.push('  (empty)');
  return lines.join('\n');
}
