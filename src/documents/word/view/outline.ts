// What the model reads of a Word document: the outline (title, page, header and footer, then every
// heading and, while the document is small enough, every block with its id) and blocks as markdown
// (read_section). Blocks Folio cannot edit as text (content controls, text boxes, equations...) are
// described and marked as kept as they are.
import { attr, descendants, NS } from '../../ooxml/xml.ts';
import { REL } from '../../ooxml/relationships.ts';
import { geometryOf, sectionOf } from '../design/page.ts';
import { plainText as inlinePlain } from '../inline.ts';
import type { WordDocument } from '../word.document.ts';
import type { BlockView } from './body.view.ts';
import { plainText } from './paragraph-text.ts';

function clip(s: string, n: number): string {
  const t = inlinePlain(s).replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** One block as markdown (what read_section shows; add_content and replace_content accept the same syntax). */
export function blockMarkdown(b: BlockView): string {
  switch (b.kind) {
    case 'title': return `(title) ${b.text}`;
    case 'subtitle': return `(subtitle) ${b.text}`;
    case 'heading': return `${'#'.repeat(Math.min(6, b.level ?? 1))} ${b.text}`;
    case 'paragraph': return b.variant === 'quote' ? `> ${b.text}` : b.variant === 'note' ? `(note) ${b.text}` : b.text || '(empty paragraph)';
    case 'list': {
      const n: number[] = [];
      return b.items!.map((item) => {
        n[item.level] = (n[item.level] ?? 0) + 1;
        n.length = item.level + 1;
        return `${'  '.repeat(item.level)}${b.ordered ? `${n[item.level]}.` : '-'} ${item.text}`;
      }).join('\n');
    }
    case 'table': {
      const rows = b.rows!;
      const width = Math.max(1, ...rows.map((r) => r.length));
      const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => cell(r[i] ?? '')).join(' | ')} |`;
      return [`(table: ${rows.length} rows x ${width} columns; edit_table rows are 0-based from the first row)`, ...rows.slice(0, 1).map(line), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)].join('\n');
    }
    case 'image': return `(${b.text})`;
    case 'caption': return `(caption) ${b.text}`;
    case 'toc': return '(table of contents: updated by Folio when headings change)';
    case 'page_break': return '(page break)';
    case 'other': return `(kept as is, not editable as text: ${b.text})`;
  }
}

function describe(b: BlockView): string {
  switch (b.kind) {
    case 'title': return `title "${clip(b.text, 120)}"`;
    case 'subtitle': return `subtitle "${clip(b.text, 120)}"`;
    case 'heading': return `H${b.level} ${clip(b.text, 120)}`;
    case 'paragraph': return `${b.variant ?? 'paragraph'}: "${clip(b.text, 90)}"${b.text.length > 90 ? ` (${b.text.length} chars)` : ''}`;
    case 'list': return `${b.ordered ? 'numbered' : 'bulleted'} list, ${b.items!.length} items: ${b.items!.slice(0, 3).map((i) => `"${clip(i.text, 40)}"`).join(', ')}${b.items!.length > 3 ? ', ...' : ''}`;
    case 'table': return `table ${b.rows!.length} rows x ${Math.max(0, ...b.rows!.map((r) => r.length))} columns: ${(b.rows![0] ?? []).map((h) => clip(h, 20)).join(' | ')}`;
    case 'image': return b.text;
    case 'caption': return `caption "${clip(b.text, 80)}"`;
    case 'toc': return 'table of contents';
    case 'page_break': return 'page break';
    case 'other': return `kept as is: ${clip(b.text, 80)}`;
  }
}

/** The default header or footer text of the last section, for the outline. */
function partText(doc: WordDocument, kind: 'header' | 'footer'): string | null {
  const sect = sectionOf(doc.body(), null);
  const ref = sect ? descendants(sect, NS.w, `${kind}Reference`).find((r) => attr(r, 'w:type') === 'default') : null;
  const rel = ref ? doc.pkg.rels(doc.main).get(attr(ref, 'r:id') ?? '') : undefined;
  if (!rel || rel.external || !doc.pkg.has(rel.target)) return null;
  const root = doc.pkg.xml(rel.target).documentElement!;
  const pages = descendants(root, NS.w, 'instrText').some((t) => /^\s*PAGE\b/.test(t.textContent ?? '')) || descendants(root, NS.w, 'fldSimple').some((f) => /^\s*PAGE\b/.test(attr(f, 'w:instr') ?? ''));
  return `"${clip(plainText(root), 60)}"${pages ? ' + page numbers' : ''}`;
}

/** Every heading, and the other blocks while the document is small enough to list them. */
export function wordOutline(doc: WordDocument, maxLines = 400): string {
  const blocks = doc.blocks();
  const title = blocks.find((b) => b.kind === 'title');
  const subtitle = blocks.find((b) => b.kind === 'subtitle');
  const sections = descendants(doc.body(), NS.w, 'sectPr').length;
  const g = geometryOf(sectionOf(doc.body(), null));
  const short = Math.min(g.width, g.height);
  const size = Math.abs(short - 11906) < 60 ? 'A4' : Math.abs(short - 12240) < 60 ? 'Letter' : `${(short / 567).toFixed(1)} x ${(Math.max(g.width, g.height) / 567).toFixed(1)} cm`;
  const notes = doc.pkg.related(doc.main, REL.footnotes).length ? descendants(doc.pkg.xml(doc.pkg.related(doc.main, REL.footnotes)[0]).documentElement!, NS.w, 'footnote').filter((f) => !attr(f, 'w:type')).length : 0;
  const comments = doc.pkg.related(doc.main, REL.comments).length ? descendants(doc.pkg.xml(doc.pkg.related(doc.main, REL.comments)[0]).documentElement!, NS.w, 'comment').length : 0;
  const lines = [
    `Title: ${title ? `"${clip(title.text, 150)}" [${title.id}]` : '(none)'}${subtitle ? `; subtitle: "${clip(subtitle.text, 150)}" [${subtitle.id}]` : ''}`,
    `Page: ${size} ${g.landscape ? 'landscape' : 'portrait'}${sections > 1 ? ` (last of ${sections} sections)` : ''}; header: ${partText(doc, 'header') ?? 'none'}; footer: ${partText(doc, 'footer') ?? 'none'}${notes ? `; ${notes} footnotes` : ''}${comments ? `; ${comments} comments (kept)` : ''}`,
    `Blocks (${blocks.length}; ids in brackets):`,
  ];
  const showAll = blocks.length <= maxLines;
  let level = 0;
  let hidden = 0;
  for (const b of blocks) {
    if (b.kind === 'title' || b.kind === 'subtitle') continue;
    if (b.kind === 'heading') {
      if (hidden) lines.push(`${'  '.repeat(level)}  ... ${hidden} blocks (read_section to see them)`);
      hidden = 0;
      level = Math.min(5, (b.level ?? 1) - 1);
      lines.push(`${'  '.repeat(level)}[${b.id}] ${describe(b)}`);
    } else if (showAll) lines.push(`${'  '.repeat(level)}  [${b.id}] ${describe(b)}`);
    else hidden++;
  }
  if (hidden) lines.push(`${'  '.repeat(level)}  ... ${hidden} blocks (read_section to see them)`);
  if (!blocks.length) lines.push('  (empty)');
  return lines.join('\n');
}
