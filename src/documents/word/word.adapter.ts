// The Word format for the agent core: the model, its reader and renderer, tools, outline and planner.
import type { FormatAdapter } from '../agent/format-adapter.ts';
import { wordOutline } from './word-content.ts';
import { plainText } from './word-inline.ts';
import { createWordDoc, type WordDoc } from './word-model.ts';
import { planWord } from './word-planner.ts';
import { readWordDoc } from './word-reader.ts';
import { renderWordDoc } from './word-renderer.ts';
import { wordTools } from './word-tools.ts';

const INSTRUCTIONS = `A Word document is a title (and subtitle) followed by blocks; headings (levels 1-4) divide it into sections. Text is inline markdown: **bold**, *italic*, [label](https://url), footnotes as [^text of the note].
- Build with add_content (markdown, several sections per call is best), add_table (header row, or a data source by name), insert_image (image_id, with a caption). Set the title with set_document first.
- Cite context files with [^n] right after the statement that uses file n (it becomes a footnote naming the file). Quote or paraphrase only what the files say.
- Reports of four or more sections get a table of contents (add_table_of_contents; it is filled in with page numbers when the file is written).
- Paragraphs stay short (2-5 sentences). Tables have a header row and at most about 8 columns; give them a caption. "(note) text" makes a shaded call-out paragraph.
- The footer shows "Page X of Y" and the header shows the title unless set_document changes them. Brand fonts and colours are applied automatically.
- To edit, read first (get_outline, read_section, find_text), then change only what is asked: update_block, edit_table, replace_content, move, delete.`;

export const adapter: FormatAdapter<WordDoc> = {
  format: 'word',
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  extension: 'docx',
  agentName: 'folio-word-agent',
  create: createWordDoc,
  read: readWordDoc,
  render: renderWordDoc,
  tools: wordTools,
  outline: (doc) => wordOutline(doc),
  title: (doc) => (doc.title ? plainText(doc.title).trim() || null : (() => {
    const h = doc.blocks.find((b) => b.kind === 'heading');
    return h && h.kind === 'heading' ? plainText(h.text).trim() || null : null;
  })()),
  instructions: INSTRUCTIONS,
  plan: planWord,
};
