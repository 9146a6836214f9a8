// Leaf values of the schema filler: numbers, booleans and strings that meet their schema's
// constraints, taken from the prompt when it states them.
import type { JsonSchema } from '../json-schema.ts';
import { formatFromPrompt, formatPlaceholder } from './format-samples.ts';
import { parseNumber, type PromptFacts } from './prompt-facts.ts';
import { regexSamples } from './regex-sample.ts';
import { userRegExp } from '../user-regex.ts';

export interface LeafCtx {
  key: string | null;
  /** The prompt's value for this node, when it has one. */
  hint: unknown;
  variant: number;
  /** false: ignore the prompt (the synthetic pass). */
  usePrompt: boolean;
}

export interface StringHelpers {
  /** Whether a string is valid for a format (Ajv's formats). */
  formatFits(format: string, value: string): boolean;
  /** Free text for the field (the condensed answer, the title, the sentence about it). */
  freeText(max: number): string;
}

/** A number within the bounds: the prompt's value for the field when it fits, else the lowest allowed. */
export function numberValue(schema: JsonSchema, ctx: LeafCtx, integer: boolean, facts: PromptFacts): number {
  const candidates: number[] = [];
  if (ctx.usePrompt) {
    const hinted = typeof ctx.hint === 'number' ? ctx.hint : ctx.hint === undefined ? null : parseNumber(String(ctx.hint));
    if (hinted !== null) candidates.push(hinted);
    if (ctx.key) candidates.push(...numbersNear(facts.text, ctx.key));
  }
  const step = integer ? 1 : 0.5;
  const multiple = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : null;
  const lo = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (multiple ?? step) / 2 : null;
  const hi = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - (multiple ?? step) / 2 : null;
  let base = lo ?? (hi !== null && hi < 0 ? hi : 0);
  base += ctx.variant * (multiple ?? step);
  if (hi !== null && base > hi) base = lo ?? hi;
  candidates.push(base, lo ?? base, hi ?? base);
  for (const raw of candidates) {
    let n = integer ? Math.ceil(raw - 1e-9) : raw;
    if (multiple) n = Math.ceil(n / multiple - 1e-9) * multiple;
    n = Number(n.toFixed(10));
    if (integer && !Number.isInteger(n)) continue;
    if (inRange(schema, n)) return n;
  }
  return integer ? Math.ceil(base) : base;
}

function inRange(s: JsonSchema, n: number): boolean {
  if (typeof s.minimum === 'number' && n < s.minimum) return false;
  if (typeof s.maximum === 'number' && n > s.maximum) return false;
  if (typeof s.exclusiveMinimum === 'number' && n <= s.exclusiveMinimum) return false;
  if (typeof s.exclusiveMaximum === 'number' && n >= s.exclusiveMaximum) return false;
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0 && Math.abs(n / s.multipleOf - Math.round(n / s.multipleOf)) > 1e-9) return false;
  return true;
}

export function booleanValue(ctx: LeafCtx): boolean {
  if (ctx.usePrompt && ctx.hint !== undefined) {
    if (typeof ctx.hint === 'boolean') return ctx.hint;
    if (/^(true|yes|y|1|on)$/i.test(String(ctx.hint))) return true;
    if (/^(false|no|n|0|off)$/i.test(String(ctx.hint))) return false;
  }
  return ctx.variant % 2 === 1;
}

/** A string meeting length, pattern and format: the prompt's value when it fits, else a well-formed placeholder. */
export function stringValue(schema: JsonSchema, ctx: LeafCtx, facts: PromptFacts, helpers: StringHelpers): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const format = typeof schema.format === 'string' ? schema.format : null;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : null;
  const fits = (s: string) => {
    const length = [...s].length;
    if (length < min || length > max) return false;
    if (pattern) { try { if (!userRegExp(pattern).test(s)) return false; } catch { return false; } }
    return format ? helpers.formatFits(format, s) : true;
  };
  const candidates: string[] = [];
  if (ctx.usePrompt) {
    if (ctx.hint !== undefined && ctx.hint !== null && typeof ctx.hint !== 'object') candidates.push(String(ctx.hint));
    if (format) candidates.push(...formatFromPrompt(format, facts));
    if (!format && !pattern) candidates.push(helpers.freeText(Math.min(max, 500)));
  }
  if (format && formatPlaceholder(format) !== undefined) candidates.push(formatPlaceholder(format)!);
  if (pattern) candidates.push(...regexSamples(pattern, min, max, ctx.variant));
  const plain = ctx.variant ? `${ctx.key ?? 'value'}-${ctx.variant}` : '';
  candidates.push(plain);
  for (const c of candidates) {
    if (fits(c)) return c;
    if (!pattern && !format) {
      const adjusted = [...c].slice(0, max === Infinity ? undefined : max).join('').padEnd(min, 'x');
      if (fits(adjusted)) return adjusted;
    }
  }
  return candidates[0].padEnd(min, 'x');
}

/** Numbers written next to a word: "age 42", "42 years of age", "price: $19.99". */
function numbersNear(text: string, key: string): number[] {
  const word = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(' ').filter((w) => w.length > 2).pop();
  if (!word) return [];
  const esc = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const out: number[] = [];
  for (const re of [new RegExp(`${esc}s?\\b[^\\d\\n-]{0,20}(-?[\\d,]*\\d(?:\\.\\d+)?)`, 'gi'), new RegExp(`(-?[\\d,]*\\d(?:\\.\\d+)?)\\s*(?:[a-z%$€£]+\\s+){0,2}${esc}`, 'gi')]) {
    for (const m of text.matchAll(re)) {
      const n = parseNumber(m[1]);
      if (n !== null) out.push(n);
    }
  }
  return out;
}
