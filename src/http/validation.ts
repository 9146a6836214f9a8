// Request validation: two Ajv instances (bodies are never coerced; query strings and path params are),
// and the translation of Ajv errors into FastAPI-style `detail` items.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { ValidationDetail } from '../errors.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    messages: false,
  });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const paramsAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : paramsAjv;
  return ajv.compile(schema as object) as any;
};

const LOC_PREFIX: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

const TYPE_NAMES: Record<string, [string, string]> = {
  string: ['string_type', 'Input should be a valid string'],
  integer: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be an object'],
  array: ['list_type', 'Input should be a valid array'],
  null: ['none_type', 'Input should be null'],
};

function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg));
}

function valueAt(data: unknown, path: (string | number)[]): unknown {
  let cur: any = data;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = cur[seg as any];
  }
  return cur;
}

function describe(err: ErrorObject, data: unknown): Omit<ValidationDetail, 'loc'> & { extra?: string } {
  const p = err.params as Record<string, any>;
  const input = valueAt(data, pointerToPath(err.instancePath));
  switch (err.keyword) {
    case 'required':
      return { extra: p.missingProperty, type: 'missing', msg: 'Field required', input };
    case 'additionalProperties':
      return { extra: p.additionalProperty, type: 'extra_forbidden', msg: 'Extra inputs are not permitted', input: (input as any)?.[p.additionalProperty] };
    case 'type': {
      const wanted = Array.isArray(p.type) ? p.type : String(p.type).split(',');
      const primary = wanted.find((t: string) => t !== 'null') ?? wanted[0];
      const [type, msg] = TYPE_NAMES[primary] ?? ['type_error', `Input should be of type ${wanted.join(' or ')}`];
      return { type, msg: wanted.includes('null') ? `${msg} or null` : msg, input };
    }
    case 'minLength':
      return { type: 'string_too_short', msg: `String should have at least ${p.limit} character${p.limit === 1 ? '' : 's'}`, input, ctx: { min_length: p.limit } };
    case 'maxLength':
      return { type: 'string_too_long', msg: `String should have at most ${p.limit} character${p.limit === 1 ? '' : 's'}`, input, ctx: { max_length: p.limit } };
    case 'minItems':
      return { type: 'too_short', msg: `List should have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`, input, ctx: { min_length: p.limit } };
    case 'maxItems':
      return { type: 'too_long', msg: `List should have at most ${p.limit} item${p.limit === 1 ? '' : 's'}`, input, ctx: { max_length: p.limit } };
    case 'minimum':
      return { type: 'greater_than_equal', msg: `Input should be greater than or equal to ${p.limit}`, input, ctx: { ge: p.limit } };
    case 'maximum':
      return { type: 'less_than_equal', msg: `Input should be less than or equal to ${p.limit}`, input, ctx: { le: p.limit } };
    case 'exclusiveMinimum':
      return { type: 'greater_than', msg: `Input should be greater than ${p.limit}`, input, ctx: { gt: p.limit } };
    case 'exclusiveMaximum':
      return { type: 'less_than', msg: `Input should be less than ${p.limit}`, input, ctx: { lt: p.limit } };
    case 'enum': {
      const expected = (p.allowedValues as unknown[]).map((v) => `'${String(v)}'`).join(', ');
      return { type: 'enum', msg: `Input should be ${expected.replace(/, ([^,]*)$/, ' or $1')}`, input, ctx: { expected } };
    }
    case 'const':
      return { type: 'literal_error', msg: `Input should be ${JSON.stringify(p.allowedValue)}`, input, ctx: { expected: p.allowedValue } };
    case 'pattern':
      return { type: 'string_pattern_mismatch', msg: `String should match pattern '${p.pattern}'`, input, ctx: { pattern: p.pattern } };
    case 'format':
      return { type: `${String(p.format).replace(/-/g, '_')}_format`, msg: `Input should be a valid ${p.format}`, input, ctx: { format: p.format } };
    case 'uniqueItems':
      return { type: 'unique_items', msg: 'List items should be unique', input };
    default:
      return { type: err.keyword, msg: `Input is invalid (${err.keyword})`, input };
  }
}

/** Translates Ajv errors for one part of the request into `detail` items. */
export function toValidationDetail(errs: ErrorObject[], context: string, data: unknown): ValidationDetail[] {
  const prefix = LOC_PREFIX[context] ?? context;
  // anyOf/oneOf summaries repeat what their branches already said.
  const useful = errs.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  const list = useful.length ? useful : errs;
  const seen = new Set<string>();
  const out: ValidationDetail[] = [];
  for (const err of list) {
    const { extra, ...d } = describe(err, data);
    const loc = [prefix, ...pointerToPath(err.instancePath), ...(extra !== undefined ? [extra] : [])];
    const key = JSON.stringify([loc, d.type]);
    if (seen.has(key)) continue;
    seen.add(key);
    const item: ValidationDetail = { loc, msg: d.msg, type: d.type };
    if (d.input !== undefined) item.input = d.input;
    if (d.ctx) item.ctx = d.ctx;
    out.push(item);
  }
  return out;
}
