// The page each heading starts on, for the table of contents: the docx library's layout engine
// (docx/layout, which lays pages out as Word does and guesses past what it cannot) reads the package's
// parts as they are now. Headings without a bookmark get one in the copy it reads, not in the document.
import { estimatePageNumbersWith } from 'docx/layout';
import type { PatchedTemplate } from 'docx';
import { descendants, NS, type Element, type Node } from '../../ooxml/xml.ts';
import type { WordDocument } from '../word.document.ts';

const estimate = estimatePageNumbersWith({ guess: true });

interface JsNode { type: 'element' | 'text'; name?: string; text?: string; attributes?: Record<string, string>; elements?: JsNode[] }

let markId = 900000;

/** Beyond this many table cells the page estimate is skipped (about 2-4 s of layout here). */
export const MAX_LAID_OUT_CELLS = 5000;

function tableCells(doc: WordDocument): number {
  const root = doc.pkg.xml(doc.main).documentElement;
  return root ? descendants(root, NS.w, 'tc').length : 0;
}

/**
 * The layout measures a word that does not fit on a line by re-measuring ever longer prefixes of it,
 * which is quadratic: a 10,000-character word (an emoji string, a pasted hash) took it 15 s of CPU
 * with the event loop blocked. Word wraps such a word character by character, so giving the layout's
 * copy a break opportunity every few dozen characters leaves the page count practically unchanged.
 */
const LONG_WORD = /[^\s]{64,}/g;
function breakable(text: string): string {
  return text.length < 64 ? text : text.replace(LONG_WORD, (w) => (w.match(/[\s\S]{1,32}(?![\uDC00-\uDFFF])/g) ?? [w]).join(' '));
}

function toJs(n: Node, marks: Map<Element, string>): JsNode | null {
  if (n.nodeType === 3 || n.nodeType === 4) return { type: 'text', text: breakable((n as unknown as { data: string }).data) };
  if (n.nodeType !== 1) return null;
  const el = n as Element;
  const out: JsNode = { type: 'element', name: el.nodeName };
  if (el.attributes.length) {
    out.attributes = {};
    for (const a of Array.from(el.attributes)) out.attributes[a.name] = a.value;
  }
  const kids: JsNode[] = [];
  const mark = marks.get(el);
  const id = mark ? String(++markId) : '';
  for (let c = el.firstChild; c; c = c.nextSibling) {
    const js = toJs(c, marks);
    if (js) kids.push(js);
  }
  // The bookmark goes after the paragraph's properties, as Word writes it.
  if (mark) kids.splice(kids[0]?.name === 'w:pPr' ? 1 : 0, 0, { type: 'element', name: 'w:bookmarkStart', attributes: { 'w:id': id, 'w:name': mark } });
  if (mark) kids.push({ type: 'element', name: 'w:bookmarkEnd', attributes: { 'w:id': id } });
  if (kids.length) out.elements = kids;
  return out;
}

/**
 * Page numbers (as the pages show them) of bookmarks, with `marks` naming paragraphs to measure that
 * have no bookmark of their own. A bookmark the layout did not reach is missing from the map.
 */
export function estimatePages(doc: WordDocument, marks: Map<Element, string>): Map<string, string> {
  // The layout costs about half a millisecond per table cell: a document with thousands of them would
  // hold the event loop for seconds (longer than a task's heartbeat allows). Its contents page then
  // keeps its entries and links without page numbers, which Word fills in when the fields are updated.
  if (tableCells(doc) > MAX_LAID_OUT_CELLS) return new Map();
  const parts = new Map<string, { elements: JsNode[] }>();
  for (const path of doc.pkg.paths()) {
    if (!/\.(xml|rels)$/i.test(path)) continue;
    if (path !== doc.main && !/^(word\/|_rels\/|\[Content_Types\])/i.test(path)) continue;
    const root = doc.pkg.xml(path).documentElement;
    if (!root) continue;
    const js = toJs(root, path === doc.main ? marks : new Map());
    if (js) parts.set(path, { elements: [js] });
  }
  try {
    const result = estimate({ parts } as unknown as PatchedTemplate);
    return new Map(result.bookmarks);
  } catch {
    // A layout failure leaves the page numbers out; the fields keep what they had.
    return new Map();
  }
}
