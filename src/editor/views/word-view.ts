// The Word document as the built-in editor sees it, and an editor save applied back to the model.
// Text blocks (headings, paragraphs, lists, tables) travel as inline segments (bold, italic, links,
// footnotes), which the page turns into rich text; blocks the editor cannot edit (images, the table of
// contents, page breaks, elements kept verbatim) travel as `kept` placeholders by id and are put back
// from the document the editor started from, so a save never loses them.
import { Type, type Static } from 'typebox';
import { StringEnum } from '../../http/schemas.ts';
import { errors } from '../../errors.ts';
import { parseInline, toInline, type Segment } from '../../documents/word/word-inline.ts';
import { newBlockId, type Block, type ListItem, type WordDoc } from '../../documents/word/word-model.ts';

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
type EditorBlock = Static<typeof WordBlock>;

/** Pictures up to this size are shown inline in the editor; larger ones as a labelled placeholder. */
const INLINE_IMAGE_BYTES = 2 * 1024 * 1024;

function keptLabel(block: Block): string {
  switch (block.kind) {
    case 'image': return `Picture${block.caption ? `: ${block.caption}` : ''}`;
    case 'toc': return `Table of contents (${block.title}), updated when the document is saved`;
    case 'page_break': return 'Page break';
    case 'raw': return `Kept as is: ${block.description}`;
    default: return block.kind;
  }
}

export function presentWord(doc: WordDoc): WordContent {
  const blocks: EditorBlock[] = doc.blocks.map((b): EditorBlock => {
    switch (b.kind) {
      case 'heading': return { kind: 'heading', level: b.level, segments: parseInline(b.text) };
      case 'paragraph': return { kind: 'paragraph', style: b.style, segments: parseInline(b.text) };
      case 'list': return { kind: 'list', ordered: b.ordered, items: b.items.map((i) => ({ level: i.level, segments: parseInline(i.text) })) };
      case 'table': return { kind: 'table', id: b.id, header: b.header.map(parseInline), rows: b.rows.map((r) => r.map(parseInline)) };
      default: {
        const image = b.kind === 'image' && b.image.bytes.length <= INLINE_IMAGE_BYTES ? `data:${b.image.contentType};base64,${b.image.bytes.toString('base64')}` : undefined;
        return { kind: 'kept', id: b.id, label: keptLabel(b), ...(image ? { image } : {}) };
      }
    }
  });
  return { title: doc.title, subtitle: doc.subtitle, blocks };
}

const inline = (segments: Segment[]) => toInline(segments).replace(/\n/g, ' ');

/** Replaces the document's content with the editor's; kept blocks come back from `doc` by id. */
export function applyWord(doc: WordDoc, content: WordContent): void {
  const byId = new Map(doc.blocks.map((b) => [b.id, b]));
  const used = new Set<string>();
  const blocks: Block[] = [];
  for (const b of content.blocks) {
    const id = () => newBlockId(doc);
    switch (b.kind) {
      case 'heading': blocks.push({ kind: 'heading', id: id(), level: b.level as 1 | 2 | 3 | 4, text: inline(b.segments) }); break;
      case 'paragraph': blocks.push({ kind: 'paragraph', id: id(), style: b.style, text: inline(b.segments) }); break;
      case 'list': {
        const items: ListItem[] = b.items.map((i) => ({ level: i.level as 0 | 1 | 2, text: inline(i.segments) }));
        if (items.length) blocks.push({ kind: 'list', id: id(), ordered: b.ordered, items });
        break;
      }
      case 'table': {
        const was = b.id ? byId.get(b.id) : undefined;
        const old = was?.kind === 'table' ? was : null;
        const width = Math.max(b.header.length, ...b.rows.map((r) => r.length), 1);
        const pad = (cells: string[]) => [...cells, ...Array(width - cells.length).fill('')];
        blocks.push({
          kind: 'table', id: id(), header: b.header.length ? pad(b.header.map(inline)) : [], rows: b.rows.map((r) => pad(r.map(inline))),
          caption: old?.caption ?? null, align: Array.from({ length: width }, (_, i) => old?.align[i] ?? 'left'),
        });
        break;
      }
      case 'kept': {
        const kept = byId.get(b.id);
        if (!kept || used.has(b.id) || ['heading', 'paragraph', 'list', 'table'].includes(kept.kind)) {
          throw errors.validation([{ loc: ['body', 'content', 'blocks'], msg: `block ${b.id} is not a kept block of the version being edited`, type: 'unknown_block', input: b.id }]);
        }
        used.add(b.id);
        blocks.push(kept);
        break;
      }
    }
  }
  doc.title = content.title?.trim() || null;
  doc.subtitle = content.subtitle?.trim() || null;
  doc.blocks = blocks;
}
