// Structural edits of a deck that keep every slide valid for its layout: finding slides and elements,
// moving an element to another slide (its layout adapts), removing an element or a slide.
import { ToolError } from '../agent/tool-error.ts';
import { LAYOUT_ELEMENTS, type Deck, type Slide, type SlideElement, type SlideLayout } from './model.ts';

export function findSlide(deck: Deck, ref: string | number): { slide: Slide; index: number } {
  const index = typeof ref === 'number' ? ref - 1 : deck.slides.findIndex((s) => s.id === ref);
  const slide = deck.slides[index];
  if (!slide) {
    const known = deck.slides.length ? `slides are s-ids from get_outline or numbers 1-${deck.slides.length}` : 'the deck has no slides yet';
    throw new ToolError(`There is no slide ${ref} (${known}).`);
  }
  return { slide, index };
}

export function findElement(deck: Deck, id: string): { slide: Slide; element: SlideElement; index: number } {
  for (const slide of deck.slides) {
    const index = slide.elements.findIndex((e) => e.id === id);
    if (index >= 0) return { slide, element: slide.elements[index], index };
  }
  throw new ToolError(`There is no element ${id}; get_outline lists the element ids (e-ids) of each slide.`);
}

/** The layout a slide takes for this content: its own when it still fits, else the natural one. */
export function layoutFor(current: SlideLayout, elements: SlideElement[]): SlideLayout {
  const rule = LAYOUT_ELEMENTS[current];
  if (elements.length >= rule.min && elements.length <= rule.max && elements.every((e) => rule.kinds.includes(e.kind))) return current;
  if (elements.length === 2) return 'two-column';
  if (elements.length === 1) return elements[0].kind;
  return current === 'closing' ? 'closing' : 'section';
}

export function clampPosition(deck: Deck, position: number | undefined): number {
  return position === undefined ? deck.slides.length : Math.max(0, Math.min(deck.slides.length, position - 1));
}

/** Adds an element beside a slide's content (a one-element slide becomes two-column). */
export function placeBeside(slide: Slide, element: SlideElement): void {
  if (['title', 'section', 'quote'].includes(slide.layout)) {
    throw new ToolError(`Slide ${slide.id} is a ${slide.layout} slide and takes no ${element.kind}; put it on a new slide instead (omit \`slide\`).`);
  }
  if (slide.elements.length >= 2) throw new ToolError(`Slide ${slide.id} already holds two elements; put it on a new slide, or delete one first.`);
  if (element.kind === 'quote' || slide.elements.some((e) => e.kind === 'quote')) throw new ToolError('A quote has its own slide.');
  const next = [...slide.elements, element];
  slide.layout = layoutFor(slide.layout === 'closing' && next.length > 1 ? 'two-column' : slide.layout, next);
  slide.elements = next;
}

/** Removes an element; returns true when its slide was left without content (and is not a title-like slide). */
export function removeElement(slide: Slide, id: string): boolean {
  slide.elements = slide.elements.filter((e) => e.id !== id);
  slide.layout = layoutFor(slide.layout, slide.elements);
  return slide.elements.length === 0 && slide.layout === 'section';
}

export function moveElement(deck: Deck, id: string, to: string | number, keepEmptySource: boolean): { removedSlide: Slide | null; target: Slide } {
  const from = findElement(deck, id);
  const target = findSlide(deck, to).slide;
  if (target === from.slide) throw new ToolError(`Element ${id} is already on slide ${target.id}.`);
  placeBeside(target, from.element);
  const emptied = removeElement(from.slide, id);
  if (emptied && !keepEmptySource) {
    deck.slides.splice(deck.slides.indexOf(from.slide), 1);
    return { removedSlide: from.slide, target };
  }
  return { removedSlide: null, target };
}
