// What happens when a Word document is written: the brand of the request goes on, a Folio report's
// empty header line shows its title (and its file properties name it), and tables of contents are
// filled in or brought up to date. A document the task did not change is written back as it was.
import { attr, descendants, NS } from '../../ooxml/xml.ts';
import { plainText } from '../inline.ts';
import type { WordDocument } from '../word.document.ts';
import { applyWordBrand, type WordBrand } from './brand.ts';
import { HEADER_SLOT, setHeaderFooterText } from './page-setup.ts';
import { refreshTocs } from './toc.ts';

const DC = 'http://purl.org/dc/elements/1.1/';

/** Whether Folio's header slot is still empty. */
function headerSlotEmpty(doc: WordDocument): boolean {
  for (const part of doc.pkg.paths('word/').filter((p) => /header\d*\.xml$/i.test(p))) {
    const start = descendants(doc.pkg.xml(part).documentElement!, NS.w, 'bookmarkStart').find((b) => attr(b, 'w:name') === HEADER_SLOT);
    if (!start) continue;
    let text = '';
    for (let n = start.nextSibling; n && !(n.nodeName === 'w:bookmarkEnd'); n = n.nextSibling) text += n.textContent ?? '';
    return !text.trim();
  }
  return false;
}

function setCoreTitle(doc: WordDocument, title: string): void {
  const part = doc.pkg.has('docProps/core.xml') ? 'docProps/core.xml' : null;
  if (!part) return;
  const el = descendants(doc.pkg.xml(part).documentElement!, DC, 'title')[0];
  if (!el || el.textContent === title) return;
  const xml = doc.pkg.edit(part);
  const target = descendants(xml.documentElement!, DC, 'title')[0];
  while (target.firstChild) target.removeChild(target.firstChild);
  target.appendChild(xml.createTextNode(title));
}

export function finishDocument(doc: WordDocument, brand: WordBrand | null): void {
  if (doc.folio) {
    const title = doc.blocks().find((b) => b.kind === 'title');
    const text = title ? plainText(title.text).trim() : '';
    if (text && headerSlotEmpty(doc)) setHeaderFooterText(doc, 'header', text);
    if (text) setCoreTitle(doc, text);
  }
  if (brand) applyWordBrand(doc, brand);
  refreshTocs(doc);
}
