// The request and answer shapes of the built-in Slides editor (the implementation is slides-view.ts), apart
// from it so the routes' schemas load without the deck engine.
import { Type, type Static } from 'typebox';

const Bullet = Type.Object({ text: Type.String({ maxLength: 2000 }), level: Type.Integer({ minimum: 0, maximum: 8 }) }, { additionalProperties: false });

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
