// The parts a document gets from what its subject is, when the request names no kind with parts of its
// own (partsOf with the reading of the request), and the audiences a topic ends with.
import { describe, expect, it } from 'vitest';
import { capitalize } from '../planner-helpers.ts';
import { withoutAudience } from './audience.ts';
import { partsOf, placeholdersFor } from './placeholders.ts';
import { understand } from './understand.ts';

const deckParts = (prompt: string) => {
  const u = understand(prompt);
  return partsOf(u.kind, u.language, 'deck', u);
};
const docParts = (prompt: string) => {
  const u = understand(prompt);
  return partsOf(u.kind, u.language, 'document', u);
};

describe('parts by what the subject is', () => {
  it('a history', () => {
    expect(deckParts('make a presentation on the history of the bicycle')).toEqual(['Origins', 'Key milestones', 'Turning points', 'Legacy']);
    expect(docParts('a report on the evolution of the smartphone')).toEqual(['Origins', 'Key milestones', 'Turning points', 'Legacy']);
  });

  it('an incident report', () => {
    expect(docParts('incident report for the outage on May 3: the API was down for 2 hours because of an expired certificate')).toEqual(['Summary', 'What happened', 'Impact', 'Root cause', 'Resolution', 'Follow-up actions']);
    expect(deckParts('a postmortem presentation on the checkout downtime')[0]).toBe('Summary');
  });

  it('a how-to', () => {
    expect(deckParts('a deck on how to reset your password')).toContain('Step by step');
  });

  it("a training, named by the document's own noun, by whom it trains, or by what the document is for", () => {
    const training = ['Learning objectives', 'Key concepts', 'Step by step', 'Common mistakes', 'Practice', 'Resources'];
    expect(deckParts('training deck for new cashiers')).toEqual(training);
    expect(deckParts('safety training presentation for warehouse staff')).toEqual(training);
    expect(deckParts('5 slides onboarding new sales reps')).toEqual(training);
    expect(docParts('a training guide for new cashiers')).toEqual(training);
  });

  it('not a training where the subject is the process or its figures', () => {
    expect(docParts('report on our onboarding process')).toEqual(['Executive summary', 'Background', 'Findings', 'Recommendations', 'Next steps']);
    expect(deckParts('Make a 5 slide deck about onboarding')[0]).toBe('Context');
    expect(deckParts('a deck on training costs in 2025')[0]).toBe('Context');
  });

  it('a lesson, for a class or its students, and a lesson plan', () => {
    expect(deckParts('presentation about photosynthesis for my 5th grade class')).toEqual(['Learning objectives', 'Key ideas', 'Examples', 'Activity', 'Recap']);
    expect(deckParts('slides on volcanoes for school')[0]).toBe('Learning objectives');
    expect(docParts('lesson plan on fractions for my 4th grade class')).toEqual(['Learning objectives', 'Materials', 'Warm-up', 'Instruction', 'Practice', 'Assessment']);
    expect(deckParts('create a presentation about climate change for high school students')[0]).toBe('Learning objectives');
    expect(deckParts('deck for my students on fractions')[0]).toBe('Learning objectives');
    // (New students on campus are not a class.)
    expect(deckParts('slides for new students about campus life')[0]).toBe('Context');
  });

  it('leaves the kinds with parts of their own, and other languages, as they were', () => {
    expect(docParts('a memo on the history of our pricing')).toEqual(['Purpose', 'Details', 'Action items']);
    expect(docParts('a project plan for the onboarding of new sales reps')[0]).toBe('Goals');
    expect(deckParts('Präsentation über die Geschichte des Fahrrads')[0]).toBe('Ausgangslage');
  });
});

describe('capitals', () => {
  it('around an ampersand, as in Q&A and R&D', () => {
    expect(capitalize('q&a')).toBe('Q&A');
    expect(capitalize('r&d budget and m&a')).toBe('R&D budget and M&A');
    expect(capitalize('salt & pepper')).toBe('Salt & pepper');
  });
});

describe('a class as the audience a topic ends with', () => {
  it('is not part of the topic', () => {
    expect(withoutAudience('history of jazz for my music class')).toBe('history of jazz');
    expect(withoutAudience('photosynthesis for my 5th grade class')).toBe('photosynthesis');
    expect(withoutAudience('volcanoes for school')).toBe('volcanoes');
    expect(withoutAudience('climate change for high school students')).toBe('climate change');
    expect(withoutAudience('the solar system for 3rd grade students')).toBe('the solar system');
    expect(withoutAudience('the new CRM for our sales team')).toBe('the new CRM');
  });
});

describe('placeholdersFor', () => {
  it.each([
    ['Q&A', '[Add the key points on Q&A for board meeting]'],
    ['R&D budget', '[Add the key points on R&D budget for board meeting]'],
    ['A/B tests', '[Add the key points on A/B tests for board meeting]'],
    ['NPS', '[Add the key points on NPS for board meeting]'],
    ['Hiring plan', '[Add the key points on hiring plan for board meeting]'],
  ])('keeps the capitals of "%s" only where they are part of its name', (item, placeholder) => {
    expect(placeholdersFor(item, 'board meeting', 'en')).toEqual([placeholder]);
  });
});
