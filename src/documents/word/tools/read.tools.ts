// The Word agent's read-only tools (the only ones offered when a question is asked): a section, a
// block or the whole document as markdown with ids, and the blocks a phrase occurs in.
import { Type } from 'typebox';
import { defineTool, type AgentTool } from '../../agent/format-adapter.ts';
import { sectionBlocks, findBlock } from '../edits/structure.ts';
import { blockMarkdown } from '../view/outline.ts';
import { plainText } from '../inline.ts';
import type { WordDocument } from '../word.document.ts';

const READ_LIMIT = 30_000;
const Id = Type.String({ pattern: '^b\\d+$', description: 'A block id from get_outline, e.g. "b12".' });

export function readTools(doc: WordDocument): AgentTool[] {
  return [
    defineTool({
      name: 'read_section',
      description: 'Reads blocks as markdown with their ids: a section (heading id), one block (any other id), or the whole document (no id).',
      input: Type.Object({ id: Type.Optional(Id) }, { additionalProperties: false }),
      readOnly: true,
      execute: ({ id }) => {
        const blocks = !id ? doc.blocks() : findBlock(doc, id).block.kind === 'heading' ? sectionBlocks(doc, id) : [findBlock(doc, id).block];
        let out = '';
        for (const b of blocks) {
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
        const hits = doc.blocks().map((b) => ({ b, text: plainText(blockMarkdown(b)) })).filter(({ text }) => text.toLowerCase().includes(q)).slice(0, 30);
        if (!hits.length) return `No block contains "${query}".`;
        return hits.map(({ b, text }) => {
          const i = text.toLowerCase().indexOf(q);
          return `[${b.id}] ${b.kind}: ...${text.slice(Math.max(0, i - 60), i + q.length + 60)}...`;
        }).join('\n');
      },
    }),
  ];
}
