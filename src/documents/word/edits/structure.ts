// Where blocks go and how they leave: positions ("start", "end", "after:<id>", "before:<id>"), sections
// (a heading and everything under it), and inserting, deleting and moving the body elements of blocks.
// A paragraph that carries a section break keeps it in place: deleting or moving it leaves an empty
// paragraph with the section settings, so the document's sections stay as they were.
import { ToolError } from '../../agent/tool-error.ts';
import { child, childElements, fragments, NS, path1, removeNode, type Element, type Node } from '../../ooxml/xml.ts';
import { geometryOf, sectionOf } from '../design/page.ts';
import type { BlockView } from '../view/body.view.ts';
import type { WordDocument } from '../word.document.ts';
import type { WriteContext } from './write-blocks.ts';

export const POSITION_PATTERN = '^(start|end|(after|before):b\\d+)$';

export function findBlock(doc: WordDocument, id: string): { block: BlockView; index: number } {
  const blocks = doc.blocks();
  const index = blocks.findIndex((b) => b.id === id);
  if (index < 0) throw new ToolError(`No block ${id}. Call get_outline for the current ids.`);
  return { block: blocks[index], index };
}

/** A heading and the blocks up to the next heading of the same or a higher level. */
export function sectionBlocks(doc: WordDocument, headingId: string): BlockView[] {
  const { block, index } = findBlock(doc, headingId);
  if (block.kind !== 'heading') throw new ToolError(`${headingId} is a ${block.kind}, not a heading; a section is named by its heading.`);
  const blocks = doc.blocks();
  let end = index + 1;
  while (end < blocks.length && !(blocks[end].kind === 'heading' && blocks[end].level! <= block.level!) && blocks[end].kind !== 'toc') end++;
  return blocks.slice(index, end);
}

/** The blocks a call addresses: a whole section (heading id) or the listed ids, in document order. */
export function selection(doc: WordDocument, ids: string[] | undefined, section: string | undefined): BlockView[] {
  if (section) return sectionBlocks(doc, section);
  if (!ids?.length) throw new ToolError('Give ids (a list of block ids) or section (a heading id).');
  const picked = new Set(ids.map((id) => findBlock(doc, id).block));
  return doc.blocks().filter((b) => picked.has(b));
}

/** The body child before which content at a position goes (null: append), and an element near it. */
export function insertionPoint(doc: WordDocument, position: string | undefined): { before: Node | null; near: Element | null } {
  const body = doc.body();
  const blocks = doc.blocks();
  const finalSect = child(body, NS.w, 'sectPr');
  if (!position || position === 'end') return { before: finalSect, near: blocks.at(-1)?.els.at(-1) ?? null };
  if (position === 'start') {
    // The content starts after the title, the subtitle and a table of contents right under them.
    let i = 0;
    while (i < blocks.length && (blocks[i].kind === 'title' || blocks[i].kind === 'subtitle')) i++;
    if (blocks[i]?.kind === 'toc') i++;
    const first = blocks[i]?.els[0] ?? null;
    return { before: first ?? finalSect, near: first ?? blocks.at(-1)?.els.at(-1) ?? null };
  }
  const [where, id] = position.split(':');
  const { block } = findBlock(doc, id);
  if (where === 'before') return { before: block.els[0], near: block.els[0] };
  const last = block.els.at(-1)!;
  return { before: last.nextSibling, near: last };
}

/** The page settings where content at a position goes: text width and page height of that section. */
export function writeContextAt(doc: WordDocument, near: Element | null): WriteContext {
  const g = geometryOf(sectionOf(doc.body(), near));
  return { doc, textWidth: g.textWidth, pageHeight: g.height };
}

/** Inserts XML snippets (top-level body elements) before `before`; returns the new elements. */
export function insertXml(doc: WordDocument, xml: string[], before: Node | null): Element[] {
  const body = doc.editBody();
  const owner = body.ownerDocument!;
  const els = fragments(owner, xml);
  for (const el of els) body.insertBefore(el, before);
  doc.changed();
  return els;
}

/** The ids of the blocks that hold any of these elements (after the body was read again). */
export function blockIdsOf(doc: WordDocument, els: Element[]): string[] {
  const set = new Set(els);
  return doc.blocks().filter((b) => b.els.some((e) => set.has(e))).map((b) => b.id);
}

const sectionBreakOf = (el: Element): Element | null => (el.localName === 'p' ? path1(el, [NS.w, 'pPr'], [NS.w, 'sectPr']) : null);

/**
 * Takes an element out of the body. A paragraph ending a section leaves behind an empty paragraph with
 * the section settings (and, when `keep` is set, a copy of itself without them is returned to move).
 */
function takeOut(el: Element, keep: boolean): Element | null {
  const sect = sectionBreakOf(el);
  if (!sect) {
    removeNode(el);
    return el;
  }
  const copy = keep ? (el.cloneNode(true) as Element) : null;
  if (copy) removeNode(path1(copy, [NS.w, 'pPr'], [NS.w, 'sectPr']));
  for (const c of childElements(el)) if (!(c.namespaceURI === NS.w && c.localName === 'pPr')) removeNode(c);
  const pPr = child(el, NS.w, 'pPr')!;
  for (const c of childElements(pPr)) if (c !== sect && c.localName !== 'pStyle') removeNode(c);
  return copy;
}

export function deleteBlocks(doc: WordDocument, blocks: BlockView[]): void {
  doc.editBody();
  for (const b of blocks) for (const el of b.els) takeOut(el, false);
  doc.changed();
}

/** Moves blocks (in their order) to a position that is not inside them. */
export function moveBlocks(doc: WordDocument, blocks: BlockView[], position: string): void {
  const target = position.includes(':') ? position.split(':')[1] : null;
  if (target && blocks.some((b) => b.id === target)) throw new ToolError('The position is inside what is being moved.');
  const els = new Set<Node>(blocks.flatMap((b) => b.els));
  let { before } = insertionPoint(doc, position);
  // The point may be one of the moving elements (moving a block where it already is): the next one that stays.
  while (before && els.has(before) && !sectionBreakOf(before as Element)) before = before.nextSibling;
  const body = doc.editBody();
  const moving = [...els].map((el) => takeOut(el as Element, true)).filter((el): el is Element => !!el);
  for (const el of moving) body.insertBefore(el, before);
  doc.changed();
}
