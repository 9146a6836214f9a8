// Ask mode with the builtin engine: answers from the deck itself, never beyond it. Counts, the title,
// a given slide's content and notes, where charts, tables and images are, and otherwise the slides
// whose words best match the question.
import type { SlidesDocument } from '../slides.document.ts';
import { chartSentence } from '../tools/speaker-notes.ts';
import type { SlideView as Slide } from '../view/slide.view.ts';

const KINDS: Record<string, 'chart' | 'table' | 'image' | 'diagram'> = { chart: 'chart', charts: 'chart', graph: 'chart', graphs: 'chart', table: 'table', tables: 'table', image: 'image', images: 'image', picture: 'image', pictures: 'image', photo: 'image', photos: 'image', diagram: 'diagram', diagrams: 'diagram', smartart: 'diagram' };

const words = (text: string) => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length > 2);

function slideText(s: Slide): string {
  const parts = [s.title, s.subtitle ?? ''];
  for (const e of s.elements) {
    parts.push(e.text);
    if (e.chart) parts.push(e.chart.categories.join(' '), e.chart.series.map((x) => x.name).join(' '));
    if (e.table) parts.push(e.table.flat().join(' '));
  }
  return parts.join(' ');
}

export function describeSlideContent(s: Slide, n: number): string {
  const parts = [`Slide ${n}${s.layout ? ` ("${s.layout.name}" layout)` : ''} is titled "${s.title || '(no title)'}"${s.subtitle ? ` with the subtitle "${s.subtitle}"` : ''}.`];
  for (const e of s.elements) {
    if (e.kind === 'bullets' || e.kind === 'text') {
      const lines = e.paragraphs.map((p) => p.text).filter((t) => t.trim());
      if (lines.length) parts.push(`${e.kind === 'bullets' ? 'Its points' : 'Text'}: ${lines.join('; ')}.`);
    }
    if (e.kind === 'chart' && e.chart) parts.push(`A ${e.chart.type} chart: ${chartSentence(e.chart)}`);
    if (e.kind === 'table' && e.table) parts.push(`A table of ${Math.max(0, e.table.length - 1)} rows with the columns ${(e.table[0] ?? []).join(', ')}.`);
    if (e.kind === 'image') parts.push(`A picture${e.description ? ` ("${e.description}")` : ''}.`);
    if (e.kind === 'diagram') parts.push(`A SmartArt diagram${e.text ? `: ${e.text}` : ''}.`);
    if (e.kind === 'group' && e.text) parts.push(`A group of shapes: ${e.text}.`);
  }
  if (s.notes.trim()) parts.push(`Speaker notes: ${s.notes.trim()}`);
  return parts.join(' ');
}

export function answerQuestion(question: string, d: SlidesDocument): string {
  const q = question.toLowerCase();
  const slides = d.slides();
  const n = slides.length;
  if (!n) return 'The deck has no slides yet.';
  const numbered = /\bslide\s*(?:number\s*)?#?(\d+)\b/.exec(q);
  if (numbered) {
    const i = Number(numbered[1]);
    const s = slides[i - 1];
    return s ? describeSlideContent(s, i) : `The deck has ${n} slides; there is no slide ${i}.`;
  }
  const kindWord = Object.keys(KINDS).find((k) => new RegExp(`\\b${k}\\b`).test(q));
  if (/\bhow many\b/.test(q)) {
    if (kindWord) {
      const kind = KINDS[kindWord];
      const where = slides.map((s, i) => (s.elements.some((e) => e.kind === kind) ? i + 1 : 0)).filter(Boolean);
      return `The deck has ${where.length} slide${where.length === 1 ? '' : 's'} with a ${kind}${where.length ? ` (slide${where.length === 1 ? '' : 's'} ${where.join(', ')})` : ''}.`;
    }
    return `The deck has ${n} slide${n === 1 ? '' : 's'}.`;
  }
  if (/\btitle of the (deck|presentation)\b|\bwhat is the (deck|presentation) (called|titled)\b|\bdeck'?s title\b/.test(q)) {
    return `The deck is titled "${slides.find((s) => s.title.trim())?.title ?? '(no title)'}".`;
  }
  if (kindWord && /\b(which|where|what|list)\b/.test(q)) {
    const kind = KINDS[kindWord];
    const found = slides.map((s, i) => ({ s, i })).filter(({ s }) => s.elements.some((e) => e.kind === kind));
    if (!found.length) return `No slide of the deck has a ${kind}.`;
    return found.map(({ s, i }) => describeSlideContent(s, i + 1)).join(' ');
  }
  const wanted = new Set(words(question).filter((w) => !['what', 'which', 'does', 'deck', 'slide', 'slides', 'about', 'say', 'the', 'show', 'tell'].includes(w)));
  const scored = slides.map((s, i) => ({ s, i, score: words(slideText(s) + ' ' + s.notes).filter((w) => wanted.has(w)).length })).filter((x) => x.score > 0);
  if (scored.length) {
    scored.sort((a, b) => b.score - a.score || a.i - b.i);
    return scored.slice(0, 2).map(({ s, i }) => describeSlideContent(s, i + 1)).join(' ');
  }
  const titles = slides.map((s, i) => `${i + 1}. ${s.title || `(${s.layout?.name ?? 'untitled'})`}`).join('; ');
  return `The deck does not say that directly. It has ${n} slides: ${titles}.`;
}
