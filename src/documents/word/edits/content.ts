// New content into the body at a position, written in the document's design (write-blocks.ts) for
// the page section it lands in. Headings written here are remembered, so a table of contents links
// to them; the ids of the new blocks come back.
import type { Element, Node } from '../../ooxml/xml.ts';
import type { ContentBlock } from '../content-blocks.ts';
import { headingLevelOf } from '../design/styles.ts';
import { styleOf } from '../view/body.view.ts';
import type { WordDocument } from '../word.document.ts';
import { blockIdsOf, insertionPoint, insertXml, writeContextAt } from './structure.ts';
import { blocksXml } from './write-blocks.ts';

export function insertContent(doc: WordDocument, blocks: ContentBlock[], position: string | undefined): string[] {
  const { before, near } = insertionPoint(doc, position);
  const xml = blocksXml({ ...writeContextAt(doc, near), afterTable: precededByTable(doc, before) }, blocks);
  const els = insertXml(doc, xml, before);
  const styles = doc.styles();
  for (const el of els) if (el.localName === 'p' && headingLevelOf(styles, styleOf(el)) !== null) doc.newHeadings.add(el);
  return blockIdsOf(doc, els);
}

/** Whether the body element just before the insertion point is a table. */
function precededByTable(doc: WordDocument, before: Node | null): boolean {
  let prev = before ? before.previousSibling : doc.body().lastChild;
  while (prev && prev.nodeType !== 1) prev = prev.previousSibling;
  return (prev as Element | null)?.localName === 'tbl';
}
