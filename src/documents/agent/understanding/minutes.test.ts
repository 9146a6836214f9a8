import { describe, expect, it } from 'vitest';
import { minutesIn } from './minutes.ts';
import { understand } from './understand.ts';

describe('meeting notes typed in a line', () => {
  it('sorts decisions, action items, the next meeting and notes, as written', () => {
    const prompt = "meeting notes from today's design review: decided to drop the sidebar, Maria will redo the icons by Friday, next review on the 12th";
    expect(minutesIn(prompt)?.groups).toEqual([
      { title: 'Decisions', items: ['Drop the sidebar'] },
      { title: 'Action items', items: ['Maria will redo the icons by Friday'] },
      { title: 'Next meeting', items: ['Next review on the 12th'] },
    ]);
    expect(minutesIn('sync notes: we agreed on weekly releases; budget is tight; Ben to send the invoice by EOW; QA owns the checklist')?.groups).toEqual([
      { title: 'Decisions', items: ['Weekly releases'] },
      { title: 'Action items', items: ['Ben to send the invoice by EOW', 'QA owns the checklist'] },
      { title: 'Notes', items: ['Budget is tight'] },
    ]);
    expect(understand(prompt)).toMatchObject({ kind: 'minutes', groups: [{ title: 'Decisions' }, { title: 'Action items' }, { title: 'Next meeting' }], items: [], statements: [] });
  });

  it('leaves notes that hold no decision or action item to the other readings', () => {
    expect(minutesIn("meeting notes from today's standup: Ana finished the login page, Ben is blocked on the API keys. Next standup Thursday.")).toBeNull();
    expect(minutesIn('standup notes: Ana finished the login page, Ben is blocked on the API keys, Cara starts QA tomorrow')).toBeNull();
    expect(minutesIn('meeting notes: attendees, agenda, decisions')).toBeNull();
    expect(understand('standup notes: Ana finished the login page, Ben is blocked on the API keys, Cara starts QA tomorrow').statements).toHaveLength(3);
  });
});
