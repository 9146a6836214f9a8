// The builtin engine's Slides plan: ask mode answers from the deck; a new deck comes from the prompt's
// structure (or an outline from POST /slides/outline) plus data sources and images; an existing deck
// gets the edits the prompt spells out, or the slides of a structured prompt it does not have yet,
// which is also how a deck larger than one call's 30 slides is continued.
import type { AgentPlan, PlanRequest, PlannedToolCall, ResolvedInputs } from '../../agent/format-adapter.ts';
import { MAX_SLIDES_PER_CALL } from '../deck.ts';
import { outlineToSlides } from '../outline.schemas.ts';
import type { SlidesDocument } from '../slides.document.ts';
import { answerQuestion } from './ask-answers.ts';
import { planDeck, type DeckPlan } from './deck-plan.ts';
import { planEdits } from './edit-commands.ts';
import { parsePrompt } from './prompt-outline.ts';
import { slideKindOf } from './slide-kinds.ts';


const norm = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

function structured(prompt: string): boolean {
  const o = parsePrompt(prompt);
  return o.slides.length >= 2 || o.sections.length >= 2 || (o.title !== null && o.slides.length >= 1);
}

function capRemark(total: number, made: number): string {
  return `The outline has ${total} slides; one call makes at most ${MAX_SLIDES_PER_CALL}, so this call made ${made}. Call POST /slides/generate again with this run_id and the same prompt to add the remaining ${total - made}.`;
}

/** What the run summary cannot know from the edits: placeholders to fill, data left out, the cap. */
function remarks(plan: DeckPlan, made: number, total: number): string {
  const parts: string[] = [];
  if (plan.placeholders) parts.push(`${plan.placeholders} slide${plan.placeholders === 1 ? ' has' : 's have'} bracketed placeholders to fill in: the prompt did not give that content.`);
  parts.push(...plan.remarks);
  if (total > made) parts.push(capRemark(total, made));
  return parts.join(' ');
}

/** The slides to build: the request's outline when it has one, else the plan of its prompt. */
function deckPlan(request: PlanRequest, inputs: ResolvedInputs): DeckPlan {
  const outline = request.request?.outline;
  return outline ? { slides: outlineToSlides(outline), remarks: [], placeholders: 0 } : planDeck(request.prompt, inputs);
}

function newDeck(request: PlanRequest, inputs: ResolvedInputs): AgentPlan {
  const plan = deckPlan(request, inputs);
  const slides = plan.slides.slice(0, MAX_SLIDES_PER_CALL);
  return {
    calls: slides.map((args) => ({ tool: 'add_slide', args: args as Record<string, unknown> })),
    summary: remarks(plan, slides.length, plan.slides.length),
  };
}

/** The planned slides the deck does not have yet (by title), inserted before its closing slide. */
function continueDeck(request: PlanRequest, deck: SlidesDocument, inputs: ResolvedInputs): AgentPlan | null {
  if (!request.request?.outline && !structured(request.prompt)) return null;
  const plan = deckPlan(request, inputs);
  const slides = deck.slides();
  const have = new Set(slides.map((s) => norm(s.title)));
  const missing = plan.slides.filter((s) => (s.layout === 'title' || s.layout === 'closing' ? !slides.some((d) => slideKindOf(d) === s.layout) : !have.has(norm(s.title))));
  if (!missing.length) return { calls: [], summary: 'The deck already has every slide of this outline; nothing was added.' };
  const adding = missing.slice(0, MAX_SLIDES_PER_CALL);
  const closingAt = slides.findIndex((s) => slideKindOf(s) === 'closing');
  const calls: PlannedToolCall[] = adding.map((args, i) => ({
    tool: 'add_slide',
    args: { ...args, ...(closingAt >= 0 && args.layout !== 'closing' ? { position: closingAt + 1 + i } : {}) } as Record<string, unknown>,
  }));
  const parts = [`Added ${adding.length} slide${adding.length === 1 ? '' : 's'} of the outline that the deck did not have yet.`];
  if (missing.length > adding.length) parts.push(capRemark(missing.length, adding.length).replace('The outline has', 'The outline still needs'));
  return { calls, summary: parts.join(' ') };
}

export function planSlides(request: PlanRequest, deck: SlidesDocument, inputs: ResolvedInputs): AgentPlan {
  if (request.mode === 'ask') return { calls: [], summary: answerQuestion(request.prompt, deck) };
  if (!request.editing || !deck.slides().length) return newDeck(request, inputs);
  const edits = request.request?.outline ? { calls: [], understood: [], notUnderstood: [] } : planEdits(request.prompt, deck, inputs);
  if (edits.calls.length) {
    const unclear = edits.notUnderstood.length ? ` Not done (the builtin engine did not understand): "${edits.notUnderstood.join('"; "')}".` : '';
    return { calls: edits.calls, summary: unclear.trim() };
  }
  const continued = continueDeck(request, deck, inputs);
  if (continued) return continued;
  return {
    calls: [],
    summary: 'The builtin engine (no model provider is configured) did not find an edit it understands in this prompt. '
      + 'It understands instructions such as "add a slide titled X with a, b and c", "delete slide 3", "move slide 5 to 2", "move the revenue chart to the summary slide", '
      + '"add a bar chart of <data source>", "add the images", "rename slide 2 to X", "use the ivory theme", and markdown outlines of slides to add.',
  };
}
