// Tiered rates a request states ("sales commission calculator, 5% on the first 10k and 8% above that",
// "tax brackets: 10% up to 11,000, 12% up to 44,725, 22% above", "royalties of 10% on the first 5,000
// copies and 12.5% after that"): each tier's upper bound and rate as written, in order, and the amount
// to apply them to when the request gives one ("on sales of $25,000"). Only a request that names what
// the rates are for and states at least two tiers whose bounds rise is read as tiers; nothing is assumed.
import { typedValue } from './inline-data.ts';

export interface Tier {
  /** Upper bound of the tier (the amount up to which its rate applies); null for the last, open tier. */
  upTo: number | null;
  /** The rate as a fraction (0.05). */
  rate: number;
}

export interface TieredRates {
  tiers: Tier[];
  /** The amount to apply the tiers to, when the request states it. */
  amount: number | null;
  /** ISO code of the amounts' currency (USD for $), null when none is written. */
  currency: string | null;
  /** What the rates are for: the input's and the result's labels ("Sales" and "Commission"). */
  input: string;
  result: string;
  /** Amounts of named people (or teams, regions) to apply the tiers to, each a row: "for Ana $62,000, Ben $48,500". */
  named: { name: string; amount: number }[];
}

const KINDS: [RegExp, string, string][] = [
  [/\bcommissions?\b/i, 'Sales', 'Commission'],
  [/\b(?:income\s+)?tax(?:es)?\b|\bbrackets?\b/i, 'Taxable income', 'Tax'],
  [/\broyalt(?:y|ies)\b/i, 'Revenue', 'Royalties'],
  [/\bbonus(?:es)?\b/i, 'Amount', 'Bonus'],
  [/\b(?:fees?|charges?)\b/i, 'Amount', 'Fee'],
  [/\btier(?:s|ed)?\b|\bslabs?\b/i, 'Amount', 'Result'],
];

const NUM = String.raw`[$€£]?\s?\d[\d,.]*(?:\s?(?:k|m|million|thousand)\b)?(?:\s?(?:€|\$|£|USD|EUR|GBP|dollars|euros?|pounds))?`;
/** A rate and what follows it up to the next rate: "5% on the first 10k and ". */
const RATE_CLAUSE = /(\d{1,2}(?:\.\d{1,3})?)\s?%([^%]*?)(?=\d{1,2}(?:\.\d{1,3})?\s?%|$)/g;
const FIRST = new RegExp(String.raw`\b(?:on|for)\s+(?:the\s+)?first\s+(${NUM})|\b(?:up\s+to|upto|until|below|under|to|till|through)\s+(${NUM})|\bbetween\s+${NUM}\s+and\s+(${NUM})|\bfrom\s+${NUM}\s+to\s+(${NUM})`, 'i');
const ABOVE = new RegExp(String.raw`\b(?:above|over|beyond|after|past|exceeding|more\s+than|on\s+the\s+rest|thereafter|on\s+anything\s+else|on\s+the\s+remainder)\b(?:\s+(?:that|this|it|${NUM}))?`, 'i');
const BASE = new RegExp(String.raw`\b(?:sales|income|revenue|earnings|salary|amount|order|deal)s?\s+(?:of|is|are|was|were|=|:)\s*(${NUM})|\bsold\s+(${NUM})|\b(?:on|for)\s+(?:a\s+)?(${NUM})\s+(?:in\s+)?(?:sales|income|revenue|deal|order)`, 'i');

function amountOf(raw: string): { value: number; currency: string | null } | null {
  const t = raw.replace(/\s?(million)$/i, 'm').replace(/\s?(thousand)$/i, 'k').replace(/\s?(dollars)$/i, ' USD').replace(/\s?(euros?)$/i, ' EUR').replace(/\s?(pounds)$/i, ' GBP').replace(/[.,]$/, '');
  const v = typedValue(t);
  return typeof v.value === 'number' && v.value >= 0 ? { value: v.value, currency: v.currency } : null;
}

/** "for Ana $62,000, Ben $48,500 and Cara $71,200": a capitalised name and its amount, after a separator. */
const NAMED = new RegExp(String.raw`(?:^|[,;:]\s*|\band\s+|\bfor\s+)(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)\s*(?::|=|-|–|\bsold\b|\bhas\b|\bwith\b)?\s*([$€£]?\s?\d+(?:[,.]\d+)*(?:\s?(?:k|m)\b)?(?:\s?(?:€|\$|£|USD|EUR|GBP))?)`, 'gu');
const NOT_A_NAME = /^(?:sales|commission|income|revenue|tax|taxes|amount|total|bonus|fee|fees|royalties|tier|tiers|rate|rates|up|above|over|the|first)$/i;

function namedAmounts(text: string): { name: string; amount: number; currency: string | null }[] {
  const out: { name: string; amount: number; currency: string | null }[] = [];
  for (const m of text.matchAll(NAMED)) {
    const a = amountOf(m[2].trim());
    if (!a || NOT_A_NAME.test(m[1].split(/\s+/)[0]) || out.some((x) => x.name === m[1])) continue;
    out.push({ name: m[1], amount: a.value, currency: a.currency });
  }
  return out.length >= 2 ? out : [];
}

export function tiersIn(text: string): TieredRates | null {
  const kind = KINDS.find(([re]) => re.test(text));
  if (!kind) return null;
  const tiers: Tier[] = [];
  let currency: string | null = null;
  let open = false;
  for (const m of text.matchAll(RATE_CLAUSE)) {
    const rate = Number(m[1]) / 100;
    const rest = m[2].split(/[;.](?:\s|$)/)[0];
    const bound = FIRST.exec(rest);
    if (bound && !open) {
      const a = amountOf(bound[1] ?? bound[2] ?? bound[3] ?? bound[4]);
      if (!a || !(a.value > 0)) return null;
      currency ??= a.currency;
      tiers.push({ upTo: a.value, rate });
    } else if (ABOVE.test(rest) && !open && tiers.length) {
      tiers.push({ upTo: null, rate });
      open = true;
    } else if (tiers.length) {
      return null;
    }
  }
  if (tiers.length < 2) return null;
  for (let i = 1; i < tiers.length; i++) if (tiers[i].upTo !== null && !(tiers[i].upTo! > tiers[i - 1].upTo!)) return null;
  const base = BASE.exec(text);
  const amount = base ? amountOf(base[1] ?? base[2] ?? base[3]) : null;
  const named = namedAmounts(text);
  return {
    tiers, amount: amount?.value ?? null, currency: currency ?? amount?.currency ?? named.find((n) => n.currency)?.currency ?? null, input: kind[1], result: kind[2],
    named: named.map(({ name, amount: value }) => ({ name, amount: value })),
  };
}
