// Follow-up instructions on a Word document that the planner's own grammar (edit-plan.ts) did not
// recognise, read by the shared edit reader (agent/understanding/edits.ts): "change the title of the
// Fixes section to Remediation", "get rid of the Causes section", "put the Next steps section at the
// start", "add a section on competitors after Market".
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import { editCommands, type Ref } from '../../agent/understanding/edits.ts';
import type { BlockView } from '../view/body.view.ts';
import { escapeInline, plainText } from '../inline.ts';
import { call } from './plan-parts.ts';

export interface SectionLookup {
  headings: BlockView[];
  find(name: string): BlockView | undefined;
  /** The id of the last block of a section. */
  end(heading: BlockView): string;
  /** The heading level new top sections take. */
  level: number;
}

function headingOf(s: SectionLookup, ref: Ref | null): BlockView | undefined {
  if (!ref) return undefined;
  const top = s.headings.filter((h) => (h.level ?? 1) === s.level);
  if (ref.index !== null) return ref.index < 0 ? top.at(ref.index) : top[ref.index - 1];
  return ref.phrase ? s.find(ref.phrase) : undefined;
}

export function understoodEdits(prompt: string, s: SectionLookup): { calls: PlannedToolCall[]; done: string[] } {
  const calls: PlannedToolCall[] = [];
  const done: string[] = [];
  for (const c of editCommands(prompt)) {
    if (c.part !== null && c.part !== 'section') continue;
    if (c.op === 'rename') {
      const h = headingOf(s, c.target);
      if (h) { calls.push(call('update_block', { id: h.id, text: escapeInline(c.to) })); done.push(`renamed "${plainText(h.text)}"`); }
    } else if (c.op === 'delete') {
      const h = headingOf(s, c.target);
      if (h) { calls.push(call('delete', { section: h.id })); done.push(`deleted "${plainText(h.text)}"`); }
    } else if (c.op === 'move') {
      const h = headingOf(s, c.target);
      const anchor = headingOf(s, c.to.ref);
      const position = c.to.kind === 'end' ? 'end' : c.to.kind === 'start' ? 'start' : anchor && c.to.kind === 'before' ? `before:${anchor.id}` : anchor && c.to.kind === 'after' ? `after:${s.end(anchor)}` : null;
      if (h && position) { calls.push(call('move', { section: h.id, position })); done.push(`moved "${plainText(h.text)}"`); }
    } else if (c.op === 'add' && c.part === 'section' && c.title) {
      const anchor = headingOf(s, c.where?.ref ?? null);
      const position = c.where?.kind === 'start' ? 'start' : anchor && c.where?.kind === 'before' ? `before:${anchor.id}` : anchor ? `after:${s.end(anchor)}` : 'end';
      const body = c.bullets?.length ? c.bullets.map((b, i) => `${c.numbered ? `${i + 1}.` : '-'} ${escapeInline(b)}`).join('\n') : c.text ? escapeInline(c.text) : `[Add ${escapeInline(c.title.toLowerCase())}]`;
      calls.push(call('add_content', { markdown: `${'#'.repeat(s.level)} ${escapeInline(c.title)}\n\n${body}`, position }));
      done.push(`added "${c.title}"`);
    }
  }
  return { calls, done };
}
