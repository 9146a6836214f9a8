import { describe, expect, it } from 'vitest';
import { understand } from './understand.ts';
import { weeklyPlanIn } from './weekly.ts';

describe('plans by the day of the week', () => {
  it('gives a row per day and the columns of the plan named', () => {
    expect(weeklyPlanIn('weekly meal plan spreadsheet for a family of 4')).toEqual({ per: 'Day', items: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], columns: ['Breakfast', 'Lunch', 'Dinner', 'Snacks'] });
    expect(weeklyPlanIn('workout schedule for marathon training')?.columns).toEqual(['Workout', 'Minutes', 'Notes']);
    expect(weeklyPlanIn('chore chart for the kids')?.columns).toEqual(['Chore', 'Who', 'Done']);
    expect(weeklyPlanIn('study planner for finals week')?.columns).toEqual(['Subject', 'Hours', 'Notes']);
    expect(understand('weekly meal plan for a family of 4')).toMatchObject({ rowsPer: { per: 'Day', items: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] }, columns: ['Breakfast', 'Lunch', 'Dinner', 'Snacks'] });
  });

  it('leaves plans of other kinds, and rows or columns the request names, alone', () => {
    expect(weeklyPlanIn('project plan for the website relaunch')).toBeNull();
    expect(weeklyPlanIn('marketing plan for Q3')).toBeNull();
    expect(understand('meal plan with columns for day, meal and calories').columns).toEqual(['Day', 'Meal', 'Calories']);
    expect(understand('meal plan with a row per person: Ana, Ben').rowsPer).toEqual({ per: 'Person', items: ['Ana', 'Ben'] });
  });
});
