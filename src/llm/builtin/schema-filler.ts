// Builds a value valid against a JSON Schema (draft 2020-12), filled from the prompt where it can:
// JSON in the prompt that already fits, `key: value` pairs, values of the right format (emails, URLs,
// dates), list items, numbers near a property's name, enum values the prompt mentions. Everything
// else gets the simplest value the constraints allow. Combinators (oneOf, anyOf, not, if/then/else)
// are settled by building candidates and checking them with Ajv; the whole value is checked last,
// and the filler retries with other variants, then without the prompt's values, when it fails.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { CompiledSchema, JsonSchema, SchemaCompiler } from '../json-schema.ts';
import { formatFromPrompt } from './format-samples.ts';
import { booleanValue, numberValue, stringValue } from './leaf-values.ts';
import { lookup, normalizeKey, parseNumber, sentenceAbout, shorten, type PromptFacts } from './prompt-facts.ts';
import { regexSamples } from './regex-sample.ts';
import { userRegExp } from '../user-regex.ts';
import { absolutizeRefs, mergeSchemas, RefResolver, type SchemaNode } from './schema-merge.ts';

const DEEP = 8;
const MAX_DEPTH = 24;
const LONG_TEXT_KEYS = /summary|description|text|content|answer|body|message|reason|explanation|details|comment|notes?$|abstract/i;
const TITLE_KEYS = /title|headline|subject|topic|heading|caption/i;

interface Ctx {
  key: string | null;
  /** The prompt's value for this node, when it has one. */
  hint: unknown;
  depth: number;
  variant: number;
  /** false: ignore the prompt (the synthetic pass). */
  usePrompt: boolean;
}

export interface FillInput {
  facts: PromptFacts;
  /** The condensed answer to the request, for free-text fields and string roots. */
  summary: string;
  /** A short title for the request. */
  title: string;
}

export class SchemaFiller {
  private readonly compiler: SchemaCompiler;
  private readonly compiled: CompiledSchema;
  private readonly refs: RefResolver;
  private readonly input: FillInput;
  private readonly validators = new Map<string, ValidateFunction | null>();

  constructor(compiler: SchemaCompiler, compiled: CompiledSchema, input: FillInput) {
    this.compiler = compiler;
    this.compiled = compiled;
    this.refs = new RefResolver(compiled.schema);
    this.input = input;
  }

  fill(): unknown {
    for (const value of this.input.facts.json) if (this.compiled.validate(value)) return value;
    let last: unknown = null;
    for (const usePrompt of [true, false]) {
      for (let variant = 0; variant < 4; variant++) {
        last = this.node(this.compiled.schema, { key: null, hint: undefined, depth: 0, variant, usePrompt });
        if (this.compiled.validate(last)) return last;
      }
    }
    return last;
  }

  private fits(schema: SchemaNode, value: unknown): boolean {
    const text = JSON.stringify(schema);
    if (!this.validators.has(text)) this.validators.set(text, this.compiler.fragment(this.compiled, absolutizeRefs(schema, this.compiled.key)));
    const validate = this.validators.get(text);
    return validate ? Boolean(validate(value)) : true;
  }

