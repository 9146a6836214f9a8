// A savings goal a request states ("savings plan: I want to save $10,000 in 12 months, I already have
// $1,500", "save for a $6k trip by next summer, 18 months, 3% interest"): the goal, the months to reach
// it, what is already saved and an annual interest rate when given. Only a request that asks to save
// (a savings plan, goal or tracker, or "save $X") with a goal amount and a number of months or years is
// read as one.
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
const ASKS = /\b(?:savings?\s+(?:plan|goal|tracker|schedule|calculator)|sav(?:e|ing)\s+(?:up\s+)?(?:for|toward|towards)?|emergency\s+fund|sinking\s+fund)\b/i;
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10, twelve: 12, eighteen: 18, 'twenty-four': 24 };

const amount = (raw: string) => {
  const v = typedValue(raw.replace(/\s?(?:dollars)$/i, '$').replace(/^(\d[\d,.]*)\$$/, '$$$1').trim());
  return typeof v.value === 'number' ? v : null;
};

export function savingsIn(prompt: string): SavingsGoal | null {
  const text = prompt.replace(/\s+/g, ' ');
  if (!ASKS.test(text)) return null;
  const goalM = new RegExp(String.raw`\b(?:save|saving|goal(?:\s+(?:of|is))?|target(?:\s+(?:of|is))?|reach|need|for\s+an?)\s*(?:up\s+)?(?:a\s+)?(${MONEY})`, 'i').exec(text);
  const goal = goalM ? amount(goalM[1]) : null;
  const period = new RegExp(String.raw`\b(?:in|over|within|for|by|,)\s+(?:the\s+next\s+)?(\d{1,3}|one|two|three|four|five|six|ten|twelve|eighteen|twenty-four)\s+(months?|years?)\b`, 'i').exec(text);
  if (!goal || !period) return null;
  const n = WORDS[period[1].toLowerCase()] ?? Number(period[1]);
  const months = /^year/i.test(period[2]) ? n * 12 : n;
  if (months < 1 || months > 600) return null;
  const savedM = new RegExp(String.raw`\b(?:already\s+(?:have|saved|got)|have\s+already\s+saved|starting\s+(?:with|from|at)|start\s+with|currently\s+(?:have|at)|i\s+have)\s+(?:about\s+)?(${MONEY})`, 'i').exec(text);
  const saved = savedM ? amount(savedM[1]) : null;
  const rateM = /\b(\d{1,2}(?:\.\d+)?)\s?%\s*(?:a\s+year\s+|annual\s+|yearly\s+|apy\s+|apr\s+)?(?:interest|apy|return|a\s+year|annually|per\s+year)\b|\binterest\s+(?:rate\s+)?(?:of\s+)?(\d{1,2}(?:\.\d+)?)\s?%/i.exec(text);
  const purpose = /\bsav(?:e|ing)\s+(?:up\s+)?(?:for|toward|towards)\s+(?:a|an|my|our|the)?\s*(?:\$?[\d,.]+k?\s+)?([a-z][a-z -]{2,30}?)(?=\s*(?:[,.;:]|\bin\b|\bby\b|\bover\b|$))/i.exec(text)?.[1]
    ?? (/\bemergency\s+fund\b/i.test(text) ? 'emergency fund' : null);
  return {
    goal: goal.value as number, currency: goal.currency ?? saved?.currency ?? null, months,
    saved: saved && (saved.value as number) < (goal.value as number) ? (saved.value as number) : 0,
    rate: rateM ? Number(rateM[1] ?? rateM[2]) / 100 : 0,
    purpose: purpose ? purpose.trim() : null,
  };
}
