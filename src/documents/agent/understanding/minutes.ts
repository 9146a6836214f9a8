// What meeting notes record, typed in a line after their colon: "meeting notes from today's design
// review: decided to drop the sidebar, Maria will redo the icons by Friday, next review on the 12th".
// Each clause goes where minutes keep it: a decision ("decided to ...", "agreed on ..."), an action item
// (someone will or is to do something, or something is due by a date), the next meeting, or a note. The
// items are kept as written (a decision without its "decided to"), capitalised. English only.
import type { Group } from './groups.ts';

const DECISION = /^(?:(?:we|the team|everyone|all)\s+)?(?:decided|agreed|approved|chose|voted|settled|went with|are going with|will go with)\b\s*(?:to|on|that|for)?\s*/i;
const ACTION = /^(?:\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?|we|i|they|the\s+\p{L}+(?:\s+team)?)\s+(?:will|'ll|to|is to|are to|should|needs? to|has to|have to|is going to|are going to|owns|takes)\b|\bby\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|eod|eow|end of (?:day|week|month)|next week|the \d|\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/iu;
const NEXT = /^next\s+(?:meeting|review|sync|call|check-?in|session|stand-?up|retro|one|1:1)\b/i;
const TITLES = { decision: 'Decisions', action: 'Action items', next: 'Next meeting', note: 'Notes' } as const;

const capitalised = (s: string) => s[0].toUpperCase() + s.slice(1);

/** The groups of the minutes' line after its colon, and the text they came from; null when it holds no decision or action item. */
export function minutesIn(text: string): { groups: Group[]; source: string } | null {
  const m = /:\s*([^\n]+)$/.exec(text.trim().split('\n')[0]);
  if (!m) return null;
  const source = m[1].replace(/[.!]\s*$/, '');
  const clauses = source.split(/\s*(?:;|,(?!\d{3}\b)|\.\s+)\s*/).map((c) => c.trim().replace(/^(?:and|also|plus)\s+/i, '')).filter(Boolean);
  if (clauses.length < 2) return null;
  const sorted = new Map<keyof typeof TITLES, string[]>();
  for (const c of clauses) {
    const kind = DECISION.test(c) ? 'decision' : NEXT.test(c) ? 'next' : ACTION.test(c) ? 'action' : 'note';
    const item = kind === 'decision' ? c.replace(DECISION, '') || c : c;
    sorted.set(kind, [...(sorted.get(kind) ?? []), capitalised(item)]);
  }
  // (Updates and the next meeting alone are a standup's updates: statements.ts reads those.)
  if (!sorted.has('decision') && !sorted.has('action')) return null;
  const order: (keyof typeof TITLES)[] = ['decision', 'action', 'next', 'note'];
  return { groups: order.filter((k) => sorted.has(k)).map((k) => ({ title: TITLES[k], items: sorted.get(k)! })), source: m[1] };
}
