// The kind of an existing slide (title, section, closing, ...), read from the layout it uses, so the
// planner can tell a deck's title and closing slides from its content slides on any deck.
import { layoutScore, type SlideKind } from '../design/layouts.ts';
import type { SlideView } from '../view/slide.view.ts';

const KINDS: SlideKind[] = ['title', 'section', 'closing', 'quote', 'two-column', 'chart', 'table', 'image', 'bullets', 'title-only', 'blank'];

/** Titles of a deck's last words: a slide with one is its closing slide, whatever its layout. */
export const CLOSING_TITLE = /^(thank(s| you)|questions?|q\s*&\s*a|closing|next steps|contact)\b/i;

export function slideKindOf(s: SlideView): SlideKind | null {
  const l = s.layout;
  if (s.index > 0 && CLOSING_TITLE.test(s.title.trim()) && s.elements.every((e) => e.kind !== 'chart' && e.kind !== 'table')) return 'closing';
  if (!l) return null;
  let best: { kind: SlideKind; score: number } | null = null;
  for (const kind of KINDS) {
    const score = layoutScore(kind, l);
    if (score >= 80 && (!best || score > best.score)) best = { kind, score };
  }
  return best?.kind ?? null;
}
