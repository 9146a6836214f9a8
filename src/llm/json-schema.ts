// JSON Schema (draft 2020-12) for response_format.json_schema: checking a caller's schema (an invalid
// one is a 422 at its exact location), and validating model output against it. One Ajv instance serves
// every request: compiling on a warm instance costs about a millisecond, a fresh instance tens of ms.
// Compiled schemas are cached by their JSON text; Ajv never forgets what it compiled (subschemas
// included), so after CACHE_SIZE distinct schemas the instance and the cache are replaced together.
import { randomUUID } from 'node:crypto';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidationDetail } from '../errors.ts';
import type { SchemaCompileBudget } from './schema-compile-budget.ts';
import { ajvRegExp } from './user-regex.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export type JsonSchema = Record<string, unknown>;

const DRAFT_2020_12 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const CACHE_SIZE = 200;
/** Deepest nesting of objects and arrays in a caller's schema. */
export const SCHEMA_MAX_DEPTH = 32;
/** Largest caller's schema, as JSON text. */
export const SCHEMA_MAX_BYTES = 64 * 1024;

/** Most objects (subschemas and keyword values) in a caller's schema. */
export const SCHEMA_MAX_NODES = 2000;
/** Most `pattern` / `patternProperties` regular expressions in a caller's schema. */
export const SCHEMA_MAX_PATTERNS = 100;

interface SchemaShape { depth: number; nodes: number; patterns: number }

/** Depth, object count and pattern count, stopping early once a limit is passed. */
function shapeOf(value: unknown, shape: SchemaShape = { depth: 0, nodes: 0, patterns: 0 }, depth = 1): SchemaShape {
  if (value === null || typeof value !== 'object') return shape;
  shape.depth = Math.max(shape.depth, depth);
  shape.nodes++;
  if (depth > SCHEMA_MAX_DEPTH || shape.nodes > SCHEMA_MAX_NODES || shape.patterns > SCHEMA_MAX_PATTERNS) return shape;
  const obj = value as Record<string, unknown>;
  if (!Array.isArray(value)) {
    if (typeof obj.pattern === 'string') shape.patterns++;
    if (obj.patternProperties && typeof obj.patternProperties === 'object') shape.patterns += Object.keys(obj.patternProperties).length;
  }
  for (const v of Object.values(obj)) shapeOf(v, shape, depth + 1);
  return shape;
}

export interface CompiledSchema {
  /** The schema as given. */
  schema: JsonSchema;
  /** Ajv key of the registered copy; subschemas are reachable as `${key}#<json pointer>`. */
  key: string;
  validate: ValidateFunction;
  /** The Ajv instance it lives in (subschema validators come from it). */
  ajv: Ajv2020;
}

export function newAjv(): Ajv2020 {
  // Patterns go through userRegExp (no catastrophic backtracking). Refs are never inlined, so a schema
  // cannot multiply one definition into megabytes of generated code (bench/schema-compile.bench.ts).
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true, inlineRefs: false, code: { regExp: ajvRegExp } });
  addFormats(ajv);
  return ajv;
}

/** Readable one-line problems (`/items/0/age: must be >= 0`), for repair prompts and error messages. */
export function describeSchemaErrors(errors: ErrorObject[] | null | undefined, limit = 10): string[] {
  return (errors ?? [])
    .filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.keyword) || (errors ?? []).length === 1)
    .slice(0, limit)
    .map((e) => `${e.instancePath || '(root)'}: ${e.message ?? e.keyword}${e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : ''}${e.keyword === 'enum' ? ` ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}` : ''}`);
}

