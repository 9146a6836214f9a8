// Questions about the shape of the document: how many sheets, slides, sections, rows, tables, charts
// or pictures; what slide 3 or section 2 says; which parts have charts, tables or pictures; its title.
import { PART_NOUN, type AskPart, type AskView, type Citation } from '../ask-view.ts';
import type { Answer } from './answer.ts';

const KIND: Record<string, 'charts' | 'tables' | 'pictures'> = {
  chart: 'charts', charts: 'charts', graph: 'charts', graphs: 'charts', plot: 'charts', plots: 'charts',
  table: 'tables', tables: 'tables',
  image: 'pictures', images: 'pictures', picture: 'pictures', pictures: 'pictures', photo: 'pictures', photos: 'pictures', figure: 'pictures', figures: 'pictures',
};
const SINGULAR = { charts: 'chart', tables: 'table', pictures: 'picture' } as const;
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const quoted = (p: AskPart) => (p.kind === 'sheet' ? p.name : p.name ? `"${p.name}"` : '(untitled)');
const numbered = (view: AskView) => view.parts.filter((p) => p.number > 0);

/** "Slide 3", 'Section 2 "Leave"', 'Sheet "Sales"'. */
export function partName(p: AskPart): string {
  if (p.number === 0) return 'The opening';
  if (p.kind === 'sheet') return `Sheet "${p.name}"`;
  return `${p.kind === 'slide' ? 'Slide' : 'Section'} ${p.number}${p.name ? ` "${p.name}"` : ''}`;
}

/** A part's content as one answer: its lines in order, at most `max` of them. */
export function describePart(view: AskView, p: AskPart, max = 12): Answer {
  const lines = p.lines.map((l) => l.text.replace(/[.;:]+$/, '')).filter((t, i) => !(i === 0 && t === p.name));
  const extra = [p.charts.length ? `${plural(p.charts.length, 'chart')}: ${p.charts.map((c) => `"${c}"`).join(', ')}` : '', p.pictures ? plural(p.pictures, 'picture') : ''].filter(Boolean);
  const rows = p.kind === 'sheet' ? ` (${plural(p.rows ?? 0, 'data row')})` : '';
  const body = lines.length ? `: ${lines.slice(0, max).join('; ')}${lines.length > max ? `; and ${lines.length - max} more lines` : ''}.` : ' holds no text.';
  return { text: `${partName(p)}${rows}${body}${extra.length ? ` It has ${extra.join(' and ')}.` : ''}`, answered: true, citations: [p.cite], data: null };
}

function partByNumber(view: AskView, q: string): Answer | null {
  const noun = PART_NOUN[view.format];
  const m = new RegExp(`\\b(${noun}|tab|chapter|part)\\s*(?:number\\s*|no\\.?\\s*|#)?(\\d{1,4})\\b`).exec(q)
    ?? new RegExp(`\\b(?:the\\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\\s+(${noun}|tab|chapter|part)\\b`).exec(q);
  if (!m) return null;
  const parts = numbered(view);
  const n = /^\d/.test(m[2] ?? '') ? Number(m[2]) : m[1] === 'last' ? parts.length : ORDINALS[m[1]] ?? Number(m[2]);
  const p = parts.find((x) => x.number === n) ?? (view.format === 'excel' ? parts[n - 1] : undefined);
  if (!p) return { text: `The ${view.noun} has ${plural(parts.length, noun)}; there is no ${noun} ${n}.`, answered: false, citations: [], data: null };
  return describePart(view, p);
}

