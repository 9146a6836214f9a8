// What a request calls the dates it gives: "my last day will be June 30" is a last day, not a "When".
import { describe, expect, it } from 'vitest';
import { dateNameIn } from './facts.ts';

describe('dateNameIn', () => {
  it.each([
    ['write a resignation letter, my last day will be June 30', 'June 30', 'Last day'],
    ['memo to the team: the deadline is March 3', 'March 3', 'Deadline'],
    ['announce that our launch date is May 1', 'May 1', 'Launch date'],
    ['my first day was on Monday', 'Monday', 'First day'],
  ])('%s: %s is the %s', (request, date, name) => {
    expect(dateNameIn(request, date)).toBe(name);
  });

  it.each([
    ['invitation to our party on June 30', 'June 30'],
    ['the meeting is on March 3', 'March 3'],
    ['ship v1 by Friday', 'Friday'],
  ])('gives no name where the request says none: %s', (request, date) => {
    expect(dateNameIn(request, date)).toBeNull();
  });
});
