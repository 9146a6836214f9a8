// A total shared out by percentages that a request describes ("wedding budget: total 25k, venue 40%,
// catering 30%, photography 10%, rest misc", "marketing budget of $50,000: 50% ads, 30% events, the
// remainder for content"): the total when given, each part's share, and the part that takes what is
// left. Only a request with at least two parts given as percentages (of one total, together at most
// 100%) and a total or a budget to share is read as an allocation.
import { typedValue } from './inline-data.ts';

export interface Allocation {
  /** What is shared out, capitalised: "Wedding budget", "Budget". */
  what: string;
  total: number | null;
  /** What the total is called when the request names it other than a budget ("Income", "Salary"). */
  totalLabel: string | null;
  currency: string | null;
  /** The parts with their shares (fractions); the remainder's share is null: 1 less the others. */
  parts: { label: string; share: number | null }[];
}

const MONEY = String.raw`[$€£]?\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m)?\b(?:\s?(?:€|USD|EUR|GBP))?`;
const TOTAL = new RegExp(String.raw`\b(total(?:\s+budget)?|overall\s+budget|budget|income|salary|take[- ]home(?:\s+pay)?|earnings)\s*(?:of|is|:|=)?\s*(${MONEY})`, 'i');
/** "a $120k budget" (not the "20" of a "50/30/20 budget"). */
const BUDGET_OF = new RegExp(String.raw`(?<![/\d])(${MONEY})\s+(?:total\s+)?budget\b`, 'i');
const SHARE = /(?:^|[,;:]\s*|\band\s+)(?:(\d{1,2}(?:\.\d+)?)\s?%\s+(?:(?:on|for|to|goes\s+to)\s+)?([a-z][\w &'/-]{1,30}?)|([a-z][\w &'/-]{1,30}?)\s*(?::|=|\s)\s*(\d{1,2}(?:\.\d+)?)\s?%)(?=\s*(?:[,;.]|\band\b|$))/gi;
const REST = /(?:\b(?:the\s+)?(?:rest|remainder|remaining|leftover)\s+(?:(?:goes\s+)?(?:to|for|on|is|:)\s*)?(?:the\s+)?([a-z][\w &'-]{1,30}?)|\b([a-z][\w &'-]{1,30}?)\s+(?:gets|takes)\s+the\s+(?:rest|remainder))(?=\s*(?:[,;.]|\band\b|$))/i;
const cap = (s: string) => s.trim().replace(/^\w/, (c) => c.toUpperCase());

export function allocationIn(prompt: string): Allocation | null {
  const text = prompt.replace(/\s+/g, ' ');
  const named = TOTAL.exec(text);
  const before = named ? null : BUDGET_OF.exec(text);
  const total = named ? { label: named[1], amount: named[2] } : before ? { label: null, amount: before[1] } : null;
  const shares = [...text.matchAll(SHARE)].map((m) => ({ label: cap((m[2] ?? m[3]).replace(/^(?:the|a|an)\s+/i, '')), share: Number(m[1] ?? m[4]) / 100 }));
  if (shares.length < 2 || (!total && !/\bbudget\b/i.test(text))) return null;
  const sum = shares.reduce((s, p) => s + p.share!, 0);
  if (sum > 1 + 1e-9 || shares.some((p) => /^(?:total|budget|tax|vat|tip|interest|rate|income|salary)$/i.test(p.label))) return null;
  const rest = REST.exec(text);
  const parts: Allocation['parts'] = [...shares];
  if (rest) parts.push({ label: cap((rest[1] ?? rest[2]).replace(/^(?:the|a|an)\s+/i, '')), share: null });
  const amount = total ? typedValue(total.amount.trim()) : null;
  const totalLabel = total?.label && /^(?:income|salary|take|earnings)/i.test(total.label) ? cap(total.label.toLowerCase()) : null;
  const kind = /\b([a-z]+)\s+budget\b/i.exec(text);
  const what = kind && !/^(?:a|an|the|my|our|total|overall|monthly|of|is)$/i.test(kind[1]) ? `${cap(kind[1])} budget` : 'Budget';
  return { what, total: typeof amount?.value === 'number' ? amount.value : null, totalLabel, currency: amount?.currency ?? null, parts };
}