function counts(view: AskView, q: string): Answer | null {
  const noun = PART_NOUN[view.format];
  // "List the sheets", "what are the sections": the same answer as "how many".
  const listing = new RegExp(`\\b(list|what are|which are|name|show)\\b.*\\b(${noun}s|tabs|worksheets|chapters|headings)\\b`).test(q) && !Object.keys(KIND).some((k) => new RegExp(`\\b${k}\\b`).test(q));
  if (!listing && !/\b(how many|number of|count)\b/.test(q)) return null;
  const parts = numbered(view);
  const kindWord = Object.keys(KIND).find((k) => new RegExp(`\\b${k}\\b`).test(q));
  const namesParts = new RegExp(`\\b(${noun}s?|tabs?|worksheets?|chapters?|headings?)\\b`).test(q);
  if (kindWord) {
    const kind = KIND[kindWord];
    const has = (p: AskPart) => (kind === 'charts' ? p.charts.length : kind === 'tables' ? p.tables : p.pictures);
    const where = view.parts.filter((p) => has(p) > 0);
    const total = where.reduce((n, p) => n + has(p), 0);
    const cites = where.map((p) => p.cite);
    if (namesParts && view.format === 'slides') {
      return { text: `The deck has ${where.length} slide${where.length === 1 ? '' : 's'} with a ${SINGULAR[kind]}${where.length ? ` (slide${where.length === 1 ? '' : 's'} ${where.map((p) => p.number).join(', ')})` : ''}.`, answered: true, citations: cites, data: { count: where.length } };
    }
    const list = where.map((p) => `${partName(p)}${has(p) > 1 ? ` (${has(p)})` : ''}`).join(', ');
    return { text: `The ${view.noun} has ${plural(total, SINGULAR[kind])}${total ? `: ${list}` : ''}.`, answered: true, citations: cites, data: { count: total } };
  }
  if (/\b(rows?|entries|records|lines)\b/.test(q) && view.tables.length) {
    const named = view.tables.filter((x) => q.includes(x.t.sheet.name.toLowerCase()) || q.includes(x.part.name.toLowerCase()) && x.part.name);
    const list = named.length ? named : view.tables;
    const text = list.map(({ t, part }) => `${view.format === 'excel' ? `Sheet "${t.sheet.name}"` : t.sheet.name} has ${plural(t.lastRow - t.firstRow + 1 - t.totalsRows.length, 'data row')}${view.format !== 'excel' ? ` (${part.cite.label})` : ''}`).join('; ');
    return { text: `${text}.`, answered: true, citations: list.map((x) => x.cite(`${x.t.columns[0].letter}${x.t.firstRow + 1}:${x.t.columns[x.t.columns.length - 1].letter}${x.t.lastRow + 1}`)), data: null };
  }
  if (!namesParts) return null;
  if (view.format === 'slides') return { text: `The deck has ${plural(parts.length, 'slide')}.`, answered: true, citations: parts.length ? [{ label: `slides 1-${parts.length}` }] : [], data: { count: parts.length } };
  const names = parts.map(quoted).join(', ');
  const what = view.format === 'excel' ? 'sheet' : 'top-level section';
  return { text: `The ${view.noun} has ${plural(parts.length, what)}${parts.length ? `: ${names}` : ''}.`, answered: true, citations: parts.map((p) => p.cite), data: { count: parts.length } };
}

function whichParts(view: AskView, q: string): Answer | null {
  const kindWord = Object.keys(KIND).find((k) => new RegExp(`\\b${k}\\b`).test(q));
  if (!kindWord || !/\b(which|where|what|list)\b/.test(q)) return null;
  if (!new RegExp(`\\b(${PART_NOUN[view.format]}s?|tabs?|where)\\b`).test(q) && !/\b(which|list)\b/.test(q)) return null;
  const kind = KIND[kindWord];
  const where = view.parts.filter((p) => (kind === 'charts' ? p.charts.length : kind === 'tables' ? p.tables : p.pictures) > 0);
  if (!where.length) return { text: `No ${PART_NOUN[view.format]} of the ${view.noun} has a ${SINGULAR[kind]}.`, answered: true, citations: view.parts.map((p) => p.cite).slice(0, 20), data: { count: 0 } };
  const describe = (p: AskPart) => kind === 'charts' ? `${partName(p)} (${p.charts.map((c) => `"${c}"`).join(', ')})` : `${partName(p)}${(kind === 'tables' ? p.tables : p.pictures) > 1 ? ` (${kind === 'tables' ? p.tables : p.pictures})` : ''}`;
  return { text: `${where.length === 1 ? 'One' : where.length} ${PART_NOUN[view.format]}${where.length === 1 ? ' has' : 's have'} ${kind}: ${where.map(describe).join('; ')}.`, answered: true, citations: where.map((p) => p.cite), data: { count: where.length } };
}

function title(view: AskView, q: string): Answer | null {
  if (!/\b(title|titled|called|named)\b/.test(q) || /\b(slide|section|sheet)\s*\d/.test(q)) return null;
  const first = view.parts.find((p) => p.name);
  const cite: Citation[] = view.format === 'slides' && first ? [first.cite] : view.format === 'word' && view.title ? [{ label: 'the title' }] : [];
  if (!view.title) return { text: `The ${view.noun} has no title.`, answered: true, citations: view.parts.slice(0, 1).map((p) => p.cite), data: null };
  return { text: `The ${view.noun} is titled "${view.title}"${view.format === 'slides' && first ? ` (slide ${first.number})` : ''}.`, answered: true, citations: cite, data: null };
}

/** An answer about the document's structure, or null when the question is about something else. */
export function answerStructure(view: AskView, question: string): Answer | null {
  const q = question.toLowerCase();
  return partByNumber(view, q) ?? counts(view, q) ?? whichParts(view, q) ?? title(view, q);
}

/** The part a question names ("what is on the Sales sheet", "what does the Leave section say"), described. */
export function answerNamedPart(view: AskView, question: string): Answer | null {
  const q = question.toLowerCase();
  if (!/\b(what|show|describe|read|tell|say|says|content|contents|in|on|about)\b/.test(q)) return null;
  const named = view.parts.filter((p) => p.name.length >= 3 && q.includes(p.name.toLowerCase())).sort((a, b) => b.name.length - a.name.length)[0];
  return named ? describePart(view, named) : null;
}
