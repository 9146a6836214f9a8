// A small, forgiving Markdown reader for prompts and tool arguments, shared by the formats' planners
// and tools: ATX headings, paragraphs, bullet and numbered lists (nested by indentation), pipe tables,
// block quotes, fenced code blocks (```csv blocks become tables), "Key: value" fact lines and
// horizontal rules. Inline markup is left in the text for the format to interpret.
import { parseCsv, typedCell, type CsvCell } from './csv-parse.ts';

export type MdBlock =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: { text: string; level: number }[] }
  | { type: 'table'; header: string[]; rows: string[][]; align: ('left' | 'right' | 'center' | null)[] }
  | { type: 'quote'; text: string }
  | { type: 'code'; lang: string; text: string }
  | { type: 'facts'; pairs: [string, string][] }
  | { type: 'rule' };

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const LIST = /^(\s*)([-*+•]|\d{1,3}[.)])\s+(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const FACT = /^([A-Z][\w /&()%.-]{0,40}):\s+(\S.{0,300})$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  return s.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

export function parseMarkdown(source: string): MdBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: MdBlock[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push({ type: 'paragraph', text: para.join(' ').trim() });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (!trimmed) { flush(); continue; }
    const fence = /^(```|~~~)\s*([\w-]*)/.exec(trimmed);
    if (fence) {
      flush();
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) body.push(lines[i]);
      out.push({ type: 'code', lang: fence[2].toLowerCase(), text: body.join('\n') });
      continue;
    }
    const h = HEADING.exec(trimmed);
    if (h) { flush(); out.push({ type: 'heading', level: h[1].length, text: h[2] }); continue; }
    if (RULE.test(trimmed)) { flush(); out.push({ type: 'rule' }); continue; }
    if (trimmed.includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1])) {
      flush();
      const header = splitRow(trimmed);
      const align = splitRow(lines[i + 1]).map((c) => (c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : null));
      const rows: string[][] = [];
      for (i += 2; i < lines.length && lines[i].includes('|') && lines[i].trim(); i++) rows.push(splitRow(lines[i]));
      i--;
      out.push({ type: 'table', header, rows, align });
      continue;
    }
    const li = LIST.exec(line);
    if (li) {
      flush();
      const ordered = /\d/.test(li[2]);
      const items: { text: string; level: number }[] = [];
      const base = li[1].replace(/\t/g, '    ').length;
      for (; i < lines.length; i++) {
        // A blank line between items keeps the list going (a "loose" list), unless what follows is not an item of it.
        if (!lines[i].trim()) {
          let j = i + 1;
          while (j < lines.length && !lines[j].trim()) j++;
          const next = LIST.exec(lines[j] ?? '');
          if (next && (next[1].replace(/\t/g, '    ').length > base || /\d/.test(next[2]) === ordered)) { i = j - 1; continue; }
          break;
        }
        const m = LIST.exec(lines[i]);
        if (!m) {
          // A wrapped line continues the item; a blank line or another block ends the list.
          if (lines[i].trim() && /^\s{2,}/.test(lines[i]) && items.length) { items[items.length - 1].text += ` ${lines[i].trim()}`; continue; }
          break;
        }
        const indent = m[1].replace(/\t/g, '    ').length - base;
        items.push({ text: m[3].trim(), level: Math.max(0, Math.min(2, Math.floor(indent / 2))) });
      }
      i--;
      out.push({ type: 'list', ordered, items });
      continue;
    }
    if (trimmed.startsWith('>')) {
      flush();
      const quote: string[] = [];
      for (; i < lines.length && lines[i].trim().startsWith('>'); i++) quote.push(lines[i].trim().replace(/^>\s?/, ''));
      i--;
      out.push({ type: 'quote', text: quote.join(' ') });
      continue;
    }
    const fact = FACT.exec(trimmed);
    if (fact && !para.length && !/^https?$/i.test(fact[1])) {
      const pairs: [string, string][] = [];
      for (; i < lines.length; i++) {
        const m = FACT.exec(lines[i].trim());
        if (!m) break;
        pairs.push([m[1].trim(), m[2].trim()]);
      }
      i--;
      if (pairs.length >= 2) out.push({ type: 'facts', pairs });
      else para.push(`${pairs[0][0]}: ${pairs[0][1]}`);
      continue;
    }
    para.push(trimmed);
  }
  flush();
  return out;
}

/** True when the text has structure a planner can lay out (more than plain sentences). */
export function hasStructure(blocks: MdBlock[]): boolean {
  return blocks.some((b) => b.type !== 'paragraph');
}

/** A ```csv (or tsv) code block as header + typed rows, or null when it is not CSV. */
export function csvBlock(block: MdBlock): { header: string[]; rows: CsvCell[][] } | null {
  if (block.type !== 'code' || !['csv', 'tsv'].includes(block.lang)) return null;
  const records = parseCsv(block.text, block.lang === 'tsv' ? '\t' : undefined);
  if (records.length < 1) return null;
  return { header: records[0].map((h) => h.trim()), rows: records.slice(1).map((r) => r.map(typedCell)) };
}
