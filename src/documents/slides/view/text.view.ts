// Reading DrawingML text bodies (a:txBody): paragraphs with their level and plain text. Fields (slide
// numbers, dates) read as their current text; line breaks inside a paragraph as spaces.
import { attr, child, childElements, children, is, NS, type Element } from '../../ooxml/xml.ts';

export interface ParagraphView {
  text: string;
  /** 0-8, from a:pPr/@lvl. */
  level: number;
  /** The element, to edit it in place. */
  el: Element;
}

export function paragraphText(p: Element): string {
  let out = '';
  for (const n of childElements(p)) {
    if (is(n, NS.a, 'r') || is(n, NS.a, 'fld')) out += child(n, NS.a, 't')?.textContent ?? '';
    else if (is(n, NS.a, 'br')) out += ' ';
  }
  return out;
}

export function paragraphsOf(txBody: Element | null): ParagraphView[] {
  return children(txBody, NS.a, 'p').map((el) => ({ text: paragraphText(el), level: Number(attr(child(el, NS.a, 'pPr'), 'lvl') ?? 0), el }));
}

/** Non-empty paragraphs' text joined by new lines. */
export function plainTextOf(txBody: Element | null): string {
  return paragraphsOf(txBody).map((p) => p.text).filter((t) => t.trim()).join('\n');
}

/** The txBody of a shape (p:sp), or null. */
export function txBodyOf(shape: Element): Element | null {
  return child(shape, NS.p, 'txBody');
}

/** Every text of a subtree (groups, SmartArt drawings): a:t contents joined by spaces. */
export function allText(el: Element): string {
  const out: string[] = [];
  const walk = (e: Element) => {
    for (const c of childElements(e)) {
      if (is(c, NS.a, 't')) out.push(c.textContent ?? '');
      else walk(c);
    }
  };
  walk(el);
  return out.join(' ').replace(/\s+/g, ' ').trim();
}