function pointerToPath(pointer: string): (string | number)[] {
  return pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** The size, depth and count limits of a caller's schema, as `detail` items; null within them. */
function limitProblems(text: string, schema: JsonSchema, loc: (string | number)[]): ValidationDetail[] | null {
  if (Buffer.byteLength(text) > SCHEMA_MAX_BYTES) {
    return [{ loc, msg: `The schema is larger than ${SCHEMA_MAX_BYTES} bytes as JSON`, type: 'json_schema_too_large', ctx: { max_bytes: SCHEMA_MAX_BYTES } }];
  }
  const shape = shapeOf(schema);
  if (shape.depth > SCHEMA_MAX_DEPTH) {
    return [{ loc, msg: `The schema is nested more than ${SCHEMA_MAX_DEPTH} levels deep`, type: 'json_schema_too_deep', ctx: { max_depth: SCHEMA_MAX_DEPTH } }];
  }
  if (shape.nodes > SCHEMA_MAX_NODES || shape.patterns > SCHEMA_MAX_PATTERNS) {
    return [{ loc, msg: `The schema has more than ${SCHEMA_MAX_NODES} objects or ${SCHEMA_MAX_PATTERNS} patterns`, type: 'json_schema_too_large', ctx: { max_nodes: SCHEMA_MAX_NODES, max_patterns: SCHEMA_MAX_PATTERNS } }];
  }
  if (schema.$schema !== undefined && (typeof schema.$schema !== 'string' || !DRAFT_2020_12.test(schema.$schema))) {
    return [{ loc: [...loc, '$schema'], msg: 'Only JSON Schema draft 2020-12 is supported: omit $schema or use https://json-schema.org/draft/2020-12/schema', type: 'json_schema_invalid', input: schema.$schema }];
  }
  return null;
}

export class SchemaCompiler {
  private ajv = newAjv();
  private cache = new Map<string, CompiledSchema>();
  private fragments = 0;

  /**
   * Checks a caller's schema against the draft 2020-12 meta-schema and compiles it. Problems come back
   * as `detail` items located under `loc` (for example `["body","response_format","json_schema","type"]`).
   */
  check(schema: JsonSchema, loc: (string | number)[]): { compiled: CompiledSchema } | { detail: ValidationDetail[] } {
    const text = JSON.stringify(schema);
    const hit = this.cache.get(text);
    if (hit) return { compiled: hit };
    const over = limitProblems(text, schema, loc);
    if (over) return { detail: over };
    return this.compile(text, schema, loc);
  }

  /**
   * `check` for a caller's schema: one not compiled before must also compile within the compile budget
   * (in a worker thread, schema-compile-budget.ts), or it is refused with `json_schema_too_complex`.
   */
  async checkUntrusted(schema: JsonSchema, loc: (string | number)[], budget: SchemaCompileBudget): Promise<{ compiled: CompiledSchema } | { detail: ValidationDetail[] }> {
    const text = JSON.stringify(schema);
    if (this.cache.has(text)) return this.check(schema, loc);
    const over = limitProblems(text, schema, loc);
    if (over) return { detail: over };
    if (!(await budget.fits(schema))) {
      return { detail: [{ loc, msg: 'The schema takes too long to compile: simplify it (fewer combinators, references and patterns)', type: 'json_schema_too_complex' }] };
    }
    return this.check(schema, loc);
  }

  private compile(text: string, schema: JsonSchema, loc: (string | number)[]): { compiled: CompiledSchema } | { detail: ValidationDetail[] } {
    if (!this.ajv.validateSchema(schema)) {
      const errors = (this.ajv.errors ?? []).filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
      const seen = new Set<string>();
      const detail: ValidationDetail[] = [];
      for (const e of errors.length ? errors : this.ajv.errors ?? []) {
        const where = [...loc, ...pointerToPath(e.instancePath)];
        if (seen.has(JSON.stringify(where))) continue;
        seen.add(JSON.stringify(where));
        detail.push({ loc: where, msg: `Not a valid JSON Schema: ${e.message ?? e.keyword}`, type: 'json_schema_invalid' });
      }
      return { detail };
    }
    // A private copy under a unique id, so two callers' schemas with the same $id never collide.
    const key = `urn:folio:schema:${randomUUID()}`;
    const copy = { ...structuredClone(schema), $id: key };
    if (this.cache.size >= CACHE_SIZE || this.fragments >= CACHE_SIZE * 20) {
      this.ajv = newAjv();
      this.cache = new Map();
      this.fragments = 0;
    }
    const ajv = this.ajv;
    try {
      ajv.addSchema(copy, key);
      const compiled = { schema, key, validate: ajv.getSchema(key)!, ajv };
      this.cache.set(text, compiled);
      return { compiled };
    } catch (err) {
      ajv.removeSchema(key);
      return { detail: [{ loc, msg: `Not a usable JSON Schema: ${(err as Error).message}`, type: 'json_schema_invalid' }] };
    }
  }

  /**
   * Compiles a fragment (a subschema, possibly merged) in the instance of `compiled`, so its absolute
   * refs (`<key>#/...`) resolve. Null when it does not compile.
   */
  fragment(compiled: CompiledSchema, node: unknown): ValidateFunction | null {
    if (typeof node === 'boolean') return ((v: unknown) => node && v !== undefined) as unknown as ValidateFunction;
    this.fragments++;
    try {
      return compiled.ajv.compile(node as object);
    } catch {
      return null;
    }
  }
}

/** Validates a value, returning readable problems (empty when valid). */
export function schemaProblems(compiled: CompiledSchema, value: unknown): string[] {
  return compiled.validate(value) ? [] : describeSchemaErrors(compiled.validate.errors);
}
