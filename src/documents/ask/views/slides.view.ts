// A deck as the ask engine sees it: one part per slide (its title, subtitle, the text of its shapes,
// its tables and charts described, its speaker notes), cited by slide number; the tables of its slides
// and the data of its charts are tables for aggregates, cited by slide and table.
import type { SlidesDocument } from '../../slides/slides.document.ts';
import { chartSentence } from '../../slides/tools/speaker-notes.ts';
import { textTable, type AskLine, type AskPart, type AskTable, type AskView } from '../ask-view.ts';

export function slidesAskView(d: SlidesDocument): AskView {
  const parts: AskPart[] = [];
  const tables: AskTable[] = [];
  d.slides().forEach((s, i) => {
    const n = i + 1;
    const cite = { label: `slide ${n}`, slide: n };
    const lines: AskLine[] = [];
    const add = (text: string) => { if (text.trim()) lines.push({ text: text.trim(), cite }); };
    add(s.title);
    if (s.subtitle) add(s.subtitle);
    const part: AskPart = { kind: 'slide', number: n, name: s.title.trim(), cite, lines, charts: [], tables: 0, pictures: 0 };
    for (const e of s.elements) {
      if (e.kind === 'bullets' || e.kind === 'text') for (const p of e.paragraphs) add(p.text);
      if ((e.kind === 'diagram' || e.kind === 'group') && e.text) add(e.text);
      if (e.kind === 'image') { part.pictures++; if (e.description) add(`Picture: ${e.description}`); }
      if (e.kind === 'table' && e.table) {
        part.tables++;
        const k = part.tables;
        add(`Table ${k}: ${e.table.map((r) => r.join(' | ')).join(' / ')}`);
        const t = textTable(`Slide ${n}, table ${k}`, e.table, part, { slide: n, table: k }, `slide ${n}, table ${k}`);
        if (t) tables.push(t);
      }
      if (e.kind === 'chart' && e.chart) {
        const title = e.chart.title || `${e.chart.type} chart`;
        part.charts.push(title);
        add(`Chart "${title}": ${chartSentence(e.chart)}`);
        const rows = [['Category', ...e.chart.series.map((x) => x.name || 'Value')], ...e.chart.categories.map((c, j) => [c, ...e.chart!.series.map((x) => (x.values[j] === null || x.values[j] === undefined ? '' : String(x.values[j])))])];
        const chartCite = { label: `slide ${n}, chart "${title}"`, slide: n };
        const t = textTable(`Slide ${n}, chart "${title}"`, rows, part, { slide: n }, `slide ${n}, chart "${title}"`);
        if (t) tables.push({ ...t, cite: () => chartCite });
      }
    }
    if (s.notes.trim()) add(`Speaker notes: ${s.notes.trim()}`);
    parts.push(part);
  });
  const title = parts.find((p) => p.name)?.name ?? null;
  return { format: 'slides', noun: 'deck', title, parts, tables };
}
