// Text of DrawingML bodies (shapes, table cells, notes): paragraphs with their outline level, and
// optionally bold and italic runs as the model's `**bold**` / `*italic*` markup.
import type { Element } from '@xmldom/xmldom';
import { child, childElements, NS } from './pptx-package.ts';
import type { Bullet } from './model.ts';

function runText(r: Element): string {
  const t = child(r, NS.a, 't');
  return t?.textContent ?? '';
}

function flag(rPr: Element | null, name: string): boolean {
  const v = rPr?.getAttribute(name);
  return v === '1' || v === 'true';
}

/** One paragraph's text; with `markup`, bold and italic runs are wrapped in the model's markup. */
function paragraphText(p: Element, markup: boolean): string {
  const pieces: { text: string; b: boolean; i: boolean }[] = [];
  for (const el of childElements(p)) {
    if (el.namespaceURI !== NS.a) continue;
    if (el.localName === 'r' || el.localName === 'fld') {
      const rPr = child(el, NS.a, 'rPr');
      pieces.push({ text: runText(el), b: flag(rPr, 'b'), i: flag(rPr, 'i') });
    } else if (el.localName === 'br') {
      pieces.push({ text: '\n', b: false, i: false });
    }
  }
  if (!markup) return pieces.map((x) => x.text).join('');
  return pieces.map((x) => {
    if (!x.text.trim()) return x.text;
    let t = x.text;
    const lead = /^\s*/.exec(t)![0];
    const tail = /\s*$/.exec(t)![0];
    t = t.trim();
    if (x.i) t = `*${t}*`;
    if (x.b) t = `**${t}**`;
    return lead + t + tail;
  }).join('').replace(/\*\*\s*\*\*/g, ' ').replace(/\*\*(\S[^*]*?)\*\*\*\*(\S[^*]*?)\*\*/g, '**$1$2**');
}

/** Paragraphs of a txBody with their levels; empty paragraphs dropped. */
export function paragraphs(txBody: Element | null, markup = false): Bullet[] {
  if (!txBody) return [];
  const out: Bullet[] = [];
  for (const p of childElements(txBody)) {
    if (p.namespaceURI !== NS.a || p.localName !== 'p') continue;
    const text = paragraphText(p, markup).replace(/\s+$/, '');
    if (!text.trim()) continue;
    const lvl = Number(child(p, NS.a, 'pPr')?.getAttribute('lvl') ?? 0);
    out.push({ text, level: Number.isFinite(lvl) ? Math.max(0, Math.min(2, lvl)) : 0 });
  }
  return out;
}

/** All text of a body as one string (paragraphs joined by `joiner`). */
export function plainOf(txBody: Element | null, joiner = '\n'): string {
  return paragraphs(txBody).map((p) => p.text).join(joiner).trim();
}

/** The txBody of a shape (`p:sp`) or table cell (`a:tc`). */
export function txBodyOf(shape: Element): Element | null {
  return child(shape, NS.p, 'txBody') ?? child(shape, NS.a, 'txBody');
}
