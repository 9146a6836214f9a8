// The Word document as the built-in editor sees it, and an editor save applied back in place. Text
// blocks (headings, paragraphs, lists, tables) travel as inline segments (bold, italic, links,
// footnotes); blocks the editor cannot edit (pictures, captions, the table of contents, page breaks,
// content controls...) travel as `kept` placeholders by id. A save is compared with the version the
// editor started from (word-diff.ts): unchanged blocks stay byte for byte, changed ones are edited
// where they are (keeping their formatting), new ones are written in the document's styles, and
// blocks the editor left out are deleted.
import { Type, type Static } from 'typebox';
import { StringEnum } from '../../http/schemas.ts';
import { attr, attrNS, child, descendants, NS, path1 } from '../../documents/ooxml/xml.ts';
import { parseInline } from '../../documents/word/inline.ts';
import type { BlockView } from '../../documents/word/view/body.view.ts';
import type { WordDocument } from '../../documents/word/word.document.ts';

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

/** Pictures up to this size are shown inline in the editor; larger ones as a labelled placeholder. */
const INLINE_IMAGE_BYTES = 2 * 1024 * 1024;
const TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', jpg: 'image/jpeg', gif: 'image/gif' };

function keptLabel(b: BlockView): string {
  switch (b.kind) {
    case 'image': return b.text.replace(/^\w/, (c) => c.toUpperCase());
    case 'caption': return `Caption: ${b.text}`;
    case 'toc': return 'Table of contents, updated when the document is saved';
    case 'page_break': return 'Page break';
    default: return `Kept as is: ${b.text}`;
  }
}

/** A picture block's image as a data URL, when it is small and of a kind browsers show. */
function pictureOf(doc: WordDocument, b: BlockView): string | undefined {
  const blip = descendants(b.els[0], NS.a, 'blip')[0];
  const rel = blip ? doc.pkg.rels(doc.main).get(attrNS(blip, NS.r, 'embed') ?? '') : undefined;
  if (!rel || rel.external || !doc.pkg.has(rel.target)) return undefined;
  const type = TYPES[rel.target.split('.').pop()!.toLowerCase()];
  const bytes = doc.pkg.bytes(rel.target);
  return type && bytes.length <= INLINE_IMAGE_BYTES ? `data:${type};base64,${bytes.toString('base64')}` : undefined;
}

/** Whether a table's first row is its header (repeated, or styled as the header row). */
export function hasHeaderRow(b: BlockView): boolean {
  const tbl = b.els[0];
  const first = child(tbl, NS.w, 'tr');
  if (path1(first, [NS.w, 'trPr'], [NS.w, 'tblHeader'])) return true;
  const look = path1(tbl, [NS.w, 'tblPr'], [NS.w, 'tblLook']);
  return attr(look, 'w:firstRow') === '1' || (parseInt(attr(look, 'w:val') ?? '0', 16) & 0x20) !== 0;
}

const plainSegments = (text: string) => (text ? [{ kind: 'text' as const, text, bold: false, italic: false, link: null }] : []);

/** One block as the editor shows it. */
export function presentBlock(doc: WordDocument, b: BlockView): EditorBlock {
  switch (b.kind) {
    case 'heading': return { kind: 'heading', level: Math.min(4, b.level ?? 1), segments: parseInline(b.text) };
    case 'paragraph': return { kind: 'paragraph', style: b.variant ?? 'normal', segments: parseInline(b.text) };
    case 'list': return { kind: 'list', ordered: !!b.ordered, items: b.items!.map((i) => ({ level: Math.min(2, i.level), segments: parseInline(i.text) })) };
    case 'table': {
      const rows = b.rows!.map((r) => r.map(plainSegments));
      const header = hasHeaderRow(b) && rows.length > 1 ? rows.shift()! : [];
      return { kind: 'table', id: b.id, header, rows };
    }
    default: {
      const image = b.kind === 'image' ? pictureOf(doc, b) : undefined;
      return { kind: 'kept', id: b.id, label: keptLabel(b), ...(image ? { image } : {}) };
    }
  }
}

export function presentWord(doc: WordDocument): WordContent {
  const all = doc.blocks();
  const title = all.find((b) => b.kind === 'title');
  const subtitle = all.find((b) => b.kind === 'subtitle');
  const blocks = all.filter((b) => b !== title && b !== subtitle).map((b) => presentBlock(doc, b));
  return { title: title?.text ?? null, subtitle: subtitle?.text ?? null, blocks };
}
