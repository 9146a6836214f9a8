// Writing text into DrawingML text bodies without losing their formatting. New paragraphs copy the
// paragraph properties of an existing paragraph at the same level and the run properties of its first
// run, so changed text keeps its font, size, colour and bullet; `**bold**` and `*italic*` spans become
// runs with b/i added. Replacing words inside runs keeps each run's properties.
import { attr, child, childElements, children, createEl, is, NS, removeNode, xmlText, type Document, type Element } from '../../ooxml/xml.ts';

export interface TextItem {
  text: string;
  level: number;
  /** A line without a bullet in a list (a subtitle above next steps). */
  plain?: boolean;
}

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
}

/** `**bold**` and `*italic*` spans of a line. */
export function markupSpans(text: string): Span[] {
  const spans: Span[] = [];
  const re = /\*\*(.+?)\*\*|(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) spans.push({ text: text.slice(at, m.index) });
    spans.push(m[1] !== undefined ? { text: m[1], bold: true } : { text: m[2], italic: true });
    at = m.index + m[0].length;
  }
  if (at < text.length || !spans.length) spans.push({ text: text.slice(at) });
  return spans;
}

export function plainOfMarkup(text: string): string {
  return markupSpans(text).map((s) => s.text).join('');
}

interface Template { pPr: Element | null; rPr: Element | null; end: Element | null }

function templateOf(p: Element): Template {
  const run = childElements(p).find((e) => is(e, NS.a, 'r') || is(e, NS.a, 'fld'));
  return { pPr: child(p, NS.a, 'pPr'), rPr: run ? child(run, NS.a, 'rPr') : null, end: child(p, NS.a, 'endParaRPr') };
}

const levelOf = (p: Element) => Number(attr(child(p, NS.a, 'pPr'), 'lvl') ?? 0);

/** Run properties from an element that has the same attributes and children (endParaRPr -> rPr). */
function asRunProps(doc: Document, from: Element | null): Element {
  const rPr = createEl(doc, NS.a, 'rPr');
  if (from) {
    for (const a of Array.from(from.attributes)) if (!['dirty', 'err'].includes(a.name)) rPr.setAttribute(a.name, a.value);
    for (const c of childElements(from)) rPr.appendChild(c.cloneNode(true));
  }
  if (!rPr.hasAttribute('lang')) rPr.setAttribute('lang', 'en-US');
  rPr.setAttribute('dirty', '0');
  return rPr;
}

function run(doc: Document, span: Span, tpl: Template): Element {
  const r = createEl(doc, NS.a, 'r');
  const rPr = asRunProps(doc, tpl.rPr ?? tpl.end);
  if (span.bold) rPr.setAttribute('b', '1');
  if (span.italic) rPr.setAttribute('i', '1');
  r.appendChild(rPr);
  const t = createEl(doc, NS.a, 't');
  t.appendChild(doc.createTextNode(xmlText(span.text)));
  r.appendChild(t);
  return r;
}

/** A paragraph with the template's properties at `level`. */
export function paragraph(doc: Document, item: TextItem, tpl: Template, markup = true): Element {
  const p = createEl(doc, NS.a, 'p');
  const pPr = tpl.pPr ? (tpl.pPr.cloneNode(true) as Element) : item.level ? createEl(doc, NS.a, 'pPr') : null;
  if (pPr) {
    if (item.level) pPr.setAttribute('lvl', String(item.level));
    else pPr.removeAttribute('lvl');
    p.appendChild(pPr);
  }
  const spans = markup ? markupSpans(item.text) : [{ text: item.text }];
  for (const span of spans) if (span.text) p.appendChild(run(doc, span, tpl));
  if (tpl.end) p.appendChild(tpl.end.cloneNode(true));
  return p;
}

/**
 * Replaces the paragraphs of a text body with `items`. Each keeps the formatting of the existing
 * paragraph at its level (else of the first paragraph); a:bodyPr and a:lstStyle stay as they are.
 */
export function setParagraphs(txBody: Element, items: TextItem[], options: { markup?: boolean } = {}): void {
  const doc = txBody.ownerDocument!;
  const old = children(txBody, NS.a, 'p');
  const withText = old.filter((p) => childElements(p).some((e) => is(e, NS.a, 'r') || is(e, NS.a, 'fld')));
  const pick = (level: number): Template => {
    const same = withText.find((p) => levelOf(p) === level) ?? old.find((p) => levelOf(p) === level);
    const base = same ?? withText[0] ?? old[0];
    const tpl = base ? templateOf(base) : { pPr: null, rPr: null, end: null };
    // A deeper level borrows the first paragraph's run properties but not its indentation.
    return same ? tpl : { ...tpl, pPr: tpl.pPr && level ? null : tpl.pPr };
  };
  for (const p of old) removeNode(p);
  const list = items.length ? items : [{ text: '', level: 0 }];
  for (const item of list) txBody.appendChild(paragraph(doc, item, pick(item.level), options.markup ?? true));
}

/** Sets a text body to one paragraph of plain text (titles, subtitles, captions), keeping its formatting. */
export function setText(txBody: Element, text: string, markup = false): void {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  setParagraphs(txBody, lines.length ? lines.map((t) => ({ text: t, level: 0 })) : [], { markup });
}

/** A new a:txBody: `<a:bodyPr/>`, `<a:lstStyle/>` and the paragraphs (formatting inherited from the placeholder). */
export function newTextBody(doc: Document, items: TextItem[], bodyPrXml?: Element, markup = true): Element {
  const body = createEl(doc, NS.p, 'txBody');
  body.appendChild(bodyPrXml ?? createEl(doc, NS.a, 'bodyPr'));
  body.appendChild(createEl(doc, NS.a, 'lstStyle'));
  for (const item of items.length ? items : [{ text: '', level: 0 }]) body.appendChild(paragraph(doc, item, { pPr: null, rPr: null, end: null }, markup));
  return body;
}
