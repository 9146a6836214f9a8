// The Word document as the built-in editor sees it, and an editor save applied back in place. Text
// blocks (headings, paragraphs, lists, tables) travel as inline segments (bold, italic, links,
// footnotes); blocks the editor cannot edit (pictures, captions, the table of contents, page breaks,
// content controls...) travel as `kept` placeholders by id. A save is compared with the version the
// editor started from (word-diff.ts): unchanged blocks stay byte for byte, changed ones are edited
// where they are (keeping their formatting), new ones are written in the document's styles, and
// blocks the editor left out are deleted.
import { attr, attrNS, child, descendants, NS, path1 } from '../../documents/ooxml/xml.ts';
import { parseInline } from '../../documents/word/inline.ts';
import type { BlockView } from '../../documents/word/view/body.view.ts';
import type { WordDocument } from '../../documents/word/word.document.ts';
import type { EditorBlock, WordContent } from './word-view.schemas.ts';

export { WordBlock, WordContent, type EditorBlock } from './word-view.schemas.ts';

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
