// The Word agent's tools. They edit the .docx package in place through src/documents/word/edits: new
// content in the document's own styles, existing blocks changed where they are, everything else left
// as it was. Every text argument is inline markdown (**bold**, *italic*, [link](url), [^footnote],
// [^n] citing context file n). Blocks are addressed by the ids get_outline shows.
import { Type } from 'typebox';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { descendants, NS } from '../../ooxml/xml.ts';
import { blocksFromMarkdown, resolveCitations, type ContentBlock } from '../content-blocks.ts';
import { updateBlock, UpdateFields } from '../edits/block-edit.ts';
import { insertContent } from '../edits/content.ts';
import { setHeaderFooterShown, setHeaderFooterText, setPage, setPageNumbers, setTitle } from '../edits/page-setup.ts';
import { countText, replaceEverywhere } from '../edits/find-replace.ts';
import { deleteBlocks, findBlock, moveBlocks, POSITION_PATTERN, selection } from '../edits/structure.ts';
import { editTable } from '../edits/table-edit.ts';
import { addToc } from '../edits/toc.ts';
import type { BlockView } from '../view/body.view.ts';
import { blockMarkdown } from '../view/outline.ts';
import { plainText } from '../inline.ts';
import type { WordDocument } from '../word.document.ts';
import { imageBlockFrom, tableFromSource } from '../inputs.ts';
import { readTools } from './read.tools.ts';

const Position = Type.Optional(Type.String({ pattern: POSITION_PATTERN, description: 'Where: "end" (default), "start" (after the title), "after:<id>" or "before:<id>". After a heading id means right under the heading; use the id of the last block of a section to append to it.' }));
const Id = Type.String({ pattern: '^b\\d+$', description: 'A block id from get_outline, e.g. "b12".' });
const Ids = Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500 }));

const label = (b: BlockView) => (b.kind === 'heading' ? `the section "${plainText(b.text)}"` : `${b.kind.replace('_', ' ')} ${b.id}`);

function headingsOf(blocks: ContentBlock[]): string[] {
  return blocks.filter((b) => b.kind === 'heading').map((b) => `"${plainText((b as { text: string }).text)}"`);
}

/** Table cells one request may add: building a table costs time and memory per cell (docs/architecture/crash-isolation.md). */
export const MAX_DOCUMENT_TABLE_CELLS = 20_000;

