// What the agent sees of a Word body: blocks (headings, paragraphs, lists, tables, pictures,
// captions, the table of contents, content controls, ...) each with an id and the top-level XML
// elements it covers. Consecutive list paragraphs make one list; a table of contents (a TOC field's
// paragraphs, or its content control) is one block. Elements it does not recognize are blocks too,
// described and kept as they are.
import type { OoxmlPackage } from '../../ooxml/package.ts';
import { REL } from '../../ooxml/relationships.ts';
import { attr, child, childElements, children, descendants, NS, path1, type Element } from '../../ooxml/xml.ts';
import { findStyle, headingLevelOf, type StyleInfo } from '../design/styles.ts';
import { paragraphInline, plainText, type TextContext } from './paragraph-text.ts';

/** What reading the body needs of the Word adapter's document (WordDocument, word.document.ts, which
 * reads its blocks through this file: the interface keeps the two from importing each other). */
export interface WordBody {
  readonly pkg: OoxmlPackage;
  readonly main: string;
  body(): Element;
  styles(): Map<string, StyleInfo>;
  idOf(el: Element): string;
}

export type BlockKind = 'title' | 'subtitle' | 'heading' | 'paragraph' | 'list' | 'table' | 'image' | 'caption' | 'toc' | 'page_break' | 'other';

export interface BlockView {
  id: string;
  kind: BlockKind;
  /** The top-level body elements of the block, in order. */
  els: Element[];
  style: string | null;
  /** Headings: 1-9. */
  level?: number;
  /** Lists: numbered or bulleted, and each item's text and level. */
  ordered?: boolean;
  items?: { text: string; level: number; el: Element }[];
  /** Paragraph kinds: quote, note (a call-out). */
  variant?: 'quote' | 'note';
  /** Tables: the cells' text by row. */
  rows?: string[][];
  /** Inline markdown of a paragraph block; a description of other blocks. */
  text: string;
}

