// The text of a WordprocessingML paragraph as inline markdown: bold and italic from run properties
// (and Strong/Emphasis character styles), external hyperlinks, footnote references with their text,
// field results without their codes, inserted (tracked) text without the deleted text, tabs and line
// breaks as spaces. What the agent reads; edits work on the XML itself.
import { attr, attrNS, child, childElements, NS, type Element } from '../../ooxml/xml.ts';
import { toInline, type Segment } from '../inline.ts';

export interface TextContext {
  /** Hyperlink relationship id -> URL. */
  links: (relId: string) => string | null;
  /** Footnote id -> its text (inline markdown). */
  footnote: (id: string) => string | null;
}

const on = (el: Element | null) => {
  if (!el) return false;
  const v = attr(el, 'w:val');
  return v === null || !['false', '0', 'off', 'none'].includes(v);
};

function runFormat(run: Element): { bold: boolean; italic: boolean } {
  const rPr = child(run, NS.w, 'rPr');
  if (!rPr) return { bold: false, italic: false };
  const style = attr(child(rPr, NS.w, 'rStyle'), 'w:val') ?? '';
  return { bold: on(child(rPr, NS.w, 'b')) || /strong/i.test(style), italic: on(child(rPr, NS.w, 'i')) || /emphasis/i.test(style) };
}

export function paragraphSegments(p: Element, ctx: TextContext): Segment[] {
  const out: Segment[] = [];
  const fields: ('code' | 'result')[] = [];
  const push = (text: string, fmt: { bold: boolean; italic: boolean }, link: string | null) => {
    if (!text) return;
    const last = out.at(-1);
    if (last?.kind === 'text' && last.bold === fmt.bold && last.italic === fmt.italic && last.link === link) last.text += text;
    else out.push({ kind: 'text', text, bold: fmt.bold, italic: fmt.italic, link });
  };
  const run = (r: Element, link: string | null) => {
    const fmt = runFormat(r);
    for (const c of childElements(r)) {
      if (c.namespaceURI !== NS.w) continue;
      const tag = c.localName;
      if (tag === 'fldChar') {
        const type = attr(c, 'w:fldCharType');
        if (type === 'begin') fields.push('code');
        else if (type === 'separate' && fields.length) fields[fields.length - 1] = 'result';
        else if (type === 'end') fields.pop();
      } else if (fields.includes('code')) continue;
      else if (tag === 't') push(c.textContent ?? '', fmt, link);
      else if (tag === 'tab' || tag === 'br' || tag === 'cr') push(tag === 'tab' ? '\t' : ' ', fmt, link);
      else if (tag === 'noBreakHyphen') push('-', fmt, link);
      else if (tag === 'footnoteReference') {
        const text = ctx.footnote(attr(c, 'w:id') ?? '');
        if (text) out.push({ kind: 'footnote', text });
      }
    }
  };
  const walk = (parent: Element, link: string | null) => {
    for (const n of childElements(parent)) {
      if (n.namespaceURI !== NS.w) continue;
      const tag = n.localName;
      if (tag === 'r') run(n, link);
      else if (tag === 'hyperlink') {
        const id = attrNS(n, NS.r, 'id');
        walk(n, (id && ctx.links(id)) || link);
      } else if (['fldSimple', 'smartTag', 'ins', 'sdt', 'sdtContent', 'customXml', 'moveTo'].includes(tag ?? '')) walk(n, link);
      // Deleted text (tracked changes) and properties stay out.
    }
  };
  walk(p, null);
  return out;
}

export function paragraphInline(p: Element, ctx: TextContext): string {
  return toInline(paragraphSegments(p, ctx)).replace(/\t/g, ' ').trim();
}

/** Plain text of any element (cells, content controls, text boxes): every w:t, deleted text left out. */
export function plainText(el: Element): string {
  const out: string[] = [];
  const walk = (e: Element) => {
    for (const c of childElements(e)) {
      if (c.namespaceURI === NS.w && (c.localName === 'del' || c.localName === 'instrText')) continue;
      if (c.namespaceURI === NS.w && c.localName === 't') out.push(c.textContent ?? '');
      else if (c.namespaceURI === NS.w && c.localName === 'p' && out.length) { out.push(' '); walk(c); }
      else walk(c);
    }
  };
  walk(el);
  return out.join('').replace(/\s+/g, ' ').trim();
}
