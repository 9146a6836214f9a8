// A deck as the structural checks read it (DocumentSnapshot): slides with their titles, text, tables
// and charts (FormatAdapter.snapshot).
import { chartType, type DocumentSnapshot, type PartSnapshot } from '../agent/outcome/snapshot.ts';
import type { SlidesDocument } from './slides.document.ts';

export function snapshotSlides(deck: SlidesDocument): DocumentSnapshot {
  const parts: PartSnapshot[] = deck.slides().map((s) => ({
    title: s.title.trim(),
    text: [s.subtitle ?? '', ...s.elements.filter((e) => e.kind === 'bullets' || e.kind === 'text' || e.kind === 'shape').flatMap((e) => e.paragraphs.map((p) => p.text))].map((t) => t.trim()).filter(Boolean),
    tables: s.elements.filter((e) => e.table).map((e) => e.table!),
    charts: s.elements.filter((e) => e.chart).map((e) => ({ type: chartType(e.chart!.type), title: e.chart!.title, categories: e.chart!.categories, series: e.chart!.series.map((x) => ({ name: x.name, values: x.values })) })),
  }));
  return {
    format: 'slides', title: parts[0]?.title || null, parts, sheets: [], pageBreaks: 0,
    charts: parts.flatMap((p) => p.charts),
    allText: parts.flatMap((p) => [p.title, ...p.text, ...p.tables.flat(2)]).filter(Boolean),
  };
}
