// Costs a request gives at a rate, with the counts they multiply ("budget for our Lisbon trip: 4 people,
// 5 nights, hotel €180 a night, food €60 a day each, flights €220 each, car rental €45 a day"): each
// cost with its price and what it is paid per (night, day, week, person, or combinations such as a day
// each), and the counts given (people, nights, days). Only a list where at least two costs have a price,
// at least one is paid per something, every cost reads as one, and every count a rate needs is given (or
// follows from another: a stay of 5 nights is taken as 5 days, a week as 7 of each) is read as one.
import { typedValue } from './inline-data.ts';

export type RateUnit = 'night' | 'day' | 'week' | 'person';
export type CountName = 'people' | 'nights' | 'days';

export interface RatedCost {
  label: string;
  price: number;
  /** What the price is paid per, in the order written (empty: once). */
  per: RateUnit[];
  /** A count the cost gives itself ("€45 a day for 3 days"), in place of the shared one of that unit. */
  own: Partial<Record<RateUnit, number>>;
}

export interface RatedCosts {
  costs: RatedCost[];
  currency: string | null;
  /** The counts the rates multiply; `derived` names those taken from another count. */
  counts: Partial<Record<CountName, number>>;
  derived: { days?: 'nights'; nights?: 'days' };
}

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fourteen: 14, twenty: 20 };
const N = String.raw`(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty)`;
const MONEY = String.raw`[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?k\b)?|\d[\d,]*(?:\.\d+)?\s?(?:€|£|\$|dollars|euros?|pounds|EUR|USD|GBP)\b`;
const COUNT = new RegExp(String.raw`\b(?:a\s+(?:group|family|party)\s+of\s+)?${N}\s+(people|persons|travell?ers|guests|adults|friends|of\s+us|pax|nights?|days?|weeks?)\b`, 'gi');
const ITEM = new RegExp(String.raw`^(?:an?\s+|the\s+)?([A-Za-z][\w &'/-]{0,40}?)\s*(?::|=|-|–|\bis\b|\bat\b|\bcosts?\b)?\s*(${MONEY})\s*(.*)$`, 'i');
const UNIT: [RegExp, RateUnit][] = [
  [/^(?:a|per|\/|each)\s*night\b|^nightly\b/i, 'night'],
  [/^(?:a|per|\/|each)\s*day\b|^daily\b/i, 'day'],
  [/^(?:a|per|\/|each)\s*week\b|^weekly\b/i, 'week'],
  [/^(?:each|apiece|pp\b|a\s+head\b|per\s+(?:person|head|pax|travell?er|guest)\b|a\s+person\b)/i, 'person'],
];
const OWN = new RegExp(String.raw`^(?:for|x|×)\s*${N}\s+(nights?|days?|weeks?|people|persons)\b`, 'i');
const OF_UNIT: Record<string, RateUnit> = { night: 'night', day: 'day', week: 'week', people: 'person', person: 'person', persons: 'person' };

const num = (w: string) => NUMBER_WORDS[w.toLowerCase()] ?? Number(w);

/** What a price is paid per ("a day each": day, person), with any count of its own; null when the rest is not that. */
function rateOf(rest: string): { per: RateUnit[]; own: RatedCost['own'] } | null {
  let r = rest.trim().replace(/[.!]+$/, '').trim();
  const per: RateUnit[] = [];
  const own: RatedCost['own'] = {};
  while (r) {
    r = r.replace(/^(?:and|per\s+room|total|in\s+total)\b\s*/i, '').trim();
    if (!r) break;
    const hit = UNIT.find(([re]) => re.test(r));
    if (hit) {
      if (per.includes(hit[1])) return null;
      per.push(hit[1]);
      r = r.replace(hit[0], '').trim();
      continue;
    }
    const o = OWN.exec(r);
    if (o) {
      const unit = OF_UNIT[o[2].toLowerCase().replace(/s$/, '')] ?? OF_UNIT[o[2].toLowerCase()];
      if (!unit) return null;
      own[unit] = num(o[1]);
      if (!per.includes(unit)) per.push(unit);
      r = r.slice(o[0].length).trim();
      continue;
    }
    return null;
  }
  return { per, own };
}

