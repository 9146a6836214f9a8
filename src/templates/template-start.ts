// A new document made from an organization's template is an edit of the template's package: its
// masters, layouts, themes, styles, numbering, headers and footers stay as they are. Starting from it:
//   - a template part type (.potx, .dotx, .xltx) becomes the document type (.pptx, .docx, .xlsx);
//   - its sample content is dropped unless kept: slides are deleted with the parts only they used, the
//     body is emptied down to its final section settings, sheets give way to one blank sheet that the
//     first real sheet replaces (as in Folio's own workbook template).
import type { Format } from '../config.ts';
import { ExcelDocument } from '../documents/excel/excel.document.ts';
import { addSheet, deleteSheet, renameSheet, safeSheetName } from '../documents/excel/edits/sheets.ts';
import { removeOrphans } from '../documents/ooxml/orphans.ts';
import type { OoxmlPackage } from '../documents/ooxml/package.ts';
import { REL } from '../documents/ooxml/relationships.ts';
import { child, childElements, descendants, insertBefore, NS, removeNode, type Element } from '../documents/ooxml/xml.ts';
import { deleteSlide } from '../documents/slides/edits/slide-order.ts';
import type { SlidesDocument } from '../documents/slides/slides.document.ts';
import type { WordDocument } from '../documents/word/word.document.ts';

/** Main-part content types of templates and of the documents made from them. */
const DOCUMENT_TYPE: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.presentationml.template.main+xml': 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
};

/** Retypes a template's main part so the package is a document (PowerPoint refuses a .pptx typed as a template). */
export function asDocumentPackage(pkg: OoxmlPackage): void {
  const main = pkg.rels('').first(REL.officeDocument)?.target;
  if (!main) return;
  const type = pkg.contentType(main);
  const to = type ? DOCUMENT_TYPE[type] : undefined;
  if (!to) return;
  pkg.contentTypes().forget(main);
  pkg.contentTypes().declare(main, to);
}

/** Relationship kinds of a Word main part that body content uses (and nothing else does). */
const BODY_RELS = /\/(image|hyperlink|chart|oleObject|package|diagramData|diagramLayout|diagramQuickStyle|diagramColors|diagramDrawing|video|audio|media)$/;

function dropSlides(doc: SlidesDocument): number {
  const slides = doc.slides();
  // The footers the samples showed are repeated on new slides of the same layout (else master).
  // Keys: the layout part, the layout's name (decks often repeat their layouts under several masters),
  // then the master; a layout whose samples showed none (a title slide) stays without.
  for (const s of slides) {
    if (!s.layout) continue;
    for (const k of [s.layout.part, `name:${s.layout.name}`]) if (!doc.sampleFooters.has(k)) doc.sampleFooters.set(k, s.footers);
    if (s.footers.length && !doc.sampleFooters.has(s.layout.master)) doc.sampleFooters.set(s.layout.master, s.footers);
  }
  for (const slide of [...slides].reverse()) deleteSlide(doc, slide);
  return slides.length;
}

/**
 * The final section takes the headers and footers it inherited: in Word a section without a
 * header or footer reference of a type shows the previous section's, and those sections go with the body.
 */
function inheritHeaders(body: Element, final: Element): void {
  const last = new Map<string, Element>();
  let titlePage: Element | null = null;
  for (const sectPr of descendants(body, NS.w, 'sectPr')) {
    if (sectPr === final) break;
    for (const ref of childElements(sectPr)) {
      if (ref.namespaceURI === NS.w && (ref.localName === 'headerReference' || ref.localName === 'footerReference')) last.set(`${ref.localName}/${ref.getAttributeNS(NS.w, 'type') || 'default'}`, ref);
      if (ref.namespaceURI === NS.w && ref.localName === 'titlePg') titlePage = ref;
    }
  }
  const own = new Set(childElements(final).filter((r) => /^(header|footer)Reference$/.test(r.localName ?? '')).map((r) => `${r.localName}/${r.getAttributeNS(NS.w, 'type') || 'default'}`));
  for (const [k, ref] of last) if (!own.has(k)) final.insertBefore(ref.cloneNode(true), final.firstChild);
  if (titlePage && !childElements(final).some((e) => e.localName === 'titlePg')) insertBefore(final, titlePage.cloneNode(true) as Element, ['textDirection', 'bidi', 'rtlGutter', 'docGrid', 'printerSettings', 'sectPrChange']);
}

function dropBody(doc: WordDocument): number {
  const body = doc.editBody();
  const final = child(body, NS.w, 'sectPr');
  if (final) inheritHeaders(body, final);
  const blocks = childElements(body).filter((el) => el !== final);
  for (const el of blocks) removeNode(el);
  // Pictures, charts and links only the sample body used go with it.
  const text = doc.pkg.text(doc.main);
  const rels = doc.pkg.rels(doc.main);
  const unused = rels.all().filter((r) => BODY_RELS.test(r.type) && !new RegExp(`"${r.id}"`).test(text));
  for (const r of unused) rels.remove(r.id);
  removeOrphans(doc.pkg, unused.filter((r) => !r.external).map((r) => r.target), (t) => /\/(styles|theme|numbering|settings|fontTable)$/.test(t));
  doc.changed();
  return blocks.length;
}

function dropSheets(doc: ExcelDocument): number {
  const originals = doc.sheets();
  const blank = addSheet(doc, safeSheetName(doc, 'Sheet1'), 0);
  for (const entry of originals) deleteSheet(doc, doc.sheets().find((s) => s.el === entry.el)!);
  const kept = doc.sheets().find((s) => s.el === blank.el)!;
  if (kept.name !== 'Sheet1') renameSheet(doc, kept, 'Sheet1');
  doc.placeholder = doc.sheets()[0]?.part ?? null;
  return originals.length;
}

/** Drops the template's sample content; returns how many slides, body blocks or sheets went. */
export function dropSampleContent(format: Format, doc: unknown): number {
  if (format === 'slides') return dropSlides(doc as SlidesDocument);
  if (format === 'word') return dropBody(doc as WordDocument);
  return dropSheets(doc as ExcelDocument);
}

/** The package under a document of any format. */
export function packageOf(format: Format, doc: unknown): OoxmlPackage {
  if (format === 'slides') return (doc as SlidesDocument).pkg;
  if (format === 'word') return (doc as WordDocument).pkg;
  return (doc as ExcelDocument).pkg;
}

/**
 * Whether the prompt asks to keep or fill the template's own content ("keep the sample slides", "fill
 * in the template", "reuse its existing text") rather than start from its design only. Merely naming
 * the template ("use our template for a deck about X") does not keep its content.
 */
export function asksToKeepContent(prompt: string): boolean {
  return /\b(keep|retain|preserve|reuse)\b[^.!?\n]{0,40}\b(sample|example|existing|template'?s?|its|their|the)\b[^.!?\n]{0,20}\b(slides?|content|body|text|sheets?|pages?|sections?)\b/i.test(prompt)
    || /\bfill(?:\s+in|\s+out)?\b[^.!?\n]{0,30}\b(template|placeholders?|fields?|form)\b/i.test(prompt);
}
