// Tables of contents. A new one is a content control holding a TOC field, as Word inserts it; its
// entries are written when the file is (so they list every heading the task wrote), with hyperlinks
// to bookmarks on the headings and page numbers from the page layout estimate. An existing table of
// contents is rewritten the same way, in its own entry formatting and field switches, when the
// headings changed; otherwise it is left exactly as it was.
import { attr, child, childElements, descendants, fragment, NS, removeNode, xmlEscape, type Element } from '../../ooxml/xml.ts';
import { estimatePages } from '../design/page-estimate.ts';
import { geometryOf, sectionOf } from '../design/page.ts';
import { ensureStyle, findStyle, type StyleRole } from '../design/styles.ts';
import { styleOf, type BlockView } from '../view/body.view.ts';
import { plainText } from '../view/paragraph-text.ts';
import { headingSignature, type WordDocument } from '../word.document.ts';
import { insertionPoint, insertXml } from './structure.ts';

const PLACEHOLDER = 'Table of contents: updated when the document is saved.';

/** Adds a table of contents at a position; its entries are filled in when the document is written. */
export function addToc(doc: WordDocument, position: string | undefined, title: string, maxLevel: number): Element {
  const { before } = insertionPoint(doc, position);
  const heading = ensureStyle(doc.pkg, doc.main, doc.styles(), 'tocHeading');
  const instr = ` TOC \\o "1-${maxLevel}" \\h \\z \\u `;
  const field = `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve">${instr}</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>${PLACEHOLDER}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  const xml = `<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr><w:sdtContent><w:p><w:pPr><w:pStyle w:val="${xmlEscape(heading)}"/></w:pPr><w:r><w:t xml:space="preserve">${xmlEscape(title)}</w:t></w:r></w:p>${field}</w:sdtContent></w:sdt>`;
  const [sdt] = insertXml(doc, [xml], before);
  doc.newTocs.add(sdt);
  return sdt;
}

interface FieldRange { parent: Element; paragraphs: Element[]; instr: string }

/** The paragraphs of a table of contents' TOC field, from the one it begins in to the one it ends in. */
function fieldRange(block: BlockView): FieldRange | null {
  const first = block.els[0];
  const container = first.localName === 'sdt' ? child(first, NS.w, 'sdtContent') : first.parentNode as Element;
  if (!container) return null;
  const candidates = first.localName === 'sdt' ? childElements(container).filter((e) => e.localName === 'p') : block.els.filter((e) => e.localName === 'p');
  const start = candidates.findIndex((p) => /\bTOC\b/.test(descendants(p, NS.w, 'instrText').map((t) => t.textContent).join('')));
  if (start < 0) return null;
  let depth = 0;
  const paragraphs: Element[] = [];
  for (const p of candidates.slice(start)) {
    paragraphs.push(p);
    for (const f of descendants(p, NS.w, 'fldChar')) {
      const type = attr(f, 'w:fldCharType');
      if (type === 'begin') depth++;
      if (type === 'end') depth--;
    }
    if (depth <= 0) break;
  }
  const instr = descendants(paragraphs[0], NS.w, 'instrText').map((t) => t.textContent ?? '').join('');
  return { parent: container, paragraphs, instr: instr.slice(instr.search(/\bTOC\b/)).trim() };
}

function maxLevelOf(instr: string): number {
  const m = /\\o\s+"?(\d)-(\d)"?/.exec(instr);
  return m ? Number(m[2]) : /\\o/.test(instr) ? 9 : 3;
}

/** How each level's entries look in an existing table of contents: its paragraph and run properties. */
function entryLooks(doc: WordDocument, paragraphs: Element[]): Map<number, { pPr: string; rPr: string }> {
  const out = new Map<number, { pPr: string; rPr: string }>();
  const styles = doc.styles();
  for (const p of paragraphs) {
    const style = styleOf(p);
    if (!style) continue;
    const level = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((n) => (n <= 3 && findStyle(styles, `toc${n}` as StyleRole)?.id === style) || styles.get(style)?.name === `toc ${n}`);
    if (!level || out.has(level)) continue;
    const pPr = child(p, NS.w, 'pPr')!.cloneNode(true) as Element;
    removeNode(child(pPr, NS.w, 'rPr'));
    removeNode(child(pPr, NS.w, 'sectPr'));
    const run = descendants(p, NS.w, 'r').find((r) => child(r, NS.w, 't') && !child(child(r, NS.w, 'rPr'), NS.w, 'webHidden'));
    const rPr = child(run ?? null, NS.w, 'rPr');
    out.set(level, { pPr: xmlOf(pPr), rPr: rPr ? xmlOf(rPr) : '' });
  }
  return out;
}

const xmlOf = (el: Element) => el.toString().replace(/ xmlns:\w+="[^"]*"/g, '');

/** A _Toc bookmark around a heading paragraph (its existing one, or a new one). */
function headingBookmark(doc: WordDocument, p: Element, add: boolean, used: Set<string>, ids: { next: number }): string | null {
  const existing = childElements(p).find((e) => e.localName === 'bookmarkStart' && /^_Toc/.test(attr(e, 'w:name') ?? ''));
  if (existing) return attr(existing, 'w:name');
  if (!add) return null;
  let name: string;
  // Named from the bookmark id, so the same document gets the same names.
  let n = ids.next;
  do name = `_Toc${190000000 + n++}`; while (used.has(name));
  used.add(name);
  const id = String(ids.next++);
  const owner = p.ownerDocument!;
  const start = fragment(owner, `<w:bookmarkStart w:id="${id}" w:name="${name}"/>`);
  const pPr = child(p, NS.w, 'pPr');
  p.insertBefore(start, pPr ? pPr.nextSibling : p.firstChild);
  p.appendChild(fragment(owner, `<w:bookmarkEnd w:id="${id}"/>`));
  return name;
}

/** Fills in new tables of contents and rewrites existing ones when the headings changed. */
export function refreshTocs(doc: WordDocument): void {
  const blocks = doc.blocks();
  const tocs = blocks.filter((b) => b.kind === 'toc');
  if (!tocs.length) return;
  const headingsChanged = doc.openedHeadings !== null && doc.openedHeadings !== headingSignature(blocks);
  const todo = tocs.filter((t) => doc.newTocs.has(t.els[0]) || headingsChanged);
  if (!todo.length) return;
  const body = doc.editBody();
  const used = new Set(descendants(body, NS.w, 'bookmarkStart').map((b) => attr(b, 'w:name') ?? ''));
  // Bookmark ids above those of the body and of Folio's header and footer slots.
  const ids = { next: Math.max(100, ...descendants(body, NS.w, 'bookmarkStart').map((b) => Number(attr(b, 'w:id')) || 0)) + 1 };
  const written: { t: Element; p: Element; bookmark: string | null }[] = [];
  for (const toc of todo) {
    const range = fieldRange(toc);
    if (!range) continue;
    const fresh = doc.newTocs.has(toc.els[0]);
    const max = maxLevelOf(range.instr);
    const links = /\\h/.test(range.instr);
    const looks = entryLooks(doc, range.paragraphs);
    const width = geometryOf(sectionOf(body, toc.els[0])).textWidth;
    const headings = doc.blocks().filter((b) => b.kind === 'heading' && b.level! <= max);
    const entries = headings.map((h) => ({ p: h.els[0], level: h.level!, text: plainText(h.els[0]), bookmark: headingBookmark(doc, h.els[0], fresh || doc.newHeadings.has(h.els[0]), used, ids) }));
    const look = (level: number) => looks.get(level) ?? {
      pPr: `<w:pPr><w:pStyle w:val="${xmlEscape(ensureStyle(doc.pkg, doc.main, doc.styles(), `toc${Math.min(3, level)}` as StyleRole))}"/><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="${width}"/></w:tabs>${level > 3 ? `<w:ind w:left="${(level - 1) * 220}"/>` : ''}</w:pPr>`,
      rPr: '',
    };
    const begin = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${xmlEscape(range.instr)} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>`;
    const end = '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
    const xml = entries.map((e, i) => {
      const { pPr, rPr } = look(e.level);
      const text = `<w:r>${rPr}<w:t xml:space="preserve">${xmlEscape(e.text)}</w:t></w:r><w:r>${rPr}<w:tab/></w:r>`;
      const page = e.bookmark
        ? `<w:r><w:rPr><w:noProof/><w:webHidden/></w:rPr><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:rPr><w:noProof/><w:webHidden/></w:rPr><w:instrText xml:space="preserve"> PAGEREF ${xmlEscape(e.bookmark)} \\h </w:instrText></w:r><w:r><w:rPr><w:noProof/><w:webHidden/></w:rPr><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:rPr><w:noProof/><w:webHidden/></w:rPr><w:t>0</w:t></w:r><w:r><w:rPr><w:noProof/><w:webHidden/></w:rPr><w:fldChar w:fldCharType="end"/></w:r>`
        : `<w:r><w:rPr><w:noProof/></w:rPr><w:t>0</w:t></w:r>`;
      const inner = links && e.bookmark ? `<w:hyperlink w:anchor="${xmlEscape(e.bookmark)}" w:history="1">${text}${page}</w:hyperlink>` : `${text}${page}`;
      return `<w:p>${pPr}${i === 0 ? begin : ''}${inner}${i === entries.length - 1 ? end : ''}</w:p>`;
    });
    if (!xml.length) xml.push(`<w:p>${begin}<w:r><w:t>No table of contents entries found.</w:t></w:r>${end}</w:p>`);
    const owner = range.parent.ownerDocument!;
    const after = range.paragraphs.at(-1)!.nextSibling;
    for (const p of range.paragraphs) removeNode(p);
    const els = xml.map((x) => fragment(owner, x));
    for (const el of els) range.parent.insertBefore(el, after);
    entries.forEach((e, i) => written.push({ t: pageText(els[i]), p: e.p, bookmark: e.bookmark }));
  }
  doc.changed();
  if (!written.length) return;
  // Pages as laid out with the entries in place; headings without a bookmark are measured through one in the copy.
  const marks = new Map<Element, string>();
  written.forEach((w, i) => { if (!w.bookmark) marks.set(w.p, `_FolioMeasure${i}`); });
  const pages = estimatePages(doc, marks);
  written.forEach((w, i) => {
    const page = pages.get(w.bookmark ?? `_FolioMeasure${i}`) ?? '';
    while (w.t.firstChild) w.t.removeChild(w.t.firstChild);
    w.t.appendChild(w.t.ownerDocument!.createTextNode(page));
  });
}

/** The w:t holding an entry's page number (its last). */
function pageText(p: Element): Element {
  return descendants(p, NS.w, 't').at(-1)!;
}
