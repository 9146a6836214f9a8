// Rows of figures a request types as a list, one label with several figures each ("Q1-Q4 sales: North
// 120 140 160 180, South 90 95 100 110", "monthly signups Jan-Apr: web 120/150/170/210, app 80/95/99/130"):
// a table with a column per figure, headed by the periods the request names (Q1..Q4, Jan..Apr, 2021..2024)
// or numbered when it names none. Every item of the list must carry the same number (2 to 24) of figures.
import { typedTable, type InlineTable } from './inline-data.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const NUMBER = String.raw`-?[$€£]?\d[\d,]*(?:\.\d+)?%?[kKmM]?`;
const ITEM = new RegExp(String.raw`^([A-Za-z][\w &'-]{0,30}?)\s*:?\s+(${NUMBER}(?:\s*[\s/|]\s*${NUMBER}){1,23})$`);

/** The column headers a range before the list names: "Q1-Q4", "Jan to Apr", "2021-2024". */
function periods(before: string, n: number): string[] | null {
  const q = /\bQ([1-4])\s*(?:-|–|to|through)\s*Q([1-4])\b/i.exec(before);
  if (q && Number(q[2]) - Number(q[1]) + 1 === n) return Array.from({ length: n }, (_, i) => `Q${Number(q[1]) + i}`);
  const m = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*(?:-|–|to|through)\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.exec(before);
  if (m) {
    const a = MONTHS.findIndex((x) => x.toLowerCase() === m[1].toLowerCase());
    const b = MONTHS.findIndex((x) => x.toLowerCase() === m[2].toLowerCase());
    if (b - a + 1 === n) return MONTHS.slice(a, b + 1);
  }
  const y = /\b((?:19|20)\d{2})\s*(?:-|–|to|through)\s*((?:19|20)\d{2})\b/.exec(before);
  if (y && Number(y[2]) - Number(y[1]) + 1 === n) return Array.from({ length: n }, (_, i) => String(Number(y[1]) + i));
  return null;
}

export function seriesIn(text: string): InlineTable | null {
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const list = line.slice(colon + 1).trim().replace(/\.$/, '');
    const items = list.split(/\s*[,;]\s*(?:and\s+)?|\s+and\s+/).map((x) => x.trim()).filter(Boolean);
    if (items.length < 2) continue;
    const rows = items.map((item) => ITEM.exec(item));
    if (rows.some((r) => !r)) continue;
    const figures = rows.map((r) => r![2].split(/\s*[\s/|]\s*/).filter(Boolean));
    const n = figures[0].length;
    if (figures.some((f) => f.length !== n)) continue;
    const before = line.slice(0, colon);
    const heads = periods(before, n) ?? Array.from({ length: n }, (_, i) => `Value ${i + 1}`);
    const by = /\bby\s+([a-z]{3,20})\b/i.exec(before)?.[1];
    const name = before.replace(/\b(?:Q[1-4]\s*(?:-|–|to)\s*Q[1-4]|(?:19|20)\d{2}\s*(?:-|–|to)\s*(?:19|20)\d{2})\b/gi, '').replace(/\bby\s+[a-z]+\b/i, '').replace(/^.*\b(?:of|for|with|on)\s+/i, '').trim();
    const t = typedTable([by ? by[0].toUpperCase() + by.slice(1) : 'Item', ...heads], rows.map((r, i) => [r![1].trim().replace(/^\w/, (c) => c.toUpperCase()), ...figures[i]]));
    return { ...t, inferredHeader: true, name: name ? name[0].toUpperCase() + name.slice(1) : null, source: list };
  }
  return null;
}

const MONTH_NAME = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?$/i;
const DAY_NAME = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\.?$/i;

/** What labels that are all periods are: "Month" (Jan, February), "Quarter" (Q1), "Year" (2024), "Day" (Mon); else null. */
export function periodHeader(labels: string[]): string | null {
  const all = (re: RegExp) => labels.length >= 2 && labels.every((l) => re.test(l.trim()));
  if (all(MONTH_NAME)) return 'Month';
  if (all(/^Q[1-4](?:\s+(?:19|20)\d{2})?$/i)) return 'Quarter';
  if (all(/^(?:19|20)\d{2}$/)) return 'Year';
  if (all(DAY_NAME)) return 'Day';
  if (all(/^(?:week|wk)\s*\d{1,2}$/i)) return 'Week';
  return null;
}

/** A measure named with its period ("monthly sales 2024", "Q3 revenue") is the measure: "Sales", "Revenue". */
export function measureOf(label: string): string {
  const bare = label.replace(/\b(?:monthly|quarterly|weekly|daily|yearly|annual|(?:19|20)\d{2}|Q[1-4]|FY\s?\d{2,4}|per\s+(?:month|quarter|week|day|year)|by\s+(?:month|quarter|week|day|year))\b/gi, ' ').replace(/\s+/g, ' ').trim();
  return bare ? bare[0].toUpperCase() + bare.slice(1) : label;
}
