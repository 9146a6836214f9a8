// Find and replace inside DrawingML text (a:p paragraphs of runs), shared by slides, SmartArt and charts:
// the text of a match that spans several runs goes into the first of them, keeping its properties.
import { child, childElements, children, is, NS, xmlText, type Element } from './xml.ts';

/**
 * Replaces `find` by `replace` in every paragraph of the body, inside runs: the text of a match that
 * spans several runs goes into the first of them (with its properties). Returns the number replaced.
 */
export function replaceText(txBody: Element, find: string, replace: string, caseSensitive = true): number {
  if (!find) return 0;
  let count = 0;
  for (const p of children(txBody, NS.a, 'p')) {
    const texts = childElements(p).filter((e) => is(e, NS.a, 'r')).map((r) => child(r, NS.a, 't')).filter((t): t is Element => !!t);
    const whole = texts.map((t) => t.textContent ?? '').join('');
    const hay = caseSensitive ? whole : whole.toLowerCase();
    const needle = caseSensitive ? find : find.toLowerCase();
    const hits: number[] = [];
    for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) hits.push(at);
    if (!hits.length) continue;
    // Apply from the last match backwards so earlier offsets stay valid.
    for (const start of hits.reverse()) {
      let offset = 0;
      let placed = false;
      for (const t of texts) {
        const s = t.textContent ?? '';
        const from = Math.max(start, offset);
        const to = Math.min(start + find.length, offset + s.length);
        if (from < to) {
          const local = s.slice(0, from - offset) + (placed ? '' : replace) + s.slice(to - offset);
          placed = true;
          while (t.firstChild) t.removeChild(t.firstChild);
          t.appendChild(t.ownerDocument!.createTextNode(xmlText(local)));
        }
        offset += s.length;
      }
      count++;
    }
  }
  return count;
}

