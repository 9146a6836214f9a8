// Follow-up instructions the Slides planner's own grammar does not cover, read by the shared edit
// reader (agent/understanding/edits.ts): rename, delete or move a slide named by its words or number
// ("rename the Risks slide to Open risks", "remove the last slide", "move the budget slide to the end").
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import { editCommand, type Ref } from '../../agent/understanding/edits.ts';
import type { SlidesDocument } from '../slides.document.ts';
import type { SlideView } from '../view/slide.view.ts';
import { findSlideByPhrase } from './find-slide.ts';

function slideOf(deck: SlidesDocument, ref: Ref): SlideView | null {
  const slides = deck.slides();
  if (ref.index !== null) return (ref.index < 0 ? slides.at(ref.index) : slides[ref.index - 1]) ?? null;
  return ref.phrase ? findSlideByPhrase(deck, ref.phrase) : null;
}

export function understoodEdit(sentence: string, deck: SlidesDocument): { what: string; call: PlannedToolCall } | null {
  const c = editCommand(sentence);
  if (!c || (c.part !== 'slide' && c.part !== null)) return null;
  if (c.op === 'rename') {
    const s = slideOf(deck, c.target);
    return s ? { what: `renamed slide "${s.title}"`, call: { tool: 'update_slide', args: { slide: s.id, title: c.to } } } : null;
  }
  if (c.op === 'delete') {
    const s = slideOf(deck, c.target);
    return s ? { what: `deleted slide "${s.title}"`, call: { tool: 'delete', args: { slide: s.id } } } : null;
  }
  if (c.op === 'move' && c.part === 'slide') {
    const s = slideOf(deck, c.target);
    if (!s) return null;
    const count = deck.slides().length;
    const anchor = c.to.ref ? slideOf(deck, c.to.ref) : null;
    const to = c.to.kind === 'end' ? count : c.to.kind === 'start' ? 1 : c.to.kind === 'position' ? c.to.position : anchor ? anchor.index + (c.to.kind === 'after' ? (anchor.index > s.index ? 1 : 2) : anchor.index > s.index ? 0 : 1) : null;
    return to ? { what: `moved slide "${s.title}"`, call: { tool: 'move_slide', args: { slide: s.id, to_position: Math.max(1, Math.min(count, to)) } } } : null;
  }
  return null;
}
