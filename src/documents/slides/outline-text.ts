// The deck as the model sees it: one line per slide (id, number, layout, title) and one per element
// (id, kind, size, a glimpse of the content), whether notes exist, and what is kept verbatim.
import { plainText, type Deck, type Slide, type SlideElement } from './model.ts';
import { resolvePalette } from './theme.ts';

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function describeElement(e: SlideElement): string {
  const head = e.heading ? ` "${clip(e.heading, 40)}"` : '';
  switch (e.kind) {
    case 'bullets':
      return `${e.id} bullets${head}: ${e.items.length} item${e.items.length === 1 ? '' : 's'} (${e.items.slice(0, 3).map((b) => `"${clip(plainText(b.text), 40)}"`).join(', ')}${e.items.length > 3 ? ', …' : ''})`;
    case 'chart':
      return `${e.id} ${e.chart.type} chart${head}: ${e.chart.series.map((s) => s.name).join(', ')} over ${e.chart.categories.length} categories (${clip(e.chart.categories.slice(0, 4).join(', '), 50)}${e.chart.categories.length > 4 ? ', …' : ''})${e.chart.source ? `, source ${e.chart.source}` : ''}`;
    case 'table':
      return `${e.id} table${head}: ${e.table.rows.length} rows x ${e.table.columns.length} columns (${clip(e.table.columns.join(', '), 60)})`;
    case 'image':
      return `${e.id} image${head}${e.image.imageId ? ` ${e.image.imageId}` : ''}${e.caption ? `: "${clip(e.caption, 50)}"` : ''}`;
    case 'quote':
      return `${e.id} quote: "${clip(e.text, 60)}"${e.attribution ? ` — ${clip(e.attribution, 30)}` : ''}`;
  }
}

export function describeSlide(s: Slide, index: number): string[] {
  const lines = [`${s.id} [${index + 1}] ${s.layout}: "${clip(s.title, 80)}"${s.subtitle ? ` / "${clip(s.subtitle, 60)}"` : ''}${s.notes.trim() ? ' (notes)' : ''}`];
  for (const e of s.elements) lines.push(`    ${describeElement(e)}`);
  for (const p of s.preserved) lines.push(`    kept as is: ${p.description}`);
  return lines;
}

export function deckOutline(deck: Deck): string {
  const p = resolvePalette(deck.theme, deck.brand);
  const brand = [deck.brand.primary && `primary #${p.primary}`, deck.brand.secondary && `secondary #${p.secondary}`, deck.brand.font && `font ${p.bodyFont}`, deck.brand.logo && 'logo'].filter(Boolean).join(', ');
  const head = `Deck: ${deck.slides.length} slide${deck.slides.length === 1 ? '' : 's'}, theme ${deck.theme}${brand ? `, brand ${brand}` : ''}.`;
  if (!deck.slides.length) return `${head} It is empty.`;
  return [head, ...deck.slides.flatMap((s, i) => describeSlide(s, i))].join('\n');
}
