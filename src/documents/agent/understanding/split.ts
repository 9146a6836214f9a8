// A cost shared between people that a request describes ("rent split calculator for 3 roommates, rent
// is 2400, rooms are different sizes", "split a $180 dinner bill between 4 people with an 18% tip",
// "divide the utilities among 5 housemates by income"): what is split, how many people share it, the
// amount when given, a tip when given, and how it is shared (equally, by room size or by income).
// Only a request that asks to split something between a stated number of people is read as a split.
import { typedValue } from './inline-data.ts';

export type SplitBasis = 'equal' | 'room size' | 'income' | 'usage';

export interface CostSplit {
  /** What is split, capitalised: "Rent", "Bill", "Utilities", "Costs". */
  what: string;
  people: number;
  /** What one person is called: "Roommate", "Person", "Friend". */
  person: string;
  amount: number | null;
  currency: string | null;
  /** A tip or service charge on top, as a fraction. */
  tip: number | null;
  basis: SplitBasis;
  /**
   * People named with the share they pay ("Sam has the big room and pays 40%"), as fractions; the others
   * share the rest equally. `amount`: the share was given as what the person pays ("Ana pays 900").
   */
  fixed: { name: string; share: number; amount?: number }[];
}

const SPLIT = /\b(split(?:ting)?|shar(?:e|ed|ing)|divid(?:e|ed|ing)|chip(?:ping)?\s+in|who\s+owes\s+what|fair\s+share)\b/i;
const WHAT: [RegExp, string][] = [
  [/\brent\b/i, 'Rent'], [/\butilit(?:y|ies)\b/i, 'Utilities'], [/\b(?:dinner|restaurant|bar|lunch)?\s*(?:bill|check|tab)\b/i, 'Bill'],
  [/\bgroceries\b/i, 'Groceries'], [/\b(?:trip|holiday|vacation|airbnb)\b/i, 'Trip costs'], [/\b(?:expenses|costs)\b/i, 'Costs'],
];
const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };
const PERSON = String.raw`(roommates?|room-?mates?|flatmates?|housemates?|people|persons?|friends|guests|tenants|colleagues|of\s+us|ways)`;
const PEOPLE = new RegExp(String.raw`\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:\w+\s+)?${PERSON}\b`, 'i');
/** "me and 2 roommates", "with my 2 flatmates", "my 3 friends and me": the writer is one of them too. */
const ME_AND = new RegExp(String.raw`\b(?:me\s+and|with\s+my)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?${PERSON}|\bmy\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?${PERSON}\s+and\s+(?:me|i|myself)\b`, 'i');
const AMOUNT = /(?:[$€£]\s?\d+(?:,\d{3})*(?:\.\d+)?(?:\s?k\b)?|\b\d+(?:,\d{3})*(?:\.\d+)?\s?(?:k\b)?(?:\s?(?:€|\$|£|USD|EUR|GBP|dollars|euros?|pounds))?)/gi;
const TIP = /(\d{1,2}(?:\.\d+)?)\s?%\s*(?:tip|gratuity|service(?:\s+charge)?)|(?:tip|gratuity|service(?:\s+charge)?)\s+(?:of\s+)?(\d{1,2}(?:\.\d+)?)\s?%/i;

