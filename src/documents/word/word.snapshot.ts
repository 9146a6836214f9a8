// A Word document as the structural checks read it (DocumentSnapshot): top-level sections with their
// text and tables, the title and page breaks (FormatAdapter.snapshot).
import type { DocumentSnapshot, PartSnapshot } from '../agent/outcome/snapshot.ts';
import { plainText } from './inline.ts';
import type { WordDocument } from './word.document.ts';

export function snapshotWord(doc: WordDocument): DocumentSnapshot {
  const blocks = doc.blocks();
  const title = blocks.find((b) => b.kind === 'title');
  const headings = blocks.filter((b) => b.kind === 'heading');
  const top = headings.length ? Math.min(...headings.map((h) => h.level ?? 1)) : 1;
  const parts: PartSnapshot[] = [];
  const text = (b: (typeof blocks)[number]): string[] => (b.kind === 'list' ? (b.items ?? []).map((i) => plainText(i.text)) : b.kind === 'paragraph' || b.kind === 'caption' || b.kind === 'subtitle' ? [plainText(b.text)] : []);
  for (const b of blocks) {
    if (b.kind === 'heading' && (b.level ?? 1) === top) parts.push({ title: plainText(b.text).trim(), text: [], tables: [], charts: [] });
    else if (parts.length) {
      const p = parts[parts.length - 1];
      if (b.kind === 'table') p.tables.push((b.rows ?? []).map((r) => r.map((c) => plainText(c))));
      else if (b.kind === 'heading') p.text.push(plainText(b.text));
      else p.text.push(...text(b));
    }
  }
  const all: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'table') all.push(...(b.rows ?? []).flat().map((c) => plainText(c)));
    else if (b.kind === 'title' || b.kind === 'heading') all.push(plainText(b.text));
    else all.push(...text(b));
  }
  return {
    format: 'word', title: title ? plainText(title.text).trim() : null, parts, sheets: [], charts: [],
    pageBreaks: blocks.filter((b) => b.kind === 'page_break').length,
    allText: all.map((t) => t.trim()).filter(Boolean),
  };
}
