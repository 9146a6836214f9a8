// In-place edits of one block (update_block) and of table cells (edit_table), with checks that give
// the model a precise error when a field does not fit the block's kind.
import { Type, type Static } from 'typebox';
import type { ContextFile } from '../agent/format-adapter.ts';
import { parseMarkdown } from '../agent/markdown.ts';
import { ToolError } from '../agent/tool-error.ts';
import { resolveCitations } from './word-content.ts';
import type { Block, ListItem, TableBlock } from './word-model.ts';

export const UpdateFields = Type.Object({
  id: Type.String({ pattern: '^b\\d+$' }),
  text: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000 })),
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  style: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('quote'), Type.Literal('note')])),
  items: Type.Optional(Type.Array(Type.String({ maxLength: 5000 }), { minItems: 1, maxItems: 500 })),
  ordered: Type.Optional(Type.Boolean()),
  header: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 40 })),
  rows: Type.Optional(Type.Array(Type.Array(Type.String({ maxLength: 5000 }), { maxItems: 40 }), { maxItems: 5000 })),
  caption: Type.Optional(Type.String({ maxLength: 500 })),
  width_percent: Type.Optional(Type.Integer({ minimum: 10, maximum: 100 })),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  max_level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
}, { additionalProperties: false });

type Update = Static<typeof UpdateFields>;

const ALLOWED: Record<Block['kind'], (keyof Update)[]> = {
  heading: ['text', 'level'],
  paragraph: ['text', 'style'],
  list: ['items', 'ordered'],
  table: ['header', 'rows', 'caption'],
  image: ['caption', 'width_percent'],
  toc: ['title', 'max_level'],
  page_break: [],
  raw: [],
};

/** List items given as markdown lines: "- text", "1. text" or plain, two spaces of indent per level. */
function listItems(lines: string[]): ListItem[] {
  return lines.map((line) => {
    const indent = /^\s*/.exec(line)![0].length;
    const parsed = parseMarkdown(line.trim())[0];
    const text = parsed?.type === 'list' ? parsed.items[0].text : line.trim();
    return { text, level: Math.min(2, Math.floor(indent / 2)) as ListItem['level'] };
  });
}

export function editBlock(block: Block, a: Update, files: ContextFile[]): void {
  const given = (Object.keys(a) as (keyof Update)[]).filter((k) => k !== 'id' && a[k] !== undefined);
  if (!given.length) throw new ToolError('Nothing to change: give at least one field.');
  const wrong = given.filter((k) => !ALLOWED[block.kind].includes(k));
  if (wrong.length) {
    const ok = ALLOWED[block.kind];
    throw new ToolError(`A ${block.kind} block has no ${wrong.join(', ')}${ok.length ? `; it takes ${ok.join(', ')}` : ' field to change; delete or replace it instead'}.`);
  }
  const cite = (s: string) => resolveCitations(s, files);
  switch (block.kind) {
    case 'heading':
      if (a.text !== undefined) block.text = cite(a.text);
      if (a.level !== undefined) block.level = a.level as 1 | 2 | 3 | 4;
      break;
    case 'paragraph':
      if (a.text !== undefined) block.text = cite(a.text);
      if (a.style !== undefined) block.style = a.style;
      break;
    case 'list':
      if (a.items !== undefined) block.items = listItems(a.items.map(cite));
      if (a.ordered !== undefined) block.ordered = a.ordered;
      break;
    case 'table':
      if (a.header !== undefined) block.header = a.header.map(cite);
      if (a.rows !== undefined) block.rows = a.rows.map((r) => r.map(cite));
      if (a.caption !== undefined) block.caption = a.caption.trim() ? cite(a.caption) : null;
      break;
    case 'image':
      if (a.caption !== undefined) block.caption = a.caption.trim() ? cite(a.caption) : null;
      if (a.width_percent !== undefined) block.widthPercent = a.width_percent;
      break;
    case 'toc':
      if (a.title !== undefined) block.title = a.title;
      if (a.max_level !== undefined) block.maxLevel = a.max_level as 1 | 2 | 3;
      break;
  }
}

export function editTable(block: TableBlock, a: { set_cells?: { row: number; column: number; text: string }[]; append_rows?: string[][]; delete_rows?: number[] }, files: ContextFile[]): void {
  const cite = (s: string) => resolveCitations(s, files);
  for (const c of a.set_cells ?? []) {
    const row = c.row === -1 ? block.header : block.rows[c.row];
    if (!row) throw new ToolError(`Row ${c.row} does not exist; the table has rows 0 to ${block.rows.length - 1}${block.header.length ? ' and the header (-1)' : ''}.`);
    while (row.length <= c.column) row.push('');
    row[c.column] = cite(c.text);
  }
  if (a.delete_rows?.length) {
    const bad = a.delete_rows.find((r) => r >= block.rows.length);
    if (bad !== undefined) throw new ToolError(`Row ${bad} does not exist; the table has rows 0 to ${block.rows.length - 1}.`);
    const drop = new Set(a.delete_rows);
    block.rows = block.rows.filter((_, i) => !drop.has(i));
  }
  for (const r of a.append_rows ?? []) block.rows.push(r.map(cite));
}
