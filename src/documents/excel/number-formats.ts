// Column types and their Excel number formats, and the reading of typed values out of text
// ("$1,200.50", "12.5%", "2024-03-31"), so CSV data and prompt tables become numbers and dates with the
// right display, not text that merely looks like numbers.

export type ColumnType = 'text' | 'integer' | 'number' | 'currency' | 'percent' | 'date' | 'datetime';

export const COLUMN_TYPES: readonly ColumnType[] = ['text', 'integer', 'number', 'currency', 'percent', 'date', 'datetime'];

const CURRENCY_SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', CHF: 'CHF ', INR: '₹', CAD: 'CA$', AUD: 'A$' };

export const CURRENCIES = Object.keys(CURRENCY_SYMBOL);

/**
 * The number format of a column type. Money shows the given ISO code's symbol, or no symbol when none is
 * given (amounts the request wrote without one: no currency is invented); negatives in parentheses.
 */
export function numberFormatFor(type: ColumnType, currency?: string | null, decimals?: number): string | undefined {
  const places = (n: number) => (n > 0 ? `.${'0'.repeat(n)}` : '');
  switch (type) {
    case 'integer': return '#,##0';
    case 'number': return `#,##0${places(decimals ?? 2)}`;
    case 'currency': {
      const sym = currency ? CURRENCY_SYMBOL[currency.toUpperCase()] ?? `${currency.toUpperCase()} ` : '';
      const body = `${sym ? `"${sym}"` : ''}#,##0${places(decimals ?? 2)}`;
      return `${body};(${body})`;
    }
    case 'percent': return `0${places(decimals ?? 1)}%`;
    case 'date': return 'yyyy-mm-dd';
    case 'datetime': return 'yyyy-mm-dd hh:mm';
    default: return undefined;
  }
}

/**
 * Money as the request's language writes it: the symbol before the amount in English ("€1,200.00",
 * "£950.00"), after it in German, Spanish and French ("1.200,00 €"); Excel shows the reader's own
 * separators either way. No currency: the amount without a symbol (none is invented).
 */
export function moneyFormat(currency: string | null | undefined, lang: string = 'en', decimals = 2): string {
  const body = `#,##0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`;
  if (!currency) return body;
  const sym = (CURRENCY_SYMBOL[currency.toUpperCase()] ?? currency.toUpperCase()).trim();
  return lang === 'en' ? `"${sym}${/^[A-Z]{2,}$/.test(sym) ? ' ' : ''}"${body}` : `${body} "${sym}"`;
}

