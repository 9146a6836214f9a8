// Footnotes and hyperlinks for new text. A footnote is appended to the document's footnotes part (made,
// with the separators Word expects, when the document has none) in the document's own footnote
// styles; a link is an external relationship of the main part.
import { attr, children, fragment, NS, xmlEscape } from '../../ooxml/xml.ts';
import { ensureStyle } from '../design/styles.ts';
import type { WordDocument } from '../word.document.ts';

const FOOTNOTES = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes';
const FOOTNOTES_CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml';

function footnotesPart(doc: WordDocument): string {
  const found = doc.pkg.related(doc.main, FOOTNOTES)[0];
  if (found) return found;
  const part = doc.pkg.has('word/footnotes.xml') ? doc.pkg.freeName('word/footnotes', '.xml') : 'word/footnotes.xml';
  const sep = (type: string, id: number, what: string) => `<w:footnote w:type="${type}" w:id="${id}"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:${what}/></w:r></w:p></w:footnote>`;
  doc.pkg.put(part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes xmlns:w="${NS.w}" xmlns:r="${NS.r}">${sep('separator', -1, 'separator')}${sep('continuationSeparator', 0, 'continuationSeparator')}</w:footnotes>`, FOOTNOTES_CT);
  doc.pkg.rels(doc.main).add(FOOTNOTES, part);
  return part;
}

/** Appends a footnote with this (plain) text; returns its id for the reference in the body. */
export function addFootnote(doc: WordDocument, text: string): string {
  const part = footnotesPart(doc);
  const noteStyle = ensureStyle(doc.pkg, doc.main, doc.styles(), 'footnoteText');
  const refStyle = ensureStyle(doc.pkg, doc.main, doc.styles(), 'footnoteReference');
  const xml = doc.pkg.edit(part);
  const root = xml.documentElement!;
  const id = String(Math.max(0, ...children(root, NS.w, 'footnote').map((f) => Number(attr(f, 'w:id')) || 0)) + 1);
  root.appendChild(fragment(xml, `<w:footnote w:id="${id}"><w:p><w:pPr><w:pStyle w:val="${noteStyle}"/></w:pPr><w:r><w:rPr><w:rStyle w:val="${refStyle}"/></w:rPr><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> ${xmlEscape(text)}</w:t></w:r></w:p></w:footnote>`));
  return id;
}

/** The relationship id of an external link from the main part. */
export function linkId(doc: WordDocument, url: string): string {
  return doc.pkg.rels(doc.main).add('http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink', url, true);
}

