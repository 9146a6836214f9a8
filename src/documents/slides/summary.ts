// The run's summary of what happened to the deck, derived from the edits the tools made (never from
// what a model or the planner says it did): a new deck by its size, theme and layouts, an edited one
// by its list of changes.
import type { SlidesDocument } from './slides.document.ts';
import { folioThemeOf } from './templates.ts';

export function summarizeChanges(doc: SlidesDocument, changes: string[], origin: 'new' | 'run' | 'init_file'): string {
  const slides = doc.slides();
  if (origin === 'new') {
    if (!slides.length) return 'No slides were made.';
    const title = slides.find((s) => s.title.trim())?.title.trim();
    const counts = new Map<string, number>();
    for (const s of slides) counts.set(s.layout?.name ?? '?', (counts.get(s.layout?.name ?? '?') ?? 0) + 1);
    const layouts = [...counts].map(([name, n]) => (n > 1 ? `${name} x${n}` : name)).join(', ');
    const theme = folioThemeOf(doc.deck);
    return `Built a ${slides.length}-slide deck${title ? ` "${title}"` : ''}${theme ? ` in the ${theme} theme` : ''} (layouts: ${layouts}).`;
  }
  if (!changes.length) return 'The deck was not changed.';
  const shown = changes.slice(0, 12).join('; ');
  return `Changed the deck: ${shown}${changes.length > 12 ? `; and ${changes.length - 12} more changes` : ''}. It now has ${slides.length} slide${slides.length === 1 ? '' : 's'}.`;
}
