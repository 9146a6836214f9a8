// Deterministic reading of a request for the formats' builtin planners: the title, the instruction
// sentence versus the content, the topics a free-form request names, the sections of an outline
// skeleton for the kind of document asked for, and factual one-line summaries of data tables. None of
// it invents content: skeleton sections carry labelled placeholders, summaries only compute.
import { titleFromRequest } from '../titles/request-title.ts';
import type { DataTable } from './format-adapter.ts';
import { parseMarkdown, type MdBlock } from './markdown.ts';

const INSTRUCTION = /^(please\s+)?(create|write|generate|make|draft|prepare|build|produce|compose|put together|turn|give me|i need|we need|can you|could you|update|add|edit|revise|change)\b/i;

/** The request split into its instruction (first sentence or line, when it is one) and its content blocks. */
export function splitRequest(prompt: string): { instruction: string; blocks: MdBlock[] } {
  const blocks = parseMarkdown(prompt);
  const first = blocks[0];
  if (first?.type === 'paragraph' && INSTRUCTION.test(first.text) && blocks.length > 1) return { instruction: first.text, blocks: blocks.slice(1) };
  if (first?.type === 'paragraph' && INSTRUCTION.test(first.text)) return { instruction: first.text, blocks: [] };
  return { instruction: '', blocks };
}

/** A title for the document: a leading # heading, else a "titled X" phrase, else the request's subject (src/documents/titles). */
export function requestTitle(prompt: string, blocks: MdBlock[] = parseMarkdown(prompt)): string {
  return titleFromRequest(prompt, blocks);
}

const TOPIC_LEADS = /\b(?:covering|covers|cover|including|includes|about|on the topics of|sections?(?: on| for)?|topics?|with sections(?: on| for)?)\s*:?\s+([^.\n]{3,400})/i;

/** Topics a free-form request enumerates ("covering pricing, churn and hiring"); empty when none. */
export function requestTopics(prompt: string): string[] {
  const m = TOPIC_LEADS.exec(prompt);
  if (!m) return [];
  const parts = m[1].split(/\s*(?:,|;|\band\b|\bplus\b|&)\s*/i).map((p) => p.replace(/^(the|a|an|our|their)\s+/i, '').replace(/["“”]/g, '').trim()).filter((p) => p.length >= 2 && p.length <= 60);
  return parts.length >= 2 ? [...new Set(parts.map(capitalize))].slice(0, 12) : [];
}

/** The first letter in capitals, and the letters around an ampersand: "q&a" is "Q&A", "r&d budget" "R&D budget". */
export function capitalize(s: string): string {
  const t = s.replace(/(^|[^\p{L}])(\p{Ll})&(\p{Ll})(?!\p{L})/gu, (_, before: string, a: string, b: string) => `${before}${a.toUpperCase()}&${b.toUpperCase()}`);
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}

const KINDS: [RegExp, string[]][] = [
  [/\b(proposal|pitch|bid|rfp)\b/i, ['Overview', 'Problem', 'Proposed solution', 'Timeline', 'Budget', 'Next steps']],
  [/\b(memo|memorandum|note to)\b/i, ['Purpose', 'Background', 'Discussion', 'Action items']],
  [/\b(plan|roadmap|strategy)\b/i, ['Goals', 'Scope', 'Milestones', 'Risks', 'Owners and next steps']],
  [/\b(minutes|meeting)\b/i, ['Attendees', 'Agenda', 'Decisions', 'Action items']],
  [/\b(review|retrospective|post-?mortem)\b/i, ['Summary', 'What went well', 'What did not go well', 'Lessons learned', 'Next steps']],
  [/\b(policy|guideline|handbook)\b/i, ['Purpose', 'Scope', 'Policy', 'Responsibilities', 'Exceptions']],
  [/\b(report|analysis|brief|overview|summary|update)\b/i, ['Executive summary', 'Background', 'Findings', 'Recommendations', 'Next steps']],
];

/** Section names of an outline skeleton: the request's own topics, else the usual parts of its kind of document. */
export function skeletonSections(prompt: string): string[] {
  const topics = requestTopics(prompt);
  if (topics.length) return topics;
  return KINDS.find(([re]) => re.test(prompt))?.[1] ?? ['Overview', 'Details', 'Next steps'];
}

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));

/** Numeric columns of a table (at least 80% numbers among non-empty cells). */
export function numericColumns(t: DataTable): number[] {
  return t.columns.map((_, i) => i).filter((i) => {
    const cells = t.rows.map((r) => r[i]).filter((c) => c !== null && c !== '');
    return cells.length > 0 && cells.filter((c) => typeof c === 'number').length / cells.length >= 0.8;
  });
}

/** Sentences computed from the table: size, and total / average / range of up to `max` numeric columns. */
export function tableFacts(t: DataTable, max = 3): string[] {
  const facts = [`${fmt(t.rows.length)} rows and ${t.columns.length} columns (${t.columns.slice(0, 8).join(', ')}${t.columns.length > 8 ? ', ...' : ''}).`];
  for (const i of numericColumns(t).slice(0, max)) {
    const values = t.rows.map((r) => r[i]).filter((c): c is number => typeof c === 'number');
    const total = values.reduce((a, b) => a + b, 0);
    facts.push(`${t.columns[i]}: total ${fmt(total)}, average ${fmt(total / values.length)}, from ${fmt(Math.min(...values))} to ${fmt(Math.max(...values))}.`);
  }
  return facts;
}

/** Finds the item whose name best matches `name` (exact, then containment either way, case-insensitive). */
export function bestMatch<T>(items: T[], name: string, nameOf: (t: T) => string): T | undefined {
  const n = name.trim().toLowerCase().replace(/^the\s+/, '');
  const named = items.map((t) => ({ t, s: nameOf(t).trim().toLowerCase() }));
  return named.find((x) => x.s === n)?.t ?? named.find((x) => x.s.includes(n))?.t ?? named.find((x) => n.includes(x.s) && x.s.length >= 3)?.t;
}
