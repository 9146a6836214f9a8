// The deck as the model reads it: its size and design (Folio theme, or the file's own masters and
// layouts), then one line per slide (id, number, layout, title) and one per element (id, kind, a
// glimpse of its content). Shapes the tools do not edit are listed too, marked as kept as they are.
import { describeLayout } from '../design/layouts.ts';
import { folioThemeOf } from '../templates.ts';
import type { SlidesDocument } from '../slides.document.ts';
import type { ElementView, SlideView } from './slide.view.ts';

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const EDITABLE = new Set(['bullets', 'text', 'chart', 'table', 'image']);

export function describeElement(e: ElementView): string {
  const name = e.name ? ` "${clip(e.name, 30)}"` : '';
  const kept = EDITABLE.has(e.kind) ? '' : ' (kept as is)';
  switch (e.kind) {
    case 'bullets': {
      const items = e.paragraphs.filter((p) => p.text.trim());
      return `${e.id} ${e.placeholder ? 'text placeholder' : 'bullets'}: ${items.length} paragraph${items.length === 1 ? '' : 's'}${items.length ? ` (${items.slice(0, 3).map((p) => `"${clip(p.text, 40)}"`).join(', ')}${items.length > 3 ? ', …' : ''})` : ' (empty)'}`;
    }
    case 'text':
      return `${e.id} text${name}: "${clip(e.text.replace(/\n/g, ' / '), 70)}"`;
    case 'chart':
      return e.chart ? `${e.id} ${e.chart.type} chart: ${e.chart.series.map((s) => s.name).join(', ')} over ${e.chart.categories.length} categories (${clip(e.chart.categories.slice(0, 4).join(', '), 50)}${e.chart.categories.length > 4 ? ', …' : ''})` : `${e.id} chart${name}`;
    case 'table':
      return `${e.id} table: ${Math.max(0, (e.table?.length ?? 1) - 1)} rows x ${e.table?.[0]?.length ?? 0} columns (${clip((e.table?.[0] ?? []).join(', '), 60)})`;
    case 'image':
      return `${e.id} picture${name}${e.description ? `: "${clip(e.description, 50)}"` : ''}`;
    case 'diagram':
      return `${e.id} SmartArt diagram${kept}${e.text ? `: "${clip(e.text, 50)}"` : ''}`;
    case 'group':
      return `${e.id} group of shapes${kept}${e.text ? `: "${clip(e.text, 50)}"` : ''}`;
    default:
      return `${e.id} ${e.kind}${name}${kept}${e.text ? `: "${clip(e.text, 50)}"` : ''}`;
  }
}

export function describeSlide(d: SlidesDocument, s: SlideView): string[] {
  const layout = s.layout ? describeLayout(s.layout, d.catalog()) : '(no layout)';
  const lines = [`${s.id} [${s.index + 1}] ${layout}: "${clip(s.title, 80)}"${s.subtitle ? ` / "${clip(s.subtitle, 60)}"` : ''}${s.notes.trim() ? ' (notes)' : ''}${s.hidden ? ' (hidden)' : ''}`];
  for (const e of s.elements) lines.push(`    ${describeElement(e)}`);
  return lines;
}

export function deckOutline(d: SlidesDocument): string {
  const slides = d.slides();
  const { cx, cy } = d.deck.slideSize();
  const ratio = Math.abs(cx / cy - 16 / 9) < 0.05 ? '16:9' : Math.abs(cx / cy - 4 / 3) < 0.05 ? '4:3' : `${(cx / 914400).toFixed(2)} x ${(cy / 914400).toFixed(2)} in`;
  const theme = folioThemeOf(d.deck);
  const catalog = d.catalog();
  const masters = new Set(catalog.map((l) => l.master)).size;
  const design = theme ? `Folio theme ${theme}` : `its own design (${masters} master${masters === 1 ? '' : 's'}, ${catalog.length} layouts: ${catalog.slice(0, 12).map((l) => `"${l.name}"`).join(', ')}${catalog.length > 12 ? ', …' : ''})`;
  const head = `Deck: ${slides.length} slide${slides.length === 1 ? '' : 's'}, ${ratio}, ${design}.`;
  if (!slides.length) return `${head} It has no slides yet.`;
  return [head, ...slides.flatMap((s) => describeSlide(d, s))].join('\n');
}
