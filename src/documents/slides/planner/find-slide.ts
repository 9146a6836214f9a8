// Which slide a phrase of an instruction names: by number ("3", "slide 3") or by the words of its title.
// Shared by the edit commands and the understood edits of the builtin planner.
import type { SlidesDocument as Deck } from '../slides.document.ts';
import type { SlideView as Slide } from '../view/slide.view.ts';

const STOP = new Set(['the', 'a', 'an', 'slide', 'slides', 'to', 'of', 'on', 'with', 'and', 'in', 'chart', 'table', 'image', 'deck', 'one', 'titled', 'called', 'about']);

/** The words of a text that can name a slide (lower case, without the little words). */
export const words = (text: string) => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w));

/** The slide a phrase names: "3", "slide 3", "the executive summary (slide)"; null when none matches. */
export function findSlideByPhrase(deck: Deck, phrase: string, exclude?: Slide): Slide | null {
  const num = /^(?:slide\s*)?#?(\d+)$/i.exec(phrase.trim());
  if (num) return deck.slides()[Number(num[1]) - 1] ?? null;
  const wanted = words(phrase);
  if (!wanted.length) return null;
  let best: { s: Slide; score: number } | null = null;
  for (const s of deck.slides()) {
    if (s.part === exclude?.part) continue;
    const have = new Set(words(s.title));
    // Share of the phrase found in the title, then how much of the title the phrase is ("parking" names
    // the slide "Parking" before "Office move covering timeline and parking").
    const hits = wanted.filter((w) => have.has(w)).length;
    const score = hits / wanted.length + (have.size ? (0.01 * hits) / have.size : 0);
    if (score > 0 && (!best || score > best.score)) best = { s, score };
  }
  return best?.s ?? null;
}
