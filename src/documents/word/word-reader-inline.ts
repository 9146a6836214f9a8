// Runs of a WordprocessingML paragraph -> inline markdown: bold and italic from run properties (and
// the paragraph's character style where it is Strong/Emphasis), external hyperlinks, footnote
// references with their text, field results without their codes, tabs and line breaks as spaces.
import { attrsOf, child, childrenOf, tagOf, type XmlNode } from '../agent/ooxml-package.ts';
import { toInline, type Segment } from './word-inline.ts';

export interface InlineContext {
  /** Hyperlink relationship id -> URL. */
  links: Map<string, string>;
  /** Footnote id -> its text (inline markdown). */
  footnotes: Map<string, string>;
}

const on = (el: XmlNode | undefined) => {
  if (!el) return false;
  const v = attrsOf(el)['w:val'];
  return v === undefined || !['false', '0', 'off', 'none'].includes(v);
};

function runFormat(run: XmlNode): { bold: boolean; italic: boolean } {
  const rPr = child(run, 'w:rPr');
  if (!rPr) return { bold: false, italic: false };
  const style = attrsOf(child(rPr, 'w:rStyle') ?? {})['w:val'] ?? '';
  return { bold: on(child(rPr, 'w:b')) || /strong/i.test(style), italic: on(child(rPr, 'w:i')) || /emphasis/i.test(style) };
}

/** The paragraph's runs as segments. */
export function paragraphSegments(p: XmlNode, ctx: InlineContext): Segment[] {
  const out: Segment[] = [];
  // Complex fields: begin, instruction, separate, result, end; only the result is text.
  const fields: ('code' | 'result')[] = [];
  const push = (text: string, fmt: { bold: boolean; italic: boolean }, link: string | null) => {
    if (!text) return;
    const last = out.at(-1);
    if (last?.kind === 'text' && last.bold === fmt.bold && last.italic === fmt.italic && last.link === link) last.text += text;
    else out.push({ kind: 'text', text, bold: fmt.bold, italic: fmt.italic, link });
  };
  const run = (r: XmlNode, link: string | null) => {
    const fmt = runFormat(r);
    for (const c of childrenOf(r)) {
      const tag = tagOf(c);
      if (tag === 'w:fldChar') {
        const type = attrsOf(c)['w:fldCharType'];
        if (type === 'begin') fields.push('code');
        else if (type === 'separate' && fields.length) fields[fields.length - 1] = 'result';
        else if (type === 'end') fields.pop();
      } else if (fields.includes('code')) continue;
      else if (tag === 'w:t') push(childrenOf(c).map((t) => String(t['#text'] ?? '')).join(''), fmt, link);
      else if (tag === 'w:tab' || tag === 'w:br' || tag === 'w:cr') push(tag === 'w:tab' ? '\t' : ' ', fmt, link);
      else if (tag === 'w:noBreakHyphen') push('-', fmt, link);
      else if (tag === 'w:footnoteReference') {
        const text = ctx.footnotes.get(attrsOf(c)['w:id']);
        if (text) out.push({ kind: 'footnote', text });
      }
    }
  };
  const walk = (nodes: XmlNode[], link: string | null) => {
    for (const n of nodes) {
      const tag = tagOf(n);
      if (tag === 'w:r') run(n, link);
      else if (tag === 'w:hyperlink') {
        const id = attrsOf(n)['r:id'];
        walk(childrenOf(n), (id && ctx.links.get(id)) || link);
      } else if (tag === 'w:fldSimple' || tag === 'w:smartTag' || tag === 'w:ins' || tag === 'w:sdt' || tag === 'w:sdtContent') walk(childrenOf(n), link);
      // Deleted text (tracked changes) and properties stay out.
    }
  };
  walk(childrenOf(p), null);
  return out;
}

export function paragraphInline(p: XmlNode, ctx: InlineContext): string {
  return toInline(paragraphSegments(p, ctx)).replace(/\t/g, ' ').trim();
}
