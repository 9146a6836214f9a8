// PowerPoint sections (p14:sectionLst in presentation.xml's extensions) list their slides by id: a new
// or moved slide joins the section of the slide before it, a deleted one leaves its section.
import { attr, child, children, descendants, NS, type Element } from '../../ooxml/xml.ts';
import type { SlidesDocument } from '../slides.document.ts';

const SECTIONS_EXT = '{521415D9-36F7-43E2-AB2F-B90AF26B5E84}';

/** Adds the new slide's id to the PowerPoint section of the slide before it (decks with sections). */
export function addToSection(d: SlidesDocument, sldId: number, before: number | null, after: number | null): void {
  const root = d.pkg.xml(d.deck.presentation).documentElement!;
  const ext = children(child(root, NS.p, 'extLst'), NS.p, 'ext').find((e) => attr(e, 'uri') === SECTIONS_EXT);
  const sections = ext ? descendants(ext, NS.p14, 'section') : [];
  if (!sections.length) return;
  d.pkg.edit(d.deck.presentation);
  const ids = (s: Element) => descendants(s, NS.p14, 'sldId');
  const holder = (id: number | null) => (id === null ? null : sections.find((s) => ids(s).some((x) => Number(attr(x, 'id')) === id)) ?? null);
  const section = holder(before) ?? holder(after) ?? sections[sections.length - 1];
  let list = child(section, NS.p14, 'sldIdLst');
  if (!list) {
    list = root.ownerDocument!.createElementNS(NS.p14, `${root.lookupPrefix(NS.p14) ?? 'p14'}:sldIdLst`);
    section.insertBefore(list, section.firstChild);
  }
  const el = root.ownerDocument!.createElementNS(NS.p14, `${root.lookupPrefix(NS.p14) ?? 'p14'}:sldId`);
  el.setAttribute('id', String(sldId));
  const prev = before === null ? null : ids(section).find((x) => Number(attr(x, 'id')) === before);
  if (prev) list.insertBefore(el, prev.nextSibling);
  else {
    const next = after === null ? null : ids(section).find((x) => Number(attr(x, 'id')) === after);
    list.insertBefore(el, next ?? null);
  }
}


export function sectionIds(root: Element, sldId: number): Element[] {
  const ext = children(child(root, NS.p, 'extLst'), NS.p, 'ext').find((e) => attr(e, 'uri') === SECTIONS_EXT);
  return ext ? descendants(ext, NS.p14, 'sldId').filter((e) => Number(attr(e, 'id')) === sldId) : [];
}
