// Worst cases for callers' JSON Schemas at Folio's limits (64 KiB, 32 levels, patterns through
// userRegExp): how long checking and compiling one takes, against a small ordinary schema measured in the
// same run. These bounds stand in for a compile timeout (docs/architecture/input-hygiene.md).
//
//   node bench/schema-compile.bench.ts
import { SchemaCompiler, SCHEMA_MAX_BYTES } from '../src/llm/json-schema.ts';

type Schema = Record<string, unknown>;

function fit(make: (n: number) => Schema): Schema {
  let lo = 1;
  let hi = 100_000;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (Buffer.byteLength(JSON.stringify(make(mid))) <= SCHEMA_MAX_BYTES) lo = mid; else hi = mid - 1;
  }
  return make(lo);
}

const def = { type: 'object', required: ['a', 'b'], properties: { a: { type: 'string', minLength: 1, maxLength: 9 }, b: { type: 'integer', minimum: 0, maximum: 9 }, c: { enum: [1, 2, 3] } } };
const cases: [string, Schema][] = [
  ['ordinary (5 properties)', { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 }, email: { type: 'string', format: 'email' }, tags: { type: 'array', items: { type: 'string' } }, zip: { type: 'string', pattern: '^[0-9]{5}$' } } }],
  ['2000 objects (the node limit)', { type: 'object', properties: Object.fromEntries(Array.from({ length: 1998 }, (_, i) => [`p${i}`, { type: 'integer' }])) }],
  ['flat properties at 64 KiB', fit((n) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string', maxLength: 10 }])) }))],
  ['refs to one definition at 64 KiB', fit((n) => ({ $defs: { d: def }, type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { $ref: '#/$defs/d' }])) }))],
  ['patterns at 64 KiB (linear engine)', fit((n) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string', pattern: `^(a+)+b${i}$` }])) }))],
  ['patterns at 64 KiB (budgeted engine)', fit((n) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string', pattern: `^(?=a)[a-z]{1,64}${i}$` }])) }))],
  ['anyOf at every one of 31 levels', (() => { let s: Schema = { type: 'string' }; for (let i = 0; i < 15; i++) s = { anyOf: [s, { type: 'object', properties: { x: s } }] }; return s; })()],
];

// Each case on a fresh compiler (no cache hit), median of 3, and its ratio to the ordinary schema.
function median(schema: Schema): { ms: number; outcome: string } {
  const runs: number[] = [];
  let outcome = '';
  for (let i = 0; i < 3; i++) {
    const compiler = new SchemaCompiler();
    const started = performance.now();
    const out = compiler.check(schema, ['schema']);
    runs.push(performance.now() - started);
    outcome = 'detail' in out ? `refused: ${out.detail[0].type}` : 'compiled';
  }
  return { ms: runs.sort((x, y) => x - y)[1], outcome };
}
const base = median(cases[0][1]).ms;
for (const [name, schema] of cases) {
  const { ms, outcome } = median(schema);
  const bytes = Buffer.byteLength(JSON.stringify(schema));
  console.log(`${name.padEnd(40)} ${String(bytes).padStart(7)} bytes  ${ms.toFixed(1).padStart(8)} ms  ${(ms / base).toFixed(1).padStart(6)}x ordinary  ${outcome}`);
}
