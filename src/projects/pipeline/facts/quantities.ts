// Numbers as documents write them: "$1.2M", "1.35 million", "€800k", "1,200,000", "(1,200)", "12.5%".
// A quantity is normalized to base units (1.2M -> 1200000) with its currency or unit, and keeps its
// precision: half the place value of its last written digit (1.2M -> 50000), so that two figures that
// agree once rounded to the coarser one ("1.2M" and "1,203,000") are not called a conflict.

export interface Quantity {
  value: number;
  /** `USD`, `EUR`, `GBP`, `JPY`, `CHF`, `%`, or null for a plain number. */
  unit: string | null;
  /** Half the place value of the last written digit, in base units. */
  precision: number;
  raw: string;
  index: number;
  length: number;
}

const CURRENCY_SYMBOL: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
const CURRENCY_CODES = new Set(['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD']);
const SCALES: Record<string, number> = {
  k: 1e3, thousand: 1e3, thousands: 1e3,
  m: 1e6, mn: 1e6, mm: 1e6, mio: 1e6, million: 1e6, millions: 1e6,
  b: 1e9, bn: 1e9, billion: 1e9, billions: 1e9,
  t: 1e12, tn: 1e12, trillion: 1e12,
};

const NUMBER_RE = new RegExp(
  String.raw`(?<neg>[-−–]\s?|\()?` +
  String.raw`(?<pre>[$€£¥]|\b(?:USD|EUR|GBP|JPY|CHF|CAD|AUD)\s?)?\s?` +
  String.raw`(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)` +
  String.raw`(?:\s?(?<scale>thousands?|millions?|billions?|trillion|mn|mm|mio|bn|tn|[kKmMbBtT])\b)?` +
  String.raw`\)?` +
  String.raw`(?:\s?(?<post>%|percent\b|per\s?cent\b|(?:USD|EUR|GBP|JPY|CHF|CAD|AUD)\b))?`,
  'g',
);

function decimalsOf(num: string): number {
  const dot = num.indexOf('.');
  return dot < 0 ? 0 : num.length - dot - 1;
}

/** Every quantity in the text, in order. Digits inside words (Q1, H2, A4) are not quantities. */
export function findQuantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(NUMBER_RE)) {
    const g = m.groups!;
    // The pattern may take the blank before a number; the quantity starts after it.
    const start = m.index! + (m[0].length - m[0].trimStart().length);
    const before = text[start - 1] ?? ' ';
    if (/[A-Za-z0-9_.]/.test(before) && !g.neg && !g.pre) continue;
    const end = m.index! + m[0].length;
    const after = text[end] ?? ' ';
    if (/[A-Za-z0-9]/.test(after) && !g.scale && !g.post) continue;
    let value = Number(g.num.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const scaleWord = g.scale?.toLowerCase();
    // A lone "m"/"b"/"t" after a plain number (no currency) is as likely a unit of length as a scale.
    const scale = scaleWord && (scaleWord.length > 1 || g.pre || /[MBK]/.test(g.scale!)) ? SCALES[scaleWord] ?? 1 : 1;
    if (scaleWord && scale === 1 && scaleWord.length === 1) continue;
    const negative = Boolean(g.neg && (g.neg.startsWith('(') ? m[0].trimEnd().endsWith(')') : true));
    if (g.neg?.startsWith('(') && !m[0].trimEnd().endsWith(')')) continue;
    value *= scale;
    if (negative) value = -value;
    const pre = g.pre?.trim();
    const post = g.post?.toLowerCase().replace(/\s/g, '');
    const unit = post === '%' || post?.startsWith('per') ? '%'
      : post ? post.toUpperCase()
        : pre ? CURRENCY_SYMBOL[pre] ?? (CURRENCY_CODES.has(pre.toUpperCase()) ? pre.toUpperCase() : null)
          : null;
    // A bare integer's trailing zeros are taken as written (1,200,000 is exact); decimals set the place.
    const place = decimalsOf(g.num) > 0 ? 10 ** -decimalsOf(g.num) : 1;
    const precision = (place * scale) / 2;
    out.push({ value, unit, precision, raw: m[0].trim(), index: start, length: end - start });
  }
  return out;
}

/** Scale and unit a header or label announces: "Revenue ($m)", "Sales (EUR thousands)", "in millions". */
export function headerScale(label: string): { scale: number; unit: string | null } {
  const paren = /\(([^)]*)\)|\bin\s+((?:[$€£]|usd|eur|gbp)?\s*(?:thousands|millions|billions|k|m|bn))\b/i.exec(label);
  if (!paren) return { scale: 1, unit: null };
  const inner = (paren[1] ?? paren[2]).toLowerCase();
  const symbol = /[$€£¥]/.exec(inner)?.[0];
  const code = /\b(usd|eur|gbp|jpy|chf|cad|aud)\b/.exec(inner)?.[1]?.toUpperCase();
  const unit = symbol ? CURRENCY_SYMBOL[symbol] : code ?? (inner.includes('%') ? '%' : null);
  const word = /(thousands?|millions?|billions?|mn|bn|mio|\bk\b|\bm\b|\bb\b|(?<=[$€£¥])\s?[kmb]\b)/.exec(inner)?.[1]?.trim();
  return { scale: word ? SCALES[word] ?? 1 : 1, unit };
}

/** A figure for people: 1200000 USD -> "$1.2M", 0.125 % stays "12.5%". */
export function formatQuantity(value: number, unit: string | null): string {
  const abs = Math.abs(value);
  const [n, suffix] = abs >= 1e9 ? [value / 1e9, 'B'] : abs >= 1e6 ? [value / 1e6, 'M'] : abs >= 1e4 ? [value / 1e3, 'k'] : [value, ''];
  const digits = Number.isInteger(n) ? 0 : Math.abs(n) >= 100 ? 1 : Math.abs(n) >= 10 ? 2 : 3;
  const text = `${Number(n.toFixed(digits)).toLocaleString('en-US', { maximumFractionDigits: digits })}${suffix}`;
  if (unit === '%') return `${text}%`;
  const symbol = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' }[unit ?? ''];
  return symbol ? `${value < 0 ? '-' : ''}${symbol}${text.replace(/^-/, '')}` : unit ? `${text} ${unit}` : text;
}
