// XML of OOXML parts: parsing with @xmldom/xmldom (a DOCTYPE is refused outright: OOXML never has one,
// and it is how entity-expansion attacks start, so no entity is ever expanded), serializing, and the
// small helpers every format uses to walk and build elements. Elements that an edit does not touch
// are serialized as they were parsed: same prefixes, attribute order and content.
import { DOMParser, XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { buildFragments } from './fragment-builder.ts';

export type { Document, Element, Node } from '@xmldom/xmldom';

export const NS = {
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  c: 'http://schemas.openxmlformats.org/drawingml/2006/chart',
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  x: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  rel: 'http://schemas.openxmlformats.org/package/2006/relationships',
  ct: 'http://schemas.openxmlformats.org/package/2006/content-types',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
  dgm: 'http://schemas.openxmlformats.org/drawingml/2006/diagram',
  p14: 'http://schemas.microsoft.com/office/powerpoint/2010/main',
} as const;

/** The prefixes new elements are written with (a part declares them on its root). */
const PREFIX: Record<string, string> = Object.fromEntries(Object.entries(NS).map(([k, v]) => [v, k]));

// One parser for every part (parsing is synchronous, so the failure slot is never shared): building a
// DOMParser costs as much as parsing a small part.
let failure: string | null = null;
const parser = new DOMParser({ onError: (level: string, message: string) => { if (level !== 'warning') failure ??= message; } });

export function parseXml(text: string, where: string): Document {
  if (/<!DOCTYPE/i.test(text.slice(0, 4000))) throw new DocumentUnreadable(`${where} declares a DOCTYPE, which Office files never do; it is refused.`);
  failure = null;
  let doc: Document | null = null;
  try {
    doc = parser.parseFromString(text, 'text/xml');
  } catch (err) {
    failure ??= (err as Error).message;
  }
  if (failure || !doc?.documentElement) throw new DocumentUnreadable(`${where} is not well-formed XML${failure ? ` (${String(failure).split('\n')[0].slice(0, 120)})` : ''}.`);
  return doc;
}

const serializer = new XMLSerializer();

export function serializeXml(doc: Document | Node): string {
  const text = serializer.serializeToString(doc as Node);
  const isDoc = (doc as Node).nodeType === 9;
  return isDoc && !text.startsWith('<?xml') ? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}` : text;
}

export function isElement(n: Node | null | undefined): n is Element {
  return !!n && n.nodeType === 1;
}

export function is(el: Node | null | undefined, ns: string, local: string): el is Element {
  return isElement(el) && el.namespaceURI === ns && el.localName === local;
}

export function childElements(parent: Element | Node): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) if (isElement(n)) out.push(n);
  return out;
}

/** Direct children with this namespace and local name. */
export function children(parent: Element | null | undefined, ns: string, local: string): Element[] {
  return parent ? childElements(parent).filter((e) => e.namespaceURI === ns && e.localName === local) : [];
}

export function child(parent: Element | null | undefined, ns: string, local: string): Element | null {
  if (!parent) return null;
  for (let n = parent.firstChild; n; n = n.nextSibling) if (is(n, ns, local)) return n;
  return null;
}

/** The first element at this path of (ns, local) steps below `parent`. */
export function path1(parent: Element | null | undefined, ...steps: [string, string][]): Element | null {
  let at: Element | null = parent ?? null;
  for (const [ns, local] of steps) at = child(at, ns, local);
  return at;
}

/**
 * All descendants with this namespace and local name, in document order. A plain walk: xmldom's
 * getElementsByTagNameNS builds a live list that re-walks the tree, several times slower.
 */
export function descendants(parent: Element, ns: string, local: string): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      if ((c as Element).localName === local && (c as Element).namespaceURI === ns) out.push(c as Element);
      walk(c);
    }
  };
  walk(parent);
  return out;
}

export function attr(el: Element | null | undefined, name: string): string | null {
  return el?.hasAttribute(name) ? el.getAttribute(name) : null;
}

export function attrNS(el: Element | null | undefined, ns: string, local: string): string | null {
  return el?.hasAttributeNS(ns, local) ? el.getAttributeNS(ns, local) : null;
}

/** A new element in `ns`, written with the prefix the document already uses for it (or the usual one). */
export function createEl(doc: Document, ns: string, local: string, attrs: Record<string, string | number> = {}): Element {
  const prefix = doc.documentElement?.lookupPrefix(ns) ?? PREFIX[ns];
  const el = doc.createElementNS(ns, prefix ? `${prefix}:${local}` : local);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text without the characters XML 1.0 cannot hold (control characters, lone surrogates), for text nodes. */
export function xmlText(s: string): string {
  return s.replace(NOT_XML, '');
}

/** Escapes text for XML content and attribute values; drops characters XML 1.0 cannot hold. */
export function xmlEscape(s: string): string {
  return xmlText(s).replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/**
 * Parses a fragment written with the usual prefixes (a:, p:, r:, c:, w:, ...) and imports its root into
 * `doc`, ready to insert. The fragment's namespace declarations are added for it; serialization leaves
 * out those already declared by the part's root.
 */
export function fragment(doc: Document, xml: string): Element {
  const built = buildFragments(doc, xml, NS);
  if (built?.length === 1) return built[0];
  const decls = Object.entries(NS).map(([k, v]) => `xmlns:${k}="${v}"`).join(' ');
  const wrapped = parseXml(`<folio-fragment ${decls}>${xml}</folio-fragment>`, 'a generated fragment');
  const root = childElements(wrapped.documentElement!)[0];
  if (!root) throw new Error('empty XML fragment');
  return doc.importNode(root, true) as unknown as Element;
}

/** Several fragments (each one top-level element) parsed at once: one parse for a whole edit. */
export function fragments(doc: Document, xmls: string[]): Element[] {
  if (!xmls.length) return [];
  const built = buildFragments(doc, xmls.join(''), NS);
  if (built) return built;
  const decls = Object.entries(NS).map(([k, v]) => `xmlns:${k}="${v}"`).join(' ');
  const wrapped = parseXml(`<folio-fragment ${decls}>${xmls.join('')}</folio-fragment>`, 'a generated fragment');
  return childElements(wrapped.documentElement!).map((el) => doc.importNode(el, true) as unknown as Element);
}

/** Inserts `el` as a child of `parent` before the first child whose local name is in `before` (else appends). */
export function insertBefore(parent: Element, el: Element, before: readonly string[]): Element {
  const ref = childElements(parent).find((c) => before.includes(c.localName ?? ''));
  parent.insertBefore(el, ref ?? null);
  return el;
}

export function removeNode(n: Node | null | undefined): void {
  n?.parentNode?.removeChild(n);
}

/** Text of every descendant with this (ns, local), e.g. a:t or w:t, concatenated. */
export function textOf(el: Element | null | undefined, ns: string, local: string): string {
  if (!el) return '';
  return descendants(el, ns, local).map((t) => t.textContent ?? '').join('');
}
