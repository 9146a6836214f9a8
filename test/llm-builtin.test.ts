// The embedded default: no provider configured, so `auto` is the builtin offline engine. HTTP answers
// for text, json and json_schema (valid against varied schemas, filled from the prompt), and the
// OpenAPI description of the LLM endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { invoke, user } from './helpers/llm.ts';
import { key } from './helpers/runs.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => t?.close());

const NOTES = 'The launch moved to May 12. The budget is $40,000. Ana Ruiz leads design. Two vendors were shortlisted: Northwind and Contoso. The next review is on 2025-04-02.';

describe('the builtin engine over HTTP', () => {
  it('is the default model when no provider is configured', async () => {
    const org = await t.signup();
    const models = (await t.inject({ method: 'GET', url: '/api/v1/llm/models', headers: key(org.secret) })).json();
    expect(models.default_model).toBe('builtin');
    expect(models.items.filter((m: { available: boolean }) => m.available).map((m: { id: string }) => m.id)).toEqual(['builtin']);
    const res = await invoke(t, org.secret, user('hello'));
    expect(res.headers['x-llm-model']).toBe('builtin');
  });

  it('answers text by condensing and structuring the messages, the same way every time', async () => {
    const org = await t.signup();
    const body = { messages: [{ role: 'user', content: `Brief the team on the project status: ${NOTES}` }] };
    const res = await invoke(t, org.secret, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe([
      'Brief the team on the project status',
      '',
      'The launch moved to May 12. Two vendors were shortlisted: Northwind and Contoso.',
      '',
      'Key points:',
      '- The budget is $40,000.',
      '- Ana Ruiz leads design.',
      '- The next review is on 2025-04-02.',
    ].join('\n'));
    expect((await invoke(t, org.secret, body)).body).toBe(res.body);
  });

  it('answers json with the structure it reads from the prompt', async () => {
    const org = await t.signup();
    const res = await invoke(t, org.secret, { messages: [{ role: 'user', content: 'Order: {"sku": "A-1", "qty": 3}' }], response_format: { type: 'json' } });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ sku: 'A-1', qty: 3 });
  });

  const schemas: Record<string, unknown>[] = [
    { type: 'object', additionalProperties: false, required: ['lead', 'budget', 'review', 'vendors', 'status'], properties: {
      lead: { type: 'string' }, budget: { type: 'number', minimum: 0 }, review: { type: 'string', format: 'date' },
      vendors: { type: 'array', items: { type: 'string' }, minItems: 1 }, status: { enum: ['on track', 'delayed', 'blocked'] },
    } },
    { type: 'array', minItems: 2, items: { type: 'object', required: ['id', 'kind'], properties: { id: { type: 'string', format: 'uuid' }, kind: { oneOf: [{ const: 'task' }, { const: 'risk' }] } } } },
    { type: 'object', required: ['summary', 'meta'], properties: { summary: { type: 'string', maxLength: 80 }, meta: { type: 'object', required: ['words'], properties: { words: { type: 'integer', minimum: 1 } } } } },
    { type: 'string', format: 'email' },
  ];
  for (const [i, schema] of schemas.entries()) {
    it(`answers json_schema with a value valid against schema #${i + 1}`, async () => {
      const org = await t.signup();
      const res = await invoke(t, org.secret, { messages: [{ role: 'user', content: `${NOTES} Lead: Ana Ruiz. Vendors: Northwind, Contoso. Budget: 40000. Contact ana@example.com. The launch is delayed.` }], response_format: { type: 'json_schema', json_schema: schema } });
      expect(res.statusCode, res.body).toBe(200);
      const validate = ajv.compile(schema);
      expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
      if (i === 0) expect(res.json()).toEqual({ lead: 'Ana Ruiz', budget: 40000, review: '2025-04-02', vendors: ['Northwind', 'Contoso'], status: 'delayed' });
      if (i === 3) expect(res.json()).toBe('ana@example.com');
    });
  }
});

describe('OpenAPI', () => {
  it('documents the LLM, preflight and text endpoints with every response status', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const invokeOp = doc.paths['/api/v1/llm/invoke'].post;
    expect(invokeOp.tags).toEqual(['LLM']);
    expect(Object.keys(invokeOp.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '403', '422', '429', '500', '502', '504']));
    expect(Object.keys(invokeOp.responses['200'].content)).toEqual(['text/plain', 'application/json', 'text/event-stream']);
    expect(invokeOp.responses['200'].headers).toHaveProperty('X-LLM-Model');
    const model = invokeOp.requestBody.content['application/json'].schema.properties.model;
    expect(model.enum).toEqual(expect.arrayContaining(['auto', 'gpt-4.1', 'claude-sonnet-4-5', 'gemini-2.5-flash-lite', 'builtin', null]));
    expect(Object.keys(doc.paths['/api/v1/preflight'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '404', '409', '410', '422']));
    for (const path of ['/api/v1/text/humanize', '/api/v1/text/rewrite', '/api/v1/text/new-content']) {
      expect(Object.keys(doc.paths[path].post.responses)).toEqual(expect.arrayContaining(['200', '402', '422', '502', '504']));
    }
    expect(doc.paths['/api/v1/llm/budget'].put).toBeDefined();
    expect(doc.paths['/api/v1/llm/usage'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['limit', 'cursor', 'user_id', 'session_id']));
  });
});
