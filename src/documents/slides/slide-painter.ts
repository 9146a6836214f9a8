// Places a slide's content on its layout. Geometry is in inches on the 13.333 x 7.5 (16:9) slide;
// the repeated decoration comes from the layout's master (masters.ts).
import { captionText, paintBullets, paintCaption, paintChart, paintHeading, paintImage, type Box } from './element-painters.ts';
import { paintTable } from './table-painter.ts';
import { LOGO_BOX } from './masters.ts';
import { markupRuns, SLIDE_W, type Pptx, type PptxSlide } from './pptxgen.ts';
import type { Slide, SlideElement } from './model.ts';
import { fitText } from './text-fit.ts';
import type { Palette } from './theme.ts';

const MARGIN_X = 0.6;
export const BODY: Box = { x: MARGIN_X, y: 1.72, w: SLIDE_W - 2 * MARGIN_X, h: 4.98 };
const COLUMN_GAP = 0.45;
const CAPTION_H = 0.4;
const HEADING_H = 0.5;

export interface PaintContext {
  pptx: Pptx;
  palette: Palette;
  hasLogo: boolean;
  /** 1-based number of this section among the deck's section slides. */
  sectionNumber: number;
}

export function titleBox(hasLogo: boolean): Box {
  return { x: MARGIN_X, y: 0.3, w: (hasLogo ? LOGO_BOX.content.x - 0.3 : SLIDE_W - MARGIN_X) - MARGIN_X, h: 1.02 };
}

export function titleFit(title: string, box: Box, font: string, max: number, min: number) {
  return fitText([{ text: title }], box, { font, max, min, lineSpacing: 1.1, inset: 0 });
}

function paintTitle(slide: PptxSlide, s: Slide, box: Box, c: PaintContext, o: { max: number; min: number; color: string; valign: 'top' | 'bottom' | 'middle' }): void {
  const { size } = titleFit(s.title, box, c.palette.headingFont, o.max, o.min);
  slide.addText(markupRuns(s.title), {
    objectName: `folio:title#${s.id}/${s.layout}`, ...box, fontFace: c.palette.headingFont, fontSize: size, bold: true, color: o.color, margin: 0, valign: o.valign, lineSpacingMultiple: 0.95, fit: 'shrink',
  });
}

function paintSubtitle(slide: PptxSlide, s: Slide, box: Box, c: PaintContext, size: number): void {
  if (!s.subtitle) return;
  slide.addText(markupRuns(s.subtitle), { objectName: `folio:subtitle#${s.id}`, ...box, fontFace: c.palette.bodyFont, fontSize: size, color: c.palette.onPrimaryMuted, margin: 0, valign: 'top', fit: 'shrink' });
}

/** An element in a box: heading on top, caption underneath, the element in between. */
function paintElement(slide: PptxSlide, e: SlideElement, box: Box, c: PaintContext, inColumn: boolean): void {
  const p = c.palette;
  let inner = { ...box };
  if (e.heading) {
    paintHeading(slide, e.id, e.heading, { x: box.x, y: box.y, w: box.w, h: HEADING_H }, p);
    inner = { ...inner, y: inner.y + HEADING_H + 0.1, h: inner.h - HEADING_H - 0.1 };
  }
  if (captionText(e) && e.kind !== 'bullets' && e.kind !== 'quote') {
    inner = { ...inner, h: inner.h - CAPTION_H };
    paintCaption(slide, e, { x: inner.x, y: inner.y + inner.h + 0.08, w: inner.w, h: CAPTION_H - 0.08 }, p);
  }
  switch (e.kind) {
    case 'bullets':
      if (inColumn) {
        slide.addShape(c.pptx.ShapeType.roundRect, { objectName: `folio:panel#${e.id}`, ...inner, fill: { color: p.panel }, line: { color: p.panel }, rectRadius: 0.08 });
        paintBullets(slide, e.id, e.items, { x: inner.x + 0.15, y: inner.y + 0.12, w: inner.w - 0.3, h: inner.h - 0.24 }, p, p.text, 22);
      } else {
        paintBullets(slide, e.id, e.items, inner, p);
      }
      return;
    case 'chart':
      return paintChart(c.pptx, slide, e.id, e.chart, inner, p);
    case 'table':
      return paintTable(slide, e.id, e.table, inner, p);
    case 'image':
      return paintImage(slide, e, inner);
    case 'quote':
      return;
  }
}

