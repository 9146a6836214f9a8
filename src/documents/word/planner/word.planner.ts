// The builtin engine's plan for a Word document. Structured prompts (markdown headings, lists,
// tables, CSV blocks, key: value facts) become the document as written; data sources become tables
// with computed facts; images become figures; context files give extractive key points, each cited.
// A free-form prompt gets a clearly labelled outline skeleton with placeholders: never invented text.
import type { AgentPlan, PlannedToolCall, PlanRequest, ResolvedInputs } from '../../agent/format-adapter.ts';
import { hasStructure } from '../../agent/markdown.ts';
import { requestTitle, splitRequest } from '../../agent/planner-helpers.ts';
import { understand } from '../../agent/understanding/understand.ts';
import { parseAddSection, type SectionRequest } from './add-section.ts';
import { understoodDocument } from './understood-document.ts';
import { escapeInline } from '../inline.ts';
import type { WordDocument } from '../word.document.ts';
import { planAnswer, planEdit } from './edit-plan.ts';
import { call, inputCalls, markdownOf } from './plan-parts.ts';

function newSectionMarkdown(req: SectionRequest): string {
  const body = req.body?.kind === 'text' ? escapeInline(req.body.text)
    : req.body ? req.body.items.map((item, i) => `${req.body!.kind === 'numbered' ? `${i + 1}.` : '-'} ${escapeInline(item)}`).join('\n')
      : `[Add ${escapeInline(req.title.toLowerCase())}]`;
  return `# ${escapeInline(req.title)}\n\n${body}`;
}

function newDocument(request: PlanRequest, inputs: ResolvedInputs): AgentPlan {
  const { instruction, blocks } = splitRequest(request.prompt);
  const title = requestTitle(request.prompt, blocks);
  const content = blocks[0]?.type === 'heading' && blocks[0].text.trim() === title ? blocks.slice(1) : blocks;
  const structured = hasStructure(content);
  const u = understand(request.prompt);
  const section = !structured && /^\s*(?:please\s+)?(?:add|append|insert)\b/i.test(request.prompt) ? parseAddSection(request.prompt) : null;
  // A document that is one added section is titled by its heading; the request's words are not a title.
  const calls: PlannedToolCall[] = section ? [] : [call('set_document', { title: escapeInline(title) })];
  let sections: string[] = [];
  const remarks: string[] = [];
  if (structured) {
    calls.push(call('add_content', { markdown: markdownOf(content) }));
  } else if (section) {
    // "Add a section titled Next steps with bullets: ..." on no document yet: a document with that section.
    calls.push(call('add_content', { markdown: newSectionMarkdown(section) }));
  } else {
    const understood = understoodDocument(u);
    sections = understood.sections;
    remarks.push(...understood.remarks);
    const markdown = understood.parts.filter(Boolean);
    if (markdown.join('\n').includes('[')) calls.push(call('add_content', { markdown: '(note) Outline drafted offline: replace each bracketed placeholder with your content.' }));
    for (const m of markdown) calls.push(call('add_content', { markdown: m }));
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
  const placeholders = calls.some((c) => c.tool === 'add_content' && /\[(Add|Ergänzen|Añadir|Ajouter)\b/.test(String(c.args.markdown)));
  return { calls, summary: [placeholders && sections.length ? `The offline engine writes no text of its own: the bracketed placeholders in ${sections.length === 1 ? 'the section' : 'the sections'} (${sections.join(', ')}) are there to fill in.` : '', ...remarks, ...extra.remarks].filter(Boolean).join(' ') };
}

export function planWord(request: PlanRequest, doc: WordDocument, inputs: ResolvedInputs): AgentPlan {
  if (request.mode === 'ask') return planAnswer(request.prompt, doc);
  if (request.editing) return planEdit(request, doc, inputs);
  return newDocument(request, inputs);
}
