// What the model is told. The system prompt (role, rules, the format's own guidance) is a stable prefix:
// byte-identical for every task of a format and mode, with no ids, times or request data in it, so
// providers' prompt caches serve it (with the tool declarations) across turns and runs. Everything of
// this task (the inputs: context files to cite, data sources, images, brand; the document as it is now;
// the request) goes in the first user message, after the earlier turns of the run when resuming.
import type { ModelMessage } from 'ai';
import { FORMAT_LABEL } from '../../runs/agents.ts';
import type { AgentTurn } from './agent-turns.repository.ts';
import type { AnyFormatAdapter, DataTable, ResolvedInputs } from './format-adapter.ts';

const PREVIEW_ROWS = 15;
/** The whole of the context files' text offered in the prompt; each file's text is already bounded. */
const CONTEXT_CHARS = 120_000;

function rules(label: string, mode: 'action' | 'ask'): string {
  if (mode === 'ask') {
    return [
      `You are Folio's ${label} agent, in ask mode: answer a question about the ${label} document below without changing it.`,
      'Use get_outline and the read tools to find what you need, then call finish with the answer as the summary.',
      'Answer only from the document and the inputs; say plainly when they do not contain the answer.',
    ].join('\n');
  }
  return [
    `You are Folio's ${label} agent. You build and edit a real ${label} document by calling tools that act on it; the file is written from the result when you finish.`,
    'Rules:',
    '- Work only through the tools. Read before you change: get_outline gives the structure and the ids the other tools take.',
    '- Never invent facts, figures, names or quotes. Use what the request, the context files and the data sources give. Where something the document needs is missing, add a short, clearly labelled placeholder (for example "[Add Q3 revenue]") instead of making it up.',
    '- Cite context files where you use them (see the format guidance for how).',
    '- When editing an existing document, change only what the request asks for and keep everything else as it is.',
    '- Keep text concise and professional; prefer structure (headings, lists, tables) over long paragraphs.',
    '- Plan the whole document in your first turn and build it in as few turns as you can: call several tools in one turn (they run in the order given, results come back together) and use the batch tools that add several slides, sections or sheets in one call. Read results only when you need ids from them.',
    '- If a tool returns an error, read it, fix the arguments and try again. Never repeat a call that failed unchanged.',
    '- When done, call finish with a one to three sentence summary of what you built or changed. You may call finish in the same turn as your last edits; it is refused if an edit of that turn failed or nothing was built.',
    '- Always answer with tool calls, never with text alone.',
  ].join('\n');
}

function tablePreview(t: DataTable): string {
  const rows = t.rows.slice(0, PREVIEW_ROWS).map((r) => r.map((c) => (c === null ? '' : String(c))).join(' | '));
  const more = t.rows.length > PREVIEW_ROWS ? `\n(... ${t.rows.length - PREVIEW_ROWS} more rows; tools that take a data source by name use all rows)` : '';
  return `Data source "${t.name}" (${t.rows.length} rows):\n${t.columns.join(' | ')}\n${rows.join('\n')}${more}`;
}

export function describeInputs(inputs: ResolvedInputs): string {
  const parts: string[] = [];
  let budget = CONTEXT_CHARS;
  for (const f of inputs.contextFiles) {
    const text = f.text.slice(0, Math.max(0, budget));
    budget -= text.length;
    parts.push(`Context file [${f.ref}] "${f.file_name}" (cite as [${f.ref}])${f.truncated || text.length < f.text.length ? ', text cut to fit' : ''}:\n"""\n${text}\n"""`);
  }
  for (const t of inputs.dataSources) parts.push(tablePreview(t));
  for (const i of inputs.images) parts.push(`Image ${i.image_id} "${i.file_name}"${i.width && i.height ? ` ${i.width}x${i.height}` : ''}${i.caption ? `, caption: ${i.caption}` : ''}${i.tags.length ? `, tags: ${i.tags.join(', ')}` : ''}`);
  const b = inputs.brand;
  if (b) parts.push(`Brand: primary colour ${b.primaryColor ?? 'not set'}, secondary colour ${b.secondaryColor ?? 'not set'}, font ${b.font ?? 'not set'}, logo ${b.logo ? 'given' : 'none'} (applied to the file automatically).`);
  return parts.join('\n\n');
}

/** The same text for every task of a format and mode: nothing of the request goes here (see requestMessage). */
export function systemPrompt(adapter: AnyFormatAdapter, mode: 'action' | 'ask'): string {
  return [rules(FORMAT_LABEL[adapter.format], mode), `Format guidance:\n${adapter.instructions}`].join('\n\n');
}

/** The task's own data, then the request: the first user message of the task. */
export function requestMessage(inputs: ResolvedInputs, outline: string, request: string): string {
  const inputText = describeInputs(inputs);
  return [
    inputText ? `Inputs of this request:\n\n${inputText}` : 'This request has no context files, data sources or images.',
    `The document as it is now:\n${outline}`,
    `The request:\n${request}`,
  ].join('\n\n');
}

/** Earlier turns of the run (user prompt, then what the agent did), then the new request. */
export function conversation(history: AgentTurn[], prompt: string): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (const t of history) {
    messages.push({ role: 'user', content: t.mode === 'ask' ? `(question) ${t.prompt}` : t.prompt });
    const actions = t.actions.length ? `\n(tools used: ${t.actions.join(', ')})` : '';
    messages.push({ role: 'assistant', content: `${t.summary}${actions}` });
  }
  messages.push({ role: 'user', content: prompt });
  return messages;
}
