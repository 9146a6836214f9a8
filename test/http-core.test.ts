import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { responses } from '../src/http/schemas.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ bodyLimitBytes: 2048 }, {
    extraRoutes: (api) => {
      api.get('/__test/boom', { schema: { response: responses({ 200: Type.Object({}) }) } }, async () => {
        throw new Error('secret internals: select * from api_keys');
      });
      api.get('/__test/old', {
        config: { deprecation: { sunset: '2028-01-01T00:00:00Z', link: 'https://example.com/migrate' } },
        schema: { response: responses({ 200: Type.Object({ ok: Type.Boolean() }) }) },
      }, async () => ({ ok: true }));
      api.post('/__test/typed', {
        schema: {
          body: Type.Object({
            name: Type.String({ minLength: 1, maxLength: 5 }),
            count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
            items: Type.Optional(Type.Array(Type.Object({ id: Type.String() }, { additionalProperties: false }), { minItems: 1 })),
          }, { additionalProperties: false }),
          querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
          response: responses({ 200: Type.Object({ name: Type.String(), limit: Type.Optional(Type.Integer()) }) }),
        },
      }, async (request) => ({ name: (request.body as any).name, limit: (request.query as any).limit }));
    },
  });
});
afterAll(async () => t?.close());

describe('error envelope', () => {
  it('answers unknown routes with 404 not_found', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'not_found', message: expect.any(String) });
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/__test/typed', headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'invalid_request' });
  });

  it('answers an unsupported content type with 400 invalid_request', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/__test/typed', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('answers an oversize body with 413 payload_too_large', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/__test/typed', payload: { name: 'x'.repeat(5000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
  });

  it('hides internals of unhandled errors behind 500 internal_error', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/__test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: 'internal_error', message: expect.any(String) });
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('api_keys');
  });
});

describe('422 validation detail', () => {
  const post = (payload: unknown, url = '/api/v1/__test/typed') => t.inject({ method: 'POST', url, payload: payload as any });

  it('reports each problem with loc, msg, type, input and ctx', async () => {
    const res = await post({ name: 'toolong', count: 'three', extra: true });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ success: false, error: 'validation_error' });
    expect(body.detail).toEqual(expect.arrayContaining([
      { loc: ['body', 'name'], msg: 'String should have at most 5 characters', type: 'string_too_long', input: 'toolong', ctx: { max_length: 5 } },
      { loc: ['body', 'count'], msg: 'Input should be a valid integer', type: 'int_type', input: 'three' },
      { loc: ['body', 'extra'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden', input: true },
    ]));
    expect(body.detail).toHaveLength(3);
  });

  it('reports missing fields', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([{ loc: ['body', 'name'], msg: 'Field required', type: 'missing', input: {} }]);
  });

  it('does not coerce body types', async () => {
    const res = await post({ name: 123 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_type', input: 123 });
  });

  it('points into arrays with integer indexes', async () => {
    const res = await post({ name: 'ok', items: [{ id: 'a' }, { id: 7, x: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual(expect.arrayContaining([
      expect.objectContaining({ loc: ['body', 'items', 1, 'id'], type: 'string_type' }),
      expect.objectContaining({ loc: ['body', 'items', 1, 'x'], type: 'extra_forbidden' }),
    ]));
  });

  it('validates the query string with loc "query", coercing numbers', async () => {
    const bad = await post({ name: 'ok' }, '/api/v1/__test/typed?limit=500');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['query', 'limit'], type: 'less_than_equal', ctx: { le: 100 } });
    const good = await post({ name: 'ok' }, '/api/v1/__test/typed?limit=5');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ name: 'ok', limit: 5 });
  });

  it('rejects a body that is not an object', async () => {
    const res = await post([1, 2]);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body'], type: 'dict_type' });
  });
});

describe('X-Request-Id', () => {
  it('echoes a sane incoming id', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'client-abc.123' } });
    expect(res.headers['x-request-id']).toBe('client-abc.123');
  });

  it('replaces an insane one and generates one when absent', async () => {
    const insane = await t.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'bad id\u0000<script>' } });
    expect(insane.headers['x-request-id']).toMatch(/^req_[0-9A-Z]{26}$/);
    const long = await t.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'a'.repeat(200) } });
    expect(long.headers['x-request-id']).toMatch(/^req_/);
    const none = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(none.headers['x-request-id']).toMatch(/^req_[0-9A-Z]{26}$/);
    expect(none.headers['x-request-id']).not.toBe(insane.headers['x-request-id']);
  });

  it('is on error responses too', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'x-request-id': 'trace-1' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('trace-1');
    const boom = await t.inject({ method: 'GET', url: '/api/v1/__test/boom' });
    expect(boom.headers['x-request-id']).toMatch(/^req_/);
  });
});

describe('deprecation', () => {
  it('marks deprecated routes with X-Deprecated and Sunset, and in the OpenAPI document', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/__test/old' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-deprecated']).toBe('true');
    expect(res.headers['sunset']).toBe('Sat, 01 Jan 2028 00:00:00 GMT');
    expect(res.headers['link']).toBe('<https://example.com/migrate>; rel="deprecation"');
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/__test/old'].get.deprecated).toBe(true);
  });

  it('leaves other routes alone', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-deprecated']).toBeUndefined();
    expect(res.headers['sunset']).toBeUndefined();
  });
});

describe('OpenAPI and docs', () => {
  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const signup = doc.paths['/api/v1/signup'].post;
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '422', '500']));
    expect(signup.requestBody.content['application/json'].schema.properties.org_name.maxLength).toBe(120);
    expect(signup.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    const verify = doc.paths['/api/v1/verify'].get;
    expect(Object.keys(verify.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
    expect(verify.security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyBearer: [] }]);
    expect(doc.components.securitySchemes.IdToken.scheme).toBe('bearer');
  });

  it('declares response schemas for every status of every route', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const [p, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        for (const [status, r] of Object.entries<any>(op.responses)) {
          if (status === '204') continue;
          // JSON for every API answer; WOPI's file bodies are octet-stream and its lock answers are empty;
          // a task's progress stream is text/event-stream.
          const media = p.startsWith('/api/v1/embed-wopi/') ? Object.values<any>(r.content ?? {})[0]
            : p === '/api/v1/tasks/{task_id}/events' && status === '200' ? r.content?.['text/event-stream'] : r.content?.['application/json'];
          expect(media?.schema, `${method} ${p} ${status}`).toBeDefined();
        }
      }
    }
  });

  it('serves a readable API reference page', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/docs' });
    const page = res.statusCode === 302 ? await t.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
  });
});

describe('health', () => {
  it('reports the database', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    expect(res.json()).toMatchObject({ status: 'ok', ready: true, database: kind, storage: 'ok', checks: { database: { status: 'ok', kind }, blob_store: { status: 'ok' } } });
    expect(Object.keys(res.json().checks).sort()).toEqual(['blob_store', 'database', 'libreoffice', 'redis']);
  });
});
