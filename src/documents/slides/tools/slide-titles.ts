// A slide's title and subtitle: edited in their placeholders (formatting kept); a slide without one
// gets the placeholder its layout offers, or, on a layout without any, a text box at the top.
import { ToolError } from '../../agent/tool-error.ts';
import { findPlaceholder } from '../design/layouts.ts';
import { setShapeText } from '../edits/elements.ts';
import { nextShapeId, placeholderShape, spTreeOf, textBox } from '../edits/shapes.ts';
import { removeNode } from '../../ooxml/xml.ts';
import type { SlidesDocument } from '../slides.document.ts';
import type { SlideView } from '../view/slide.view.ts';

function addPlaceholderText(d: SlidesDocument, slide: SlideView, role: 'title' | 'subtitle', text: string): boolean {
  const ph = slide.layout ? findPlaceholder(slide.layout, role) : null;
  if (!ph) return false;
  const doc = d.pkg.edit(slide.part);
  spTreeOf(doc).appendChild(placeholderShape(doc, nextShapeId(doc), ph, [{ text, level: 0 }], false));
  d.changed(slide.part);
  return true;
}

export function setSlideTitle(d: SlidesDocument, slide: SlideView, title: string): void {
  if (slide.titleShape) return setShapeText(d, slide, slide.titleShape, title);
  if (!title || addPlaceholderText(d, slide, 'title', title)) return;
  const doc = d.pkg.edit(slide.part);
  const { cx, cy } = d.deck.slideSize();
  spTreeOf(doc).appendChild(textBox(doc, nextShapeId(doc), 'Title', { x: Math.round(cx * 0.06), y: Math.round(cy * 0.04), cx: Math.round(cx * 0.88), cy: Math.round(cy * 0.14) }, [title], { size: 32, bold: true, font: '+mj-lt', anchor: 'b' }));
  d.changed(slide.part);
}

export function setSlideSubtitle(d: SlidesDocument, slide: SlideView, subtitle: string): void {
  if (slide.subtitleShape) {
    if (!subtitle) {
      d.pkg.edit(slide.part);
      removeNode(slide.subtitleShape);
      d.changed(slide.part);
      return;
    }
    return setShapeText(d, slide, slide.subtitleShape, subtitle);
  }
  if (!subtitle) return;
  if (!addPlaceholderText(d, slide, 'subtitle', subtitle)) throw new ToolError(`Slide ${slide.id}'s layout ("${slide.layout?.name ?? 'none'}") has no subtitle; put the text in the slide's content instead.`);
}
