// A schedule a request lists ("agenda: 9am welcome, 10am strategy review, 12pm lunch"): each item a time
// and what happens then. Word and Slides show it as one table of times and sessions, not a part per entry.

export interface ScheduleEntry { time: string; what: string }

const TIME = String.raw`(?:[01]?\d|2[0-3])(?::[0-5]\d)?\s?(?:am|pm)|(?:[01]?\d|2[0-3]):[0-5]\d`;
const TIMED = new RegExp(String.raw`^(${TIME})(?:\s*[-–:]\s*|\s+)(.+)$`, 'i');

/** Whether a phrase starts with a time of day ("9am welcome", "10:30 review"). */
export const startsWithTime = (text: string) => new RegExp(String.raw`^(?:${TIME})\b`, 'i').test(text.trim());

/** The entries when every item (at least two) starts with a time; else null. */
export function scheduleOf(items: string[]): ScheduleEntry[] | null {
  const timed = items.map((i) => TIMED.exec(i.trim()));
  if (items.length < 2 || !timed.every(Boolean)) return null;
  return timed.map((m) => ({ time: m![1], what: m![2][0].toUpperCase() + m![2].slice(1) }));
}

/** The table's title and column headers in the request's language. */
export const SCHEDULE_WORDS = {
  en: { title: 'Agenda', time: 'Time', what: 'Session' },
  de: { title: 'Tagesordnung', time: 'Uhrzeit', what: 'Programmpunkt' },
  es: { title: 'Orden del día', time: 'Hora', what: 'Actividad' },
  fr: { title: 'Ordre du jour', time: 'Heure', what: 'Séquence' },
} as const;
