// The readings of one CSV field that csv-typing.ts chooses between per column: a number (thousands
// groups, a decimal point or comma, a percent sign, a currency symbol before or after, a minus sign or
// accounting parentheses) and a date or date-time (ISO, slashes, dots). Each reading is exact or absent:
// what does not fit stays text, and the column decides which of two fitting readings holds.

/** The decimal mark a number is read with: `1.234,56` is 1234.56 with ',', `1,234.56` with '.'. */
export type DecimalMark = '.' | ',';

/** The shape of a field that may be a number, before its decimal mark is known. */
export interface NumberShape {
  negative: boolean;
  /** Negative written as `(1,200)`. */
  parens: boolean;
  percent: boolean;
  /** The currency symbol ($, €, £, ¥), null for none. */
  symbol: string | null;
  /** The symbol follows the number (`1.234,56 €`). */
  symbolAfter: boolean;
  /** Starts with `+`. */
  plus: boolean;
  /** The digits with their separators, the exponent (`1e3`) apart. */
  body: string;
  exponent: string | null;
}

/** A number read with a decimal mark: its decimal text (`-1234.5`), whether it was grouped, its decimals. */
export interface NumberReading {
  text: string;
  grouped: boolean;
  decimals: number;
}

const SHAPE = /^([-+])?([$€£¥])?\s?(-)?(\d(?:[\d.,'\s]*\d)?|[.,]\d+)(?:[eE]([-+]?\d+))?(?:\s?(%)|\s?([$€£¥]))?$/;

/** A field's number shape, or null when it cannot be a number (`=1+2`, `12 kg`, `555-0100`, `USD 5`). */
export function numberShape(field: string): NumberShape | null {
  let t = field.trim();
  const parens = t.startsWith('(') && t.endsWith(')');
  if (parens) t = t.slice(1, -1).trim();
  const m = SHAPE.exec(t);
  if (!m) return null;
  const [, sign, before, minus, body, exponent, percent, after] = m;
  // One negative mark at most; a minus after a symbol only after a symbol (`$-5`); no symbol and percent together.
  if ((parens && (sign || minus)) || (sign && minus) || (minus && !before) || (before && after)) return null;
  if ((exponent !== undefined && (before || after || percent || parens)) || /\s\s/.test(body)) return null;
  return {
    negative: parens || sign === '-' || minus === '-', parens, percent: percent !== undefined,
    symbol: before ?? after ?? null, symbolAfter: after !== undefined, plus: sign === '+', body, exponent: exponent ?? null,
  };
}

/** Separators that group thousands with each decimal mark (Swiss `1'234.50`, French `1 234,56`). */
const GROUPS: Record<DecimalMark, string> = { '.': ",' \u00a0\u202f", ',': '. \u00a0\u202f' };

/**
 * The number a shape reads as with `mark`, or null when it does not fit: groups that are not of three
 * digits (`1.2.3`, `12,34`), leading zeros (`007`: ids and postcodes keep them), more than 15 integer
 * digits (Excel keeps 15: an 18-digit order id would lose its last ones), a `+` before 7 or more bare
 * digits (a phone number, `+4930123456`).
 */
export function readNumber(shape: NumberShape, mark: DecimalMark): NumberReading | null {
  const { body } = shape;
  const at = body.lastIndexOf(mark);
  const int = at < 0 ? body : body.slice(0, at);
  const frac = at < 0 ? '' : body.slice(at + 1);
  if (at >= 0 && !/^\d+$/.test(frac)) return null;
  let digits = int;
  let grouped = false;
  if (!/^\d*$/.test(int)) {
    const sep = int.replace(/\d/g, '');
    if (!GROUPS[mark].includes(sep[0]) || sep !== sep[0].repeat(sep.length)) return null;
    const groups = int.split(sep[0]);
    if (!/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return null;
    digits = groups.join('');
    grouped = true;
  }
  if (/^0\d/.test(digits) || digits.replace(/^0+/, '').length > 15) return null;
  if (shape.exponent !== null && (grouped || (mark === ',' && body.includes('.')))) return null;
  if (shape.plus && !grouped && !frac && digits.length >= 7) return null;
  const exp = shape.exponent === null ? '' : `e${shape.exponent}`;
  return { text: `${shape.negative ? '-' : ''}${digits || '0'}${frac ? `.${frac}` : ''}${exp}`, grouped, decimals: frac.length };
}

/** How a date is written: ISO (`2024-03-15`), with slashes (`03/15/2024`, `15/03/2024`) or dots (`15.03.2024`). */
export type DateStyle = 'iso' | 'slash' | 'dot';

export interface DateShape {
  style: DateStyle;
  year: number;
  /** The first and second numbers before the year (slash and dot styles), month and day for ISO. */
  first: number;
  second: number;
  /** Both numbers written with two digits (`03/05/2024`, not `3/5/2024`). */
  padded: boolean;
  time: { hour: number; minute: number; second: number | null; ms: string | null; ampm: 'AM' | 'PM' | null } | null;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const DMY = /^(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp][Mm]))?)?$/;

/**
 * A field's date shape, or null. A time with a zone or offset (`Z`, `+02:00`) is not read: a workbook
 * cell holds no zone, and moving the time to one would show another time than the file's.
 */
export function dateShape(field: string): DateShape | null {
  const t = field.trim();
  const iso = ISO.exec(t);
  if (iso) {
    const [, y, mo, d, h, mi, s, ms] = iso;
    return { style: 'iso', year: Number(y), first: Number(mo), second: Number(d), padded: true, time: h === undefined ? null : { hour: Number(h), minute: Number(mi), second: s === undefined ? null : Number(s), ms: ms ?? null, ampm: null } };
  }
  const m = DMY.exec(t);
  if (!m) return null;
  const [, a, sep, b, y, h, mi, s, ampm] = m;
  if (sep === '.' && ampm) return null;
  return {
    style: sep === '/' ? 'slash' : 'dot', year: Number(y), first: Number(a), second: Number(b), padded: a.length === 2 && b.length === 2,
    time: h === undefined ? null : { hour: Number(h), minute: Number(mi), second: s === undefined ? null : Number(s), ms: null, ampm: ampm ? (ampm.toUpperCase() as 'AM' | 'PM') : null },
  };
}

/**
 * The date as ISO 8601 text without a zone (`2024-03-15`, `2024-03-15T14:30:00`), read month-first or
 * day-first; null when it is no calendar date or time, or outside the years a workbook holds (1900-9999).
 */
export function isoDate(shape: DateShape, monthFirst: boolean): string | null {
  const month = monthFirst ? shape.first : shape.second;
  const day = monthFirst ? shape.second : shape.first;
  if (shape.year < 1900 || month < 1 || month > 12) return null;
  const calendar = new Date(Date.UTC(shape.year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${shape.year}-${two(month)}-${two(day)}`;
  const tm = shape.time;
  if (!tm) return date;
  let hour = tm.hour;
  if (tm.ampm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (tm.ampm === 'PM' ? 12 : 0);
  }
  if (hour > 23 || tm.minute > 59 || (tm.second ?? 0) > 59) return null;
  return `${date}T${two(hour)}:${two(tm.minute)}:${two(tm.second ?? 0)}${tm.ms ? `.${tm.ms.padEnd(3, '0')}` : ''}`;
}