/** "Sam has the big room and pays 40%", "Ana's share is 30%", "Ben covers 25%": a named person's share. */
// (Between the name and its verb, no other verb: "Ana pays $120 and Ben pays 40%" gives Ana no 40%.)
const FIXED = /\b(\p{Lu}\p{Ll}{1,20})(?:'s\s+share\s+is|\b(?:(?!\b(?:pays?|covers?|takes?|gets?|owes?)\b)[^.,;:%]){0,40}?\b(?:pays?|covers?|takes?|gets?|owes?))\s+(\d{1,2}(?:\.\d+)?)\s?%/gu;
const NOT_NAMES = /^(?:I|We|It|He|She|They|The|Rent|Bill|Each|Everyone|Someone|One|Tip|Utilities|My|Our|And|But|So|Then|Split|Make|Create|Can|Please)$/;

/** "Ana pays 900", "Ben covers $450": a named person's part as an amount, a share of the whole once it is known. */
const FIXED_AMOUNT = /\b(\p{Lu}\p{Ll}{1,20})\b(?:(?!\b(?:pays?|covers?|puts|owes?)\b)[^.,;:%]){0,40}?\b(?:pays?|covers?|puts\s+in|owes?)\s+([$€£]\s?\d+(?:,\d{3})*(?:\.\d+)?|\d+(?:,\d{3})*(?:\.\d+)?)(?![\d.,]*\s?%)(?!\d)/gu;

function fixedShares(text: string, amount: number | null): CostSplit['fixed'] {
  const found: (CostSplit['fixed'][number] & { at: number })[] = [];
  for (const m of text.matchAll(FIXED)) {
    if (NOT_NAMES.test(m[1]) || found.some((f) => f.name === m[1])) continue;
    found.push({ name: m[1], share: Number(m[2]) / 100, at: m.index });
  }
  for (const m of amount ? text.matchAll(FIXED_AMOUNT) : []) {
    const part = Number(m[2].replace(/[$€£,\s]/g, ''));
    if (NOT_NAMES.test(m[1]) || found.some((f) => f.name === m[1]) || !(part > 0 && part < amount!)) continue;
    found.push({ name: m[1], share: part / amount!, amount: part, at: m.index });
  }
  // (In the order the request names them.)
  const out = found.sort((a, b) => a.at - b.at).map(({ at: _, ...f }) => f);
  // (Shares of 100% or more leave nothing to the others: not read.)
  return out.reduce((a, f) => a + f.share, 0) < 1 ? out : [];
}

function personWord(raw: string): string {
  const w = raw.toLowerCase().replace(/-/g, '');
  if (/room|flat|house/.test(w)) return /flat/.test(w) ? 'Flatmate' : /house/.test(w) ? 'Housemate' : 'Roommate';
  if (w.startsWith('friend')) return 'Friend';
  if (w.startsWith('guest')) return 'Guest';
  if (w.startsWith('tenant')) return 'Tenant';
  if (w.startsWith('colleague')) return 'Colleague';
  return 'Person';
}

export function splitIn(text: string): CostSplit | null {
  // "track shared expenses" is a list of expenses to keep, not a calculator.
  if (!SPLIT.test(text) || /\b(track|tracker|log|record)\b/i.test(text)) return null;
  const what = WHAT.find(([re]) => re.test(text));
  const me = ME_AND.exec(text);
  const group = me ?? PEOPLE.exec(text);
  if (!what || !group) return null;
  const count = group[1] ?? group[3];
  const n = /^\d+$/.test(count) ? Number(count) : COUNT_WORDS[count.toLowerCase()];
  const people = n + (me ? 1 : 0);
  if (!(people >= 2 && people <= 20)) return null;
  const tip = TIP.exec(text);
  // The amount: the first figure that is not the head count, a percentage, a size or what one person pays.
  const rest = text.replace(group[0], ' ').replace(tip?.[0] ?? '\0', ' ').replace(FIXED_AMOUNT, ' ');
  let amount: { value: number; currency: string | null } | null = null;
  for (const m of rest.matchAll(AMOUNT)) {
    const after = rest.slice(m.index! + m[0].length, m.index! + m[0].length + 12);
    if (/^\s*(?:%|sq|square|m2|m²|ft|rooms?|bed|people|persons|x\b)/i.test(after)) continue;
    const t = m[0].trim().replace(/[,.]+$/, '').replace(/\s?dollars$/i, ' USD').replace(/\s?euros?$/i, ' EUR').replace(/\s?pounds$/i, ' GBP');
    const v = typedValue(t);
    if (typeof v.value === 'number' && v.value >= 10) { amount = { value: v.value, currency: v.currency }; break; }
  }
  const fixed = fixedShares(text, amount?.value ?? null).slice(0, people - 1);
  const basis: SplitBasis = /\b(room\s*sizes?|sizes?\s+of\s+(?:the\s+)?rooms?|rooms?\s+(?:are|is)\s+(?:of\s+)?(?:different|differing|unequal)\s+sizes?|square\s+(?:feet|footage|meters|metres)|sq\.?\s*ft|bigger\s+room|by\s+size)\b/i.test(text) ? 'room size'
    : /\b(by|based\s+on|proportional(?:ly)?\s+to|according\s+to|relative\s+to)\s+(?:our\s+|their\s+|each\s+person'?s\s+)?(income|incomes|salary|salaries|earnings)\b/i.test(text) ? 'income'
      : /\b(by|based\s+on|proportional(?:ly)?\s+to)\s+(?:usage|use|consumption|what\s+(?:each|everyone)\s+(?:ordered|had|used))\b/i.test(text) ? 'usage'
        : 'equal';
  return { what: what[1], people, person: personWord(group[2] ?? group[4]), amount: amount?.value ?? null, currency: amount?.currency ?? null, tip: tip ? Number(tip[1] ?? tip[2]) / 100 : null, basis, fixed };
}
