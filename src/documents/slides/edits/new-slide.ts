// A new, empty slide made from one of the deck's layouts: a new slide part related to the layout,
// listed in presentation.xml at a position (and in the same PowerPoint section as the slide before
// it), with the footers (date, footer text, slide number) that its neighbours on the same layout show.
// Nothing else of the package changes.
import { CT } from '../../ooxml/content-types.ts';
import { REL } from '../../ooxml/relationships.ts';
import { attr, childElements, descendants, NS, serializeXml, type Element } from '../../ooxml/xml.ts';
import type { LayoutInfo } from '../design/layouts.ts';
import { FOOTER_TYPES } from '../design/placeholders.ts';
import type { SlidesDocument } from '../slides.document.ts';
import { layoutOfSlide } from '../design/layouts.ts';
import { addToSection } from './sections.ts';
import { paragraphsXml, placeholderXml } from './shapes.ts';

const SLIDE_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:sld xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>`;
const SLIDE_TAIL = '</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>';

/** A shape copied from another slide, with fresh shape ids and without the namespace declarations its new part has. */
function copyXml(el: Element, ids: () => number): string {
  const copy = el.cloneNode(true) as Element;
  for (const c of descendants(copy, NS.p, 'cNvPr')) c.setAttribute('id', String(ids()));
  // Links point into the other slide's relationships; the text stays, the link goes.
  const unlink = (e: Element) => {
    for (const a of Array.from(e.attributes)) if (a.namespaceURI === NS.r) e.removeAttributeNode(a);
    for (const c of childElements(e)) unlink(c);
  };
  unlink(copy);
  return serializeXml(copy).replace(/ xmlns:([apr])="([^"]*)"/g, (m, prefix: 'a' | 'p' | 'r', uri: string) => (NS[prefix] === uri ? '' : m));
}

export interface NewSlide {
  part: string;
  sldId: number;
}

/** Footer shapes to repeat: those of the nearest slide on the same layout, else on the same master. */
function footersFor(d: SlidesDocument, layout: LayoutInfo, position: number): Element[] {
  // Folio's own decks take their footers from the layout (all their slides do).
  if (d.origin === 'template') return [];
  const slides = d.slides();
  const order = [...slides.slice(0, position).reverse(), ...slides.slice(position)];
  const same = order.find((s) => s.layout?.part === layout.part && s.footers.length) ?? order.find((s) => s.layout?.master === layout.master && s.footers.length);
  return same ? same.footers : d.sampleFooters.get(layout.part) ?? d.sampleFooters.get(`name:${layout.name}`) ?? d.sampleFooters.get(layout.master) ?? [];
}

/**
 * Adds a slide made from `layout` at a 0-based position: its footers (as its neighbours show them) and
 * the shapes `build` writes (XML text, ids from the counter), parsed once.
 */
export function createSlide(d: SlidesDocument, layout: LayoutInfo, position: number, build: (part: string, ids: () => number) => string[]): NewSlide {
  const slides = d.slides();
  const at = Math.max(0, Math.min(slides.length, position));
  const part = d.pkg.freeName('ppt/slides/slide', '.xml');
  let next = 2;
  const ids = () => next++;
  const shapes: string[] = [];
  const footers = footersFor(d, layout, at);
  const layoutFooters = layout.placeholders.filter((p) => FOOTER_TYPES.has(p.type));
  for (const f of footers) {
    // A footer whose placeholder the new layout lacks would float without a position.
    const type = attr(descendants(f, NS.p, 'ph')[0], 'type');
    if (layoutFooters.some((p) => p.type === type) || descendants(f, NS.a, 'off').length) shapes.push(copyXml(f, ids));
  }
  if (!footers.length && d.origin === 'template') {
    for (const p of layoutFooters.filter((x) => x.type === 'sldNum' || x.type === 'ftr')) shapes.push(footerXml(ids(), p, d));
  }
  d.pkg.rels(part).add(REL.slideLayout, layout.part);
  shapes.push(...build(part, ids));
  d.pkg.put(part, SLIDE_HEAD + shapes.join('') + SLIDE_TAIL, CT.slide);
  const entry = d.deck.listSlide(part, at);
  addToSection(d, entry.sldId, slides[at - 1]?.sldId ?? null, slides[at]?.sldId ?? null);
  d.changed(part);
  return { part, sldId: entry.sldId };
}

/** Folio's own decks number their slides and carry the deck title in the footer. */
function footerXml(id: number, p: LayoutInfo['placeholders'][number], d: SlidesDocument): string {
  if (p.type !== 'sldNum') return placeholderXml(id, p, paragraphsXml([{ text: deckTitle(d), level: 0 }], { markup: false }));
  return placeholderXml(id, p, '<a:p><a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum"><a:rPr lang="en-US"/><a:t>‹#›</a:t></a:fld></a:p>');
}

/** The deck's title: the first slide's title. */
export function deckTitle(d: SlidesDocument): string {
  return d.slides().find((s) => s.title.trim())?.title.trim() ?? '';
}

/** The master a new slide at `position` should follow: the master of the slide before it (else after it). */
export function masterNear(d: SlidesDocument, position: number): string | null {
  const slides = d.slides();
  const near = slides[position - 1] ?? slides[position];
  if (!near) return null;
  return (near.layout ?? layoutOfSlide(d.deck, d.catalog(), near.part))?.master ?? null;
}
