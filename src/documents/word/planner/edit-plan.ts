// The builtin engine editing an existing Word document (resume or init_file) and answering questions
// about one. Edits are explicit commands it can recognise: add / delete / rename / move a section,
// add a table of contents, append markdown content, data sources and images. Anything else leaves the
// document as it is and says so; nothing is guessed.
import { answerText } from '../../../llm/builtin/text-engine.ts';
import type { AgentPlan, PlannedToolCall, PlanRequest, ResolvedInputs } from '../../agent/format-adapter.ts';
import { hasStructure, parseMarkdown } from '../../agent/markdown.ts';
import { bestMatch } from '../../agent/planner-helpers.ts';
import { searchableText } from '../edits/find-replace.ts';
import { sectionBlocks } from '../edits/structure.ts';
import type { BlockView } from '../view/body.view.ts';
import { blockMarkdown } from '../view/outline.ts';
import { escapeInline, plainText } from '../inline.ts';
import type { WordDocument } from '../word.document.ts';
import { parseAddSection, type SectionRequest } from './add-section.ts';
import { call, inputCalls, markdownOf } from './plan-parts.ts';
import { understoodEdits } from './understood-edits.ts';
import { replacementsFor, replacementsIn } from '../../agent/understanding/replacements.ts';

const Q = `["“'‘]?`;
const E = `["”'’]?`;
const DELETE = new RegExp(`\\b(?:delete|remove|drop)\\s+(?:the\\s+)?(?:section\\s+)?${Q}([^"”’\\n]+?)${E}(?:\\s+section)?\\s*(?:\\.|$)`, 'i');
const RENAME = new RegExp(`\\brename\\s+(?:the\\s+)?(?:section\\s+)?${Q}([^"”’\\n]+?)${E}(?:\\s+section)?\\s+(?:to|as)\\s+${Q}([^"”’\\n]+?)${E}\\s*(?:\\.|$)`, 'i');
const MOVE = new RegExp(`\\bmove\\s+(?:the\\s+)?(?:section\\s+)?${Q}([^"”’\\n]+?)${E}(?:\\s+section)?\\s+(before|after|to the end|to the start|to the top|to the beginning)(?:\\s+(?:the\\s+)?${Q}([^"”’\\n]+?)${E}(?:\\s+section)?)?\\s*(?:\\.|$)`, 'i');
const TOC = /\b(add|insert|include)\b.*\btable of contents\b/i;
/** "change the title to Quarterly Review": the document's own title (its Title paragraph). */
const TITLE = /\b(?:change|set|update|make|rename)\s+(?:the\s+)?(?:document(?:'s)?\s+|main\s+)?title\s+(?:to|as|into)\s+["“']?([^"”'\n]+?)["”']?\s*[.!]?\s*$/i;
/** "add a paragraph at the end saying Thanks for reading.": its text, and whether it goes first. */
const PARAGRAPH = /\b(?:add|append|insert)\s+(?:a\s+|one\s+)?(?:short\s+|new\s+|final\s+)?(?:paragraph|sentence|line|note)(?:\s+(?:at|to)\s+the\s+(end|bottom|start|top|beginning))?\s*(?:saying|that\s+says|which\s+says|reading|with\s+the\s+text|:)\s*["“']?([\s\S]+?)["”']?\s*$/i;


function headings(doc: WordDocument): BlockView[] {
  return doc.blocks().filter((b) => b.kind === 'heading');
}

function findSection(doc: WordDocument, name: string): BlockView | undefined {
  return bestMatch(headings(doc), name, (h) => plainText(h.text));
}

/** The id of the last block of a section (append inside it), or of the heading itself. */
function sectionEnd(doc: WordDocument, heading: BlockView): string {
  return sectionBlocks(doc, heading.id).at(-1)!.id;
}

/** The level new top sections take: the document's highest heading level in use. */
function topLevel(doc: WordDocument): number {
  const levels = headings(doc).map((h) => h.level ?? 1);
  return levels.length ? Math.min(4, ...levels) : 1;
}

function sectionMarkdown(doc: WordDocument, req: SectionRequest, rest: string): string {
  const level = req.anchor ? findSection(doc, req.anchor)?.level ?? topLevel(doc) : topLevel(doc);
  const head = `${'#'.repeat(Math.min(4, level))} ${escapeInline(req.title)}`;
  const body = req.body?.kind === 'bullets' || req.body?.kind === 'numbered'
    ? req.body.items.map((item, i) => `${req.body!.kind === 'numbered' ? `${i + 1}.` : '-'} ${escapeInline(item)}`).join('\n')
    : req.body?.kind === 'text' ? (hasStructure(parseMarkdown(req.body.text)) ? markdownOf(parseMarkdown(req.body.text)) : escapeInline(req.body.text)).replace(/^#\s/gm, '#'.repeat(Math.min(4, level + 1)) + ' ')
      : rest ? escapeInline(rest) : `[Add ${escapeInline(req.title.toLowerCase())}]`;
  return `${head}\n\n${body}`;
}

export function planEdit(request: PlanRequest, doc: WordDocument, inputs: ResolvedInputs): AgentPlan {
  const prompt = request.prompt;
  const calls: PlannedToolCall[] = [];
  const done: string[] = [];
  const missing: string[] = [];
  const section = (name: string) => {
    const h = findSection(doc, name);
    if (!h) missing.push(`no section matches "${name}"`);
    return h;
  };
  let m: RegExpExecArray | null;
  let add: SectionRequest | null;
  const replacements = replacementsIn(prompt);
  if (replacements.length) {
    // 'replace "draft" with "final"': each text that occurs, as written and capitalised.
    const text = searchableText(doc);
    for (const r of replacements) {
      const found = replacementsFor(r, text);
      if (!found.length) missing.push(`"${r.find}" does not occur in the document`);
      for (const f of found) calls.push(call('replace_text', { find: f.find, replace: f.replace, match_case: true }));
    }
  } else if ((m = TITLE.exec(prompt))) {
    const title = doc.blocks().find((b) => b.kind === 'title');
    if (title) { calls.push(call('update_block', { id: title.id, text: escapeInline(m[1].trim()) })); done.push(`retitled the document "${m[1].trim()}"`); }
    else missing.push('the document has no title paragraph to change');
  } else if ((m = PARAGRAPH.exec(prompt))) {
    const first = /start|top|beginning/i.test(m[1] ?? '');
    calls.push(call('add_content', { markdown: escapeInline(m[2].trim()), position: first ? 'start' : 'end' }));
  } else if ((m = RENAME.exec(prompt))) {
    const h = section(m[1]);
    if (h) { calls.push(call('update_block', { id: h.id, text: escapeInline(m[2].trim()) })); done.push(`renamed "${plainText(h.text)}" to "${m[2].trim()}"`); }
  } else if ((m = MOVE.exec(prompt))) {
    const h = section(m[1]);
    const where = m[2].toLowerCase();
    const target = m[3] ? section(m[3]) : undefined;
    if (h && (where.startsWith('to') || target)) {
      const position = where === 'to the end' ? 'end' : where.startsWith('to') ? 'start' : where === 'before' ? `before:${target!.id}` : `after:${sectionEnd(doc, target!)}`;
      calls.push(call('move', { section: h.id, position }));
      done.push(`moved "${plainText(h.text)}" ${where}${target ? ` "${plainText(target.text)}"` : ''}`);
    }
  } else if ((add = parseAddSection(prompt))) {
    const anchor = add.anchor ? section(add.anchor) : undefined;
    const position = anchor ? (add.where === 'before' ? `before:${anchor.id}` : `after:${sectionEnd(doc, anchor)}`) : add.where === 'start' ? 'start' : 'end';
    if (!add.anchor || anchor) {
      calls.push(call('add_content', { markdown: sectionMarkdown(doc, add, ''), position }));
      if (!add.body) missing.push(`the section "${add.title}" has a placeholder to fill in, as the request gave no content for it`);
    }
  } else if ((m = DELETE.exec(prompt)) && !TOC.test(prompt)) {
    const h = section(m[1]);
    if (h) { calls.push(call('delete', { section: h.id })); done.push(`deleted the section "${plainText(h.text)}"`); }
  } else if (hasStructure(parseMarkdown(prompt))) {
    const blocks = parseMarkdown(prompt).filter((b, i) => !(i === 0 && b.type === 'paragraph'));
    calls.push(call('add_content', { markdown: markdownOf(blocks) }));
    done.push('appended the content of the request');
  }
  if (!calls.length) {
    // Phrasings the rules above do not know, read by the shared edit reader.
    const more = understoodEdits(prompt, { headings: headings(doc), find: (name) => findSection(doc, name), end: (h) => sectionEnd(doc, h), level: topLevel(doc) });
    calls.push(...more.calls);
    done.push(...more.done);
    if (more.calls.length) missing.length = 0;
  }
  if (TOC.test(prompt) && !doc.blocks().some((b) => b.kind === 'toc')) {
    calls.push(call('add_table_of_contents', { title: 'Contents', max_level: 2 }));
    done.push('added a table of contents');
  }
  const extra = inputCalls(inputs, prompt);
  calls.push(...extra.calls);
  if (extra.said.length) done.push(`added ${extra.said.join('; ')}`);
  if (!calls.length) {
    return {
      calls: [],
      summary: `The offline engine did not recognise an edit in the request${missing.length ? ` (${missing.join('; ')})` : ''}. It understands "add a section called X: <content>", "delete the X section", "rename X to Y", "move X before/after Y", 'replace "X" with "Y"', "add a paragraph saying ...", "add a table of contents", markdown content to append, data sources and images; a provider model understands any request.`,
    };
  }
  // What was done is told from the edits themselves (the run summary); the plan only adds what it left out.
  return { calls, summary: missing.length ? `Note: ${missing.join('; ')}.` : '' };
}

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const COUNTS: [RegExp, (doc: WordDocument) => string][] = [
  [/how many (sections|headings|chapters)/i, (d) => `The document has ${n(headings(d).filter((h) => h.level === 1).length, 'top-level section', 'top-level sections')} (${n(headings(d).length, 'heading', 'headings')} in all).`],
  [/how many tables/i, (d) => `The document has ${n(d.blocks().filter((b) => b.kind === 'table').length, 'table', 'tables')}.`],
  [/how many (images|figures|pictures)/i, (d) => `The document has ${n(d.blocks().filter((b) => b.kind === 'image').length, 'image', 'images')}.`],
  [/\b(title|called|named)\b.*\?|what is (this|the) document/i, (d) => { const t = d.blocks().find((b) => b.kind === 'title'); return t ? `The document is titled "${plainText(t.text)}".` : 'The document has no title.'; }],
  [/\b(sections|headings|outline|structure|table of contents)\b/i, (d) => `Its sections: ${headings(d).filter((h) => h.level === 1).map((h) => `"${plainText(h.text)}"`).join(', ') || 'none'}.`],
];

/** Ask mode: counts and structure from the model, else the sentences of the document that best answer. */
export function planAnswer(question: string, doc: WordDocument): AgentPlan {
  const rule = COUNTS.find(([re]) => re.test(question));
  if (rule) return { calls: [], summary: rule[1](doc) };
  const text = doc.blocks().map((b) => plainText(blockMarkdown(b))).filter(Boolean).join('\n');
  const answer = text.trim() ? answerText([{ role: 'user', text }, { role: 'user', text: question.trim().endsWith('?') ? question : `${question}?` }]) : '';
  return { calls: [], summary: answer && answer !== question ? answer : 'The document does not appear to answer that question.' };
}
