// A Word document as the ask engine sees it: one part per top-level section (the blocks under each
// heading of the highest level in use), cited by number and heading, with what comes before the first
// heading as the opening (number 0); its paragraphs, list items, sub-headings, captions and table rows
// as lines; its tables as tables for aggregates, cited by section and table.
import type { BlockView } from '../../word/view/body.view.ts';
import { plainText } from '../../word/inline.ts';
import type { WordDocument } from '../../word/word.document.ts';
import { textTable, type AskPart, type AskTable, type AskView, type Citation } from '../ask-view.ts';

const text = (s: string) => plainText(s).replace(/\s+/g, ' ').trim();

export function wordAskView(doc: WordDocument): AskView {
  const blocks = doc.blocks();
  const headingLevels = blocks.filter((b) => b.kind === 'heading').map((b) => b.level ?? 1);
  const top = headingLevels.length ? Math.min(...headingLevels) : 0;
  const titleBlock = blocks.find((b) => b.kind === 'title');
  const title = titleBlock ? text(titleBlock.text) : null;
  const parts: AskPart[] = [];
  const tables: AskTable[] = [];
  const opening: AskPart = { kind: 'section', number: 0, name: '', cite: { label: 'the opening (before the first heading)', section: 0 }, lines: [], charts: [], tables: 0, pictures: 0 };
  let current = opening;
  for (const b of blocks) {
    if (b.kind === 'heading' && (b.level ?? 1) === top) {
      const number = parts.filter((p) => p.number > 0).length + 1;
      const heading = text(b.text);
      const cite: Citation = { label: `section ${number} "${heading}"`, section: number, heading };
      current = { kind: 'section', number, name: heading, cite, lines: [], charts: [], tables: 0, pictures: 0 };
      parts.push(current);
      continue;
    }
    addBlock(current, b, tables);
  }
  if (opening.lines.length || opening.tables || opening.pictures) parts.unshift(opening);
  return { format: 'word', noun: 'document', title, parts, tables };
}

function addBlock(part: AskPart, b: BlockView, tables: AskTable[]): void {
  const add = (s: string) => { const t = text(s); if (t) part.lines.push({ text: t, cite: part.cite }); };
  switch (b.kind) {
    case 'title': break; // the view's title
    case 'subtitle': case 'heading': case 'paragraph': case 'caption': add(b.text); break;
    case 'list': for (const item of b.items ?? []) add(item.text); break;
    case 'image': part.pictures++; if (b.text) add(`Picture: ${b.text}`); break;
    case 'table': {
      part.tables++;
      const k = part.tables;
      const rows = (b.rows ?? []).map((r) => r.map((c) => text(c)));
      for (const r of rows) add(r.join(' | '));
      const where = part.number ? `section ${part.number} "${part.name}", table ${k}` : `table ${k} of the opening`;
      const t = textTable(part.number ? `Section ${part.number} "${part.name}", table ${k}` : `Opening, table ${k}`, rows, part, { section: part.number, ...(part.name ? { heading: part.name } : {}), table: k }, where);
      if (t) tables.push(t);
      break;
    }
    default: break;
  }
}
