// Reading and writing XML as text, for the parts that are too large to go through a DOM: a worksheet's
// sheetData and the shared strings table (a 200,000-cell sheet parses in ~4 s with xmldom, and scans in
// a few hundred milliseconds here). Tags are found with a scanner that skips quoted attribute values;
// entities are decoded and encoded the XML way. Nothing here changes the bytes of what it does not write.
import { xmlEscape } from '../../ooxml/xml.ts';

export { xmlEscape };

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text content or an attribute value with its entities and character references decoded. */
export function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e: string) => {
    if (e[0] !== '#') return NAMED[e];
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * Excel's own escapes inside strings (`_x000D_` for a carriage return, `_x005F_` for an underscore that
 * would otherwise start one) decoded to the characters they stand for.
 */
export function decodeExcelEscapes(s: string): string {
  if (!s.includes('_x')) return s;
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Text for a string element (`<t>`): XML-escaped, and an `_xHHHH_` in the text itself protected from being read as an escape. */
export function encodeStringText(s: string): string {
  return xmlEscape(s.replace(/_x([0-9A-Fa-f]{4})_/g, '_x005F_x$1_'));
}

/** The index just past the `>` that ends the tag starting at `start` (a `<`), skipping quoted values; -1 when unterminated. */
export function tagEnd(text: string, start: number): number {
  let quote = 0;
  for (let i = start + 1; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (quote) {
      if (ch === quote) quote = 0;
    } else if (ch === 34 || ch === 39) {
      quote = ch;
    } else if (ch === 62) {
      return i + 1;
    }
  }
  return -1;
}

export interface ScannedElement {
  /** Where the element starts (its `<`) and ends (past its end tag). */
  start: number;
  stop: number;
  /** Its start tag, and the text between its tags ('' when self-closing). */
  tag: string;
  inner: string;
}

/**
 * The elements named `name` (with the part's prefix, `x:row`) in `text` from `from` to `to`, in order.
 * Elements of that name must not nest (rows, cells, string items never do). `what` names them in errors.
 */
export function* scanElements(text: string, name: string, what: string, from = 0, to = text.length): Generator<ScannedElement> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let at = from;
  for (;;) {
    const start = text.indexOf(open, at);
    if (start < 0 || start >= to) return;
    const next = text.charCodeAt(start + open.length);
    // <row> but not <rowBreaks>: the name must end there.
    if (next !== 32 && next !== 62 && next !== 47 && next !== 9 && next !== 10 && next !== 13) { at = start + open.length; continue; }
    const end = tagEnd(text, start);
    if (end < 0) throw new Error(`${what} tag is not closed`);
    const tag = text.slice(start, end);
    if (tag.endsWith('/>')) {
      yield { start, stop: end, tag, inner: '' };
      at = end;
      continue;
    }
    const c = text.indexOf(close, end);
    if (c < 0) throw new Error(`${what} is not closed`);
    yield { start, stop: c + close.length, tag, inner: text.slice(end, c) };
    at = c + close.length;
  }
}

/** Attributes of a start tag's text (`<c r="A1" s="3">`), in order, values decoded. */
export function parseAttrs(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
  const from = tag.search(/\s/);
  if (from < 0) return out;
  re.lastIndex = from;
  for (let m = re.exec(tag); m; m = re.exec(tag)) out.set(m[1], decodeXml(m[3] ?? m[4] ?? ''));
  return out;
}

/** Patterns per attribute name, made once (these run for every cell of a sheet written again). */
const ATTR_AT = new Map<string, RegExp>();
const ATTR_VALUE = new Map<string, RegExp>();
const escName = (name: string) => name.replace(/[.:]/g, '\\$&');

/** One attribute of a start tag, decoded, or null. Faster than parseAttrs for the common one-attribute question. */
export function attrOf(tag: string, name: string): string | null {
  const at = tag.indexOf(` ${name}=`);
  let re = ATTR_AT.get(name);
  if (!re && at < 0) ATTR_AT.set(name, (re = new RegExp(`\\s${escName(name)}\\s*=`)));
  const pos = at >= 0 ? at : tag.search(re!);
  if (pos < 0) return null;
  const m = /^\s*[\w:.-]+\s*=\s*("([^"]*)"|'([^']*)')/.exec(tag.slice(pos));
  return m ? decodeXml(m[2] ?? m[3] ?? '') : null;
}

/** A start tag with attributes set (value a string) or removed (null), others kept as written and in order. */
export function withAttrs(tag: string, changes: Record<string, string | null>): string {
  let out = tag;
  for (const [name, value] of Object.entries(changes)) {
    let re = ATTR_VALUE.get(name);
    if (!re) ATTR_VALUE.set(name, (re = new RegExp(`\\s${escName(name)}\\s*=\\s*("[^"]*"|'[^']*')`)));
    if (value === null) out = out.replace(re, '');
    else if (re.test(out)) out = out.replace(re, ` ${name}="${xmlEscape(value)}"`);
    else out = out.replace(/\s*(\/?>)$/, ` ${name}="${xmlEscape(value)}"$1`);
  }
  return out;
}

/** The concatenated text of the `<t>` elements of a string item (`<si>`, `<is>`), leaving out phonetic runs (`<rPh>`). */
export function stringItemText(xml: string, prefix: string): string {
  const withoutPhonetic = xml.includes('rPh') ? xml.replace(new RegExp(`<${prefix}rPh\\b[\\s\\S]*?</${prefix}rPh>`, 'g'), '') : xml;
  let out = '';
  const re = new RegExp(`<${prefix}t(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${prefix}t>)`, 'g');
  for (let m = re.exec(withoutPhonetic); m; m = re.exec(withoutPhonetic)) out += m[1] ?? '';
  return decodeExcelEscapes(decodeXml(out));
}

/** The namespace prefix (with its colon, or '') a part's root element uses for `ns`. */
export function prefixFor(rootTag: string, ns: string): string {
  for (const m of rootTag.matchAll(/\sxmlns(?::([\w.-]+))?\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    if ((m[3] ?? m[4]) === ns) return m[1] ? `${m[1]}:` : '';
  }
  return '';
}
