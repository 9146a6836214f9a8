// Find and replace on a slide, as far as PowerPoint's "Replace All" reaches: every text body on the
// slide (shapes, groups, table cells), its speaker notes, and its SmartArt: the diagram's data and the
// drawing PowerPoint keeps of it, so the picture shown and the data behind it agree. A part without
// the text is only read, so it is saved byte for byte as it was.
import { REL } from '../../ooxml/relationships.ts';
import { childElements, NS, type Element } from '../../ooxml/xml.ts';
import type { SlidesDocument } from '../slides.document.ts';
import type { SlideView } from '../view/slide.view.ts';
import { replaceText } from './text-body.ts';

export type TextPlace = 'slide' | 'notes' | 'smartart' | 'smartart-drawing';

/** The parts of a slide that hold its text, each once. */
export function textParts(d: SlidesDocument, slide: SlideView): { part: string; place: TextPlace }[] {
  const out: { part: string; place: TextPlace }[] = [{ part: slide.part, place: 'slide' }];
  const add = (type: string, place: TextPlace) => {
    for (const part of d.pkg.related(slide.part, type)) if (d.pkg.has(part) && !out.some((o) => o.part === part)) out.push({ part, place });
  };
  add(REL.notesSlide, 'notes');
  add(REL.diagramData, 'smartart');
  add(REL.diagramDrawing, 'smartart-drawing');
  return out;
}

/** The text bodies of a part: elements whose children are DrawingML paragraphs (p:txBody, a:txBody, dsp:txBody, dgm:t). */
export function textBodies(root: Element): Element[] {
  const out: Element[] = [];
  const walk = (e: Element) => {
    const kids = childElements(e);
    if (kids.some((k) => k.namespaceURI === NS.a && k.localName === 'p')) out.push(e);
    else kids.forEach(walk);
  };
  walk(root);
  return out;
}

/** The plain text of a paragraph's runs, one line per paragraph, in every text part of the slide. */
export function slideSearchText(d: SlidesDocument, slide: SlideView): string {
  return textParts(d, slide).flatMap(({ part }) => textBodies(d.pkg.xml(part).documentElement!).flatMap((b) => childElements(b)
    .filter((p) => p.namespaceURI === NS.a && p.localName === 'p')
    .map((p) => childElements(p).filter((r) => r.localName === 'r').map((r) => childElements(r).find((t) => t.localName === 't')?.textContent ?? '').join('')))).join('\n');
}

export interface SlideReplaceCount { total: number; notes: number; smartart: number }

/** Replaces `find` on one slide, its notes and its SmartArt; the SmartArt's drawing changes along, uncounted. */
export function replaceOnSlide(d: SlidesDocument, slide: SlideView, find: string, replace: string): SlideReplaceCount {
  const count: SlideReplaceCount = { total: 0, notes: 0, smartart: 0 };
  for (const { part, place } of textParts(d, slide)) {
    const root = d.pkg.xml(part).documentElement!;
    let n = 0;
    for (const body of textBodies(root)) n += replaceText(body, find, replace);
    if (!n) continue;
    d.pkg.edit(part);
    if (place === 'smartart-drawing') continue;
    count.total += n;
    if (place === 'notes') count.notes += n;
    if (place === 'smartart') count.smartart += n;
  }
  if (count.total) d.changed(slide.part);
  return count;
}
