// Input hygiene at the edge (docs/architecture/input-hygiene.md): NUL and lone surrogates are refused
// with 422 wherever they arrive, JSON bodies have a nesting and key limit checked before parsing,
// router errors use the envelope, and callers' JSON Schemas have their own limits and a pattern engine
// that cannot hang the process. Each case here answered 500 (or hung) before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { fileUpload, multipartBody } from './helpers/multipart.ts';

let t: TestApp;
let a: { secret: string };
const json = () => ({ 'x-api-key': a.secret, 'content-type': 'application/json' });

beforeAll(async () => {
  t = await startTestApp();
  a = await t.signup('hygiene');
}, 60_000);
afterAll(async () => t?.close());

async function post(url: string, raw: string) {
  return t.inject({ method: 'POST', url, headers: json(), payload: raw });
}

describe('strings with NUL or lone surrogates', () => {
  it('are refused in JSON bodies with a detail item at the field', async () => {
    for (const [url, raw, loc] of [
      ['/api/v1/projects', JSON.stringify({ name: 'a\u0000b' }), ['body', 'name']],
      ['/api/v1/excel/generate', JSON.stringify({ prompt: 'a\u0000b' }), ['body', 'prompt']],
      ['/api/v1/slides/generate', JSON.stringify({ prompt: '\u0000\u0000' }), ['body', 'prompt']],
      ['/api/v1/projects', '{"name":"a\\ud800b"}', ['body', 'name']],
      ['/api/v1/projects', '{"name":"x","tags":["ok","\\udc00"]}', ['body', 'tags', 1]],
      ['/api/v1/projects', '{"name":"x","a\\u0000":1}', ['body', 'a\u0000']],
    ] as const) {
      const res = await post(url, raw);
      expect(res.statusCode, `${url} ${raw}`).toBe(422);
      expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
      expect(res.json().detail[0].loc).toEqual(loc);
      expect(res.json().detail[0].type).toMatch(/^string_(nul_character|unicode)$/);
    }
    const list = await t.inject({ method: 'GET', url: '/api/v1/projects', headers: { 'x-api-key': a.secret } });
    expect(list.json().items).toEqual([]);
  });

  it('are refused in path parameters and query strings', async () => {
    const path = await t.inject({ method: 'GET', url: '/api/v1/projects/prj_%00', headers: { 'x-api-key': a.secret } });
    expect(path.statusCode).toBe(422);
    expect(path.json().detail[0]).toMatchObject({ loc: ['path', 'project_id'], type: 'string_nul_character' });
    const task = await t.inject({ method: 'GET', url: '/api/v1/tasks/%00', headers: { 'x-api-key': a.secret } });
    expect(task.statusCode).toBe(422);
    const query = await t.inject({ method: 'GET', url: '/api/v1/runs?cursor=a%00', headers: { 'x-api-key': a.secret } });
    expect(query.statusCode).toBe(422);
    expect(query.json().detail[0]).toMatchObject({ loc: ['query', 'cursor'], type: 'string_nul_character' });
  });

  it('are refused in multipart field values and file names', async () => {
    const field = fileUpload('notes.txt', Buffer.from('hello'), { purpose: 'context\u0000' });
    const r1 = await t.inject({ method: 'POST', url: '/api/v1/files', headers: { 'x-api-key': a.secret, ...field.headers }, payload: field.payload });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().detail[0]).toMatchObject({ loc: ['body', 'purpose'], type: 'string_nul_character' });
    // RFC 5987 extended filename: busboy decodes %00 to NUL.
    const boundary = 'b0undary';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.txt\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`);
    const r2 = await t.inject({ method: 'POST', url: '/api/v1/files', headers: { 'x-api-key': a.secret, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(r2.statusCode, r2.body).toBe(422);
    expect(r2.json().detail[0]).toMatchObject({ loc: ['body', 'file', 'filename'], type: 'string_nul_character' });
    const plain = multipartBody([{ name: 'file', filename: 'a\u0000b.txt', data: Buffer.from('hello') }]);
    const r3 = await t.inject({ method: 'POST', url: '/api/v1/files', headers: { 'x-api-key': a.secret, ...plain.headers }, payload: plain.payload });
    expect(r3.statusCode).toBe(422);
  });
});

describe('JSON bodies', () => {
  it('nested deeper than 64 levels answer 400 before anything recurses', async () => {
    for (const raw of ['['.repeat(20_000) + ']'.repeat(20_000), `{"prompt":"x","brand":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`]) {
      const res = await post('/api/v1/slides/generate', raw);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'invalid_request', message: expect.stringContaining('64 levels') });
    }
    const invoke = await post('/api/v1/llm/invoke', `{"messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":${'{"type":"object","properties":{"a":'.repeat(3000)}{}${'}}'.repeat(3000)}}}`);
    expect(invoke.statusCode).toBe(400);
    // 64 levels are fine: the body reaches validation.
    const ok = await post('/api/v1/slides/generate', `{"prompt":"x","brand":${'{"a":'.repeat(62)}1${'}'.repeat(62)}}`);
    expect(ok.statusCode).toBe(422);
  });

  it('with more than 100000 keys answer 400; prototype keys answer 400; validation lists at most 50 problems', async () => {
    const keys = `{${'"a":0,'.repeat(100_000)}"a":0}`;
    const many = await post('/api/v1/projects', keys);
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain('100000 object keys');
    const proto = await post('/api/v1/projects', '{"name":"x","__proto__":{"admin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('__proto__') });
    const ctor = await post('/api/v1/projects', '{"name":"x","constructor":{"prototype":{"admin":true}}}');
    expect(ctor.statusCode).toBe(400);
    const extra = await post('/api/v1/projects', JSON.stringify(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x${i}`, i]))));
    expect(extra.statusCode).toBe(422);
    expect(extra.json().detail).toHaveLength(50);
    expect(extra.json().message).toMatch(/and \d+ more problems/);
  });
});

