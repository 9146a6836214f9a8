// What the builtin planner reads out of a prompt for a workbook: its title, the tables it holds
// (markdown pipe tables, ```csv blocks, comma-separated lines), key/value facts, list items, and the
// section heading above each table (which names its sheet). Nothing is guessed beyond the text.
import { titleFromRequest } from '../../titles/request-title.ts';
import { csvBlock, parseMarkdown, type MdBlock } from '../../agent/markdown.ts';
import type { CellInput } from '../cell-values.ts';

export interface PromptTable {
  name: string | null;
  header: string[];
  rows: CellInput[][];
}

export interface PromptData {
  title: string | null;
  tables: PromptTable[];
  facts: [string, string][];
  listItems: string[];
  /** Plain sentences of the prompt (the request itself, for labelled skeletons). */
  paragraphs: string[];
}

const stripInline = (s: string) => s.replace(/\*\*|__|`/g, '').trim();

/** Lines of `a,b,c` with the same number of fields (at least two lines and two fields), outside code fences. */
function looseCsv(paragraph: string): PromptTable | null {
  const lines = paragraph.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length < 2) return null;
  const rows = lines.map((l) => l.split(',').map((c) => c.trim()));
  const width = rows[0].length;
  if (width < 2 || rows.some((r) => r.length !== width)) return null;
  return { name: null, header: rows[0], rows: rows.slice(1) };
}

function titleOf(blocks: MdBlock[], prompt: string): string | null {
  const h = blocks.find((b) => b.type === 'heading');
  if (h && h.type === 'heading') return stripInline(h.text).slice(0, 120);
  const first = prompt.split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  return first.includes('|') ? null : titleFromRequest(prompt, blocks) || null;
}

export function readPromptData(prompt: string): PromptData {
  // Comma lines are only tables when they stand as their own paragraph: split paragraphs on blank lines first.
  const blocks = parseMarkdown(prompt);
  const data: PromptData = { title: titleOf(blocks, prompt), tables: [], facts: [], listItems: [], paragraphs: [] };
  let section: string | null = null;
  for (const b of blocks) {
    if (b.type === 'heading') {
      if (b.level > 1 || data.title !== stripInline(b.text)) section = stripInline(b.text);
    } else if (b.type === 'table') {
      data.tables.push({ name: section, header: b.header.map(stripInline), rows: b.rows.map((r) => r.map(stripInline)) });
      section = null;
    } else if (b.type === 'code') {
      const csv = csvBlock(b);
      if (csv) data.tables.push({ name: section, header: csv.header, rows: csv.rows });
      section = null;
    } else if (b.type === 'facts') {
      data.facts.push(...b.pairs.map(([k, v]) => [stripInline(k), stripInline(v)] as [string, string]));
    } else if (b.type === 'list') {
      for (const item of b.items) {
        const pair = /^([^:]{1,40}):\s+(.+)$/.exec(item.text);
        if (pair && /\d/.test(pair[2])) data.facts.push([stripInline(pair[1]), stripInline(pair[2])]);
        else data.listItems.push(stripInline(item.text));
      }
    } else if (b.type === 'paragraph') {
      data.paragraphs.push(b.text);
    }
  }
  // Comma-separated lines inside a paragraph (the markdown reader joins a paragraph's lines with spaces).
  for (const para of prompt.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    if (/^\s*(```|~~~)/.test(para) || para.includes('|')) continue;
    const t = looseCsv(para);
    if (t && !data.tables.some((x) => x.header.join() === t.header.join())) {
      data.tables.push(t);
      data.paragraphs = data.paragraphs.filter((p) => !p.includes(t.header.join(',').slice(0, 20)));
    }
  }
  return data;
}
