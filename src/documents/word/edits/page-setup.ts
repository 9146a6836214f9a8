// Document-wide settings: the title and subtitle paragraphs, the header and footer text, page numbers,
// orientation and page size. Headers and footers are the document's own parts: text goes into the
// bookmarked slots of Folio's templates (FolioHeaderText, FolioFooterText) or, in other documents,
// replaces the text of the part's first paragraph (keeping its formatting); a document without a
// header or footer gets one. Page settings change every section's w:sectPr.
import { ToolError } from '../../agent/tool-error.ts';
import { REL } from '../../ooxml/relationships.ts';
import { attr, child, childElements, descendants, fragment, NS, path1, removeNode, xmlEscape, type Element } from '../../ooxml/xml.ts';
import { ensureStyle } from '../design/styles.ts';
import type { WordDocument } from '../word.document.ts';
import { insertionPoint, insertXml } from './structure.ts';
import { baseRunProps, setParagraphText } from './paragraph-edit.ts';
import { inlineRuns } from './runs.ts';

export const HEADER_SLOT = 'FolioHeaderText';
export const FOOTER_SLOT = 'FolioFooterText';
const HEADER_CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml';
const FOOTER_CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml';

/** Every section's settings, in order (the body's own w:sectPr last). */
export function sections(doc: WordDocument, edit = false): Element[] {
  const body = edit ? doc.editBody() : doc.body();
  const inner = childElements(body).map((el) => (el.localName === 'p' ? path1(el, [NS.w, 'pPr'], [NS.w, 'sectPr']) : null)).filter((s): s is Element => !!s);
  const last = child(body, NS.w, 'sectPr');
  return last ? [...inner, last] : inner;
}

/** Sets, adds or (empty text) removes the title or subtitle paragraph. */
export function setTitle(doc: WordDocument, kind: 'title' | 'subtitle', markdown: string): void {
  const blocks = doc.blocks();
  const existing = blocks.find((b) => b.kind === kind);
  if (!markdown.trim()) {
    if (existing) for (const el of existing.els) removeNode(el);
    doc.editBody();
    doc.changed();
    return;
  }
  if (existing) {
    doc.editBody();
    setParagraphText(doc, existing.els[0], markdown);
    doc.changed();
    return;
  }
  const style = ensureStyle(doc.pkg, doc.main, doc.styles(), kind);
  const title = blocks.find((b) => b.kind === 'title');
  const before = kind === 'subtitle' && title ? title.els.at(-1)!.nextSibling : blocks[0]?.els[0] ?? insertionPoint(doc, 'end').before;
  insertXml(doc, [`<w:p><w:pPr><w:pStyle w:val="${xmlEscape(style)}"/></w:pPr>${inlineRuns(doc, markdown)}</w:p>`], before);
}

type Kind = 'header' | 'footer';

/** The default header or footer part governing the last section (inherited from earlier sections when it has none). */
function partOf(doc: WordDocument, kind: Kind): string | null {
  const rels = doc.pkg.rels(doc.main);
  for (const sect of sections(doc).reverse()) {
    const ref = children(sect, `${kind}Reference`).find((r) => attr(r, 'w:type') === 'default');
    const target = ref ? rels.get(attr(ref, 'r:id') ?? '') : null;
    if (target && !target.external && doc.pkg.has(target.target)) return target.target;
  }
  return null;
}

const children = (el: Element, local: string) => childElements(el).filter((c) => c.namespaceURI === NS.w && c.localName === local);

