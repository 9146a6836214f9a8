// The Markdown reader for prompts and tool arguments, shared by the formats' planners and tools: a thin
// adapter from markdown-it's block tokens to Folio's blocks (headings, paragraphs, lists with levels 0
// to 2, pipe tables, quotes, fenced code (```csv blocks become tables), "Key: value" facts, rules), with
// inline markup left in the text for the format to interpret, plus two habits users have that are not
// Markdown: `•` bullets and a sentence right under a table. Why a library, the adapter's rules and the
// cases it reads: docs/architecture/readers.md.
import MarkdownIt, { type StateBlock, type Token } from 'markdown-it';
import { portableRows, readTypedCsv, type CsvCell } from './csv-typing.ts';

export type MdBlock =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: { text: string; level: number }[] }
  | { type: 'table'; header: string[]; rows: string[][]; align: ('left' | 'right' | 'center' | null)[] }
  | { type: 'quote'; text: string }
  | { type: 'code'; lang: string; text: string }
  | { type: 'facts'; pairs: [string, string][] }
  | { type: 'rule' };

type Align = 'left' | 'right' | 'center' | null;

const FACT = /^([A-Z][\w /&()%.-]{0,40}):\s+(\S.{0,300})$/;
const FENCE = /^\s*(`{3,}|~{3,})/;

// Block structure only: no raw HTML, no indented code (an indented prompt line stays text), no link
// reference definitions (a "[1]: https://…" line stays text), and no inline parsing at all.
const md = new MarkdownIt('default', { html: false }).disable(['code', 'reference']);
md.core.ruler.enableOnly(['normalize', 'block']);
// A table body line with no `|` ends the table (a sentence right under a table is a sentence, not a
// row): a rule that never matches on its own and, asked as a terminator inside a table, says "stop here".
md.block.ruler.before('table', 'pipeless_row', (state: StateBlock, line: number, _end: number, silent: boolean) =>
  silent && state.parentType === 'table' && !state.src.slice(state.bMarks[line], state.eMarks[line]).includes('|'), { alt: ['blockquote'] });

// A "Key: value" line right under a list item, not indented, starts its own block ("Notes: ..." after a
// slide's bullets) where CommonMark would carry it on as a lazy continuation of the item's text.
md.block.ruler.before('paragraph', 'fact_after_item', (state: StateBlock, line: number, _end: number, silent: boolean) =>
  silent && state.parentType === 'paragraph' && state.listIndent >= 0 && state.sCount[line] < state.blkIndent
  && FACT.test(state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]).trim()), { alt: ['paragraph'] });

/**
 * The source as markdown-it should see it: the indentation every line shares removed (a prompt written
 * inside an indented template string); outside fenced code, `•` bullets pasted from Word read as `-`,
 * and an item indented two or more spaces under an item but short of that item's text (`1. a` then
 * `  - b`) moved to that text, with the lines under it, so it nests as the writer means (CommonMark
 * would start a new list).
 */
function prepare(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const shared = lines.reduce((min, l) => (l.trim() ? Math.min(min, l.length - l.trimStart().length) : min), Infinity);
  let fence = '';
  let item: { indent: number; text: number } | null = null;
  const moves: { from: number; by: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = Number.isFinite(shared) ? lines[i].slice(shared) : lines[i];
    const f = FENCE.exec(line);
    const opens = f && !fence;
    if (f && fence && f[1][0] === fence[0] && f[1].length >= fence.length && !line.trim().slice(f[1].length)) fence = '';
    else if (fence || !line.trim()) { lines[i] = fence && moves.length && line.trim() ? ' '.repeat(moves[moves.length - 1].by) + line : line; continue; }
    line = line.replace(/^( *)•(?=\s)/, '$1-');
    const m = /^( *)(?:([-*+]|\d{1,9}[.)])( {1,4}(?=\S)| *$))?/.exec(line)!;
    const own = m[1].length;
    while (moves.length && moves[moves.length - 1].from > own) moves.pop();
    let at = own + (moves.length ? moves[moves.length - 1].by : 0);
    if (m[2] && item && at >= item.indent + 2 && at < item.text) {
      moves.push({ from: own, by: item.text - own });
      at = item.text;
    }
    lines[i] = at === own ? line : ' '.repeat(at) + line.slice(own);
    if (m[2]) item = { indent: at, text: at + m[2].length + Math.max(1, m[3].length) };
    else if (at < 2 && !lines[i - 1]?.trim()) item = null;
    if (opens) fence = f[1];
  }
  return lines.join('\n');
}

/** The index of the token that closes the one opened at `open`. */
function closeOf(tokens: Token[], open: number): number {
  let j = open + 1;
  while (j < tokens.length && !(tokens[j].nesting === -1 && tokens[j].level === tokens[open].level)) j++;
  return j;
}

const oneLine = (content: string) => content.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');

/** A paragraph whose first two or more lines are "Key: value" lines gives a facts block, then the rest. */
function paragraph(content: string, out: MdBlock[]): void {
  const lines = content.split('\n').map((l) => l.trim());
  const pairs: [string, string][] = [];
  for (const line of lines) {
    const m = FACT.exec(line);
    if (!m || /^https?$/i.test(m[1])) break;
    pairs.push([m[1].trim(), m[2].trim()]);
  }
  const rest = pairs.length >= 2 ? lines.slice(pairs.length) : lines;
  if (pairs.length >= 2) out.push({ type: 'facts', pairs });
  if (rest.some(Boolean)) out.push({ type: 'paragraph', text: oneLine(rest.join('\n')) });
}

function table(tokens: Token[], from: number, to: number): MdBlock {
  const header: string[] = [];
  const align: Align[] = [];
  const rows: string[][] = [];
  let body = false;
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    if (t.type === 'tbody_open') body = true;
    else if (t.type === 'tr_open' && body) rows.push([]);
    else if (t.type === 'th_open') align.push((/text-align:(\w+)/.exec(String(t.attrGet('style') ?? ''))?.[1] as Align) ?? null);
    else if (t.type === 'inline') (body ? rows[rows.length - 1] : header).push(t.content);
  }
  return { type: 'table', header, rows, align };
}

/** A list with its nested lists flattened into levels (0 to 2); a block other than text inside an item ends the list before it and comes out on its own. */
function list(tokens: Token[], from: number, to: number, out: MdBlock[]): void {
  const ordered = tokens[from].type === 'ordered_list_open';
  if (ordered && tokens[from + 1].info.length > 3) {
    // "2024. A year of growth": a number of four or more digits starts a sentence, not a list.
    const text = tokens.slice(from, to).map((t) => (t.type === 'list_item_open' ? `${t.info}${t.markup}` : t.type === 'inline' ? oneLine(t.content) : ''));
    out.push({ type: 'paragraph', text: text.filter(Boolean).join(' ') });
    return;
  }
  let items: { text: string; level: number }[] = [];
  let item: { text: string; level: number } | undefined;
  let depth = -1;
  const flush = () => {
    items = items.filter((it) => it.text);
    // Lists of one kind that follow each other are one list (`1.` then `2)`, `-` then `*`), as users mean them.
    const last = out[out.length - 1];
    if (items.length && last?.type === 'list' && last.ordered === ordered) for (const it of items) last.items.push(it);
    else if (items.length) out.push({ type: 'list', ordered, items });
    items = [];
    item = undefined;
  };
  for (let i = from; i <= to; i++) {
    const t = tokens[i];
    if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') depth++;
    else if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') depth--;
    else if (t.type === 'list_item_open') items.push((item = { text: '', level: Math.min(2, depth) }));
    else if (t.type === 'paragraph_open') {
      if (!item) items.push((item = { text: '', level: Math.min(2, depth) }));
      item.text = [item.text, oneLine(tokens[i + 1].content)].filter(Boolean).join(' ');
      i = closeOf(tokens, i);
    } else if (t.nesting !== -1 && t.type !== 'list_item_close') {
      flush();
      const end = t.nesting === 1 ? closeOf(tokens, i) : i;
      read(tokens, i, end, out);
      i = end;
    }
  }
  flush();
}

/** Folio's blocks for the tokens from..to (both included). */
function read(tokens: Token[], from: number, to: number, out: MdBlock[]): void {
  for (let i = from; i <= to; i++) {
    const t = tokens[i];
    const end = t.nesting === 1 ? closeOf(tokens, i) : i;
    // Two or more lines over `---` are a paragraph and a rule (facts and a separator), not one heading.
    if (t.type === 'heading_open' && /^[-=]$/.test(t.markup) && tokens[i + 1].content.includes('\n')) {
      paragraph(tokens[i + 1].content, out);
      if (t.markup === '-') out.push({ type: 'rule' });
    } else if (t.type === 'heading_open') out.push({ type: 'heading', level: Number(t.tag.slice(1)), text: oneLine(tokens[i + 1].content) });
    else if (t.type === 'paragraph_open') paragraph(tokens[i + 1].content, out);
    else if (t.type === 'fence') out.push({ type: 'code', lang: t.info.trim().split(/\s+/)[0].toLowerCase(), text: t.content.replace(/\n$/, '') });
    else if (t.type === 'hr') out.push({ type: 'rule' });
    else if (t.type === 'table_open') out.push(table(tokens, i, end));
    else if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') list(tokens, i, end, out);
    else if (t.type === 'blockquote_open') {
      const text = tokens.slice(i, end).filter((q) => q.type === 'inline').map((q) => oneLine(q.content)).filter(Boolean).join(' ');
      if (text) out.push({ type: 'quote', text });
    }
    i = end;
  }
}

export function parseMarkdown(source: string): MdBlock[] {
  const tokens = md.parse(prepare(source), {});
  const out: MdBlock[] = [];
  read(tokens, 0, tokens.length - 1, out);
  return out;
}

/** True when the text has structure a planner can lay out (more than plain sentences). */
export function hasStructure(blocks: MdBlock[]): boolean {
  return blocks.some((b) => b.type !== 'paragraph');
}

/** A ```csv (or tsv) code block as header + typed rows, or null when it is not CSV. */
export function csvBlock(block: MdBlock): { header: string[]; rows: CsvCell[][] } | null {
  if (block.type !== 'code' || !['csv', 'tsv'].includes(block.lang)) return null;
  const csv = readTypedCsv(block.text, block.lang === 'tsv' ? '\t' : undefined);
  if (!csv) return null;
  return { header: csv.header.map((h) => h.trim()), rows: portableRows(csv) };
}
