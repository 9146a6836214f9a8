// The builtin planner: what it reads from prompts, the decks it plans (run through the real tools),
// the edits it understands, ask-mode answers, and the outline conversions of POST /slides/outline.
import { describe, expect, it } from 'vitest';
import { AgentToolbox } from '../../agent/agent-toolbox.ts';
import type { ResolvedInputs } from '../../agent/format-adapter.ts';
import { outlineToSlides, slidesToOutline } from '../outline.schemas.ts';
import { adapter } from '../slides.adapter.ts';
import type { SlidesDocument } from '../slides.document.ts';
import { folioThemeOf } from '../templates.ts';
import { slidesTools } from '../tools/slides.tools.ts';
import { answerQuestion } from './ask-answers.ts';
import { planDeck } from './deck-plan.ts';
import { parsePrompt, requestedSlides, topicOf } from './prompt-outline.ts';
import { planSlides } from './slides.planner.ts';
import { slideKindOf } from './slide-kinds.ts';

const none: ResolvedInputs = { contextFiles: [], dataSources: [], images: [], brand: null };
const withData: ResolvedInputs = { ...none, dataSources: [{ name: 'Signups', columns: ['Month', 'Signups'], rows: [['Jan', 120], ['Feb', 150], ['Mar', 210]], source: { kind: 'inline' } }] };

async function build(prompt: string, inputs = none, deck: SlidesDocument = adapter.create(), editing = false) {
  const plan = planSlides({ prompt, mode: 'action', editing }, deck, inputs);
  const box = new AgentToolbox(slidesTools({ doc: deck, inputs, mode: 'action', noteChange: () => {} }), (_t, err) => { throw err; });
  for (const c of plan.calls) {
    const r = await box.call(c.tool, c.args);
    if (r.isError) throw new Error(`${c.tool}: ${String(r.output)}`);
  }
  return { deck, plan };
}

describe('reading prompts', () => {
  it('reads headings, nested lists, tables, quotes, notes, facts and counts', () => {
    const o = parsePrompt(`# Plan 2027\nFor the board\n\nAudience: investors\nBudget: $2M\n\n## Goals\n- Grow\n  - Fast\nNotes: Keep it short.\n\n## Numbers chart\n| Year | Revenue |\n|---|---|\n| 2025 | 1 |\n| 2026 | 2 |\n\n> Bold moves win. — Ada`);
    expect(o).toMatchObject({ title: 'Plan 2027', subtitle: 'For the board', facts: [['Audience', 'investors'], ['Budget', '$2M']] });
    expect(o.slides[0]).toEqual({ title: 'Goals', bullets: [{ text: 'Grow', level: 0 }, { text: 'Fast', level: 1 }], notes: 'Keep it short.' });
    expect(o.slides[1]).toMatchObject({ title: 'Numbers chart', chartHint: 'bar', table: { columns: ['Year', 'Revenue'], rows: [['2025', '1'], ['2026', '2']] } });
    expect(parsePrompt('# Q3\n## Revenue by region (column chart)\n| Region | Q3 |\n|---|---|\n| North | 1 |').slides[0]).toMatchObject({ title: 'Revenue by region', chartHint: 'bar' });
    expect(parsePrompt('## Share by channel (as a pie chart)\n- a').slides[0]).toMatchObject({ title: 'Share by channel', chartHint: 'pie' });
    expect(parsePrompt('> Growth comes from customers who stay. - Head of Sales').slides[0].quote).toEqual({ text: 'Growth comes from customers who stay.', attribution: 'Head of Sales' });
    expect(parsePrompt('> A well - known saying').slides[0].quote).toEqual({ text: 'A well - known saying' });
    expect(parsePrompt('## Sales (2025)\n- a').slides[0].title).toBe('Sales (2025)');
    expect(o.slides[2]).toMatchObject({ title: '', quote: { text: 'Bold moves win.', attribution: 'Ada' } });
    expect(requestedSlides('a 12-slide deck')).toBe(12);
    expect(requestedSlides('Make ten slides')).toBe(10);
    expect(topicOf('Create a 10-slide deck about the energy transition for investors')).toBe('energy transition');
    // People by their role before "on": an audience; a list after a colon is content, not a lead.
    expect(topicOf('training slides for new cashiers on how to open and close the register')).toBe('how to open and close the register');
    expect(topicOf('a deck for warehouse workers about forklift safety')).toBe('forklift safety');
    expect(topicOf("standup notes: Ana finished the login page, Ben is blocked on the API keys")).toBeNull();
    expect(parsePrompt('A deck with sections: Market, Product and Team').sections).toEqual(['Market', 'Product', 'Team']);
  });
});

