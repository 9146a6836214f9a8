// Periods as documents write them, normalized so that "Q1 2024", "2024-Q1" and "first quarter of 2024"
// are one key (`2024-Q1`). Keys: `2024` (a year; fiscal years "FY2024" count as the year),
// `2024-H1`, `2024-Q1`, `2024-01`. Each key has an ordinal within its granularity so series can be
// ordered and gaps found.

export type Granularity = 'Y' | 'H' | 'Q' | 'M';

export interface Period {
  key: string;
  /** As written. */
  text: string;
  granularity: Granularity;
  /** Consecutive periods of one granularity have consecutive ordinals. */
  ordinal: number;
  /** Where the match is in the text searched. */
  index: number;
  length: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORDINALS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };
const YEAR = "'?((?:19|20)\\d{2}|\\d{2})";

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

interface Rule {
  re: RegExp;
  make(m: RegExpExecArray): { granularity: Granularity; year: number; part: number } | null;
}

// Most specific first: a quarter is found before the year inside it.
const RULES: Rule[] = [
  { re: new RegExp(`\\bQ([1-4])\\s*(?:[-/' ]\\s*)?(?:FY\\s*)?${YEAR}\\b`, 'gi'), make: (m) => ({ granularity: 'Q', year: fullYear(m[2]), part: Number(m[1]) }) },
  { re: /\b((?:19|20)\d{2})\s*[-/ ]?\s*Q([1-4])\b/gi, make: (m) => ({ granularity: 'Q', year: Number(m[1]), part: Number(m[2]) }) },
  { re: /\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(?:FY\s*)?((?:19|20)\d{2})\b/gi, make: (m) => ({ granularity: 'Q', year: Number(m[2]), part: ORDINALS[m[1].toLowerCase()] }) },
  { re: new RegExp(`\\bH([12])\\s*(?:[-/' ]\\s*)?(?:FY\\s*)?${YEAR}\\b`, 'gi'), make: (m) => ({ granularity: 'H', year: fullYear(m[2]), part: Number(m[1]) }) },
  { re: /\b((?:19|20)\d{2})\s*[-/ ]?\s*H([12])\b/gi, make: (m) => ({ granularity: 'H', year: Number(m[1]), part: Number(m[2]) }) },
  { re: new RegExp(`\\b${MONTH}\\.?,?\\s+((?:19|20)\\d{2})\\b`, 'gi'), make: (m) => ({ granularity: 'M', year: Number(m[2]), part: MONTHS.indexOf(m[1].slice(0, 3).toLowerCase()) + 1 }) },
  { re: /\b((?:19|20)\d{2})-(0[1-9]|1[0-2])\b(?!-\d)/g, make: (m) => ({ granularity: 'M', year: Number(m[1]), part: Number(m[2]) }) },
  { re: /\bFY\s*'?((?:19|20)\d{2}|\d{2})\b/gi, make: (m) => ({ granularity: 'Y', year: fullYear(m[1]), part: 0 }) },
  { re: /(?<![\d.,$€£-])\b((?:19|20)\d{2})\b(?![.,]\d|\s*%)/g, make: (m) => ({ granularity: 'Y', year: Number(m[1]), part: 0 }) },
];

function keyOf(g: Granularity, year: number, part: number): { key: string; ordinal: number } {
  switch (g) {
    case 'Y': return { key: String(year), ordinal: year };
    case 'H': return { key: `${year}-H${part}`, ordinal: year * 2 + part - 1 };
    case 'Q': return { key: `${year}-Q${part}`, ordinal: year * 4 + part - 1 };
    case 'M': return { key: `${year}-${String(part).padStart(2, '0')}`, ordinal: year * 12 + part - 1 };
  }
}

/** Every period in the text, most specific first where they overlap, in text order otherwise. */
export function findPeriods(text: string): Period[] {
  const found: Period[] = [];
  const taken: [number, number][] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (const m of text.matchAll(rule.re)) {
      const start = m.index!;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      const p = rule.make(m as RegExpExecArray);
      if (!p || p.year < 1900 || p.year > 2100) continue;
      taken.push([start, end]);
      found.push({ ...keyOf(p.granularity, p.year, p.part), text: m[0], granularity: p.granularity, index: start, length: m[0].length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The single period a label names ("Revenue Q1 2024", "2024"), or null when it names none. */
export function periodOf(text: string): Period | null {
  const all = findPeriods(text);
  if (!all.length) return null;
  const rank: Record<Granularity, number> = { M: 0, Q: 1, H: 2, Y: 3 };
  return [...all].sort((a, b) => rank[a.granularity] - rank[b.granularity])[0];
}

/** The period a table cell or row label names: a period, or an ISO date (taken as its month). */
export function periodOfLabel(text: string): Period | null {
  const iso = /^\s*((?:19|20)\d{2})-(0[1-9]|1[0-2])-\d{2}(?:T[\d:.]+Z?)?\s*$/.exec(text);
  if (iso) return { ...keyOf('M', Number(iso[1]), Number(iso[2])), text: text.trim(), granularity: 'M', index: 0, length: text.length };
  return isOnlyPeriod(text) ? periodOf(text) : null;
}

/** True when the text is only a period ("Q1 2024", "FY2023", "March 2024"), nothing else. */
export function isOnlyPeriod(text: string): boolean {
  const p = periodOf(text);
  return p !== null && text.replace(p.text, '').replace(/[\s:()\-–]/g, '') === '';
}

/** The text with its periods blanked out (same length, so indexes stay valid). */
export function maskPeriods(text: string, periods = findPeriods(text)): string {
  let out = text;
  for (const p of periods) out = out.slice(0, p.index) + ' '.repeat(p.length) + out.slice(p.index + p.length);
  return out;
}

export function periodFromKey(key: string): { granularity: Granularity; ordinal: number } | null {
  let m = /^(\d{4})$/.exec(key);
  if (m) return { granularity: 'Y', ordinal: Number(m[1]) };
  m = /^(\d{4})-H([12])$/.exec(key);
  if (m) return { granularity: 'H', ordinal: Number(m[1]) * 2 + Number(m[2]) - 1 };
  m = /^(\d{4})-Q([1-4])$/.exec(key);
  if (m) return { granularity: 'Q', ordinal: Number(m[1]) * 4 + Number(m[2]) - 1 };
  m = /^(\d{4})-(\d{2})$/.exec(key);
  if (m) return { granularity: 'M', ordinal: Number(m[1]) * 12 + Number(m[2]) - 1 };
  return null;
}

export function keyFromOrdinal(g: Granularity, ordinal: number): string {
  switch (g) {
    case 'Y': return String(ordinal);
    case 'H': return `${Math.floor(ordinal / 2)}-H${(ordinal % 2) + 1}`;
    case 'Q': return `${Math.floor(ordinal / 4)}-Q${(ordinal % 4) + 1}`;
    case 'M': return `${Math.floor(ordinal / 12)}-${String((ordinal % 12) + 1).padStart(2, '0')}`;
  }
}

/** A period key as people write it: `2024-Q3` -> "Q3 2024", `2024-07` -> "Jul 2024", `2024` -> "2024". */
export function periodLabel(key: string): string {
  let m = /^(\d{4})-([QH][1-4])$/.exec(key);
  if (m) return `${m[2]} ${m[1]}`;
  m = /^(\d{4})-(\d{2})$/.exec(key);
  if (m) return `${MONTHS[Number(m[2]) - 1][0].toUpperCase()}${MONTHS[Number(m[2]) - 1].slice(1)} ${m[1]}`;
  return key;
}
