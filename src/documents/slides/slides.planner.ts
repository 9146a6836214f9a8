// The builtin engine's Slides plan: ask mode answers from the deck; a new deck comes from the prompt's
// structure (or an outline from POST /slides/outline) plus data sources and images; an existing deck
// gets the edits the prompt spells out, or the slides of a structured prompt it does not have yet,
// which is also how a deck larger than one call's 30 slides is continued.
import type { AgentPlan, PlanRequest, PlannedToolCall, ResolvedInputs } from '../agent/format-adapter.ts';
import { answerQuestion } from './ask-answers.ts';
import { planDeck, type DeckPlan } from './deck-plan.ts';
import { planEdits } from './edit-commands.ts';
import { MAX_SLIDES_PER_CALL, type Deck } from './model.ts';
import { outlineToSlides } from './outline.schemas.ts';
import { parsePrompt } from './prompt-outline.ts';


const norm = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

function structured(prompt: string): boolean {
  const o = parsePrompt(prompt);
  return o.slides.length >= 2 || o.sections.length >= 2 || (o.title !== null && o.slides.length >= 1);
}

function capRemark(total: number, made: number): string {
  return `The outline has ${total} slides; one call makes at most ${MAX_SLIDES_PER_CALL}, so this call made ${made}. Call POST /slides/generate again with this run_id and the same prompt to add the remaining ${total - made}.`;
}

function describePlan(plan: DeckPlan, made: number, total: number, verb: string): string {
  const parts = [`${verb} a ${made}-slide deck${plan.slides[0]?.title ? ` "${plan.slides[0].title}"` : ''}.`];
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
    summary: describePlan(plan, slides.length, plan.slides.length, request.request?.outline ? 'Built the outlined' : 'Built'),
  };
}

/** The planned slides the deck does not have yet (by title), inserted before its closing slide. */
function continueDeck(request: PlanRequest, deck: Deck, inputs: ResolvedInputs): AgentPlan | null {
  if (!request.request?.outline && !structured(request.prompt)) return null;
  const plan = deckPlan(request, inputs);
  const have = new Set(deck.slides.map((s) => norm(s.title)));
  const missing = plan.slides.filter((s) => (s.layout === 'title' || s.layout === 'closing' ? !deck.slides.some((d) => d.layout === s.layout) : !have.has(norm(s.title))));
  if (!missing.length) return { calls: [], summary: 'The deck already has every slide of this outline; nothing was added.' };
  const slides = missing.slice(0, MAX_SLIDES_PER_CALL);
  const closingAt = deck.slides.findIndex((s) => s.layout === 'closing');
  const calls: PlannedToolCall[] = slides.map((args, i) => ({
    tool: 'add_slide',
    args: { ...args, ...(closingAt >= 0 && args.layout !== 'closing' ? { position: closingAt + 1 + i } : {}) } as Record<string, unknown>,
  }));
  const parts = [`Added ${slides.length} slide${slides.length === 1 ? '' : 's'} of the outline that the deck did not have yet; the other ${deck.slides.length} slides are unchanged.`];
  if (missing.length > slides.length) parts.push(capRemark(missing.length, slides.length).replace('The outline has', 'The outline still needs'));
  return { calls, summary: parts.join(' ') };
}

export function planSlides(request: PlanRequest, deck: Deck, inputs: ResolvedInputs): AgentPlan {
  if (request.mode === 'ask') return { calls: [], summary: answerQuestion(request.prompt, deck) };
  if (!request.editing || !deck.slides.length) return newDeck(request, inputs);
  const edits = request.request?.outline ? { calls: [], understood: [], notUnderstood: [] } : planEdits(request.prompt, deck, inputs);
  if (edits.calls.length) {
    const unclear = edits.notUnderstood.length ? ` Not done (the builtin engine did not understand): "${edits.notUnderstood.join('"; "')}".` : '';
    return { calls: edits.calls, summary: `${edits.understood.map((u, i) => (i ? u : u[0].toUpperCase() + u.slice(1))).join('; ')}; every other slide is unchanged.${unclear}` };
  }
  const continued = continueDeck(request, deck, inputs);
  if (continued) return continued;
  return {
    calls: [],
    summary: 'The deck is unchanged: the builtin engine (no model provider is configured) did not find an edit it understands in this prompt. '
      + 'It understands instructions such as "add a slide titled X with a, b and c", "delete slide 3", "move slide 5 to 2", "move the revenue chart to the summary slide", '
      + '"add a bar chart of <data source>", "add the images", "rename slide 2 to X", "use the ivory theme", and markdown outlines of slides to add.',
  };
}
