// The deck as the built-in Slides editor sees it: per slide its title, subtitle, the bullets of its
// first list and its speaker notes, which the side panel edits. A save changes exactly those fields on
// the slides it names (by id, from the version the editor started from); charts, tables, pictures,
// layouts and shapes kept verbatim stay as they are.
import { Type, type Static } from 'typebox';
import { errors, type ValidationDetail } from '../../errors.ts';
import type { Deck } from '../../documents/slides/model.ts';

const Bullet = Type.Object({ text: Type.String({ maxLength: 2000 }), level: Type.Integer({ minimum: 0, maximum: 2 }) }, { additionalProperties: false });

const SlideFields = {
  id: Type.String({ maxLength: 50 }),
  title: Type.String({ maxLength: 500 }),
  subtitle: Type.Optional(Type.String({ maxLength: 1000 })),
  bullets: Type.Optional(Type.Union([Type.Array(Bullet, { maxItems: 100 }), Type.Null()])),
  notes: Type.String({ maxLength: 20_000 }),
};

export const SlidesContent = Type.Object({
  slides: Type.Array(Type.Object({ ...SlideFields, layout: Type.String() })),
});
export type SlidesContent = Static<typeof SlidesContent>;

export const SlidesEdits = Type.Object({
  slides: Type.Array(Type.Object(SlideFields, { additionalProperties: false }), { maxItems: 1000 }),
}, { additionalProperties: false });
export type SlidesEdits = Static<typeof SlidesEdits>;

export function presentSlides(deck: Deck): SlidesContent {
  return {
    slides: deck.slides.map((s) => {
      const list = s.elements.find((e) => e.kind === 'bullets');
      return {
        id: s.id, layout: s.layout, title: s.title,
        ...(s.subtitle !== undefined || ['title', 'section', 'closing'].includes(s.layout) ? { subtitle: s.subtitle ?? '' } : {}),
        bullets: list && list.kind === 'bullets' ? list.items.map((b) => ({ text: b.text, level: b.level })) : null,
        notes: s.notes,
      };
    }),
  };
}

export function applySlides(deck: Deck, body: SlidesEdits): void {
  const problems: ValidationDetail[] = [];
  body.slides.forEach((edit, i) => {
    const slide = deck.slides.find((s) => s.id === edit.id);
    if (!slide) {
      problems.push({ loc: ['body', 'content', 'slides', i, 'id'], msg: `no slide ${edit.id} in the version being edited`, type: 'unknown_slide', input: edit.id });
      return;
    }
    slide.title = edit.title.trim();
    if (edit.subtitle !== undefined) slide.subtitle = edit.subtitle.trim() || undefined;
    slide.notes = edit.notes.trim();
    if (edit.bullets) {
      const list = slide.elements.find((e) => e.kind === 'bullets');
      const items = edit.bullets.filter((b) => b.text.trim()).map((b) => ({ text: b.text.trim(), level: b.level }));
      if (list && list.kind === 'bullets') list.items = items;
      else if (items.length) problems.push({ loc: ['body', 'content', 'slides', i, 'bullets'], msg: `slide ${edit.id} (${slide.layout}) has no bullet list to edit`, type: 'no_bullets', input: edit.bullets });
    }
  });
  if (problems.length) throw errors.validation(problems);
}
