// The run's summary of what happened to the document, derived from the document and the edits the
// tools made (never from what a model or the planner says it did).
import { plainText } from './inline.ts';
import type { WordDocument } from './word.document.ts';

const n = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

export function summarizeChanges(doc: WordDocument, changes: string[], origin: 'new' | 'run' | 'init_file'): string {
  const blocks = doc.blocks();
  if (origin === 'new') {
    const title = blocks.find((b) => b.kind === 'title');
    const sections = blocks.filter((b) => b.kind === 'heading' && b.level === 1).length;
    const tables = blocks.filter((b) => b.kind === 'table').length;
    const figures = blocks.filter((b) => b.kind === 'image').length;
    const paragraphs = blocks.filter((b) => b.kind === 'paragraph' || b.kind === 'list').length;
    const parts = [sections && n(sections, 'section'), tables && n(tables, 'table'), figures && n(figures, 'figure')].filter(Boolean);
    // A document without sections, tables or figures is told by its paragraphs.
    if (!parts.length && paragraphs) parts.push(n(paragraphs, 'paragraph'));
    const toc = blocks.some((b) => b.kind === 'toc');
    if (!blocks.some((b) => b.kind !== 'title' && b.kind !== 'subtitle')) return title ? `Built the Word document "${plainText(title.text)}" with a title only.` : 'The document was left empty.';
    return `Built the Word document${title ? ` "${plainText(title.text)}"` : ''}${parts.length ? `: ${parts.join(', ')}` : ''}${toc ? ', with a table of contents' : ''}.`;
  }
  if (!changes.length) return 'The document was not changed.';
  const shown = changes.slice(0, 12).join('; ');
  return `Changed the document: ${shown}${changes.length > 12 ? `; and ${changes.length - 12} more changes` : ''}.`;
}
