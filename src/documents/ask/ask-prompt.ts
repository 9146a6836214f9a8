// What a model is given: the instructions, and the same view the builtin rules read, as text, with
// each part's and line's citation label in brackets so that the answer can cite them.
import { PART_NOUN, type AskView } from './ask-view.ts';

const MAX_CHARS = 24_000;
const LINES_PER_PART = 40;

export function askSystemPrompt(view: AskView, extra: string | null = null): string {
  const excel = view.format === 'excel';
  const tools = excel
    ? 'Read it with the tools: list_sheets and detect_headers for its structure, read_range for cells, and aggregate, count_rows, top_n and growth for every figure (never compute figures yourself).'
    : `Read more with the tools: read_part for all of a ${PART_NOUN[view.format]}${view.tables.length ? ', list_tables and detect_headers for its tables, and aggregate, count_rows, top_n and growth for every figure of a table (never compute figures yourself)' : ''}${extra ? ', and the other read-only tools' : ''}.`;
  return [
    `You answer questions about ${excel ? 'an Excel workbook' : view.format === 'slides' ? 'a PowerPoint deck' : 'a Word document'}, read-only. ${tools}`,
    'Then call finish once: `summary` is the answer in one to three sentences, with the figures and where they come from written in it (for example "130, for North (Sales!C2)" or "(slide 3)"); `citations` lists the bracketed labels the answer rests on; if the document cannot answer the question, say so and what it does hold, with `answered: false`.',
    '',
    renderView(view),
    ...(extra ? ['', extra] : []),
  ].join('\n');
}

/** The view as text: each part with its label and lines, then the tables the figure tools read. */
export function renderView(view: AskView): string {
  const noun = PART_NOUN[view.format];
  const out: string[] = [`The ${view.noun}${view.title ? ` "${view.title}"` : ''} has ${view.parts.filter((p) => p.number > 0).length} ${noun}s.`];
  let size = out[0].length;
  for (const p of view.parts) {
    const facts = [p.kind === 'sheet' ? `${p.rows ?? 0} data rows` : '', p.charts.length ? `charts: ${p.charts.map((c) => `"${c}"`).join(', ')}` : '', p.tables ? `${p.tables} table(s)` : '', p.pictures ? `${p.pictures} picture(s)` : ''].filter(Boolean);
    const head = `[${p.cite.label}]${p.kind !== 'sheet' && p.name ? ` ${p.name}` : ''}${facts.length ? ` (${facts.join('; ')})` : ''}`;
    const lines = p.lines.slice(0, LINES_PER_PART).map((l) => (l.cite.label === p.cite.label ? `  ${l.text}` : `  [${l.cite.label}] ${l.text}`));
    if (p.lines.length > LINES_PER_PART) lines.push(`  ... ${p.lines.length - LINES_PER_PART} more lines (read_${view.format === 'excel' ? 'range' : 'part'})`);
    const block = [head, ...lines].join('\n');
    if (size + block.length > MAX_CHARS) {
      out.push(`... and more ${noun}s: ${view.parts.slice(view.parts.indexOf(p)).map((x) => `[${x.cite.label}]`).join(', ')}`);
      break;
    }
    out.push(block);
    size += block.length;
  }
  if (view.format !== 'excel' && view.tables.length) {
    out.push(`Tables for the figure tools: ${view.tables.map((x) => `"${x.t.sheet.name}" (columns ${x.t.columns.map((c) => c.header).join(', ')})`).join('; ')}.`);
  }
  return out.join('\n');
}
