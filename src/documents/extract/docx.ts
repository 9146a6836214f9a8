// Word documents through mammoth: headings, paragraphs, list items and tables, in order. Word has no
// fixed pages, so locations are block numbers ("paragraph 12") and tables are numbered.
import { htmlBlocks } from './html-blocks.ts';
import { DocBuilder, UnreadableFile, type ExtractedDoc } from './extracted.ts';

type Mammoth = typeof import('mammoth');
let mammoth: Promise<Mammoth> | null = null;
// Loaded on first use: most processes never read a Word document's text.
const loadMammoth = () => (mammoth ??= import('mammoth').then((m) => ((m as { default?: Mammoth }).default ?? m)));

export async function extractDocx(bytes: Buffer, budget: number): Promise<ExtractedDoc> {
  let html: string;
  try {
    html = (await (await loadMammoth()).convertToHtml({ buffer: bytes }, { externalFileAccess: false })).value;
  } catch (err) {
    throw new UnreadableFile(`The Word document could not be read: ${(err as Error).message}`);
  }
  const doc = new DocBuilder(budget);
  let heading: string | null = null;
  let paragraph = 0;
  let tables = 0;
  for (const block of htmlBlocks(html)) {
    if (doc.full) break;
    if (block.kind === 'table') {
      tables++;
      doc.table({ rows: block.rows, headerRow: 0, title: heading, location: { label: `table ${tables}`, table: tables } });
      continue;
    }
    paragraph++;
    if (block.kind === 'heading') heading = block.text;
    doc.passage(block.text, block.kind === 'heading' ? null : heading, { label: `paragraph ${paragraph}`, paragraph });
  }
  return doc.build('docx');
}