  private node(raw: SchemaNode | undefined, ctx: Ctx): unknown {
    if (raw === undefined || raw === true) return this.anything(ctx);
    if (raw === false || ctx.depth > MAX_DEPTH) return null;
    let schema: SchemaNode = raw;
    for (let hops = 0; typeof schema === 'object' && (schema.$ref !== undefined || schema.$dynamicRef !== undefined) && hops < 16; hops++) schema = this.refs.expand(schema);
    if (schema === false) return null;
    if (schema === true) return this.anything(ctx);
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.allOf)) {
      const { allOf, ...rest } = schema;
      schema = (allOf as SchemaNode[]).reduce<SchemaNode>((acc, s) => mergeSchemas(acc, typeof s === 'object' ? this.refs.expand(s) : s), rest);
      return this.node(schema, { ...ctx, depth: ctx.depth + 1 });
    }
    const choice = (schema.oneOf ?? schema.anyOf) as SchemaNode[] | undefined;
    if (Array.isArray(choice) && choice.length) return this.choose(schema, choice, ctx);
    if (schema.if !== undefined) return this.conditional(schema, ctx);
    if (schema.not !== undefined) {
      const { not: _not, ...rest } = schema;
      return this.firstFitting(schema, (variant) => this.node(rest, { ...ctx, variant: ctx.variant + variant }));
    }
    if (Array.isArray(schema.enum)) return this.pickEnum(schema.enum, ctx);
    switch (this.typeOf(schema, ctx)) {
      case 'object': return this.object(schema, ctx);
      case 'array': return this.array(schema, ctx);
      case 'integer': return numberValue(schema, ctx, true, this.input.facts);
      case 'number': return numberValue(schema, ctx, false, this.input.facts);
      case 'boolean': return booleanValue(ctx);
      case 'null': return null;
      default: return stringValue(schema, ctx, this.input.facts, {
        formatFits: (format, value) => this.fits({ type: 'string', format }, value),
        freeText: (max) => this.freeText(ctx, max),
      });
    }
  }

  /** Tries up to four variants and returns the first that `schema` accepts (or the last tried). */
  private firstFitting(schema: SchemaNode, build: (variant: number) => unknown): unknown {
    let value: unknown = null;
    for (let v = 0; v < 4; v++) {
      value = build(v);
      if (this.fits(schema, value)) return value;
    }
    return value;
  }

  private choose(schema: JsonSchema, branches: SchemaNode[], ctx: Ctx): unknown {
    const { oneOf: _o, anyOf: _a, ...rest } = schema;
    let fallback: unknown = null;
    for (let i = 0; i < branches.length; i++) {
      const merged = mergeSchemas(rest, branches[i]);
      for (let v = 0; v < 3; v++) {
        const value = this.node(merged, { ...ctx, depth: ctx.depth + 1, variant: ctx.variant + v });
        if (this.fits(schema, value)) return value;
        if (i === 0 && v === 0) fallback = value;
      }
    }
    return fallback;
  }

  private conditional(schema: JsonSchema, ctx: Ctx): unknown {
    const { if: cond, then, else: otherwise, ...rest } = schema;
    const attempts: SchemaNode[] = [mergeSchemas(mergeSchemas(rest, cond as SchemaNode), (then ?? true) as SchemaNode)];
    if (otherwise !== undefined) attempts.push(mergeSchemas(rest, otherwise as SchemaNode));
    attempts.push(rest);
    let value: unknown = null;
    for (const attempt of attempts) {
      value = this.node(attempt, { ...ctx, depth: ctx.depth + 1 });
      if (this.fits(schema, value)) return value;
    }
    return value;
  }

  private typeOf(schema: JsonSchema, ctx: Ctx): string {
    const declared = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];
    if (declared.length === 1) return declared[0];
    if (declared.length > 1) {
      const hinted = ctx.usePrompt ? declared.find((t) => t !== 'null' && this.hintFits(t, ctx.hint)) : undefined;
      if (hinted) return hinted;
      const real = declared.filter((t) => t !== 'null');
      return real.length ? real[ctx.variant % real.length] : 'null';
    }
    if (schema.properties || schema.required || schema.additionalProperties !== undefined || schema.patternProperties) return 'object';
    if (schema.items !== undefined || schema.prefixItems || schema.minItems !== undefined || schema.contains) return 'array';
    if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined || schema.exclusiveMinimum !== undefined) return 'number';
    if (!ctx.usePrompt || ctx.hint === undefined) return 'string';
    if (typeof ctx.hint === 'object' && ctx.hint !== null) return Array.isArray(ctx.hint) ? 'array' : 'object';
    return typeof ctx.hint === 'number' ? 'number' : typeof ctx.hint === 'boolean' ? 'boolean' : 'string';
  }

  private hintFits(type: string, hint: unknown): boolean {
    if (hint === undefined || hint === null) return false;
    switch (type) {
      case 'integer': return Number.isInteger(typeof hint === 'number' ? hint : parseNumber(String(hint)));
      case 'number': return typeof hint === 'number' || parseNumber(String(hint)) !== null;
      case 'boolean': return typeof hint === 'boolean' || /^(true|false|yes|no)$/i.test(String(hint));
      case 'array': return Array.isArray(hint);
      case 'object': return typeof hint === 'object' && !Array.isArray(hint);
      default: return typeof hint === 'string';
    }
  }

  private anything(ctx: Ctx): unknown {
    if (ctx.usePrompt && ctx.hint !== undefined) return ctx.hint;
    return this.freeText(ctx, 200);
  }

  private pickEnum(values: unknown[], ctx: Ctx): unknown {
    if (values.length === 0) return null;
    if (ctx.usePrompt) {
      const hint = ctx.hint === undefined ? undefined : String(ctx.hint).toLowerCase();
      const exact = values.find((v) => hint !== undefined && String(v).toLowerCase() === hint);
      if (exact !== undefined) return exact;
      const text = this.input.facts.text.toLowerCase();
      const mentioned = values
        .filter((v) => typeof v === 'string' && v.length > 1 && new RegExp(`\\b${v.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text))
        .sort((a, b) => String(b).length - String(a).length);
      if (mentioned.length) return mentioned[ctx.variant % mentioned.length];
    }
    return values[ctx.variant % values.length];
  }

  private object(schema: JsonSchema, ctx: Ctx): Record<string, unknown> {
    const props = (schema.properties ?? {}) as Record<string, SchemaNode>;
    const required = new Set((schema.required ?? []) as string[]);
    const hintObject = ctx.usePrompt && typeof ctx.hint === 'object' && ctx.hint !== null && !Array.isArray(ctx.hint) ? (ctx.hint as Record<string, unknown>) : null;
    const hintFor = (name: string) => (!ctx.usePrompt ? undefined : hintObject ? hintObject[name] : lookup(this.input.facts, name));
    const wanted = new Set<string>(required);
    for (const name of Object.keys(props)) {
      if (ctx.depth > DEEP) continue;
      const s = props[name];
      const hasFormatFact = typeof s === 'object' && typeof s.format === 'string' && ctx.usePrompt && formatFromPrompt(s.format, this.input.facts).length > 0;
      if (hintFor(name) !== undefined || hasFormatFact || (ctx.variant >= 2 && ctx.depth <= 2)) wanted.add(name);
    }
    const dependent = (schema.dependentRequired ?? {}) as Record<string, string[]>;
    for (const name of [...wanted]) for (const dep of dependent[name] ?? []) wanted.add(dep);
    const extraSchema = (name: string): SchemaNode => {
      for (const [pattern, s] of Object.entries((schema.patternProperties ?? {}) as Record<string, SchemaNode>)) {
        try { if (userRegExp(pattern).test(name)) return s; } catch { /* unusable pattern */ }
      }
      return (schema.additionalProperties ?? true) as SchemaNode;
    };
    const out: Record<string, unknown> = {};
    for (const name of wanted) out[name] = this.node(props[name] ?? extraSchema(name), { key: name, hint: hintFor(name), depth: ctx.depth + 1, variant: ctx.variant, usePrompt: ctx.usePrompt });
    const min = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
    for (const name of Object.keys(props)) {
      if (Object.keys(out).length >= min) break;
      if (!(name in out)) out[name] = this.node(props[name], { key: name, hint: undefined, depth: ctx.depth + 1, variant: ctx.variant, usePrompt: ctx.usePrompt });
    }
    for (let n = 1; Object.keys(out).length < min && n < 1000; n++) {
      const pattern = Object.keys((schema.patternProperties ?? {}) as object)[0];
      const name = schema.additionalProperties === false && pattern ? regexSamples(pattern, 1, Infinity, n)[0] ?? `field${n}` : `field${n}`;
      if (!(name in out)) out[name] = this.node(extraSchema(name), { key: name, hint: undefined, depth: ctx.depth + 1, variant: ctx.variant, usePrompt: false });
    }
    const max = typeof schema.maxProperties === 'number' ? schema.maxProperties : Infinity;
    for (const name of Object.keys(out).reverse()) if (Object.keys(out).length > max && !required.has(name)) delete out[name];
    return out;
  }

  private array(schema: JsonSchema, ctx: Ctx): unknown[] {
    const prefix = (schema.prefixItems ?? []) as SchemaNode[];
    const items = schema.items as SchemaNode | undefined;
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
    let hints: unknown[] = [];
    if (ctx.usePrompt) {
      const listed = ctx.key ? this.input.facts.lists.get(normalizeKey(ctx.key)) : undefined;
      if (Array.isArray(ctx.hint)) hints = ctx.hint;
      else if (listed) hints = listed;
      else if (typeof ctx.hint === 'string' && ctx.hint.includes(',')) hints = ctx.hint.split(/\s*,\s*/).filter(Boolean);
      else if (ctx.depth <= 2 && this.input.facts.listItems.length) hints = this.input.facts.listItems;
    }
    let count = Math.max(min, prefix.length, hints.length || (ctx.depth > DEEP ? 0 : 1));
    if (items === false) count = Math.min(count, prefix.length);
    count = Math.min(count, max, 100);
    const singular = ctx.key?.replace(/(ies)$/, 'y').replace(/s$/, '') ?? null;
    const out: unknown[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      const s = i < prefix.length ? prefix[i] : items;
      let value: unknown;
      for (let attempt = 0; attempt < 6; attempt++) {
        value = this.node(s, { key: singular, hint: attempt === 0 ? hints[i] : undefined, depth: ctx.depth + 1, variant: ctx.variant + i + attempt, usePrompt: ctx.usePrompt });
        if (!schema.uniqueItems || !seen.has(JSON.stringify(value))) break;
      }
      if (schema.uniqueItems && seen.has(JSON.stringify(value)) && out.length >= min) break;
      seen.add(JSON.stringify(value));
      out.push(value);
    }
    if (schema.contains !== undefined) {
      const contains = schema.contains as SchemaNode;
      const need = typeof schema.minContains === 'number' ? schema.minContains : 1;
      let have = out.filter((v) => this.fits(contains, v)).length;
      for (let k = 0; have < need && k < need + 3; k++) {
        const value = this.node(mergeSchemas(contains, items ?? true), { key: singular, hint: undefined, depth: ctx.depth + 1, variant: ctx.variant + k, usePrompt: false });
        if (out.length >= max) out.shift();
        out.unshift(value);
        have = out.filter((v) => this.fits(contains, v)).length;
      }
    }
    return out;
  }

  /** Text for a free-text field: the condensed answer, the title, or the sentence about the field. */
  private freeText(ctx: Ctx, max: number): string {
    if (!ctx.usePrompt) return '';
    if (ctx.key === null || LONG_TEXT_KEYS.test(ctx.key)) return shorten(this.input.summary, max);
    if (TITLE_KEYS.test(ctx.key)) return shorten(this.input.title, max);
    return sentenceAbout(this.input.facts, ctx.key, max) ?? '';
  }
}
