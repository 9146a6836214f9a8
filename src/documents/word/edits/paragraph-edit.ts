// Text edits inside existing paragraphs. Replacing a paragraph's text keeps the paragraph (its
// properties, section break, bookmarks and comment ranges) and takes the run properties of the text it
// replaces; finding and replacing a phrase changes only the runs the phrase is in, so formatting
// around it stays. Nothing else of the paragraph is rewritten.
import { attr, child, childElements, descendants, fragment, NS, removeNode, type Element } from '../../ooxml/xml.ts';
import { plainText as paragraphPlain } from '../view/paragraph-text.ts';
import type { WordDocument } from '../word.document.ts';
import { inlineRuns } from './runs.ts';

/** Paragraph children that mark ranges; they are kept when the text is replaced. */
const MARKS = new Set(['bookmarkStart', 'bookmarkEnd', 'commentRangeStart', 'commentRangeEnd', 'permStart', 'permEnd']);
const FOOTNOTES = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes';

/** The run properties text written into this paragraph should take: its first text run's (not a link's). */
export function baseRunProps(p: Element): Element | null {
  const runs = descendants(p, NS.w, 'r').filter((r) => child(r, NS.w, 't'));
  const plain = runs.find((r) => (r.parentNode as Element | null)?.localName !== 'hyperlink') ?? runs[0];
  return child(plain ?? null, NS.w, 'rPr');
}

/** Footnotes a paragraph references, by their text (so writing the same note again keeps it). */
function footnotesOf(doc: WordDocument, p: Element): Map<string, string> {
  const out = new Map<string, string>();
  const part = doc.pkg.related(doc.main, FOOTNOTES)[0];
  if (!part) return out;
  const notes = new Map(descendants(doc.pkg.xml(part).documentElement!, NS.w, 'footnote').map((f) => [attr(f, 'w:id'), f]));
  for (const ref of descendants(p, NS.w, 'footnoteReference')) {
    const note = notes.get(attr(ref, 'w:id'));
    if (note) out.set(paragraphPlain(note), attr(ref, 'w:id')!);
  }
  return out;
}

/** Replaces the text of a paragraph (inline markdown), keeping its properties and range marks. */
export function setParagraphText(doc: WordDocument, p: Element, markdown: string): void {
  const base = baseRunProps(p)?.cloneNode(true) as Element | null ?? null;
  const footnotes = footnotesOf(doc, p);
  const starts: Element[] = [];
  const ends: Element[] = [];
  for (const c of childElements(p)) {
    if (c.namespaceURI === NS.w && c.localName === 'pPr') continue;
    if (c.namespaceURI === NS.w && MARKS.has(c.localName ?? '')) (/(End)$/.test(c.localName ?? '') ? ends : starts).push(c);
    removeNode(c);
  }
  const owner = p.ownerDocument!;
  const runs = inlineRuns(doc, markdown, '', { base, footnotes });
  for (const m of starts) p.appendChild(m);
  if (runs) {
    const wrapper = fragment(owner, `<w:p>${runs}</w:p>`);
    for (const r of childElements(wrapper)) p.appendChild(r);
  }
  for (const m of ends) p.appendChild(m);
}

interface TextPiece { t: Element; start: number; end: number }

/** The w:t elements of a paragraph that read as its text (not deleted text, not field codes). */
function textPieces(p: Element): { text: string; pieces: TextPiece[] } {
  let text = '';
  const pieces: TextPiece[] = [];
  const walk = (e: Element) => {
    for (const c of childElements(e)) {
      // A text box's paragraphs (w:txbxContent) are paragraphs of their own, found and replaced on their own.
      if (c.namespaceURI === NS.w && ['del', 'instrText', 'pPr', 'rPr', 'moveFrom', 'txbxContent'].includes(c.localName ?? '')) continue;
      if (c.namespaceURI === NS.w && c.localName === 't') {
        const s = c.textContent ?? '';
        pieces.push({ t: c, start: text.length, end: text.length + s.length });
        text += s;
      } else walk(c);
    }
  };
  walk(p);
  return { text, pieces };
}

/** A paragraph's text as find-and-replace reads it (no deleted text, field codes or text boxes). */
export function paragraphText(p: Element): string {
  return textPieces(p).text;
}

function setT(t: Element, s: string): void {
  while (t.firstChild) t.removeChild(t.firstChild);
  t.appendChild(t.ownerDocument!.createTextNode(s));
  if (/^\s|\s$/.test(s)) t.setAttribute('xml:space', 'preserve');
}

/**
 * Replaces each occurrence of `find` in the paragraph's text with `replace` (plain text), across runs:
 * the replacement takes the first run's formatting, the runs around it are untouched. Returns the count.
 */
export function replaceInParagraph(p: Element, find: string, replace: string, matchCase: boolean): number {
  if (!find) return 0;
  let count = 0;
  for (let guard = 0; guard < 1000; guard++) {
    const { text, pieces } = textPieces(p);
    const hay = matchCase ? text : text.toLowerCase();
    const needle = matchCase ? find : find.toLowerCase();
    // Search after the text already replaced, so a replacement that contains the phrase is not replaced again.
    const from = count ? lastEnd.get(p) ?? 0 : 0;
    const at = hay.indexOf(needle, from);
    if (at < 0) break;
    const end = at + find.length;
    const touched = pieces.filter((x) => x.end > at && x.start < end);
    touched.forEach((x, i) => {
      const s = x.t.textContent ?? '';
      const before = i === 0 ? s.slice(0, at - x.start) : '';
      const after = i === touched.length - 1 ? s.slice(end - x.start) : '';
      setT(x.t, i === 0 ? `${before}${replace}${after}` : after);
    });
    lastEnd.set(p, at + replace.length);
    count++;
  }
  lastEnd.delete(p);
  return count;
}

const lastEnd = new WeakMap<Element, number>();