export function textContext(doc: WordBody): TextContext {
  const rels = doc.pkg.rels(doc.main);
  const notesPart = doc.pkg.related(doc.main, 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes')[0];
  let notes: Map<string, string> | null = null;
  return {
    links: (id) => {
      const r = rels.get(id);
      return r?.external && /^(https?:|mailto:)/i.test(r.target) ? r.target : null;
    },
    footnote: (id) => {
      if (!notesPart) return null;
      notes ??= new Map(children(doc.pkg.xml(notesPart).documentElement, NS.w, 'footnote').map((f) => [attr(f, 'w:id') ?? '', plainText(f)]));
      return notes.get(id) ?? null;
    },
  };
}

export const styleOf = (p: Element): string | null => attr(path1(p, [NS.w, 'pPr'], [NS.w, 'pStyle']), 'w:val');

function numIdOf(p: Element, styles: Map<string, StyleInfo>): { numId: string; level: number } | null {
  const numPr = path1(p, [NS.w, 'pPr'], [NS.w, 'numPr']);
  const style = styleOf(p);
  const viaStyle = style ? path1(styles.get(style)?.el, [NS.w, 'pPr'], [NS.w, 'numPr']) : null;
  const numId = attr(child(numPr, NS.w, 'numId'), 'w:val') ?? attr(child(viaStyle, NS.w, 'numId'), 'w:val');
  if (!numId || numId === '0') return null;
  return { numId, level: Number(attr(child(numPr, NS.w, 'ilvl'), 'w:val') ?? attr(child(viaStyle, NS.w, 'ilvl'), 'w:val') ?? 0) };
}

/** Whether a numId is a bulleted list (else numbered). */
function bulleted(doc: WordBody, numId: string): boolean {
  const part = doc.pkg.related(doc.main, REL.numbering)[0];
  if (!part) return true;
  const root = doc.pkg.xml(part).documentElement!;
  const num = children(root, NS.w, 'num').find((n) => attr(n, 'w:numId') === numId);
  const abs = children(root, NS.w, 'abstractNum').find((a) => attr(a, 'w:abstractNumId') === attr(child(num, NS.w, 'abstractNumId'), 'w:val'));
  const lvl = children(abs, NS.w, 'lvl').find((l) => attr(l, 'w:ilvl') === '0');
  return (attr(child(lvl, NS.w, 'numFmt'), 'w:val') ?? 'bullet') === 'bullet';
}

function fieldCode(p: Element): string {
  return descendants(p, NS.w, 'instrText').map((t) => t.textContent ?? '').join('') + descendants(p, NS.w, 'fldSimple').map((f) => attr(f, 'w:instr') ?? '').join('');
}

const begins = (p: Element) => descendants(p, NS.w, 'fldChar').filter((f) => attr(f, 'w:fldCharType') === 'begin').length;
const ends = (p: Element) => descendants(p, NS.w, 'fldChar').filter((f) => attr(f, 'w:fldCharType') === 'end').length;

function isTocSdt(el: Element): boolean {
  const gallery = path1(el, [NS.w, 'sdtPr'], [NS.w, 'docPartObj'], [NS.w, 'docPartGallery']);
  return /table of contents/i.test(attr(gallery, 'w:val') ?? '') || /\bTOC\b/.test(fieldCode(el));
}

function classify(p: Element, styles: Map<string, StyleInfo>): Pick<BlockView, 'kind' | 'level' | 'variant'> {
  const style = styleOf(p);
  const role = (r: Parameters<typeof findStyle>[1]) => !!style && findStyle(styles, r)?.id === style;
  const level = headingLevelOf(styles, style) ?? (attr(path1(p, [NS.w, 'pPr'], [NS.w, 'outlineLvl']), 'w:val') !== null ? Number(attr(path1(p, [NS.w, 'pPr'], [NS.w, 'outlineLvl']), 'w:val')) + 1 : null);
  if (role('title')) return { kind: 'title' };
  if (role('subtitle')) return { kind: 'subtitle' };
  if (level !== null && level <= 9) return { kind: 'heading', level };
  if (role('caption')) return { kind: 'caption' };
  if (role('quote')) return { kind: 'paragraph', variant: 'quote' };
  if (role('note')) return { kind: 'paragraph', variant: 'note' };
  const runs = descendants(p, NS.w, 'r');
  const text = descendants(p, NS.w, 't').map((t) => t.textContent ?? '').join('').trim();
  if (!text && (descendants(p, NS.w, 'drawing').length || descendants(p, NS.w, 'pict').length)) return { kind: 'image' };
  if (!text && runs.length && descendants(p, NS.w, 'br').some((b) => attr(b, 'w:type') === 'page')) return { kind: 'page_break' };
  return { kind: 'paragraph' };
}

/** Body-level markers (bookmarks, comment ranges, permissions, proofing marks): not blocks; they stay where they are. */
const MARKERS = new Set(['bookmarkStart', 'bookmarkEnd', 'commentRangeStart', 'commentRangeEnd', 'permStart', 'permEnd', 'proofErr',
  'moveFromRangeStart', 'moveFromRangeEnd', 'moveToRangeStart', 'moveToRangeEnd', 'customXmlInsRangeStart', 'customXmlInsRangeEnd',
  'customXmlDelRangeStart', 'customXmlDelRangeEnd', 'customXmlMoveFromRangeStart', 'customXmlMoveFromRangeEnd', 'customXmlMoveToRangeStart', 'customXmlMoveToRangeEnd']);

export function readBlocks(doc: WordBody): BlockView[] {
  const styles = doc.styles();
  const ctx = textContext(doc);
  const out: BlockView[] = [];
  let open = 0; // TOC field paragraphs still open
  for (const el of childElements(doc.body())) {
    if (el.namespaceURI === NS.w && (el.localName === 'sectPr' || MARKERS.has(el.localName ?? ''))) continue;
    const last = out.at(-1);
    if (open > 0 && last?.kind === 'toc') {
      last.els.push(el);
      if (el.localName === 'p') open += begins(el) - ends(el);
      continue;
    }
    if (el.namespaceURI !== NS.w) {
      out.push({ id: doc.idOf(el), kind: 'other', els: [el], style: null, text: plainText(el) || `(${el.localName})` });
      continue;
    }
    if (el.localName === 'p') {
      if (/\bTOC\b/.test(fieldCode(el)) && begins(el)) {
        out.push({ id: doc.idOf(el), kind: 'toc', els: [el], style: styleOf(el), text: 'table of contents' });
        open = begins(el) - ends(el);
        continue;
      }
      const list = numIdOf(el, styles);
      const kind = classify(el, styles);
      if (list && (kind.kind === 'paragraph' || kind.kind === 'image')) {
        const item = { text: paragraphInline(el, ctx), level: Math.min(list.level, 8), el };
        if (last?.kind === 'list' && last.ordered === !bulleted(doc, list.numId)) {
          last.els.push(el);
          last.items!.push(item);
        } else {
          out.push({ id: doc.idOf(el), kind: 'list', els: [el], style: styleOf(el), ordered: !bulleted(doc, list.numId), items: [item], text: '' });
        }
        continue;
      }
      out.push({ id: doc.idOf(el), els: [el], style: styleOf(el), ...kind, text: kind.kind === 'image' ? describePicture(el) : paragraphInline(el, ctx) });
      continue;
    }
    if (el.localName === 'tbl') {
      const rows = children(el, NS.w, 'tr').map((tr) => children(tr, NS.w, 'tc').map((tc) => plainText(tc)));
      out.push({ id: doc.idOf(el), kind: 'table', els: [el], style: attr(path1(el, [NS.w, 'tblPr'], [NS.w, 'tblStyle']), 'w:val'), rows, text: `${rows.length} rows` });
      continue;
    }
    if (el.localName === 'sdt') {
      const toc = isTocSdt(el);
      out.push({ id: doc.idOf(el), kind: toc ? 'toc' : 'other', els: [el], style: null, text: toc ? 'table of contents' : `content control: ${plainText(el).slice(0, 200)}` });
      continue;
    }
    out.push({ id: doc.idOf(el), kind: 'other', els: [el], style: null, text: plainText(el) ? `${el.localName}: ${plainText(el).slice(0, 200)}` : `(${el.localName})` });
  }
  return out;
}

function describePicture(p: Element): string {
  const docPr = descendants(p, 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing', 'docPr')[0];
  const what = attr(docPr, 'descr') || attr(docPr, 'name') || 'picture';
  const chart = descendants(p, NS.c, 'chart').length ? 'chart' : descendants(p, NS.w, 'pict').length ? 'drawing' : 'picture';
  return `${chart}: ${what}`;
}

