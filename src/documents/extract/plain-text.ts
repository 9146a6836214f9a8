// An extracted document as plain text, for readers that want one string: agents' context files and the
// plain-text export. Blocks in file order, separated by a blank line; table rows as tab-separated cells;
// a "Slide N", "Page N" (PDFs of more than one page) or "Sheet <name>" line where a new one starts.
import { extractFile, extractKind } from './extract-file.ts';
import { readingOrder, type ExtractedDoc, type ExtractedTable, type Passage, type SourceLocation } from './extracted.ts';

function groupOf(doc: ExtractedDoc, where: SourceLocation): string | null {
  if (where.slide !== undefined) return `Slide ${where.slide}`;
  if (where.sheet !== undefined) return `Sheet ${where.sheet}`;
  if (where.page !== undefined && (doc.stats.pages ?? 1) > 1) return `Page ${where.page}`;
  return null;
}

const blockText = (block: Passage | ExtractedTable) =>
  'rows' in block ? block.rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join('\t')).join('\n') : block.text;

export function documentText(doc: ExtractedDoc): string {
  const out: string[] = [];
  let group: string | null = null;
  for (const block of readingOrder(doc)) {
    const next = groupOf(doc, block.location);
    if (next && next !== group) out.push(next);
    group = next ?? group;
    out.push(blockText(block));
  }
  return out.join('\n\n');
}

/** The whole text of a file (no budget), or null when the extractor has no reader for its type. */
export async function fileText(bytes: Buffer, contentType: string, fileName: string): Promise<string | null> {
  if (!extractKind(contentType, fileName)) return null;
  return documentText(await extractFile(bytes, contentType, Number.POSITIVE_INFINITY, fileName));
}
