// Content under labels of the request's own: a part each, with its items; and labels that are facts,
// data, settings of the document or the request itself, which are not groups.
import { describe, expect, it } from 'vitest';
import { groupsIn } from './groups.ts';
import { understand } from './understand.ts';

describe('labelled groups', () => {
  it('reads labels in sentences and in lines, and takes them out of the rest of the reading', () => {
    const inline = 'Can you put together slides for our weekly sync? Updates: launched the beta, fixed 12 bugs, hired a designer. Blockers: waiting on legal review';
    expect(groupsIn(inline).groups).toEqual([
      { title: 'Updates', items: ['Launched the beta', 'Fixed 12 bugs', 'Hired a designer'] },
      { title: 'Blockers', items: ['Waiting on legal review'] },
    ]);
    const lines = 'Slides for our weekly sync\nUpdates: launched the beta, fixed 12 bugs\nBlockers: waiting on legal review';
    expect(groupsIn(lines).groups.map((g) => g.title)).toEqual(['Updates', 'Blockers']);
    // Not also slides of their own, nor the deck's subject.
    expect(understand(inline)).toMatchObject({ items: [], subject: 'weekly sync', groups: [{ title: 'Updates' }, { title: 'Blockers' }] });
    expect(understand(lines).kind).toBe('deck'); // "legal review" on a later line does not make it a report
  });

  it('takes one label when it holds a list by its nature, and two of any kind', () => {
    expect(groupsIn('deck for the retro. What went well: the launch, the docs').groups).toEqual([{ title: 'What went well', items: ['The launch', 'The docs'] }]);
    expect(groupsIn('Pros: cheap, fast. Cons: no support').groups).toHaveLength(2);
    expect(groupsIn('Compare our plans. Starter: 5 users, email support. Growth: 50 users, phone support').groups.map((g) => g.title)).toEqual(['Starter', 'Growth']);
  });

  it('keeps labelled facts that are not lists, as written', () => {
    expect(groupsIn('Write a one page project brief for migrating our billing system to Stripe. Goal: cut payment failures by half. Owner: Dana. Deadline: end of Q2')).toEqual({
      groups: [], sources: [], labelled: [['Goal', 'cut payment failures by half'], ['Owner', 'Dana'], ['Deadline', 'end of Q2']],
    });
    expect(groupsIn('Write a proposal for a new website. Budget: $5k. Timeline: 3 months.').labelled).toEqual([['Budget', '$5k'], ['Timeline', '3 months']]);
    // A sentence typed in lower case starts one too, but not after an abbreviation.
    expect(groupsIn('summary of our customer survey. NPS went from 32 to 41. top complaint: shipping times').labelled).toEqual([['Top complaint', 'shipping times']]);
    expect(groupsIn('a memo on refunds, e.g. partial: over 30 days').labelled).toEqual([]);
  });

  it.each([
    'Write a proposal for a new website. Budget: $5k. Timeline: 3 months.',
    'A deck on our Q3 results: revenue up 12%, churn down to 3%, two new markets',
    'Income: salary 5000, freelance 1200. Expenses: rent 1500, food 400',
    'Agenda: intros, roadmap review, Q&A',
    'Title: Q3 review. Audience: the board',
    'Make a deck: 5 slides, 2 charts, dark theme',
    'Note: keep it short',
  ])('no groups in "%s"', (prompt) => {
    expect(groupsIn(prompt).groups).toEqual([]);
  });
  it('reads a list label at the end of a sentence, after a comma', () => {
    expect(groupsIn('weekly status report: completed the API migration, started load testing, risk: vendor contract expires next month'))
      .toMatchObject({ groups: [{ title: 'Risk', items: ['Vendor contract expires next month'] }], sources: ['risk: vendor contract expires next month'] });
    // Only a list label: "..., budget: $5k" is not a group.
    expect(groupsIn('a plan for the offsite, venue booked, budget: $5k').groups).toEqual([]);
  });
});