describe('router errors', () => {
  it('use the envelope', async () => {
    const bad = await t.inject({ method: 'GET', url: '/api/v1/projects/%ED%A0%80', headers: { 'x-api-key': a.secret } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'invalid_request' });
    expect(bad.headers['x-request-id']).toBeTruthy();
    const long = await t.inject({ method: 'GET', url: `/api/v1/projects/prj_${'x'.repeat(300)}`, headers: { 'x-api-key': a.secret } });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toMatchObject({ success: false, error: 'not_found' });
  });
});

describe('callers\' JSON Schemas', () => {
  const invoke = (schema: unknown, content = 'hi') => t.inject({ method: 'POST', url: '/api/v1/llm/invoke', headers: json(), payload: { messages: [{ role: 'user', content }], response_format: { type: 'json_schema', json_schema: schema } } });

  it('have a depth and a size limit', async () => {
    let deep: any = { type: 'string' };
    for (let i = 0; i < 20; i++) deep = { type: 'object', properties: { a: deep } };
    const tooDeep = await invoke(deep);
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json().detail[0]).toMatchObject({ loc: ['body', 'response_format', 'json_schema'], type: 'json_schema_too_deep' });
    const big = { type: 'object', properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`property_${i}`, { type: 'string', description: 'x'.repeat(20) }])) };
    const tooBig = await invoke(big);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().detail[0].type).toBe('json_schema_too_large');
  });

  it('have a compile budget: a schema that does not compile in time (in a worker) is refused with 422, and the server carries on', async () => {
    const strict = await startTestApp({}, { env: { FOLIO_SCHEMA_COMPILE_TIMEOUT_MS: '1' } });
    try {
      const org = await strict.signup();
      const schema = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tags: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } } } };
      const ask = (app: TestApp, secret: string) => app.inject({ method: 'POST', url: '/api/v1/llm/invoke', headers: { 'x-api-key': secret, 'content-type': 'application/json' }, payload: { messages: [{ role: 'user', content: 'name: Ada' }], response_format: { type: 'json_schema', json_schema: schema } } });
      for (let i = 0; i < 2; i++) {
        const refused = await ask(strict, org.secret);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'response_format', 'json_schema'], type: 'json_schema_too_complex' })]);
      }
      expect((await strict.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      // Within the default budget (2 s) the same schema compiles, and is then served from the cache.
      const ok = await ask(t, a.secret);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().name).toBeTypeOf('string');
    } finally {
      await strict.close();
    }
  });

  it('cannot hang the process with a pattern', async () => {
    const evil = `${'a'.repeat(40)}!`;
    const started = Date.now();
    for (const pattern of ['^(a+)+$', '^(?=a)(a+)+$', '^(a|a)*$']) {
      const res = await invoke({ type: 'object', required: ['code'], properties: { code: { type: 'string', pattern } } }, `code: ${evil}`);
      expect([200, 502], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().code).not.toBe(evil);
    }
    expect(Date.now() - started).toBeLessThan(20_000);
    const long = await invoke({ type: 'string', pattern: 'a'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0].msg).toContain('1000 characters');
    const good = await invoke({ type: 'object', required: ['zip'], properties: { zip: { type: 'string', pattern: '^[0-9]{5}$' } } }, 'zip 12345');
    expect(good.statusCode).toBe(200);
    expect(good.json().zip).toMatch(/^[0-9]{5}$/);
  });
});
