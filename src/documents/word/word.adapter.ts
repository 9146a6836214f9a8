// The Word format for the agent core. A document is its .docx package: reading opens it (a new
// document opens Folio's report template), the tools edit its parts in place in the document's own
// styles, and rendering writes the package back with every untouched part copied through. The
// request's brand goes on at render time, and tables of contents are brought up to date.
import type { FormatAdapter } from '../agent/format-adapter.ts';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { finishDocument } from './edits/finish.ts';
import { summarizeChanges } from './summary.ts';
import { openTemplate } from './templates.ts';
import { wordTools } from './tools/word.tools.ts';
import { wordOutline } from './view/outline.ts';
import { plainText } from './inline.ts';
import { DOCX_CONTENT_TYPE, WordDocument } from './word.document.ts';
import { planWord } from './planner/word.planner.ts';
import { snapshotWord } from './word.snapshot.ts';

const INSTRUCTIONS = `A Word document is its .docx file: a title (and subtitle), then blocks; headings (levels 1-4) divide it into sections. Edit it in place; never rebuild it. Text is inline markdown: **bold**, *italic*, [label](https://url), footnotes as [^text of the note].
- New content takes the document's own styles (headings, lists, tables, captions), so write content, not formatting. Build with add_content (markdown, several sections per call is best), add_table (header row, or a data source by name), insert_image (image_id, with a caption). Set the title with set_document first in a new document.
- Cite context files with [^n] right after the statement that uses file n (it becomes a footnote naming the file). Quote or paraphrase only what the files say.
- Reports of four or more sections get a table of contents (add_table_of_contents; it is filled in with page numbers when the file is written, and kept up to date when headings change).
- Paragraphs stay short (2-5 sentences). Tables have a header row and at most about 8 columns; give them a caption. "(note) text" makes a call-out paragraph.
- Brand fonts and colours are applied automatically. A Folio report's header shows its title unless set_document changes it.
- To edit, read first (get_outline, read_section, find_text), then change only what is asked: update_block and replace_text keep formatting, edit_table changes cells and rows, replace_content, move and delete work on blocks or whole sections. Blocks marked "kept as is" (content controls, text boxes, equations) stay untouched.`;

export const adapter: FormatAdapter<WordDocument> = {
  format: 'word',
  contentType: DOCX_CONTENT_TYPE,
  extension: 'docx',
  agentName: 'folio-word-agent',
  create: () => openTemplate(),
  read: async (bytes) => {
    const doc = WordDocument.open(bytes, 'file');
    // Read the body once now, so an unreadable part is refused at load, not mid-task.
    try {
      doc.blocks();
      doc.styles();
    } catch (err) {
      if (err instanceof DocumentUnreadable) throw err;
      throw new DocumentUnreadable(`The document could not be read (${(err as Error).message}).`, { cause: err });
    }
    return doc;
  },
  render: async (doc, options) => {
    const b = options.brand;
    finishDocument(doc, b ? { primary: b.primaryColor, secondary: b.secondaryColor, font: b.font, logo: b.logo ? { bytes: b.logo.bytes, contentType: b.logo.content_type, width: b.logo.width, height: b.logo.height } : null } : null);
    options.signal?.throwIfAborted();
    return doc.save();
  },
  tools: (ctx) => wordTools(ctx),
  outline: (doc) => wordOutline(doc),
  snapshot: (doc) => snapshotWord(doc),
  title: (doc) => {
    const blocks = doc.blocks();
    const t = blocks.find((b) => b.kind === 'title') ?? blocks.find((b) => b.kind === 'heading');
    return t ? plainText(t.text).trim() || null : null;
  },
  instructions: INSTRUCTIONS,
  plan: (request, doc, inputs) => planWord(request, doc, inputs),
  summarize: (doc, changes, origin) => summarizeChanges(doc, changes, origin),
  outcomeProblems: (doc) => (doc.blocks().some((b) => b.kind !== 'page_break') ? [] : ['the document has no content: add it (add_sections adds several sections in one call)']),
};
