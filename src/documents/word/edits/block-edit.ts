// update_block: one existing block changed in place. Text keeps the paragraph's properties and the run
// formatting it replaces; a heading level or a paragraph kind (quote, note) changes only the paragraph
// style; a list's items are rewritten in the list's own paragraph properties (numbering included).
import { Type, type Static } from 'typebox';
import type { ContextFile } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { child, fragment, NS, removeNode, xmlEscape, type Element } from '../../ooxml/xml.ts';
import { resolveCitations, type ListItem } from '../content-blocks.ts';
import { listFormat } from '../design/numbering.ts';
import { ensureStyle, type StyleRole } from '../design/styles.ts';
import type { BlockView } from '../view/body.view.ts';
import type { WordDocument } from '../word.document.ts';
import { setParagraphText } from './paragraph-edit.ts';
import { inlineRuns } from './runs.ts';

export const UpdateFields = Type.Object({
  id: Type.String({ pattern: '^b\\d+$', description: 'The block id from get_outline.' }),
  text: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000, description: 'New text (inline markdown) of a heading, paragraph, title, subtitle or caption.' })),
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'Heading level.' })),
  style: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('quote'), Type.Literal('note')], { description: 'Paragraph kind.' })),
  items: Type.Optional(Type.Array(Type.String({ maxLength: 5000 }), { minItems: 1, maxItems: 500, description: 'List items as markdown lines ("- text"; two spaces of indent per level).' })),
  ordered: Type.Optional(Type.Boolean({ description: 'List: numbered (true) or bulleted (false).' })),
}, { additionalProperties: false });

export type Update = Static<typeof UpdateFields>;

const ALLOWED: Partial<Record<BlockView['kind'], (keyof Update)[]>> = {
  title: ['text'], subtitle: ['text'], caption: ['text'],
  heading: ['text', 'level'],
  paragraph: ['text', 'style'],
  list: ['items', 'ordered'],
};

function listItems(lines: string[]): ListItem[] {
  return lines.map((line) => {
    const m = /^(\s*)(?:[-*+]|\d+[.)])?\s*(.*)$/.exec(line)!;
    return { text: m[2], level: Math.min(2, Math.floor(m[1].length / 2)) as ListItem['level'] };
  });
}

function setStyle(p: Element, style: string | null): void {
  let pPr = child(p, NS.w, 'pPr');
  if (!pPr) {
    pPr = fragment(p.ownerDocument!, '<w:pPr/>');
    p.insertBefore(pPr, p.firstChild);
  }
  const old = child(pPr, NS.w, 'pStyle');
  if (!style) { removeNode(old); return; }
  if (old) old.setAttribute('w:val', style);
  else pPr.insertBefore(fragment(p.ownerDocument!, `<w:pStyle w:val="${xmlEscape(style)}"/>`), pPr.firstChild);
}

/** Rewrites a list's items: each level takes the properties of an existing item at that level (or the first's). */
function setListItems(doc: WordDocument, block: BlockView, items: ListItem[], ordered: boolean | undefined): void {
  const first = block.els[0];
  const parent = first.parentNode!;
  const after = block.els.at(-1)!.nextSibling;
  const byLevel = new Map<number, Element>();
  for (const item of block.items!) if (!byLevel.has(item.level)) byLevel.set(item.level, item.el);
  const fmt = ordered !== undefined && ordered !== block.ordered ? listFormat(doc.pkg, doc.main, doc.styles(), ordered) : null;
  const owner = first.ownerDocument!;
  const made = items.map((item) => {
    let pPrXml: string;
    if (fmt) {
      const numPr = fmt.numId ? `<w:numPr><w:ilvl w:val="${item.level}"/><w:numId w:val="${xmlEscape(fmt.numId)}"/></w:numPr>` : '';
      pPrXml = `<w:pPr><w:pStyle w:val="${xmlEscape(fmt.styles[item.level])}"/>${numPr}</w:pPr>`;
    } else {
      const model = byLevel.get(item.level) ?? byLevel.get(0) ?? first;
      const pPr = child(model, NS.w, 'pPr')?.cloneNode(true) as Element | undefined;
      if (pPr) {
        removeNode(child(pPr, NS.w, 'sectPr'));
        const ilvl = child(child(pPr, NS.w, 'numPr'), NS.w, 'ilvl');
        if (ilvl && !byLevel.has(item.level)) ilvl.setAttribute('w:val', String(item.level));
      }
      pPrXml = pPr ? pPr.toString().replace(/ xmlns:\w+="[^"]*"/g, '') : '';
    }
    const base = child(block.items!.find((i) => i.level === item.level)?.el ?? first, NS.w, 'r');
    return fragment(owner, `<w:p>${pPrXml}${inlineRuns(doc, item.text, '', { base: child(base, NS.w, 'rPr') })}</w:p>`);
  });
  for (const el of made) parent.insertBefore(el, after);
  // A section break carried by the old list stays, on an empty paragraph.
  for (const el of block.els) {
    const sect = child(child(el, NS.w, 'pPr'), NS.w, 'sectPr');
    if (sect) parent.insertBefore(fragment(owner, `<w:p><w:pPr>${sect.toString().replace(/ xmlns:\w+="[^"]*"/g, '')}</w:pPr></w:p>`), after);
    removeNode(el);
  }
}

export function updateBlock(doc: WordDocument, block: BlockView, u: Update, files: ContextFile[]): void {
  const given = (Object.keys(u) as (keyof Update)[]).filter((k) => k !== 'id' && u[k] !== undefined);
  if (!given.length) throw new ToolError('Give at least one field to change.');
  const allowed = ALLOWED[block.kind] ?? [];
  const wrong = given.filter((k) => !allowed.includes(k));
  if (wrong.length) {
    const hint = block.kind === 'table' ? ' Use edit_table for cells and rows; a caption is a block of its own.' : allowed.length ? '' : ' This block is kept as it is; replace_content or delete can replace it.';
    throw new ToolError(`${block.id} is a ${block.kind}; ${wrong.join(', ')} cannot be set on it${allowed.length ? ` (it takes ${allowed.join(', ')})` : ''}.${hint}`);
  }
  doc.editBody();
  const p = block.els[0];
  if (u.text !== undefined) setParagraphText(doc, p, resolveCitations(u.text, files));
  if (u.level !== undefined) {
    setStyle(p, ensureStyle(doc.pkg, doc.main, doc.styles(), `heading${u.level}` as StyleRole));
    removeNode(child(child(p, NS.w, 'pPr'), NS.w, 'outlineLvl'));
  }
  if (u.style !== undefined) setStyle(p, u.style === 'normal' ? null : ensureStyle(doc.pkg, doc.main, doc.styles(), u.style));
  if (u.items !== undefined || u.ordered !== undefined) {
    const items = u.items ? listItems(u.items.map((i) => resolveCitations(i, files))) : block.items!.map((i) => ({ text: i.text, level: Math.min(2, i.level) as ListItem['level'] }));
    setListItems(doc, block, items, u.ordered);
  }
  doc.changed();
}
