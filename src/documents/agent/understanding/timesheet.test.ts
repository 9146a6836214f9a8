// Timesheets as people ask for them: for a team (counted or named) a row each; for one person a row per day.
import { describe, expect, it } from 'vitest';
import { timesheetIn } from './timesheet.ts';

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

describe('timesheetIn', () => {
  it.each([
    ['weekly timesheet for 3 employees', 3, WEEK],
    ['timesheet for my team of four', 4, WEEK],
    ['time sheet for 12 staff including weekends', 12, [...WEEK, 'Sat', 'Sun']],
    ['timesheet for Ana, Ben and Chloe', ['Ana', 'Ben', 'Chloe'], WEEK],
    ['weekly timecard for Priya and Tom, 7 days', ['Priya', 'Tom'], [...WEEK, 'Sat', 'Sun']],
    ['timesheet for our team', 3, WEEK],
    ['my weekly timesheet', null, WEEK],
    ['hours log for this week', null, WEEK],
  ])('%s', (prompt, people, days) => {
    expect(timesheetIn(prompt)).toEqual({ people, days });
  });

  it.each(['monthly timesheet for 3 employees', 'biweekly timesheet', 'track my expenses for 3 months', 'a sheet of time zones'])('is not read where it is no weekly timesheet: %s', (prompt) => {
    expect(timesheetIn(prompt)).toBeNull();
  });
});
