// Values a formula works with, as Excel sees them: numbers, text, booleans, errors, blanks, and ranges
// (rectangles of those). Dates are serial numbers (days since 1899-12-30, Excel's 1900 date system).

export class XlError {
  readonly code: string;
  constructor(code: string) {
    this.code = code;
  }
  toString(): string {
    return this.code;
  }
}

export const ERR = {
  div0: new XlError('#DIV/0!'),
  value: new XlError('#VALUE!'),
  ref: new XlError('#REF!'),
  name: new XlError('#NAME?'),
  na: new XlError('#N/A'),
  num: new XlError('#NUM!'),
};

export type Scalar = number | string | boolean | XlError | null;

export interface Matrix {
  cells: Scalar[][];
}

export type XlValue = Scalar | Matrix;

/** Thrown when a formula uses what this evaluator does not implement: the cell is left for Excel to compute. */
export class Uncomputable extends Error {}

export const isMatrix = (v: XlValue): v is Matrix => typeof v === 'object' && v !== null && !(v instanceof XlError);

const EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

const DEC_31_1899 = Date.UTC(1899, 11, 31);
const MARCH_1900 = Date.UTC(1900, 2, 1);

/**
 * Excel numbers 1900-01-01 as 1 and counts a 29 February 1900 that never was (serial 60, Lotus 1-2-3's
 * leap-year bug), so from 1900-03-01 on a serial is the days since 1899-12-30 and before that one less.
 * A time of day alone (a serial under 1) may come as a date on 1899-12-30 or 1899-12-31: both read back.
 */
export function dateToSerial(d: Date): number {
  const t = d.getTime();
  return (t - EPOCH) / DAY_MS - (t >= DEC_31_1899 && t < MARCH_1900 ? 1 : 0);
}

/** The date of a serial; serial 60 (the 29 February 1900 Excel counts) reads as 1 March. */
export function serialToDate(n: number): Date {
  return new Date(EPOCH + Math.round((n < 61 ? n + 1 : n) * DAY_MS));
}

/** A range used where one value is expected: its single cell, or #VALUE! (no implicit intersection here). */
export function single(v: XlValue): Scalar {
  if (!isMatrix(v)) return v;
  if (v.cells.length === 1 && v.cells[0].length === 1) return v.cells[0][0];
  return ERR.value;
}

/** Excel's coercion of one value to a number: blanks are 0, TRUE is 1, numeric text converts. */
export function toNumber(v: Scalar): number | XlError {
  if (v === null) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof XlError) return v;
  const t = v.trim();
  if (t === '') return ERR.value;
  const pct = t.endsWith('%');
  const n = Number((pct ? t.slice(0, -1) : t).replace(/,/g, ''));
  if (!Number.isFinite(n)) return ERR.value;
  return pct ? n / 100 : n;
}

export function toText(v: Scalar): string | XlError {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return String(Number(v.toPrecision(15)));
  if (v instanceof XlError) return v;
  return v;
}

export function toBool(v: Scalar): boolean | XlError {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (v instanceof XlError) return v;
  if (/^true$/i.test(v)) return true;
  if (/^false$/i.test(v)) return false;
  return ERR.value;
}

/** Every cell of every argument, ranges flattened row by row. */
export function flatten(values: XlValue[]): { value: Scalar; fromRange: boolean }[] {
  const out: { value: Scalar; fromRange: boolean }[] = [];
  for (const v of values) {
    if (isMatrix(v)) for (const row of v.cells) for (const c of row) out.push({ value: c, fromRange: true });
    else out.push({ value: v, fromRange: false });
  }
  return out;
}

/**
 * The numbers SUM, AVERAGE, MIN and MAX use: in ranges only numbers count (text, booleans and blanks are
 * skipped); given directly, values are coerced. The first error met is returned instead.
 */
export function numbersOf(values: XlValue[]): number[] | XlError {
  const out: number[] = [];
  for (const { value, fromRange } of flatten(values)) {
    if (value instanceof XlError) return value;
    if (fromRange) {
      if (typeof value === 'number') out.push(value);
      continue;
    }
    if (value === null) continue;
    const n = toNumber(value);
    if (n instanceof XlError) return n;
    out.push(n);
  }
  return out;
}

/** Excel's comparison: numbers < text < booleans; text compares case-insensitively; blank is 0 or "". */
export function compare(a: Scalar, b: Scalar): number {
  const rank = (v: Scalar) => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : 0);
  if (a === null) a = typeof b === 'string' ? '' : typeof b === 'boolean' ? false : 0;
  if (b === null) b = typeof a === 'string' ? '' : typeof a === 'boolean' ? false : 0;
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'string' && typeof b === 'string') {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return Number(a) - Number(b);
}

/** `">100"`, `"<>0"`, `"North"`, `"N*"`, 5: the criteria of SUMIF, COUNTIF and AVERAGEIF. */
export function criteriaMatcher(criteria: Scalar): (v: Scalar) => boolean {
  if (typeof criteria !== 'string') return (v) => v !== null && compare(v, criteria) === 0;
  const m = /^(<>|<=|>=|=|<|>)?(.*)$/s.exec(criteria)!;
  const op = m[1] ?? '=';
  const raw = m[2];
  const asNumber = raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null;
  const target: Scalar = asNumber ?? raw;
  if (typeof target === 'string' && (op === '=' || op === '<>') && /[*?]/.test(target)) {
    const re = new RegExp(`^${target.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i');
    return op === '=' ? (v) => typeof v === 'string' && re.test(v) : (v) => !(typeof v === 'string' && re.test(v));
  }
  return (v) => {
    if (op === '=' && target === '') return v === null || v === '';
    if (op === '<>' && target === '') return !(v === null || v === '');
    if (v === null) return op === '<>';
    if (typeof target === 'number' && typeof v !== 'number') return op === '<>';
    const c = compare(v, target);
    switch (op) {
      case '=': return c === 0;
      case '<>': return c !== 0;
      case '<': return c < 0;
      case '<=': return c <= 0;
      case '>': return c > 0;
      default: return c >= 0;
    }
  };
}
