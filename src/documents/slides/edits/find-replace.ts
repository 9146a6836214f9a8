// Find and replace on a slide, as far as PowerPoint's "Replace All" reaches, and its charts besides:
// every text body on the slide (shapes, groups, table cells), its speaker notes, its SmartArt (the
// diagram's data and the drawing PowerPoint keeps of it, so the picture shown and the data behind it
// agree), and the titles, series names and categories of its charts, with their embedded workbooks
// (ooxml/charts/chart-text.ts; PowerPoint's own Replace leaves charts alone, which users of an API that
// says "everywhere" do not expect). A part without the text is only read, so it is saved byte for byte.
import { REL } from '../../ooxml/relationships.ts';
import { childElements, NS, type Element } from '../../ooxml/xml.ts';
import type { SlidesDocument } from '../slides.document.ts';
import type { SlideView } from '../view/slide.view.ts';
import { replaceText } from '../../ooxml/drawing-text.ts';
import { chartSearchText, replaceInChart } from '../../ooxml/charts/chart-text.ts';

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

/** The chart parts a slide shows. */
function chartParts(d: SlidesDocument, slide: SlideView): string[] {
  return [...new Set(d.pkg.related(slide.part, REL.chart))].filter((p) => d.pkg.has(p));
}

/** The plain text of a paragraph's runs, one line per paragraph, in every text part of the slide, then its charts' cached strings. */
export function slideSearchText(d: SlidesDocument, slide: SlideView): string {
  const charts = chartParts(d, slide).flatMap((part) => chartSearchText(d.pkg, part));
  return textParts(d, slide).flatMap(({ part }) => textBodies(d.pkg.xml(part).documentElement!).flatMap((b) => childElements(b)
    .filter((p) => p.namespaceURI === NS.a && p.localName === 'p')
    .map((p) => childElements(p).filter((r) => r.localName === 'r').map((r) => childElements(r).find((t) => t.localName === 't')?.textContent ?? '').join('')))).concat(charts).join('\n');
}

/** `charts`: replacements in charts, `chartsHit`: in how many charts. */
export interface SlideReplaceCount { total: number; notes: number; smartart: number; charts: number; chartsHit: number }

/** Replaces `find` on one slide, its notes, its SmartArt and its charts; the SmartArt's drawing changes along, uncounted. */
export function replaceOnSlide(d: SlidesDocument, slide: SlideView, find: string, replace: string): SlideReplaceCount {
  const count: SlideReplaceCount = { total: 0, notes: 0, smartart: 0, charts: 0, chartsHit: 0 };
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
  for (const part of chartParts(d, slide)) {
    const n = replaceInChart(d.pkg, part, find, replace);
    count.charts += n;
    if (n) count.chartsHit++;
  }
  count.total += count.charts;
  if (count.total) d.changed(slide.part);
  return count;
}