export function wordTools(ctx: ToolContext<WordDocument>): AgentTool[] {
  let tableCells = 0;
  const { doc, inputs } = ctx;
  const addedWords = (blocks: ContentBlock[]) => {
    const h = headingsOf(blocks);
    return h.length ? `added ${h.slice(0, 4).join(', ')}${h.length > 4 ? ` and ${h.length - 4} more sections` : ''}` : `added ${blocks.length} block${blocks.length > 1 ? 's' : ''}`;
  };
  return [
    ...readTools(doc),
    defineTool({
      name: 'add_content',
      description: 'Adds content written in markdown, in the document\'s own styles: # headings (levels 1-4), paragraphs, - bullet and 1. numbered lists (indent to nest), | pipe | tables | with a header row, > quotes, (note) call-outs, ```csv blocks (become tables), --- (page break). Returns the new block ids.',
      input: Type.Object({ markdown: Type.String({ minLength: 1, maxLength: 100_000 }), position: Position }, { additionalProperties: false }),
      execute: ({ markdown, position }) => {
        const blocks = blocksFromMarkdown(markdown, inputs.contextFiles);
        if (!blocks.length) throw new ToolError('The markdown holds no content.');
        const ids = insertContent(doc, blocks, position);
        ctx.noteChange(addedWords(blocks));
        return { added: ids };
      },
    }),
    defineTool({
      name: 'add_sections',
      description: 'Adds several sections in one call, in order: each a heading (level 1-4, default 1) and its body in markdown (as add_content). Build a whole report with one call.',
      input: Type.Object({
        sections: Type.Array(Type.Object({
          heading: Type.String({ minLength: 1, maxLength: 300 }),
          level: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
          markdown: Type.Optional(Type.String({ maxLength: 100_000, description: 'The body under the heading: paragraphs, lists, tables, sub-headings.' })),
        }, { additionalProperties: false }), { minItems: 1, maxItems: 100 }),
        position: Position,
      }, { additionalProperties: false }),
      execute: ({ sections, position }) => {
        const markdown = sections.map((s) => `${'#'.repeat(s.level ?? 1)} ${s.heading.replace(/\s+/g, ' ').trim()}\n\n${s.markdown?.trim() ?? ''}`).join('\n\n');
        const blocks = blocksFromMarkdown(markdown, inputs.contextFiles);
        const ids = insertContent(doc, blocks, position);
        ctx.noteChange(addedWords(blocks));
        return { added: ids, sections: sections.length };
      },
    }),
    defineTool({
      name: 'add_table',
      description: 'Adds a table with a header row, in the document\'s table style: from `header` and `rows`, or from a data source of the request by name (all its rows, or `columns`/`max_rows` of them). Numbers align right; a caption is numbered ("Table N: ...").',
      input: Type.Object({
        header: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 40 })),
        rows: Type.Optional(Type.Array(Type.Array(Type.String({ maxLength: 5000 }), { maxItems: 40 }), { maxItems: 5000 })),
        data_source: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        columns: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 40 })),
        max_rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })),
        caption: Type.Optional(Type.String({ maxLength: 500 })),
        position: Position,
      }, { additionalProperties: false }),
      execute: (a) => {
        let block: ContentBlock;
        if (a.data_source) block = tableFromSource(inputs.dataSources, a.data_source, a.columns, a.max_rows, a.caption ? resolveCitations(a.caption, inputs.contextFiles) : null);
        else {
          if (!a.rows?.length && !a.header?.length) throw new ToolError('Give header and rows, or data_source.');
          const cite = (s: string) => resolveCitations(s, inputs.contextFiles);
          block = { kind: 'table', header: (a.header ?? []).map(cite), rows: (a.rows ?? []).map((r) => r.map(cite)), caption: a.caption ? cite(a.caption) : null, align: [] };
        }
        const cells = (block.header.length + block.rows.length) * Math.max(block.header.length, ...block.rows.map((r) => r.length), 1);
        if (tableCells + cells > MAX_DOCUMENT_TABLE_CELLS) {
          throw new ToolError(`This table has ${cells} cells and the request's tables already ${tableCells}: at most ${MAX_DOCUMENT_TABLE_CELLS} table cells are written per request. Pick columns or max_rows, or summarise the data.`);
        }
        tableCells += cells;
        const ids = insertContent(doc, [block], a.position);
        ctx.noteChange(`added a table${a.caption ? ` "${a.caption}"` : a.data_source ? ` of ${a.data_source}` : ''}`);
        return { added: ids };
      },
    }),
    defineTool({
      name: 'insert_image',
      description: 'Inserts an image of the request (image_id from the inputs) centred, with a numbered caption ("Figure N: ...").',
      input: Type.Object({ image_id: Type.String({ minLength: 1 }), caption: Type.Optional(Type.String({ maxLength: 500 })), width_percent: Type.Optional(Type.Integer({ minimum: 10, maximum: 100 })), position: Position }, { additionalProperties: false }),
      execute: (a) => {
        const block = imageBlockFrom(inputs.images, a.image_id, a.caption, a.width_percent);
        const ids = insertContent(doc, [block], a.position);
        ctx.noteChange(`inserted image ${a.image_id}`);
        return { added: ids };
      },
    }),
    defineTool({
      name: 'add_table_of_contents',
      description: 'Adds a table of contents of headings up to max_level (filled in with page numbers when the file is written), by default after the title.',
      input: Type.Object({ title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), max_level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })), position: Position }, { additionalProperties: false }),
      execute: (a) => {
        if (doc.blocks().some((b) => b.kind === 'toc')) throw new ToolError('The document already has a table of contents; it is updated when headings change.');
        let position = a.position;
        if (!position) {
          const lead = doc.blocks().filter((b, i, all) => all.slice(0, i + 1).every((x) => x.kind === 'title' || x.kind === 'subtitle')).at(-1);
          position = lead ? `after:${lead.id}` : doc.blocks()[0] ? `before:${doc.blocks()[0].id}` : 'end';
        }
        addToc(doc, position, a.title ?? 'Contents', a.max_level ?? 2);
        ctx.noteChange('added a table of contents');
        return { added: doc.blocks().find((b) => b.kind === 'toc')?.id ?? null };
      },
    }),
    defineTool({
      name: 'add_page_break',
      description: 'Starts a new page at the position.',
      input: Type.Object({ position: Position }, { additionalProperties: false }),
      execute: ({ position }) => {
        const ids = insertContent(doc, [{ kind: 'page_break' }], position);
        ctx.noteChange('added a page break');
        return { added: ids };
      },
    }),
    defineTool({
      name: 'update_block',
      description: 'Changes one block in place, keeping its formatting. Give only what changes: text (heading, paragraph, title, subtitle, caption), level (heading 1-4), style (paragraph: normal, quote, note), items and ordered (list; items as markdown lines, two spaces of indent per level).',
      input: UpdateFields,
      execute: (a) => {
        const { block } = findBlock(doc, a.id);
        updateBlock(doc, block, a, inputs.contextFiles);
        ctx.noteChange(`updated ${label(block)}`);
        const now = doc.blocks().find((b) => b.els[0] === block.els[0]);
        return { updated: a.id, now: now ? blockMarkdown(now).slice(0, 2000) : null };
      },
    }),
    defineTool({
      name: 'edit_table',
      description: 'Edits a table in place: set_cells [{row, column, text}] (0-based; row 0 is the first row, usually the header), append_rows (copies of the last row\'s formatting), delete_rows (0-based).',
      input: Type.Object({
        id: Id,
        set_cells: Type.Optional(Type.Array(Type.Object({ row: Type.Integer({ minimum: 0 }), column: Type.Integer({ minimum: 0, maximum: 62 }), text: Type.String({ maxLength: 5000 }) }, { additionalProperties: false }), { maxItems: 2000 })),
        append_rows: Type.Optional(Type.Array(Type.Array(Type.String({ maxLength: 5000 }), { maxItems: 63 }), { maxItems: 5000 })),
        delete_rows: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 5000 })),
      }, { additionalProperties: false }),
      execute: (a) => {
        const { block } = findBlock(doc, a.id);
        if (block.kind !== 'table') throw new ToolError(`${a.id} is a ${block.kind}, not a table.`);
        const cite = (s: string) => resolveCitations(s, inputs.contextFiles);
        const result = editTable(doc, block.els[0], {
          set_cells: a.set_cells?.map((c) => ({ ...c, text: cite(c.text) })),
          append_rows: a.append_rows?.map((r) => r.map(cite)),
          delete_rows: a.delete_rows,
        });
        ctx.noteChange(`edited table ${a.id}`);
        return { updated: a.id, rows: result.rows };
      },
    }),
    defineTool({
      name: 'replace_text',
      description: 'Replaces a word or phrase wherever it occurs in the document (the body with its tables and text boxes, headers, footers, footnotes and endnotes), or only in the body blocks `ids`, keeping the formatting around it. Plain text, not markdown.',
      input: Type.Object({ find: Type.String({ minLength: 1, maxLength: 500 }), replace: Type.String({ maxLength: 2000 }), match_case: Type.Optional(Type.Boolean()), ids: Ids }, { additionalProperties: false }),
      execute: (a) => {
        const blocks = a.ids ? selection(doc, a.ids, undefined).flatMap((b) => b.els) : undefined;
        const count = replaceEverywhere(doc, a.find, a.replace, a.match_case ?? false, blocks);
        if (!count.total) throw new ToolError(`"${a.find}" does not occur${a.ids ? ' in those blocks' : ' in the document'}.`);
        doc.changed();
        ctx.noteChange(`replaced "${a.find}" with "${a.replace}" (${countText(count)})`);
        return { replaced: count.total };
      },
    }),
    defineTool({
      name: 'replace_content',
      description: 'Replaces a block, or a whole section (section: heading id), with new content written in markdown (as add_content). Returns the new ids.',
      input: Type.Object({ id: Type.Optional(Id), section: Type.Optional(Id), markdown: Type.String({ minLength: 1, maxLength: 100_000 }) }, { additionalProperties: false }),
      execute: (a) => {
        const old = selection(doc, a.id ? [a.id] : undefined, a.section);
        const blocks = blocksFromMarkdown(a.markdown, inputs.contextFiles);
        if (!blocks.length) throw new ToolError('The markdown holds no content.');
        const ids = insertContent(doc, blocks, `before:${old[0].id}`);
        deleteBlocks(doc, old);
        ctx.noteChange(`rewrote ${label(old[0])}`);
        return { replaced: old.map((b) => b.id), added: ids };
      },
    }),
    defineTool({
      name: 'move',
      description: 'Moves a section (section: heading id, with everything under it) or blocks (ids, kept in order) to a position, e.g. "after:b7".',
      input: Type.Object({ ids: Ids, section: Type.Optional(Id), position: Type.String({ pattern: POSITION_PATTERN }) }, { additionalProperties: false }),
      execute: (a) => {
        const moving = selection(doc, a.ids, a.section);
        moveBlocks(doc, moving, a.position);
        ctx.noteChange(`moved ${label(moving[0])}`);
        return { moved: moving.map((b) => b.id) };
      },
    }),
    defineTool({
      name: 'delete',
      description: 'Deletes blocks (ids) or a whole section (section: heading id).',
      input: Type.Object({ ids: Ids, section: Type.Optional(Id) }, { additionalProperties: false }),
      execute: (a) => {
        const gone = selection(doc, a.ids, a.section);
        deleteBlocks(doc, gone);
        ctx.noteChange(`deleted ${label(gone[0])}${gone.length > 1 && !a.section ? ` and ${gone.length - 1} more` : ''}`);
        return { deleted: gone.map((b) => b.id) };
      },
    }),
    defineTool({
      name: 'set_document',
      description: 'Sets document-wide properties: title and subtitle (the paragraphs at the top; empty removes), header_text, header (on/off), footer_text, page_numbers ("Page X of Y" in the footer), orientation and page_size (every section).',
      input: Type.Object({
        title: Type.Optional(Type.String({ maxLength: 300 })), subtitle: Type.Optional(Type.String({ maxLength: 300 })),
        header_text: Type.Optional(Type.String({ maxLength: 200 })), header: Type.Optional(Type.Boolean()),
        footer_text: Type.Optional(Type.String({ maxLength: 200 })), page_numbers: Type.Optional(Type.Boolean()),
        orientation: Type.Optional(Type.Union([Type.Literal('portrait'), Type.Literal('landscape')])),
        page_size: Type.Optional(Type.Union([Type.Literal('A4'), Type.Literal('Letter')])),
      }, { additionalProperties: false }),
      execute: (a) => {
        const cite = (s: string) => resolveCitations(s, inputs.contextFiles);
        if (a.title !== undefined) setTitle(doc, 'title', cite(a.title));
        if (a.subtitle !== undefined) setTitle(doc, 'subtitle', cite(a.subtitle));
        if (a.header_text !== undefined) setHeaderFooterText(doc, 'header', a.header_text);
        if (a.header !== undefined) setHeaderFooterShown(doc, 'header', a.header, a.header_text ?? plainText(doc.blocks().find((b) => b.kind === 'title')?.text ?? ''));
        if (a.footer_text !== undefined) setHeaderFooterText(doc, 'footer', a.footer_text);
        if (a.page_numbers !== undefined) setPageNumbers(doc, a.page_numbers);
        if (a.orientation || a.page_size) setPage(doc, a.orientation, a.page_size);
        const set = Object.keys(a).map((k) => k.replace(/_/g, ' '));
        if (!set.length) throw new ToolError('Give at least one property to set.');
        ctx.noteChange(`set the ${set.join(', ')}`);
        return 'Done.';
      },
    }),
  ];
}