describe('planning a new deck', () => {
  it('turns a structured prompt and a data source into title, agenda, sections, content, a chart and a closing slide', async () => {
    const { deck, plan } = await build('# Launch\n\n# Why\n## Problem\n- Slow\n## Fix\n- Fast\n\n# How\n## Steps\n- Ship', withData);
    expect(deck.slides().map((s) => `${slideKindOf(s)}:${s.title}`)).toEqual([
      'title:Launch', 'bullets:Agenda', 'section:Why', 'bullets:Problem', 'bullets:Fix', 'section:How', 'bullets:Steps', 'chart:Signups by Month', 'table:Signups', 'closing:Thank you',
    ]);
    expect(deck.slides()[1].elements[0].paragraphs.map((p) => p.text)).toEqual(['Why', 'How']);
    expect(deck.slides()[7].elements.find((e) => e.kind === 'chart')!.chart).toMatchObject({ type: 'line', categories: ['Jan', 'Feb', 'Mar'] });
    expect(plan.summary).toBe('');
  });

  it('makes a labelled skeleton for a free-form prompt and never invents content', async () => {
    const { deck, plan } = await build('Make a 5 slide deck about onboarding');
    expect(deck.slides().map((s) => s.title)).toEqual(['Onboarding', 'Context', 'Key points', 'Details', 'Thank you']);
    const text = deck.slides().slice(1, 4).map((s) => s.elements.map((e) => e.text).join('\n')).join('\n');
    expect(text.match(/\[Add /g)).toHaveLength(4);
    expect(text).not.toMatch(/onboarding.*deck|Make a 5/i);
    expect(plan.summary).toMatch(/3 slides have bracketed placeholders/);
  });

  it('caps a plan at 30 slides and says how to continue', async () => {
    const prompt = Array.from({ length: 40 }, (_, i) => `## Topic ${i + 1}\n- point`).join('\n');
    const { deck, plan } = await build(prompt);
    expect(deck.slides()).toHaveLength(30);
    expect(plan.summary).toMatch(/The outline has 42 slides; one call makes at most 30, so this call made 30\. .*run_id.*remaining 12/);
    const { deck: after, plan: next } = await build(prompt, none, deck, true);
    expect(after.slides()).toHaveLength(42);
    expect(slideKindOf(after.slides().at(-1)!)).toBe('closing');
    expect(next.summary).toMatch(/^Added 12 slides of the outline/);
  });
});

describe('editing with the builtin planner', () => {
  it('maps plain instructions to tool calls and reports what it did not understand', async () => {
    const { deck } = await build('# Review\n## Summary\n- Fine\n## Costs\n- High', withData);
    const { plan } = await build('Add a slide titled "Hiring" with engineers, designers and sales after slide 2. Delete the costs slide. Use the ivory theme. Make it pop.', withData, deck, true);
    expect(folioThemeOf(deck.deck)).toBe('ivory');
    expect(deck.slides().map((s) => s.title)).toEqual(['Review', 'Summary', 'Hiring', 'Signups by Month', 'Signups', 'Thank you']);
    expect(deck.slides()[2].elements[0].paragraphs.map((p) => p.text)).toEqual(['engineers', 'designers', 'sales']);
    expect(plan.summary).toMatch(/Not done \(the builtin engine did not understand\): "Make it pop\."/);
  });

  it('leaves the deck unchanged, and says so, when it understands nothing', async () => {
    const { deck } = await build('# Review\n## Summary\n- Fine');
    const before = deck.deck.save();
    const { plan } = await build('Make it more exciting', none, deck, true);
    expect(plan.calls).toEqual([]);
    expect(plan.summary).toMatch(/^The builtin engine \(no model provider is configured\) did not find an edit/);
    expect(deck.deck.save().equals(before)).toBe(true);
  });
});

describe('ask mode', () => {
  it('answers from the deck only', async () => {
    const { deck } = await build('# Review\n## Summary\n- Revenue grew\nNotes: Mention the renewals.', withData);
    expect(answerQuestion('How many slides are there?', deck)).toBe('The deck has 5 slides.');
    expect(answerQuestion('Which slides have a chart?', deck)).toMatch(/^Slide 3 \("Chart" layout\) is titled "Signups by Month"/);
    expect(answerQuestion('What does slide 2 say?', deck)).toBe('Slide 2 ("Title and Content" layout) is titled "Summary". Its points: Revenue grew. Speaker notes: Mention the renewals.');
    expect(answerQuestion('What about the renewals?', deck)).toMatch(/Mention the renewals/);
    expect(answerQuestion('Who is the CEO?', deck)).toMatch(/^The deck does not say that directly\. It has 5 slides: 1\. Review/);
    expect(planSlides({ prompt: 'How many slides?', mode: 'ask', editing: true }, deck, none)).toEqual({ calls: [], summary: 'The deck has 5 slides.' });
  });
});

describe('outlines', () => {
  it('round-trip through add_slide calls', () => {
    const slides = planDeck('# T\n## A\n- one\n  - sub\n> q — who', withData).slides;
    const outline = slidesToOutline('T', slides);
    expect(outline.slides.map((s) => s.layout)).toEqual(['title', 'bullets', 'quote', 'chart', 'table', 'closing']);
    expect(outline.slides[1].bullets).toEqual(['one', '  sub']);
    expect(outline.slides[3]).toMatchObject({ data_source: 'Signups', chart_type: 'line' });
    const back = outlineToSlides(outline);
    expect(back[1]).toMatchObject({ layout: 'bullets', bullets: [{ text: 'one', level: 0 }, { text: 'sub', level: 1 }] });
    expect(back[2]).toMatchObject({ layout: 'quote', quote: { text: 'q', attribution: 'who' } });
    expect(back[3]).toMatchObject({ layout: 'chart', chart: { type: 'line', data_source: 'Signups' } });
    expect(outlineToSlides({ title: 'T', slides: [{ layout: 'chart', title: 'No data', bullets: [], notes: '' }] })[0]).toMatchObject({ layout: 'bullets', bullets: ['[Add the key points of "No data"]'] });
  });
});