export function columnBoxes(): [Box, Box] {
  const w = (BODY.w - COLUMN_GAP) / 2;
  return [{ ...BODY, w }, { ...BODY, x: BODY.x + w + COLUMN_GAP, w }];
}

function paintContent(slide: PptxSlide, s: Slide, c: PaintContext): void {
  paintTitle(slide, s, titleBox(c.hasLogo), c, { max: 32, min: 20, color: c.palette.heading, valign: 'bottom' });
  if (s.layout === 'two-column') {
    const [left, right] = columnBoxes();
    if (s.elements[0]) paintElement(slide, s.elements[0], left, c, true);
    if (s.elements[1]) paintElement(slide, s.elements[1], right, c, true);
    return;
  }
  const e = s.elements[0];
  if (e) paintElement(slide, e, BODY, c, false);
}

function paintQuote(slide: PptxSlide, s: Slide, c: PaintContext): void {
  const p = c.palette;
  const e = s.elements[0];
  paintTitle(slide, s, { x: 2.4, y: 0.55, w: 9.5, h: 0.6 }, c, { max: 20, min: 14, color: p.muted, valign: 'top' });
  if (!e || e.kind !== 'quote') return;
  const box = { x: 2.4, y: 1.35, w: 9.6, h: 3.9 };
  const { size } = fitText([{ text: e.text }], box, { font: p.headingFont, max: 36, min: 18, lineSpacing: 1.2, inset: 0 });
  slide.addText(markupRuns(e.text), { objectName: `folio:quote#${e.id}`, ...box, fontFace: p.headingFont, fontSize: size, italic: true, color: p.text, margin: 0, valign: 'middle', lineSpacingMultiple: 1.1, fit: 'shrink' });
  if (e.attribution) {
    slide.addText(`\u2014 ${e.attribution}`, { objectName: `folio:attribution#${e.id}`, x: 2.4, y: 5.45, w: 9.6, h: 0.6, fontFace: p.bodyFont, fontSize: 18, bold: true, color: p.heading, margin: 0, valign: 'top', fit: 'shrink' });
  }
}

function paintStatement(slide: PptxSlide, s: Slide, c: PaintContext): void {
  const p = c.palette;
  if (s.layout === 'section') {
    slide.addText(String(c.sectionNumber).padStart(2, '0'), { objectName: 'folio:section-number', x: 0.7, y: 2.3, w: 3.2, h: 1.9, fontFace: p.headingFont, fontSize: 96, bold: true, color: p.accentOnPrimary, margin: 0, valign: 'bottom' });
    paintTitle(slide, s, { x: 4.9, y: 1.9, w: 7.8, h: 2.2 }, c, { max: 40, min: 24, color: p.onPrimary, valign: 'bottom' });
    paintSubtitle(slide, s, { x: 4.9, y: 4.35, w: 7.8, h: 1.6 }, c, 18);
    return;
  }
  const textW = SLIDE_W - 3.2 - 0.7 - 0.6;
  const e = s.elements[0];
  const list = s.layout === 'closing' && e?.kind === 'bullets' ? e : null;
  // A closing slide with next steps moves its title up to leave the lower half to the list.
  const top = list ? 1.2 : 1.75;
  const ruleY = top + 2.53;
  paintTitle(slide, s, { x: 0.7, y: top, w: textW, h: 2.3 }, c, { max: s.layout === 'title' ? 46 : 40, min: 26, color: p.onPrimary, valign: 'bottom' });
  slide.addShape(c.pptx.ShapeType.rect, { objectName: 'folio:rule', x: 0.72, y: ruleY, w: 1.3, h: 0.07, fill: { color: p.accentOnPrimary }, line: { color: p.accentOnPrimary } });
  paintSubtitle(slide, s, { x: 0.7, y: ruleY + 0.27, w: textW, h: list ? 0.75 : 1.5 }, c, 20);
  if (list) {
    const y = ruleY + (s.subtitle ? 1.1 : 0.4);
    paintBullets(slide, list.id, list.items, { x: 0.7, y, w: textW, h: 7.0 - y }, p, p.onPrimary, 22);
  }
}

export function paintSlide(slide: PptxSlide, s: Slide, c: PaintContext): void {
  if (s.layout === 'title' || s.layout === 'section' || s.layout === 'closing') paintStatement(slide, s, c);
  else if (s.layout === 'quote') paintQuote(slide, s, c);
  else paintContent(slide, s, c);
  if (s.notes.trim()) slide.addNotes(s.notes);
}
