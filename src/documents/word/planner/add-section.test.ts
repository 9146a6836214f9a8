// How the builtin engine reads "add a section" requests written the way people write them.
import { describe, expect, it } from 'vitest';
import { parseAddSection, splitItems } from './add-section.ts';

describe('parseAddSection', () => {
  it.each([
    ['Add a section at the end titled Next steps with bullets: sign contract, schedule kickoff', { title: 'Next steps', where: 'end', anchor: null, body: { kind: 'bullets', items: ['sign contract', 'schedule kickoff'] } }],
    ['Add a section titled Next steps with bullet points: sign contract, schedule kickoff', { title: 'Next steps', where: 'end', body: { kind: 'bullets', items: ['sign contract', 'schedule kickoff'] } }],
    ['add a new section called "Risks" after Budget: Currency moves could cost us 2%.', { title: 'Risks', where: 'after', anchor: 'Budget', body: { kind: 'text', text: 'Currency moves could cost us 2%.' } }],
    ['Insert a chapter on Hiring before the Timeline section with numbered steps: post the role; screen; interview', { title: 'Hiring', where: 'before', anchor: 'Timeline', body: { kind: 'numbered', items: ['post the role', 'screen', 'interview'] } }],
    ['Please add a section "Open questions" at the end with bullet points: who owns QA, when do we ship', { title: 'Open questions', where: 'end', body: { kind: 'bullets', items: ['who owns QA', 'when do we ship'] } }],
    ['Add a Next steps section with bullets: a, b and c', { title: 'Next steps', where: 'end', body: { kind: 'bullets', items: ['a', 'b', 'c'] } }],
    ['append a section named Appendix with the text: See attached files.', { title: 'Appendix', where: 'end', body: { kind: 'text', text: 'See attached files.' } }],
    ['Add a section called Summary', { title: 'Summary', where: 'end', body: null }],
    ['Add a section at the start called Purpose: why this plan exists.', { title: 'Purpose', where: 'start', body: { kind: 'text', text: 'why this plan exists.' } }],
  ])('%s', (prompt, expected) => {
    expect(parseAddSection(prompt)).toMatchObject(expected);
  });

  it('is not fooled by requests that add no section', () => {
    expect(parseAddSection('Fix the typos in the introduction')).toBeNull();
    expect(parseAddSection('Add a table of contents')).toBeNull();
  });

  it('splits items written as a list, with semicolons, or with commas and "and"', () => {
    expect(splitItems('- one\n- two\n- three')).toEqual(['one', 'two', 'three']);
    expect(splitItems('red, green; blue')).toEqual(['red, green', 'blue']);
    expect(splitItems('apples, pears and plums.')).toEqual(['apples', 'pears', 'plums']);
  });
});
