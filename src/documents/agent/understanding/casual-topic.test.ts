import { describe, expect, it } from 'vitest';
import { casualTopic, isOccasion, occasionOf } from './casual-topic.ts';

describe('casualTopic', () => {
  it.each([
    ['ok so I need to present to the board next week about how the migration to the new CRM went, it was rough at first but adoption is now 80% and support tickets dropped, maybe 6 slides?', 'how the migration to the new CRM went'],
    ["I'm giving a talk at a local meetup on why our team moved from REST to GraphQL and what we learned, need like 8 slides, nothing fancy", 'why our team moved from REST to GraphQL and what we learned'],
    ["my manager asked me for a deck. we're proposing a 4-day work week pilot for the support team for 3 months, need to cover benefits, risks, how we measure it", '4-day work week pilot for the support team'],
    ['slides pls — quarterly results, revenue 1.2M up 15%, 3 new clients, churn down', 'quarterly results'],
    ['quick deck for friday: hiring plan 2025, we want 5 engineers, 2 designers, 1 PM', 'hiring plan 2025'],
    ['Need a short presentation introducing our new expense policy to employees: what changed, the new limits, and how to submit receipts.', 'new expense policy'],
    ["We had a really bad outage last Tuesday (payments down 3 hours) and I need to walk leadership through what happened, root cause, and what we're changing", "last Tuesday's outage"],
    ['so we had a data breach and the board wants a deck', 'the data breach'],
    // A comma or a point between digits is part of a number, not where the topic ends.
    ['deck: v2.1 release', 'v2.1 release'],
    ['status update deck: signups 3,400, +12% MoM, churn 2.1%', 'signups 3,400'],
  ])('%s', (prompt, topic) => {
    expect(casualTopic(prompt)).toBe(topic);
  });

  it('finds none where the request names no topic, rather than taking the occasion or the form', () => {
    expect(casualTopic('can you make me a deck for tomorrow')).toBeNull();
    expect(casualTopic('slides pls — 5 slides')).toBeNull();
    expect(casualTopic('I need to present to the board next week')).toBeNull();
  });
});

describe('isOccasion', () => {
  it('tells the occasion, the audience and the form from a topic', () => {
    for (const s of ['a deck', 'friday', "tomorrow's team meeting", 'the board', 'next week', 'my boss', 'a quick presentation']) expect(isOccasion(s), s).toBe(true);
    for (const s of ['hiring plan 2025', 'the energy transition', 'team offsite budget', 'Q3 results']) expect(isOccasion(s), s).toBe(false);
  });

  it('names the meeting a deck is for, before its content, as a title', () => {
    expect(occasionOf("quick deck for tomorrow's all hands: Q3 revenue up 18%, two new hires")).toBe('All-hands');
    expect(occasionOf('town hall slides: new CEO, office reopening, Q&A')).toBe('Town hall');
    expect(occasionOf("slides for tomorrow's team meeting: new pricing, hiring update")).toBe('Team meeting');
    expect(occasionOf('deck for our board meeting: revenue up 12%')).toBe('Board meeting');
    // Not a meeting named inside the content, nor a request that names none.
    expect(occasionOf('deck on our Q3 results: revenue up, a new board meeting cadence')).toBeNull();
    expect(occasionOf('slides about the history of the bicycle')).toBeNull();
  });
});
