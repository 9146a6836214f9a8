// Elements built straight into a part's document from XML text Folio wrote itself (new paragraphs,
// runs, tables, drawings): a small tokenizer for the subset that text uses (elements, attributes,
// text, the five entities and character references) that creates the nodes in place, several times
// faster than parsing into a scratch document and importing the result. Anything outside the subset
// (comments, CDATA, processing instructions, malformed text) returns null, and the caller parses it
// the strict way instead.
import type { Document, Element, Node } from '@xmldom/xmldom';

const XMLNS = 'http://www.w3.org/2000/xmlns/';
const XML = 'http://www.w3.org/XML/1998/namespace';
const TOKEN = /<(\/?)([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*"[^"<]*")*)\s*(\/?)>|([^<]+)/y;
const ATTR = /([A-Za-z_][\w.:-]*)\s*=\s*"([^"<]*)"/g;
const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

function decode(s: string): string | null {
  if (!s.includes('&')) return s;
  if (BARE_AMPERSAND.test(s)) return null;
  return s.replace(ENTITY, (_, e: string) => ENTITIES[e] ?? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)));
}

/**
 * The top-level elements of `xml` created in `doc`, with prefixes resolved through `namespaces` and
 * the fragment's own declarations; null when the text is outside the subset this builder reads.
 */
export function buildFragments(doc: Document, xml: string, namespaces: Record<string, string>): Element[] | null {
  const top: Element[] = [];
  const stack: { el: Element; name: string; scope: Record<string, string> }[] = [];
  let scope = namespaces;
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < xml.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(xml);
    if (!m) return null;
    at = TOKEN.lastIndex;
    const [, closing, name, attrs, selfClosing, text] = m;
    if (text !== undefined) {
      if (!stack.length) { if (text.trim()) return null; continue; }
      const value = decode(text);
      if (value === null) return null;
      stack[stack.length - 1].el.appendChild(doc.createTextNode(value) as unknown as Node);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name || attrs || selfClosing) return null;
      scope = stack.length ? stack[stack.length - 1].scope : namespaces;
      continue;
    }
    const pairs: [string, string][] = [];
    let own: Record<string, string> | null = null;
    for (const a of attrs.matchAll(ATTR)) {
      const value = decode(a[2]);
      if (value === null) return null;
      if (a[1].startsWith('xmlns:')) (own ??= { ...scope })[a[1].slice(6)] = value;
      else if (a[1] === 'xmlns') return null;
      else pairs.push([a[1], value]);
    }
    const here = own ?? scope;
    const colon = name.indexOf(':');
    const ns = colon > 0 ? here[name.slice(0, colon)] : undefined;
    if (colon > 0 && !ns) return null;
    const el = doc.createElementNS(ns ?? null, name);
    for (const [k, v] of pairs) {
      const c = k.indexOf(':');
      if (c < 0) el.setAttribute(k, v);
      else {
        const prefix = k.slice(0, c);
        const uri = prefix === 'xml' ? XML : here[prefix];
        if (!uri) return null;
        el.setAttributeNS(uri, k, v);
      }
    }
    if (own) for (const [prefix, uri] of Object.entries(own)) if (scope[prefix] !== uri) el.setAttributeNS(XMLNS, `xmlns:${prefix}`, uri);
    if (stack.length) stack[stack.length - 1].el.appendChild(el as unknown as Node);
    else top.push(el);
    if (!selfClosing) {
      stack.push({ el, name, scope: here });
      scope = here;
    }
  }
  return stack.length ? null : top;
}
