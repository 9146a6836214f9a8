// The Word agent's tools. Every text argument is inline markdown (**bold**, *italic*, [link](url),
// [^footnote] and [^n] citing context file n). Blocks are addressed by the ids get_outline shows;
// a section is a heading with everything under it.
import { Type } from 'typebox';
import { defineTool, type AgentTool, type ToolContext } from '../agent/format-adapter.ts';
import { ToolError } from '../agent/tool-error.ts';
import { blockMarkdown, blocksFromMarkdown, resolveCitations } from './word-content.ts';
import { plainText } from './word-inline.ts';
import { findBlock, sectionRange, withId, type Block, type WordDoc } from './word-model.ts';
import { imageBlockFrom, tableFromSource } from './word-inputs.ts';
import { editBlock, editTable, UpdateFields } from './word-edits.ts';

const Position = Type.Optional(Type.String({ pattern: '^(start|end|(after|before):b\\d+)$', description: 'Where: "end" (default), "start", "after:<id>" or "before:<id>". After a heading id means right under the heading; use the id of the last block of a section to append to it.' }));
const Id = Type.String({ pattern: '^b\\d+$', description: 'A block id from get_outline, e.g. "b12".' });
const READ_LIMIT = 30_000;

export function indexFor(doc: WordDoc, position: string | undefined): number {
  if (!position || position === 'end') return doc.blocks.length;
  if (position === 'start') return 0;
  const [where, id] = position.split(':');
  const found = findBlock(doc, id);
  if (!found) throw new ToolError(`No block ${id}. Call get_outline for the current ids.`);
  return where === 'after' ? found.index + 1 : found.index;
}

function mustFind(doc: WordDoc, id: string): { block: Block; index: number } {
  const found = findBlock(doc, id);
  if (!found) throw new ToolError(`No block ${id}. Call get_outline for the current ids.`);
  return found;
}

/** The blocks a call addresses: a whole section (heading id with section: true) or the listed ids. */
function selection(doc: WordDoc, ids: string[] | undefined, section: string | undefined): Block[] {
  if (section) {
    const range = sectionRange(doc, section);
    if (!range) throw new ToolError(`${section} is not a heading id; a section is named by its heading.`);
    return doc.blocks.slice(range.start, range.end);
  }
  if (!ids?.length) throw new ToolError('Give ids (a list of block ids) or section (a heading id).');
  return ids.map((id) => mustFind(doc, id).block);
}

const label = (b: Block) => (b.kind === 'heading' ? `section "${plainText(b.text)}"` : `${b.kind.replace('_', ' ')} ${b.id}`);

