// Deleting and moving slides. Both change only presentation.xml (the slide list, PowerPoint sections,
// custom shows) and relationships; a deleted slide's part, notes and the charts and media only it used
// are removed. Every other slide part stays byte for byte.
import { attr, attrNS, child, children, descendants, NS, removeNode, type Element } from '../../ooxml/xml.ts';
import type { SlidesDocument } from '../slides.document.ts';
import type { SlideView } from '../view/slide.view.ts';
import { addToSection, sectionIds } from './sections.ts';
import { dependents, removeOrphans } from './orphans.ts';


export function deleteSlide(d: SlidesDocument, slide: SlideView): void {
  const root = d.pkg.edit(d.deck.presentation).documentElement!;
  const el = d.deck.slideIdElement(slide.sldId);
  const relId = attrNS(el, NS.r, 'id');
  removeNode(el);
  for (const s of sectionIds(root, slide.sldId)) removeNode(s);
  // Custom shows list slides by relationship id.
  for (const sld of descendants(root, NS.p, 'sld')) if (relId && attrNS(sld, NS.r, 'id') === relId) removeNode(sld);
  if (relId) d.pkg.rels(d.deck.presentation).remove(relId);
  const candidates = dependents(d.pkg, slide.part);
  d.pkg.remove(slide.part);
  removeOrphans(d.pkg, candidates);
  d.changed(slide.part);
}

/** Moves a slide to a 0-based position among the slides. */
export function moveSlide(d: SlidesDocument, slide: SlideView, position: number): void {
  const root = d.pkg.edit(d.deck.presentation).documentElement!;
  const list = child(root, NS.p, 'sldIdLst')!;
  const el = d.deck.slideIdElement(slide.sldId)!;
  const others = children(list, NS.p, 'sldId').filter((x) => x !== el);
  const at = Math.max(0, Math.min(others.length, position));
  list.insertBefore(el, others[at] ?? null);
  const hadSection = sectionIds(root, slide.sldId);
  if (hadSection.length) {
    for (const s of hadSection) removeNode(s);
    const id = (x: Element | undefined) => (x ? Number(attr(x, 'id')) : null);
    addToSection(d, slide.sldId, id(others[at - 1]), id(others[at]));
  }
  d.changed(slide.part);
}

