// Find and replace across a Word document, as far as Word's "Replace All" reaches: the body (its tables,
// text boxes and content controls too), then every header, footer, footnote and endnote the main part
// relates; and besides, the titles, series names and categories of its charts, with their embedded
// workbooks (ooxml/charts/chart-text.ts; Word's own Replace leaves charts alone). A part without the
// text is only read, so it is saved byte for byte as it was.
import { chartSearchText, replaceInChart } from '../../ooxml/charts/chart-text.ts';
import { REL } from '../../ooxml/relationships.ts';
import { descendants, NS, type Element } from '../../ooxml/xml.ts';
import type { WordDocument } from '../word.document.ts';
import { paragraphText, replaceInParagraph } from './paragraph-edit.ts';

type Story = 'body' | 'header' | 'footer' | 'footnotes' | 'endnotes' | 'charts';
const STORIES = ['header', 'footer', 'footnotes', 'endnotes'] as const;

/** The parts besides the body that find-and-replace reaches, each once. */
function storyParts(doc: WordDocument): { part: string; story: Story }[] {
  const seen = new Set<string>();
  const out: { part: string; story: Story }[] = [];
  for (const story of STORIES) {
    for (const part of doc.pkg.related(doc.main, REL[story])) {
      if (seen.has(part) || !doc.pkg.has(part)) continue;
      seen.add(part);
      out.push({ part, story });
    }
  }
  return out;
}

/** The chart parts the document shows (in its body; charts in headers are rare and left alone). */
function chartParts(doc: WordDocument): string[] {
  return [...new Set(doc.pkg.related(doc.main, REL.chart))].filter((p) => doc.pkg.has(p));
}

/** Inside mc:Fallback: the copy of a text box kept for older readers, replaced along but not counted. */
function inFallback(p: Element): boolean {
  for (let n = p.parentNode; n; n = n.parentNode) if ((n as Element).localName === 'Fallback') return true;
  return false;
}

const paragraphs = (root: Element): Element[] => (root.localName === 'p' ? [root] : descendants(root, NS.w, 'p'));

/** The text find-and-replace searches, one line per paragraph, over the body and the other parts. */
export function searchableText(doc: WordDocument): string {
  const roots = [doc.body(), ...storyParts(doc).map((s) => doc.pkg.xml(s.part).documentElement!)];
  return [...roots.flatMap((r) => paragraphs(r).map(paragraphText)), ...chartParts(doc).flatMap((p) => chartSearchText(doc.pkg, p))].join('\n');
}

export interface ReplaceCount { total: number; outsideBody: Partial<Record<Story, number>> }

/**
 * Replaces `find` in the given body blocks, or (no blocks given) everywhere the document has text.
 * Returns how many times, and how many of them were outside the body.
 */
export function replaceEverywhere(doc: WordDocument, find: string, replace: string, matchCase: boolean, blocks?: Element[]): ReplaceCount {
  const count: ReplaceCount = { total: 0, outsideBody: {} };
  const needle = matchCase ? find : find.toLowerCase();
  const has = (p: Element) => (matchCase ? paragraphText(p) : paragraphText(p).toLowerCase()).includes(needle);
  const run = (roots: Element[], story: Story) => {
    let n = 0;
    for (const p of roots.flatMap(paragraphs)) {
      const k = replaceInParagraph(p, find, replace, matchCase);
      if (!inFallback(p)) n += k;
    }
    count.total += n;
    if (n && story !== 'body') count.outsideBody[story] = (count.outsideBody[story] ?? 0) + n;
  };
  if (blocks) {
    if (blocks.some((b) => paragraphs(b).some(has))) {
      doc.editBody();
      run(blocks, 'body');
    }
    return count;
  }
  if (paragraphs(doc.body()).some(has)) run([doc.editBody()], 'body');
  for (const { part, story } of storyParts(doc)) {
    const root = doc.pkg.xml(part).documentElement!;
    if (paragraphs(root).some(has)) run([doc.pkg.edit(part).documentElement!], story);
  }
  let inCharts = 0;
  for (const part of chartParts(doc)) inCharts += replaceInChart(doc.pkg, part, find, replace, matchCase);
  if (inCharts) {
    count.total += inCharts;
    count.outsideBody.charts = inCharts;
  }
  return count;
}

const PLACES: Record<Story, [string, string]> = {
  body: ['the body', 'the body'], header: ['a header', 'headers'], footer: ['a footer', 'footers'], footnotes: ['a footnote', 'footnotes'], endnotes: ['an endnote', 'endnotes'],
  charts: ['a chart', 'charts'],
};

/** How many times and where: "2 times", "1 time, in a header", "4 times: 2 in the body, 1 in a header, 1 in a footer". */
export function countText(count: ReplaceCount): string {
  const times = `${count.total} time${count.total === 1 ? '' : 's'}`;
  const outside = Object.entries(count.outsideBody) as [Story, number][];
  if (!outside.length) return times;
  const body = count.total - outside.reduce((s, [, n]) => s + n, 0);
  const places = [...(body ? [['body', body] as [Story, number]] : []), ...outside];
  if (places.length === 1) return `${times}, in ${PLACES[places[0][0]][places[0][1] === 1 ? 0 : 1]}`;
  return `${times}: ${places.map(([s, n]) => `${n} in ${PLACES[s][n === 1 ? 0 : 1]}`).join(', ')}`;
}