export function wordTools(ctx: ToolContext<WordDoc>): AgentTool[] {
  const { doc, inputs } = ctx;
  const insert = (blocks: Block[], position: string | undefined) => {
    doc.blocks.splice(indexFor(doc, position), 0, ...blocks);
    return blocks.map((b) => b.id);
  };
  return [
    defineTool({
      name: 'read_section',
      description: 'Reads blocks as markdown with their ids: a section (heading id), one block (any other id), or the whole document (no id).',
      input: Type.Object({ id: Type.Optional(Id) }, { additionalProperties: false }),
      readOnly: true,
      execute: ({ id }) => {
        const range = id ? sectionRange(doc, id) ?? (() => { const f = mustFind(doc, id); return { start: f.index, end: f.index + 1 }; })() : { start: 0, end: doc.blocks.length };
        let out = '';
        for (const b of doc.blocks.slice(range.start, range.end)) {
          const piece = `[${b.id}]\n${blockMarkdown(b)}\n\n`;
          if (out.length + piece.length > READ_LIMIT) return `${out}(... cut at ${READ_LIMIT} characters; read a smaller section)`;
          out += piece;
        }
        return out || '(no blocks)';
      },
    }),
    defineTool({
      name: 'find_text',
      description: 'Finds blocks whose text contains the query (case-insensitive); returns their ids and a snippet.',
      input: Type.Object({ query: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
      readOnly: true,
      execute: ({ query }) => {
        const q = query.toLowerCase();
        const hits = doc.blocks.map((b) => ({ b, text: plainText(blockMarkdown(b)) })).filter(({ text }) => text.toLowerCase().includes(q)).slice(0, 30);
        return hits.length ? hits.map(({ b, text }) => { const i = text.toLowerCase().indexOf(q); return `[${b.id}] ${b.kind}: ...${text.slice(Math.max(0, i - 60), i + q.length + 60)}...`; }).join('\n') : `No block contains "${query}".`;
      },
    }),
    defineTool({
      name: 'add_content',
      description: 'Adds content written in markdown: # headings (levels 1-4), paragraphs, - bullet and 1. numbered lists (indent to nest), | pipe | tables | with a header row, > quotes, ```csv blocks (become tables), --- (page break). Returns the new block ids.',
      input: Type.Object({ markdown: Type.String({ minLength: 1, maxLength: 100_000 }), position: Position }, { additionalProperties: false }),
      execute: ({ markdown, position }) => {
        const blocks = blocksFromMarkdown(doc, markdown, inputs.contextFiles);
        if (!blocks.length) throw new ToolError('The markdown holds no content.');
        const ids = insert(blocks, position);
        const headings = blocks.filter((b) => b.kind === 'heading').map((b) => `"${plainText((b as { text: string }).text)}"`);
        ctx.noteChange(headings.length ? `added ${headings.slice(0, 4).join(', ')}${headings.length > 4 ? ` and ${headings.length - 4} more sections` : ''}` : `added ${blocks.length} block(s)`);
        return { added: ids };
      },
    }),
    defineTool({
      name: 'add_table',
      description: 'Adds a table with a header row: from `header` and `rows`, or from a data source of the request by name (all its rows, or `columns`/`max_rows` of them). Numbers align right.',
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
        let block: Block;
        if (a.data_source) block = tableFromSource(doc, inputs.dataSources, a.data_source, a.columns, a.max_rows, a.caption ?? null);
        else {
          if (!a.rows?.length && !a.header?.length) throw new ToolError('Give header and rows, or data_source.');
          block = withId(doc, { kind: 'table', header: (a.header ?? []).map((h) => resolveCitations(h, inputs.contextFiles)), rows: (a.rows ?? []).map((r) => r.map((c) => resolveCitations(c, inputs.contextFiles))), caption: a.caption ?? null, align: [] });
        }
        insert([block], a.position);
        ctx.noteChange(`added a table${a.caption ? ` "${a.caption}"` : ''}`);
        return { added: block.id };
      },
    }),
    defineTool({
      name: 'insert_image',
      description: 'Inserts an image of the request (image_id from the inputs) centred, with a numbered caption ("Figure N. ...").',
      input: Type.Object({ image_id: Type.String({ minLength: 1 }), caption: Type.Optional(Type.String({ maxLength: 500 })), width_percent: Type.Optional(Type.Integer({ minimum: 10, maximum: 100 })), position: Position }, { additionalProperties: false }),
      execute: (a) => {
        const block = imageBlockFrom(doc, inputs.images, a.image_id, a.caption, a.width_percent);
        insert([block], a.position);
        ctx.noteChange(`inserted image ${a.image_id}`);
        return { added: block.id };
      },
    }),
    defineTool({
      name: 'add_table_of_contents',
      description: 'Adds a table of contents (filled in, with page numbers) of headings up to max_level, by default at the start after the title.',
      input: Type.Object({ title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), max_level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })), position: Position }, { additionalProperties: false }),
      execute: (a) => {
        if (doc.blocks.some((b) => b.kind === 'toc')) throw new ToolError('The document already has a table of contents.');
        const block = withId(doc, { kind: 'toc', title: a.title ?? 'Contents', maxLevel: (a.max_level ?? 2) as 1 | 2 | 3 });
        insert([block], a.position ?? 'start');
        ctx.noteChange('added a table of contents');
        return { added: block.id };
      },
    }),
    defineTool({
      name: 'add_page_break',
      description: 'Starts a new page at the position.',
      input: Type.Object({ position: Position }, { additionalProperties: false }),
      execute: ({ position }) => ({ added: insert([withId(doc, { kind: 'page_break' })], position) }),
    }),
    defineTool({
      name: 'update_block',
      description: 'Changes one block in place. Give only the fields to change: text (heading/paragraph), level (heading 1-4), style (paragraph: normal, quote, note), items and ordered (list; items as markdown lines, indent with two spaces to nest), header/rows/caption (table), caption/width_percent (image), title/max_level (table of contents).',
      input: UpdateFields,
      execute: (a) => {
        const { block } = mustFind(doc, a.id);
        editBlock(block, a, inputs.contextFiles);
        ctx.noteChange(`updated ${label(block)}`);
        return { updated: a.id, now: blockMarkdown(block).slice(0, 2000) };
      },
    }),
    defineTool({
      name: 'edit_table',
      description: 'Edits table cells: set_cells [{row, column, text}] (0-based; row -1 is the header), append_rows, delete_rows (0-based indexes).',
      input: Type.Object({
        id: Id,
        set_cells: Type.Optional(Type.Array(Type.Object({ row: Type.Integer({ minimum: -1 }), column: Type.Integer({ minimum: 0, maximum: 39 }), text: Type.String({ maxLength: 5000 }) }, { additionalProperties: false }), { maxItems: 2000 })),
        append_rows: Type.Optional(Type.Array(Type.Array(Type.String({ maxLength: 5000 }), { maxItems: 40 }), { maxItems: 5000 })),
        delete_rows: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 5000 })),
      }, { additionalProperties: false }),
      execute: (a) => {
        const { block } = mustFind(doc, a.id);
        if (block.kind !== 'table') throw new ToolError(`${a.id} is a ${block.kind}, not a table.`);
        editTable(block, a, inputs.contextFiles);
        ctx.noteChange(`edited table ${a.id}`);
        return { updated: a.id, rows: block.rows.length };
      },
    }),
    defineTool({
      name: 'replace_content',
      description: 'Replaces a block, or a whole section (section: heading id), with new content written in markdown (as add_content). Returns the new ids.',
      input: Type.Object({ id: Type.Optional(Id), section: Type.Optional(Id), markdown: Type.String({ minLength: 1, maxLength: 100_000 }) }, { additionalProperties: false }),
      execute: (a) => {
        const old = selection(doc, a.id ? [a.id] : undefined, a.section);
        const blocks = blocksFromMarkdown(doc, a.markdown, inputs.contextFiles);
        const start = doc.blocks.indexOf(old[0]);
        doc.blocks.splice(start, old.length, ...blocks);
        ctx.noteChange(`rewrote ${label(old[0])}`);
        return { replaced: old.map((b) => b.id), added: blocks.map((b) => b.id) };
      },
    }),
    defineTool({
      name: 'move',
      description: 'Moves a section (section: heading id, with everything under it) or blocks (ids, kept in order) to a position, e.g. "after:b7".',
      input: Type.Object({ ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500 })), section: Type.Optional(Id), position: Type.String({ pattern: '^(start|end|(after|before):b\\d+)$' }) }, { additionalProperties: false }),
      execute: (a) => {
        const moving = selection(doc, a.ids, a.section);
        const target = a.position.split(':')[1];
        if (target && moving.some((b) => b.id === target)) throw new ToolError('The position is inside what is being moved.');
        doc.blocks = doc.blocks.filter((b) => !moving.includes(b));
        doc.blocks.splice(indexFor(doc, a.position), 0, ...moving);
        ctx.noteChange(`moved ${label(moving[0])}`);
        return { moved: moving.map((b) => b.id) };
      },
    }),
    defineTool({
      name: 'delete',
      description: 'Deletes blocks (ids) or a whole section (section: heading id).',
      input: Type.Object({ ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500 })), section: Type.Optional(Id) }, { additionalProperties: false }),
      execute: (a) => {
        const gone = selection(doc, a.ids, a.section);
        doc.blocks = doc.blocks.filter((b) => !gone.includes(b));
        ctx.noteChange(`deleted ${label(gone[0])}${gone.length > 1 && !a.section ? ` and ${gone.length - 1} more` : ''}`);
        return { deleted: gone.map((b) => b.id) };
      },
    }),
    defineTool({
      name: 'set_document',
      description: 'Sets document-wide properties: title, subtitle, header_text (empty: the title), header (on/off), footer_text, page_numbers ("Page X of Y" in the footer), orientation, page_size.',
      input: Type.Object({
        title: Type.Optional(Type.String({ maxLength: 300 })), subtitle: Type.Optional(Type.String({ maxLength: 300 })),
        header_text: Type.Optional(Type.String({ maxLength: 200 })), header: Type.Optional(Type.Boolean()),
        footer_text: Type.Optional(Type.String({ maxLength: 200 })), page_numbers: Type.Optional(Type.Boolean()),
        orientation: Type.Optional(Type.Union([Type.Literal('portrait'), Type.Literal('landscape')])),
        page_size: Type.Optional(Type.Union([Type.Literal('A4'), Type.Literal('Letter')])),
      }, { additionalProperties: false }),
      execute: (a) => {
        if (a.title !== undefined) doc.title = a.title.trim() ? resolveCitations(a.title, inputs.contextFiles) : null;
        if (a.subtitle !== undefined) doc.subtitle = a.subtitle.trim() ? resolveCitations(a.subtitle, inputs.contextFiles) : null;
        if (a.header_text !== undefined) doc.header.text = a.header_text;
        if (a.header !== undefined) doc.header.enabled = a.header;
        if (a.footer_text !== undefined) doc.footer.text = a.footer_text;
        if (a.page_numbers !== undefined) doc.footer.pageNumbers = a.page_numbers;
        if (a.orientation) doc.page.orientation = a.orientation;
        if (a.page_size) doc.page.size = a.page_size;
        ctx.noteChange(`set ${Object.keys(a).join(', ').replace(/_/g, ' ')}`);
        return 'Done.';
      },
    }),
  ];
}

