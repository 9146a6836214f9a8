// Answers from the document's own words: an extractive summary (its title, then each part's name and
// first lines, each cited), and the lines that best match a question's words, quoted with where they are.
import { PART_NOUN, type AskLine, type AskView } from '../ask-view.ts';
import type { Answer } from './answer.ts';
import { partName } from './structure-answers.ts';

const SUMMARY = /\b(summari[sz]e|summary|summarise|overview|gist|tl;?dr|recap|what(?:'s| is| are) (?:this|it|these|the)(?: \w+)? about|what does (?:this|it|the)(?: \w+)? (?:cover|contain|say)|describe (?:this|it|the)(?: \w+)?|zusammenfassung|fasse|resumen|resume|résumé|résume)\b/i;
const MAX_PARTS = 12;
const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n).replace(/\s+\S*$/, '')}...` : s);

export function wantsSummary(question: string): boolean {
  return SUMMARY.test(question);
}

/** The title, then for each part its name and first lines (a sheet: its header and first data row). */
export function summarise(view: AskView): Answer {
  const parts = view.parts.filter((p) => p.lines.length || p.name);
  const noun = PART_NOUN[view.format];
  const count = parts.filter((p) => p.number > 0).length;
  const head = `${view.title ? `"${view.title}" is a ${view.noun}` : `The ${view.noun} has`} ${view.title ? 'of ' : ''}${count} ${noun}${count === 1 ? '' : 's'}.`;
  const lines = parts.slice(0, MAX_PARTS).map((p) => {
    const own = p.lines.map((l) => l.text.replace(/[.;:]+$/, '')).filter((t) => t !== p.name);
    if (p.kind === 'sheet') {
      const charts = p.charts.length ? `; charts: ${p.charts.map((c) => `"${c}"`).join(', ')}` : '';
      return `${p.name}: ${p.rows ?? 0} data row${p.rows === 1 ? '' : 's'}${own.length ? `, ${clip(own.slice(0, 2).join('; '), 200)}` : ''}${charts} (${p.cite.label}).`;
    }
    return `${partName(p)}: ${own.length ? clip(own.slice(0, 2).join('; '), 220) : '(no text)'} (${p.cite.label}).`;
  });
  const more = parts.length > MAX_PARTS ? ` And ${parts.length - MAX_PARTS} more ${noun}s.` : '';
  return { text: [head, ...lines].join(' ') + more, answered: parts.length > 0, citations: parts.slice(0, MAX_PARTS).map((p) => p.cite), data: null };
}

const STOP = new Set(('a an and are as at be by can could did do does for from had has have how i if in into is it its me my no not of on or our so than that the their them then there these they this those to too us was we were what when where which who why will with would you your please tell show give say says said about document deck workbook slide slides section sheet').split(' '));
const stem = (w: string) => w.replace(/(ing|ed|es|s)$/, '') || w;
const contentWords = (s: string) => [...new Set((s.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter((w) => !STOP.has(w) && w.length > 1).map(stem))];

/** The lines sharing most of the question's words (at least two, and half of them), quoted with where they are. */
export function answerFromText(view: AskView, question: string): Answer | null {
  const asked = contentWords(question);
  if (!asked.length) return null;
  const need = Math.max(Math.min(2, asked.length), Math.ceil(asked.length / 2));
  const scored: { line: AskLine; score: number; order: number }[] = [];
  let order = 0;
  for (const p of view.parts) {
    for (const line of p.lines) {
      const have = new Set(contentWords(line.text));
      const score = asked.filter((w) => have.has(w)).length;
      if (score >= need) scored.push({ line, score, order });
      order++;
    }
  }
  if (!scored.length) return null;
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = scored.filter((x) => x.score === scored[0].score).slice(0, 2);
  const text = best.map((x) => `${clip(x.line.text, 400)} (${x.line.cite.label})`).join(' ');
  const citations = best.map((x) => x.line.cite).filter((c, i, all) => all.findIndex((y) => y.label === c.label) === i);
  return { text, answered: true, citations, data: null };
}
