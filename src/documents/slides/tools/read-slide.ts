// read_slide's answer: one slide in full, as JSON the model can act on (ids, kinds, text by paragraph
// with levels, chart data, table cells, pictures' alt text, notes).
import type { SlidesDocument } from '../slides.document.ts';
import type { SlideView } from '../view/slide.view.ts';

const EDITABLE = new Set(['bullets', 'text', 'chart', 'table', 'image']);

export function readSlideJson(d: SlidesDocument, s: SlideView): Record<string, unknown> {
  return {
    id: s.id,
    number: s.index + 1,
    layout: s.layout?.name ?? null,
    title: s.title,
    subtitle: s.subtitle,
    hidden: s.hidden,
    elements: s.elements.map((e) => ({
      id: e.id,
      kind: e.kind,
      name: e.name,
      ...(e.placeholder ? { placeholder: e.placeholder.type } : {}),
      ...(e.paragraphs.some((p) => p.text.trim()) ? { paragraphs: e.paragraphs.filter((p) => p.text.trim()).map((p) => ({ text: p.text, level: p.level })) } : {}),
      ...(e.chart ? { chart: { type: e.chart.type, categories: e.chart.categories, series: e.chart.series, title: e.chart.title } } : {}),
      ...(e.table ? { table: e.table } : {}),
      ...(e.description ? { alt_text: e.description } : {}),
      ...(!e.paragraphs.length && e.text && !e.table ? { text: e.text } : {}),
      ...(EDITABLE.has(e.kind) ? {} : { kept_as_is: true }),
    })),
    notes: s.notes,
    slides_in_deck: d.slides().length,
  };
}
