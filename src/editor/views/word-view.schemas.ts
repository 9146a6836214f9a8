// The request and answer shapes of the built-in Word editor (the implementation is word-view.ts), apart
// from it so the routes' schemas load without the document engine.
import { Type, type Static } from 'typebox';
import { StringEnum } from '../../http/schemas.ts';

const TextSegment = Type.Object({
  kind: Type.Literal('text'),
  text: Type.String({ maxLength: 100_000 }),
  bold: Type.Boolean(),
  italic: Type.Boolean(),
  link: Type.Union([Type.String({ maxLength: 2000, pattern: '^(https?://|mailto:)' }), Type.Null()]),
}, { additionalProperties: false });
const FootnoteSegment = Type.Object({ kind: Type.Literal('footnote'), text: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false });
const Segments = Type.Array(Type.Union([TextSegment, FootnoteSegment]), { maxItems: 10_000 });

export const WordBlock = Type.Union([
  Type.Object({ kind: Type.Literal('heading'), level: Type.Integer({ minimum: 1, maximum: 4 }), segments: Segments }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('paragraph'), style: StringEnum(['normal', 'quote', 'note'] as const), segments: Segments }, { additionalProperties: false }),
  Type.Object({
    kind: Type.Literal('list'), ordered: Type.Boolean(),
    items: Type.Array(Type.Object({ level: Type.Integer({ minimum: 0, maximum: 2 }), segments: Segments }, { additionalProperties: false }), { maxItems: 10_000 }),
  }, { additionalProperties: false }),
  Type.Object({
    kind: Type.Literal('table'), id: Type.Optional(Type.String({ maxLength: 50 })),
    header: Type.Array(Segments, { maxItems: 100 }),
    rows: Type.Array(Type.Array(Segments, { maxItems: 100 }), { maxItems: 10_000 }),
  }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('kept'), id: Type.String({ maxLength: 50 }), label: Type.Optional(Type.String()), image: Type.Optional(Type.String()) }, { additionalProperties: false }),
]);

export const WordContent = Type.Object({
  title: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
  subtitle: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
  blocks: Type.Array(WordBlock, { maxItems: 50_000 }),
}, { additionalProperties: false });
export type WordContent = Static<typeof WordContent>;
export type EditorBlock = Static<typeof WordBlock>;
