// A weekly timesheet a request asks for: for several people ("weekly timesheet for 3 employees",
// "timesheet for Ana, Ben and Chloe"), a row each and a column per working day; for one person
// ("weekly timesheet", "my timesheet for this week"), a row per day with its start, end and break.
// Days are Monday to Friday unless the request takes in the weekend. English only.

export interface Timesheet {
  /** Who gets a row (names as written), or how many rows of people there are; null: one person's week. */
  people: string[] | number | null;
  days: string[];
}

const TIMESHEET = /\b(?:time\s?sheets?|time\s?cards?|hours\s+(?:log|tracker)|work(?:ed)?\s+hours\s+(?:log|tracker))\b/i;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
const WEEKEND = /\b(?:weekends?|saturdays?|sundays?|7\s+days|seven\s+days|every\s+day)\b/i;
const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };
const PEOPLE = String.raw`(?:employees?|staff(?:\s+members)?|workers?|people|persons?|team\s+members?|contractors?|freelancers?|volunteers?|nurses|drivers|cleaners|interns|members)`;
const COUNTED = new RegExp(String.raw`\b(?:for|of)\s+(?:(?:my|our|the|a)\s+)?(?:team\s+of\s+)?(\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})\s*(?:${PEOPLE})?\b`, 'i');
const NAMED = /\bfor\s+((?:\p{Lu}[\p{L}'-]+)(?:\s*,\s*\p{Lu}[\p{L}'-]+)*(?:,?\s+and\s+\p{Lu}[\p{L}'-]+))\b/u;

export function timesheetIn(prompt: string): Timesheet | null {
  const text = prompt.replace(/\s+/g, ' ');
  if (!TIMESHEET.test(text) || /\b(?:month(?:ly)?|biweekly|fortnight(?:ly)?|two\s+weeks|2\s+weeks|year(?:ly)?)\b/i.test(text)) return null;
  const days = WEEKEND.test(text) ? [...WEEKDAYS, 'Sat', 'Sun'] : WEEKDAYS;
  const named = NAMED.exec(text);
  if (named) return { people: named[1].split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((n) => n.trim()).filter(Boolean), days };
  const counted = COUNTED.exec(text);
  const n = counted ? Number(counted[1]) || NUMBER_WORDS[counted[1].toLowerCase()] : 0;
  if (counted && n >= 2 && n <= 200) return { people: n, days };
  // ("timesheet for my team", "for all employees": people, how many not said.)
  if (new RegExp(String.raw`\bfor\s+(?:(?:my|our|the|all)\s+)+(?:team|${PEOPLE})\b`, 'i').test(text)) return { people: 3, days };
  return { people: null, days };
}
