// Plans laid out by the day of the week, named by what they plan: "weekly meal plan for a family of 4",
// "workout schedule", "chore chart for the kids", "study planner". A row per day and the columns such a
// plan has (a meal plan: Breakfast, Lunch, Dinner, Snacks), left empty to fill in. English only; read
// only when the request names no columns or rows of its own.

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const PLANS: [RegExp, string[]][] = [
  [/\b(?:meal|menu|dinner|food)\s+(?:plan|planner|schedule|calendar|prep)\b|\bmeal\s+planning\b/i, ['Breakfast', 'Lunch', 'Dinner', 'Snacks']],
  [/\b(?:workout|exercise|training|gym|fitness|running|run)\s+(?:plan|planner|schedule|calendar|program(?:me)?)\b/i, ['Workout', 'Minutes', 'Notes']],
  [/\b(?:study|revision|homework|reading)\s+(?:plan|planner|schedule|calendar|timetable)\b/i, ['Subject', 'Hours', 'Notes']],
  [/\b(?:cleaning|chore|chores|household)\s+(?:plan|planner|schedule|chart|rota|calendar|list)\b/i, ['Chore', 'Who', 'Done']],
];

/** The rows and columns of a plan by weekday the request names, or null. */
export function weeklyPlanIn(text: string): { per: string; items: string[]; columns: string[] } | null {
  const plan = PLANS.find(([re]) => re.test(text));
  return plan ? { per: 'Day', items: [...DAYS], columns: [...plan[1]] } : null;
}