/** An amount as English text in a summary ("$1,200", "€80.50", "CHF 90"); `cents`: always two decimals. */
export function moneyText(n: number, currency: string | null | undefined, cents = false): string {
  const sym = currency ? CURRENCY_SYMBOL[currency.toUpperCase()] ?? `${currency.toUpperCase()} ` : '';
  return `${sym}${n.toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** The type a number format displays (for outlines and for typing appended rows like their column). */
export function typeOfFormat(numFmt: string | undefined): ColumnType | null {
  if (!numFmt || numFmt === 'General' || numFmt === '@') return null;
  if (/%/.test(numFmt)) return 'percent';
  if (/[$€£¥₹]|"[A-Z]{3}\s*"|\[\$/.test(numFmt)) return 'currency';
  if (/h{1,2}:m{1,2}/i.test(numFmt)) return 'datetime';
  if (/[dy]/i.test(numFmt.replace(/"[^"]*"/g, ''))) return 'date';
  if (/0\.0/.test(numFmt)) return 'number';
  if (/0/.test(numFmt)) return 'integer';
  return null;
}

export interface TypedValue {
  value: string | number | boolean | Date | null;
  type: ColumnType;
  currency?: string;
}

const SYMBOL_CODE: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(?:Z)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** Reads one text field as a typed value. Empty text is null; anything unrecognised stays text. */
export function parseTypedValue(raw: string): TypedValue {
  const t = raw.trim();
  if (t === '') return { value: null, type: 'text' };
  if (/^(true|false)$/i.test(t)) return { value: /^true$/i.test(t), type: 'text' };
  // Codes with leading zeros (zip codes, ids) are text, not numbers.
  if (/^0\d+$/.test(t)) return { value: t, type: 'text' };
  const iso = ISO_DATE.exec(t);
  if (iso) {
    const [y, mo, d, h, mi, s, ms] = iso.slice(1).map((x, i) => (x === undefined ? 0 : Number(i === 6 ? x.padEnd(3, '0') : x)));
    const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms));
    if (date.getUTCMonth() === mo - 1) return { value: date, type: iso[4] ? 'datetime' : 'date' };
  }
  const us = US_DATE.exec(t);
  if (us) {
    // Month first, as Excel reads it in the US; a first part over 12 can only be a day ("25/03/2024").
    const [a, b, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    const [mo, d] = a > 12 && b <= 12 ? [b, a] : [a, b];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) return { value: date, type: 'date' };
  }
  const num = /^(\()?(-)?\s*([$€£¥₹])?\s*(-)?(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?\s*(%)?\s*([kKmMbB](?:n)?)?\)?$/.exec(t);
  // More than 15 integer digits (an 18-digit order id) is text: a number would keep only 15 of them.
  if (num && (num[5] ?? '').replace(/,/g, '').replace(/^0+/, '').length > 15) return { value: t, type: 'text' };
  if (num && (num[5] !== undefined || num[6] !== undefined) && (num[1] === undefined) === !t.endsWith(')')) {
    let n = Number(`${(num[5] ?? '0').replace(/,/g, '')}${num[6] ?? ''}`);
    const suffix = num[8]?.toLowerCase();
    if (suffix === 'k') n *= 1e3;
    else if (suffix === 'm') n *= 1e6;
    else if (suffix === 'b' || suffix === 'bn') n *= 1e9;
    if (num[1] || num[2] || num[4]) n = -n;
    if (num[7]) return { value: n / 100, type: 'percent' };
    if (num[3]) return { value: n, type: 'currency', currency: SYMBOL_CODE[num[3]] };
    return { value: n, type: Number.isInteger(n) && !num[6] ? 'integer' : 'number' };
  }
  return { value: t, type: 'text' };
}

const CURRENCY_WORDS = /(revenue|sales|price|cost|amount|income|profit|budget|spend|expense|salary|fee|total \$|usd|eur|gbp|\(\$\)|\$)/i;
const PERCENT_WORDS = /(%|percent|rate|margin|growth|share|ratio|yield|churn)/i;

/**
 * The type of a column from its header and values: the type all non-empty values agree on, with numbers
 * promoted to currency or percent when the header says so (a "Revenue" column of plain numbers is money).
 */
export function inferColumnType(header: string, values: TypedValue[]): { type: ColumnType; currency?: string } {
  const present = values.filter((v) => v.value !== null);
  if (!present.length) return { type: 'text' };
  const types = new Set(present.map((v) => v.type));
  const currency = present.find((v) => v.currency)?.currency;
  if (types.size === 1) {
    const only = [...types][0];
    if ((only === 'integer' || only === 'number') && PERCENT_WORDS.test(header) && present.every((v) => Math.abs(v.value as number) <= 1.5)) return { type: 'percent' };
    if ((only === 'integer' || only === 'number') && CURRENCY_WORDS.test(header)) return { type: 'currency' };
    return currency ? { type: only, currency } : { type: only };
  }
  if ([...types].every((t) => t === 'integer' || t === 'number' || t === 'currency')) {
    return types.has('currency') || CURRENCY_WORDS.test(header) ? { type: 'currency', ...(currency ? { currency } : {}) } : { type: 'number' };
  }
  if ([...types].every((t) => t === 'date' || t === 'datetime')) return { type: types.has('datetime') ? 'datetime' : 'date' };
  return { type: 'text' };
}

/** A value as its column expects it: text stays text in text columns, so "00123" keeps its zeros. */
export function coerceToColumn(v: TypedValue, type: ColumnType, raw: string): string | number | boolean | Date | null {
  if (v.value === null) return null;
  if (type === 'text') return typeof v.value === 'boolean' ? v.value : raw.trim();
  return v.value;
}