/** Creates a header or footer part and references it from the first section (the others inherit it). */
function createPart(doc: WordDocument, kind: Kind, paragraph: string): string {
  const tag = kind === 'header' ? 'hdr' : 'ftr';
  const part = doc.pkg.freeName(`word/${kind}`, '.xml');
  doc.pkg.put(part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:${tag} xmlns:w="${NS.w}" xmlns:r="${NS.r}">${paragraph}</w:${tag}>`, kind === 'header' ? HEADER_CT : FOOTER_CT);
  const id = doc.pkg.rels(doc.main).add(kind === 'header' ? REL.header : REL.footer, part);
  const first = sections(doc, true)[0];
  if (!first) throw new ToolError('The document has no section settings to attach a header or footer to.');
  const ref = fragment(first.ownerDocument!, `<w:${kind}Reference w:type="default" r:id="${id}"/>`);
  // References come first in w:sectPr, headers before footers.
  const after = kind === 'footer' ? children(first, 'headerReference').at(-1) ?? null : null;
  first.insertBefore(ref, after ? after.nextSibling : first.firstChild);
  doc.changed();
  return part;
}

/** Replaces the content of a bookmark's range within its paragraph with new runs. */
function fillSlot(doc: WordDocument, start: Element, markdown: string): void {
  const p = start.parentNode as Element;
  const id = attr(start, 'w:id');
  const end = childElements(p).find((e) => e.localName === 'bookmarkEnd' && attr(e, 'w:id') === id);
  const base = baseRunProps(p)?.cloneNode(true) as Element | null ?? null;
  for (let n = start.nextSibling; n && n !== end;) {
    const next = n.nextSibling;
    p.removeChild(n);
    n = next;
  }
  const runs = inlineRuns(doc, markdown, '', { base });
  const wrapper = fragment(p.ownerDocument!, `<w:p>${runs}</w:p>`);
  for (const r of childElements(wrapper)) p.insertBefore(r, end ?? null);
}

/** Sets the header or footer text. */
export function setHeaderFooterText(doc: WordDocument, kind: Kind, text: string): void {
  const part = partOf(doc, kind);
  if (!part) {
    const style = ensureStyle(doc.pkg, doc.main, doc.styles(), kind);
    createPart(doc, kind, `<w:p><w:pPr><w:pStyle w:val="${xmlEscape(style)}"/></w:pPr>${inlineRuns(doc, xmlSafe(text))}</w:p>`);
    return;
  }
  const xml = doc.pkg.edit(part);
  const slot = descendants(xml.documentElement!, NS.w, 'bookmarkStart').find((b) => attr(b, 'w:name') === (kind === 'header' ? HEADER_SLOT : FOOTER_SLOT));
  if (slot) return fillSlot(doc, slot, xmlSafe(text));
  const p = descendants(xml.documentElement!, NS.w, 'p').find((x) => descendants(x, NS.w, 't').some((t) => t.textContent?.trim())) ?? descendants(xml.documentElement!, NS.w, 'p')[0];
  if (!p) throw new ToolError(`The document's ${kind} has no paragraph to write in.`);
  if (descendants(p, NS.w, 'fldChar').length || descendants(p, NS.w, 'fldSimple').length) {
    // The paragraph holds fields (page numbers): the text goes in front of them, the fields stay.
    const runs = fragment(xml, `<w:p>${inlineRuns(doc, `${xmlSafe(text)}\t`, '', { base: baseRunProps(p) })}</w:p>`);
    const first = childElements(p).find((c) => c.localName !== 'pPr') ?? null;
    for (const r of childElements(runs)) p.insertBefore(r, first);
    return;
  }
  setParagraphText(doc, p, xmlSafe(text));
}

/** Header/footer text is plain: markdown markers in it are literal. */
const xmlSafe = (s: string) => s.replace(/([\\*_[\]])/g, '\\$1');

/** Turns the header or footer off (the references go; the part stays for sections that share it) or on. */
export function setHeaderFooterShown(doc: WordDocument, kind: Kind, on: boolean, text: string): void {
  if (on) {
    if (!partOf(doc, kind)) setHeaderFooterText(doc, kind, text);
    return;
  }
  for (const sect of sections(doc, true)) for (const ref of children(sect, `${kind}Reference`)) removeNode(ref);
  doc.changed();
}

const PAGE_FIELD = /^\s*(PAGE|NUMPAGES|SECTIONPAGES)\b/i;

/** Adds "Page X of Y" to the footer, or removes the page-number fields (and a paragraph left without text). */
export function setPageNumbers(doc: WordDocument, on: boolean): void {
  const part = partOf(doc, 'footer');
  const has = part ? descendants(doc.pkg.xml(part).documentElement!, NS.w, 'instrText').some((t) => PAGE_FIELD.test(t.textContent ?? '')) || descendants(doc.pkg.xml(part).documentElement!, NS.w, 'fldSimple').some((f) => PAGE_FIELD.test(attr(f, 'w:instr') ?? '')) : false;
  if (on === has) return;
  const fields = '<w:r><w:t xml:space="preserve">Page </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> of </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> NUMPAGES </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>';
  if (on) {
    const style = ensureStyle(doc.pkg, doc.main, doc.styles(), 'footer');
    const paragraph = `<w:p><w:pPr><w:pStyle w:val="${xmlEscape(style)}"/><w:jc w:val="right"/></w:pPr>${fields}</w:p>`;
    if (!part) createPart(doc, 'footer', paragraph);
    else {
      const xml = doc.pkg.edit(part);
      xml.documentElement!.appendChild(fragment(xml, paragraph));
    }
    return;
  }
  const xml = doc.pkg.edit(part!);
  for (const p of descendants(xml.documentElement!, NS.w, 'p')) removePageFields(p);
}

/** Removes page-number fields from a paragraph, with the "Page" and "of" around them. */
function removePageFields(p: Element): void {
  const runs = childElements(p).filter((c) => c.localName === 'r' || c.localName === 'fldSimple');
  let inField = false;
  let isPage = false;
  let touched = false;
  for (const r of runs) {
    if (r.localName === 'fldSimple') {
      if (PAGE_FIELD.test(attr(r, 'w:instr') ?? '')) { removeNode(r); touched = true; }
      continue;
    }
    const fld = child(r, NS.w, 'fldChar');
    const type = attr(fld, 'w:fldCharType');
    if (type === 'begin') { inField = true; isPage = false; }
    const instr = child(r, NS.w, 'instrText');
    if (inField && instr && PAGE_FIELD.test(instr.textContent ?? '')) isPage = true;
    const remove = inField && (isPage || !!instr && PAGE_FIELD.test(instr.textContent ?? ''));
    if (type === 'end') inField = false;
    if (remove || (type === 'end' && isPage)) { removeNode(r); touched = true; }
  }
  if (!touched) return;
  // The words that framed the numbers ("Page", "of", "/") go too.
  for (const t of descendants(p, NS.w, 't')) {
    if (/^\s*(page|seite|pagina|página|p\.)?\s*(of|von|de|di|sur|\/)?\s*$/i.test(t.textContent ?? '')) removeNode(t.parentNode);
  }
}

/** Orientation and page size for every section (margins stay; width and height swap for the orientation). */
export function setPage(doc: WordDocument, orientation: 'portrait' | 'landscape' | undefined, size: 'A4' | 'Letter' | undefined): void {
  const SIZES = { A4: [11906, 16838], Letter: [12240, 15840] } as const;
  for (const sect of sections(doc, true)) {
    let pgSz = child(sect, NS.w, 'pgSz');
    if (!pgSz) {
      pgSz = fragment(sect.ownerDocument!, '<w:pgSz w:w="11906" w:h="16838"/>');
      const before = childElements(sect).find((c) => !/Reference$/.test(c.localName ?? '') && !['footnotePr', 'endnotePr', 'type'].includes(c.localName ?? ''));
      sect.insertBefore(pgSz, before ?? null);
    }
    const w = Number(attr(pgSz, 'w:w') ?? 11906);
    const h = Number(attr(pgSz, 'w:h') ?? 16838);
    const landscape = orientation ? orientation === 'landscape' : attr(pgSz, 'w:orient') === 'landscape' || w > h;
    const [short, long] = size ? SIZES[size] : [Math.min(w, h), Math.max(w, h)];
    pgSz.setAttribute('w:w', String(landscape ? long : short));
    pgSz.setAttribute('w:h', String(landscape ? short : long));
    if (landscape) pgSz.setAttribute('w:orient', 'landscape');
    else pgSz.removeAttribute('w:orient');
  }
  doc.changed();
}
