// A savings goal a request states ("savings plan: I want to save $10,000 in 12 months, I already have
// $1,500", "save for a $6k trip by next summer, 18 months, 3% interest"): the goal, the months to reach
// it, what is already saved and an annual interest rate when given. Only a request that asks to save
// (a savings plan, goal or tracker, or "save $X") with a goal amount and a number of months or years, or a
// month to reach it by ("goal 3000 by August": the months from now to the next August), is read as one.
import { typedValue } from './inline-data.ts';

export interface SavingsGoal {
  goal: number;
  currency: string | null;
  months: number;
  saved: number;
  /** Annual interest rate as a fraction; 0 when the request gives none. */
  rate: number;
  /** What the saving is for, when the request says ("trip", "emergency fund"). */
  purpose: string | null;
}

const MONEY = String.raw`[$€£]\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m)?\b|\d[\d,]*(?:\.\d+)?\s?(?:k|m)?\s?(?:€|dollars|euros?|pounds|USD|EUR|GBP)|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?\s?k\b`;
const ASKS = /\b(?:savings?\s+(?:plan|goal|tracker|schedule|calculator)\b|sav(?:e|ing)\s+(?:up\s+)?(?:(?:for|toward|towards)\b|(?=[$€£\d]))|emergency\s+fund\b|sinking\s+fund\b)/i;
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10, twelve: 12, eighteen: 18, 'twenty-four': 24 };

const amount = (raw: string) => {
  const v = typedValue(raw.replace(/\s?(?:dollars)$/i, '$').replace(/^(\d[\d,.]*)\$$/, '$$$1').trim());
  return typeof v.value === 'number' ? v : null;
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const BY_MONTH = /\b(?:by|until|till|before)\s+(?:(?:the\s+)?end\s+of\s+)?(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?:\s+((?:19|20)\d{2}))?\b/i;

/** Months from `now` to a month the request names ("by August": the next August; "by June 2027"); null for one past or too far. */
function monthsUntil(m: RegExpExecArray, now: Date): number | null {
  const month = MONTHS.indexOf(m[1].slice(0, 3).toLowerCase());
  const from = now.getUTCFullYear() * 12 + now.getUTCMonth();
  let to = (m[2] ? Number(m[2]) : now.getUTCFullYear()) * 12 + month;
  if (!m[2] && to <= from) to += 12;
  return to > from ? to - from : null;
}

/** `now`: the date a month the request names as the deadline ("by August") is counted from. */
export function savingsIn(prompt: string, now = new Date()): SavingsGoal | null {
  const text = prompt.replace(/\s+/g, ' ');
  if (!ASKS.test(text)) return null;
  // ("goal 3000": after the word for a goal, a plain number is the amount too.)
  const goalM = new RegExp(String.raw`\b(?:save|saving|goal(?:\s+(?:of|is))?|target(?:\s+(?:of|is))?|reach|need|for\s+an?)\s*(?:up\s+)?(?:a\s+)?(${MONEY})`, 'i').exec(text)
    ?? new RegExp(String.raw`\b(?:goal|target)(?:\s+(?:of|is))?:?\s+(\d[\d,]*(?:\.\d+)?)\b(?!\s*(?:%|months?|years?|weeks?))`, 'i').exec(text);
  const goal = goalM ? amount(goalM[1]) : null;
  const period = new RegExp(String.raw`\b(?:in|over|within|for|by|,)\s+(?:the\s+next\s+)?(\d{1,3}|one|two|three|four|five|six|ten|twelve|eighteen|twenty-four)\s+(months?|years?)\b`, 'i').exec(text);
  const byMonth = period ? null : BY_MONTH.exec(text);
  const until = byMonth ? monthsUntil(byMonth, now) : null;
  if (!goal || (!period && !until)) return null;
  const n = period ? WORDS[period[1].toLowerCase()] ?? Number(period[1]) : until!;
  const months = period && /^year/i.test(period[2]) ? n * 12 : n;
  if (months < 1 || months > 600) return null;
  const savedM = new RegExp(String.raw`\b(?:already\s+(?:have|saved|got)|have\s+already\s+saved|starting\s+(?:with|from|at)|start\s+with|currently\s+(?:have|at)|i\s+have)\s+(?:about\s+)?(${MONEY})`, 'i').exec(text);
  const saved = savedM ? amount(savedM[1]) : null;
  const rateM = /\b(\d{1,2}(?:\.\d+)?)\s?%\s*(?:a\s+year\s+|annual\s+|yearly\s+|apy\s+|apr\s+)?(?:interest|apy|return|a\s+year|annually|per\s+year)\b|\binterest\s+(?:rate\s+)?(?:of\s+)?(\d{1,2}(?:\.\d+)?)\s?%/i.exec(text);
  const purpose = /\bsav(?:e|ing)\s+(?:up\s+)?(?:for|toward|towards)\s+(?:a|an|my|our|the)?\s*(?:\$?[\d,.]+k?\s+)?([a-z][a-z -]{2,30}?)(?=\s*(?:[,.;:]|\bin\b|\bby\b|\bover\b|$))/i.exec(text)?.[1]
    ?? /\bsavings?\s+(?:plan|goal|tracker)\s+for\s+(?:a|an|my|our|the)\s+([a-z][a-z -]{2,30}?)(?=\s*(?:[,.;:]|\bin\b|\bby\b|\bover\b|$))/i.exec(text)?.[1]
    ?? (/\bemergency\s+fund\b/i.test(text) ? 'emergency fund' : null);
  return {
    goal: goal.value as number, currency: goal.currency ?? saved?.currency ?? null, months,
    saved: saved && (saved.value as number) < (goal.value as number) ? (saved.value as number) : 0,
    rate: rateM ? Number(rateM[1] ?? rateM[2]) / 100 : 0,
    purpose: purpose ? purpose.trim() : null,
  };
}