export function ratedCostsIn(prompt: string): RatedCosts | null {
  const text = prompt.replace(/\s+/g, ' ').trim();
  // Items are split at commas, semicolons and colons; at "and" or "plus" only between two prices
  // ("flights €220 each and a car €45 a day", not "food and drinks €60 a day").
  const money = new RegExp(MONEY, 'gi');
  const segments = text.split(/\s*(?:[:;\n]|,(?!\d{3}\b))\s*/).flatMap((s) => ((s.match(money) ?? []).length > 1 ? s.split(/\s+(?:and|plus)\s+/i) : [s]))
    .map((s) => s.trim()).filter(Boolean);
  const counts: RatedCosts['counts'] = {};
  const costs: RatedCost[] = [];
  let currency: string | null = null;
  for (const seg of segments) {
    if (!new RegExp(MONEY, 'i').test(seg)) {
      // The request's own words, where the counts are ("for 4 people", "a week in Rome", "5 nights").
      for (const count of seg.matchAll(COUNT)) {
        const n = num(count[1]);
        const what = count[2].toLowerCase();
        const key: CountName = /^night/.test(what) ? 'nights' : /^(?:day|week)/.test(what) ? 'days' : 'people';
        const value = /^week/.test(what) ? n * 7 : n;
        if (counts[key] !== undefined && counts[key] !== value) return null;
        counts[key] = value;
        if (/^week/.test(what)) counts.nights ??= value;
      }
      continue;
    }
    const item = ITEM.exec(seg);
    if (!item) return null;
    const rate = rateOf(item[3]);
    if (!rate) return null;
    const price = typedValue(item[2].replace(/\s?(?:dollars)$/i, '').replace(/^(\d[\d,.]*)\s?\$$/, '$$$1').trim());
    if (typeof price.value !== 'number' || price.value <= 0) return null;
    currency ??= price.currency;
    let label = item[1].trim().replace(/\s+(?:for|is|at|costs?)$/i, '');
    // "hotel 3 nights at $189": a count of its own in the label.
    const counted = new RegExp(String.raw`^(.+?)\s+(?:for\s+)?${N}\s+(nights?|days?|weeks?)$`, 'i').exec(label);
    if (counted) {
      const unit = OF_UNIT[counted[3].toLowerCase().replace(/s$/, '')];
      if (rate.own[unit] !== undefined) return null;
      rate.own[unit] = num(counted[2]);
      if (!rate.per.includes(unit)) rate.per.push(unit);
      label = counted[1];
    }
    if (!label || /^(?:total|budget|each|per)$/i.test(label)) return null;
    costs.push({ label: label.replace(/^\w/, (c) => c.toUpperCase()), price: price.value, per: rate.per, own: rate.own });
  }
  // (At least one rate multiplies a shared count: "hotel 3 nights at $189" alone is a line item.)
  if (costs.length < 2 || !costs.some((c) => c.per.some((u) => c.own[u] === undefined))) return null;
  const derived: RatedCosts['derived'] = {};
  const needs = (u: RateUnit) => costs.some((c) => c.per.includes(u) && c.own[u] === undefined);
  if ((needs('day') || needs('week')) && counts.days === undefined && counts.nights !== undefined) { counts.days = counts.nights; derived.days = 'nights'; }
  if (needs('night') && counts.nights === undefined && counts.days !== undefined) { counts.nights = counts.days; derived.nights = 'days'; }
  if ((needs('day') || needs('week')) && counts.days === undefined) return null;
  if (needs('night') && counts.nights === undefined) return null;
  if (needs('person') && counts.people === undefined) return null;
  return { costs, currency, counts, derived };
}
