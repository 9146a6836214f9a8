// A comparison of things the request counts but does not name ("comparing 3 apartments: rent, size,
// commute time", "compare two job offers on salary, commute and benefits"): a row for each of them,
// numbered ("Apartment 1", "Apartment 2", ...) to be named, and a column for each thing they are compared
// on. English only; read only when the request names no columns or rows of its own.
import { splitList } from './enumerations.ts';

const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const COUNTED = /\bcompar(?:e|es|ing|ison\s+of|ison\s+between)\s+(?:the\s+)?(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*)?)\s*(?::|\s+(?:on|by|in\s+terms\s+of|across|for)\s+)\s*([^.\n;]+)/iu;

/** "apartments" -> "apartment", "cities" -> "city", "boxes" -> "box", "exercises" -> "exercise"; "status", "analysis" stay. */
export function singular(word: string): string {
  if (/(?:us|is)$/i.test(word)) return word;
  if (/ies$/i.test(word)) return word.slice(0, -3) + 'y';
  // ("boxes", "classes", "matches", "statuses" lose "es"; "exercises", "courses", "expenses" only "s".)
  if (/(?:ss|x|z|ch|sh|us)es$/i.test(word)) return word.slice(0, -2);
  if (/[^s]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

export interface CountedComparison { per: string; items: string[]; columns: string[] }

export function countedComparisonIn(text: string): CountedComparison | null {
  const m = COUNTED.exec(text);
  if (!m) return null;
  const n = /^\d+$/.test(m[1]) ? Number(m[1]) : COUNTS[m[1].toLowerCase()];
  const words = m[2].trim().split(/\s+/);
  // (Things, not a unit: "3 months of sales" compares periods, and is not read here.)
  if (!(n >= 2 && n <= 12) || !/s$/i.test(words[words.length - 1]) || /^(?:months?|years?|weeks?|days?|quarters?|times?|ways?)$/i.test(words[words.length - 1])) return null;
  const criteria = splitList(m[3].trim()).map((c) => c.replace(/^(?:their|the|its)\s+/i, '').trim()).filter((c) => c && c.split(/\s+/).length <= 4);
  if (criteria.length < 2 || criteria.length > 10) return null;
  const noun = [...words.slice(0, -1), singular(words[words.length - 1])].join(' ');
  const per = noun[0].toUpperCase() + noun.slice(1);
  return { per, items: Array.from({ length: n }, (_, i) => `${per} ${i + 1}`), columns: criteria.map((c) => c[0].toUpperCase() + c.slice(1)) };
}

/**
 * What a table laid out by rows and columns the request describes is called: "Apartment comparison" for
 * things compared side by side, else the document's own name ("Weekly meal plan"), or null.
 */
export function laidOutName(u: { rowsPer: { per: string; items: string[] } | null; columns: string[]; intents: { compare?: unknown }; language: string; label: string | null }): string | null {
  if (!u.rowsPer?.items.length || !u.columns.length) return null;
  return u.intents.compare && u.language === 'en' ? `${u.rowsPer.per} comparison` : u.label;
}
