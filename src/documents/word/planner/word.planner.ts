// The builtin engine's plan for a Word document. Structured prompts (markdown headings, lists,
// tables, CSV blocks, key: value facts) become the document as written; data sources become tables
// with computed facts; images become figures; context files give extractive key points, each cited.
// A free-form prompt gets a clearly labelled outline skeleton with placeholders: never invented text.
import type { AgentPlan, PlannedToolCall, PlanRequest, ResolvedInputs } from '../../agent/format-adapter.ts';
import { hasStructure } from '../../agent/markdown.ts';
import { requestTitle, skeletonSections, splitRequest } from '../../agent/planner-helpers.ts';
import { escapeInline } from '../word-inline.ts';
import type { WordDocument } from '../word-document.ts';
import { planAnswer, planEdit } from './edit-plan.ts';
import { call, inputCalls, markdownOf } from './plan-parts.ts';

function newDocument(request: PlanRequest, inputs: ResolvedInputs): AgentPlan {
  const { instruction, blocks } = splitRequest(request.prompt);
  const title = requestTitle(request.prompt, blocks);
  const content = blocks[0]?.type === 'heading' && blocks[0].text.trim() === title ? blocks.slice(1) : blocks;
  const calls: PlannedToolCall[] = [call('set_document', { title: escapeInline(title) })];
  const structured = hasStructure(content);
  if (structured) {
    calls.push(call('add_content', { markdown: markdownOf(content) }));
  } else {
    const sections = skeletonSections(request.prompt);
    const note = `Outline drafted offline from the request: "${escapeInline(request.prompt.replace(/\s+/g, ' ').slice(0, 300))}". Replace each bracketed placeholder with your content.`;
    calls.push(call('add_content', { markdown: `(note) ${note}` }));
    calls.push(call('add_content', { markdown: sections.map((s) => `# ${escapeInline(s)}\n\n[Add ${escapeInline(s.toLowerCase())}]`).join('\n\n') }));
  }
  const extra = inputCalls(inputs, instruction || request.prompt);
  calls.push(...extra.calls);
  // A table of contents earns its page only in a long document: four or more sections and real length.
  const written = calls.filter((c) => c.tool === 'add_content').map((c) => String(c.args.markdown)).join('\n');
  const headings = written.split('\n').filter((l) => /^#{1,2} /.test(l)).length;
  const long = written.length > 5000 || calls.filter((c) => c.tool === 'add_table').length >= 3;
  const toc = (headings >= 4 && long) || (/\btable of contents\b/i.test(request.prompt) && headings >= 2);
  if (toc) calls.splice(1, 0, call('add_table_of_contents', { title: 'Contents', max_level: 2 }));
  // What was built is told from the document itself (the run summary); the plan adds what it cannot see.
  return { calls, summary: structured ? extra.remarks.join(' ') : [`The offline engine writes no text of its own: the sections (${skeletonSections(request.prompt).join(', ')}) are placeholders to fill in.`, ...extra.remarks].join(' ') };
}

export function planWord(request: PlanRequest, doc: WordDocument, inputs: ResolvedInputs): AgentPlan {
  if (request.mode === 'ask') return planAnswer(request.prompt, doc);
  if (request.editing) return planEdit(request, doc, inputs);
  return newDocument(request, inputs);
}
