// Find and replace in a chart part, for the decks and documents that show it: its titles and axis titles
// (rich text), and the series names and category labels it keeps from its data (string caches), with
// the same strings in the workbook embedded beside it, so that editing the chart's data in PowerPoint or
// Word does not bring the old text back. Numbers, formulas (`c:f`) and formatting are not touched; a
// chart without the text is only read, so it is saved byte for byte as it was.
import { replaceText } from '../drawing-text.ts';
import { OoxmlPackage } from '../package.ts';
import { REL } from '../relationships.ts';
import { childElements, descendants, NS, xmlText, type Element } from '../xml.ts';

/** Every occurrence of `find` in `s` replaced; how many. */
function replaceAll(s: string, find: string, replace: string, caseSensitive: boolean): { text: string; n: number } {
  const hay = caseSensitive ? s : s.toLowerCase();
  const needle = caseSensitive ? find : find.toLowerCase();
  let n = 0;
  let out = '';
  let from = 0;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
    out += s.slice(from, at) + replace;
    from = at + needle.length;
    n++;
  }
  return { text: n ? out + s.slice(from) : s, n };
}

/** Replaces in the text of each element; how many, counting only the elements in `counted`. */
function replaceInTexts(els: Element[], find: string, replace: string, caseSensitive: boolean, counted?: Set<Element>): number {
  let n = 0;
  for (const el of els) {
    const r = replaceAll(el.textContent ?? '', find, replace, caseSensitive);
    if (!r.n) continue;
    while (el.firstChild) el.removeChild(el.firstChild);
    el.appendChild(el.ownerDocument!.createTextNode(xmlText(r.text)));
    if (!counted || counted.has(el)) n += r.n;
  }
  return n;
}

/**
 * The rich text bodies (titles, axis titles, data label text) and the cached strings (series names,
 * categories) of a chart. Every series keeps its own copy of the categories: `shown` holds the cached
 * strings once per cell range (the labels a reader sees), for counting.
 */
function places(root: Element): { rich: Element[]; cached: Element[]; shown: Set<Element> } {
  const rich = descendants(root, NS.c, 'rich');
  const cached: Element[] = [];
  const shown = new Set<Element>();
  const ranges = new Set<string>();
  for (const cache of descendants(root, NS.c, 'strCache')) {
    const values = descendants(cache, NS.c, 'v');
    cached.push(...values);
    const ref = (cache.parentNode as Element | null)?.localName === 'strRef' ? childElements(cache.parentNode as Element).find((e) => e.localName === 'f')?.textContent?.trim() : undefined;
    if (ref && ranges.has(ref)) continue;
    if (ref) ranges.add(ref);
    values.forEach((v) => shown.add(v));
  }
  // A series name written in the chart itself (c:tx/c:v), not taken from a cell.
  for (const tx of descendants(root, NS.c, 'tx')) {
    for (const v of childElements(tx).filter((e) => e.namespaceURI === NS.c && e.localName === 'v')) {
      cached.push(v);
      shown.add(v);
    }
  }
  return { rich, cached, shown };
}

const occurs = (els: Element[], find: string, caseSensitive: boolean) =>
  els.some((e) => (caseSensitive ? (e.textContent ?? '') : (e.textContent ?? '').toLowerCase()).includes(caseSensitive ? find : find.toLowerCase()));

/** The text find-and-replace reaches in a chart: its rich text, one line per paragraph, then its cached strings. */
export function chartSearchText(pkg: OoxmlPackage, chartPart: string): string[] {
  const { rich, cached } = places(pkg.xml(chartPart).documentElement!);
  const lines = rich.flatMap((r) => descendants(r, NS.a, 'p').map((p) => descendants(p, NS.a, 't').map((t) => t.textContent ?? '').join('')));
  return [...lines, ...cached.map((v) => v.textContent ?? '')];
}

/** Replaces `find` in a chart part (and its embedded workbook's strings when its cached strings change); how many times in the chart. */
export function replaceInChart(pkg: OoxmlPackage, chartPart: string, find: string, replace: string, caseSensitive = true): number {
  if (!find || !pkg.has(chartPart)) return 0;
  const seen = places(pkg.xml(chartPart).documentElement!);
  const inRich = seen.rich.some((r) => occurs(descendants(r, NS.a, 't'), find, caseSensitive));
  const inCache = occurs(seen.cached, find, caseSensitive);
  if (!inRich && !inCache) return 0;
  const { rich, cached, shown } = places(pkg.edit(chartPart).documentElement!);
  let n = 0;
  for (const body of rich) n += replaceText(body, find, replace, caseSensitive);
  n += replaceInTexts(cached, find, replace, caseSensitive, shown);
  if (inCache) replaceInEmbeddedWorkbook(pkg, chartPart, find, replace, caseSensitive);
  return n;
}

/**
 * The same replacement in the strings of the chart's embedded workbook (shared strings and inline
 * strings). A workbook that cannot be read is left as it is: the chart shows the new text until its data
 * is edited.
 */
function replaceInEmbeddedWorkbook(pkg: OoxmlPackage, chartPart: string, find: string, replace: string, caseSensitive: boolean): void {
  const rel = pkg.rels(chartPart).first(REL.package);
  if (!rel || rel.external || !pkg.has(rel.target) || !/\.xlsx$/i.test(rel.target)) return;
  let book: OoxmlPackage;
  try {
    book = OoxmlPackage.open(pkg.bytes(rel.target), { what: 'an embedded workbook', mainPart: 'xl/workbook.xml' });
  } catch {
    return;
  }
  let n = 0;
  const parts = book.paths('xl/').filter((p) => p === 'xl/sharedStrings.xml' || /^xl\/worksheets\/[^/]+\.xml$/.test(p));
  for (const part of parts) {
    const texts = (root: Element) => (part === 'xl/sharedStrings.xml' ? descendants(root, NS.x, 't') : descendants(root, NS.x, 'is').flatMap((is) => descendants(is, NS.x, 't')));
    if (!occurs(texts(book.xml(part).documentElement!), find, caseSensitive)) continue;
    n += replaceInTexts(texts(book.edit(part).documentElement!), find, replace, caseSensitive);
  }
  if (n) pkg.put(rel.target, book.save());
}
