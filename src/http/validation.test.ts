import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { toValidationDetail } from './validation.ts';

const ajv = new Ajv({ allErrors: true, strict: false });

function detail(schema: object, data: unknown) {
  const validate = ajv.compile(schema);
  expect(validate(data)).toBe(false);
  return toValidationDetail(validate.errors!, 'body', data);
}

describe('toValidationDetail', () => {
  it('maps enums to one item listing the expected values', () => {
    const d = detail({ type: 'object', properties: { tier: { type: 'string', enum: ['free', 'pro'] } } }, { tier: 'gold' });
    expect(d).toEqual([{ loc: ['body', 'tier'], msg: "Input should be 'free' or 'pro'", type: 'enum', input: 'gold', ctx: { expected: "'free', 'pro'" } }]);
  });

  it('describes nullable types', () => {
    const d = detail({ type: 'object', properties: { model: { type: ['string', 'null'] } } }, { model: 3 });
    expect(d).toEqual([{ loc: ['body', 'model'], msg: 'Input should be a valid string or null', type: 'string_type', input: 3 }]);
  });

  it('collapses anyOf summaries into their branches', () => {
    const d = detail({ anyOf: [{ type: 'string' }, { type: 'integer' }] }, true);
    expect(d.map((x) => x.type)).toEqual(['string_type', 'int_type']);
  });

  it('maps numeric bounds and array sizes', () => {
    const d = detail({ type: 'object', properties: { n: { type: 'integer', minimum: 10 }, xs: { type: 'array', minItems: 1 } } }, { n: 2, xs: [] });
    expect(d).toEqual([
      { loc: ['body', 'n'], msg: 'Input should be greater than or equal to 10', type: 'greater_than_equal', input: 2, ctx: { ge: 10 } },
      { loc: ['body', 'xs'], msg: 'List should have at least 1 item', type: 'too_short', input: [], ctx: { min_length: 1 } },
    ]);
  });

  it('decodes JSON pointer escapes in locations', () => {
    const d = detail({ type: 'object', properties: { 'a/b': { type: 'string' } } }, { 'a/b': 1 });
    expect(d[0].loc).toEqual(['body', 'a/b']);
  });
});
