// The OpenAPI document is fit for client generators: every operation has a unique readable operationId and a
// summary, every request body (JSON or multipart) an example that validates against its schema, and every
// error response is a $ref to the one shared Error schema. (The redocly lint runs as `npm run lint:openapi`.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { exampleFromSchema, finishOpenApiDocument } from '../../src/http/openapi-operations.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
}, 180_000);
afterAll(async () => t?.close());

const operations = () => Object.entries<any>(doc.paths).flatMap(([path, item]) =>
  Object.entries<any>(item).filter(([, op]) => op && typeof op === 'object' && op.responses).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));

describe('operations', () => {
  it('each has a readable operationId and a summary, and no two share an id', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.filter(({ op }) => typeof op.operationId !== 'string' || !/^[a-z][A-Za-z0-9]+$/.test(op.operationId)).map((o) => o.key)).toEqual([]);
    expect(ops.filter(({ op }) => typeof op.summary !== 'string' || op.summary.trim().length < 3).map((o) => o.key)).toEqual([]);
    const seen = new Map<string, string>();
    const duplicates = ops.filter(({ key, op }) => { const before = seen.get(op.operationId); seen.set(op.operationId, key); return before !== undefined; });
    expect(duplicates.map((o) => o.op.operationId)).toEqual([]);
  });

  it('names the operations the SDK and CLI build on', () => {
    const ids = Object.fromEntries(operations().map(({ key, op }) => [op.operationId, key]));
    expect(ids).toMatchObject({
      generateSlides: 'POST /api/v1/slides/generate', generateWord: 'POST /api/v1/word/generate', generateExcel: 'POST /api/v1/excel/generate',
      getTask: 'GET /api/v1/tasks/{task_id}', cancelTask: 'POST /api/v1/tasks/{task_id}/cancel', listRuns: 'GET /api/v1/runs', getRun: 'GET /api/v1/runs/{run_id}',
      downloadRun: 'GET /api/v1/runs/{run_id}/download', exportRun: 'POST /api/v1/runs/{run_id}/export', uploadFile: 'POST /api/v1/files',
      getCredits: 'GET /api/v1/credits', listWebhooks: 'GET /api/v1/webhooks', createWebhook: 'POST /api/v1/webhooks',
      listWebhookDeliveries: 'GET /api/v1/webhooks/{webhook_id}/deliveries', redeliverWebhookDelivery: 'POST /api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
    });
  });

  it('an operation missing from the id table, or two ids alike, would be caught', () => {
    const broken = finishOpenApiDocument({ paths: { '/api/v1/new-thing': { get: { summary: 'x', responses: { 200: { description: 'ok' } } } } } });
    expect(broken.paths['/api/v1/new-thing'].get.operationId).toBeUndefined();
  });
});

describe('request bodies and errors', () => {
  it('every request body (JSON, multipart, form) has an example its schema accepts', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    // A multipart file part is `format: binary`; its example value is a placeholder string for the bytes.
    ajv.addFormat('binary', true);
    const bad: string[] = [];
    const kinds = new Set<string>();
    for (const { key, op } of operations()) {
      for (const [mediaType, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
        kinds.add(mediaType);
        // One `example`, or named `examples` (what a schema's own `examples` become in the document).
        const given = media.example !== undefined ? [media.example] : Object.values<any>(media.examples ?? {}).map((e) => e?.value);
        if (!given.length) { bad.push(`${key} ${mediaType}: no example`); continue; }
        const validate = ajv.compile(media.schema);
        for (const example of given) if (!validate(example)) bad.push(`${key} ${mediaType}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(bad).toEqual([]);
    expect([...kinds]).toEqual(expect.arrayContaining(['application/json', 'multipart/form-data']));
    expect(doc.paths['/api/v1/files'].post.requestBody.content['multipart/form-data'].example).toMatchObject({ purpose: 'data' });
  });

  it('the generate examples are hand-written and carry an idempotency key', () => {
    const example = doc.paths['/api/v1/slides/generate'].post.requestBody.content['application/json'].example;
    expect(example).toMatchObject({ prompt: expect.stringMatching(/deck/), idempotency_key: expect.any(String) });
  });

  it('every 4xx/5xx JSON response references components/schemas/Error', () => {
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['success', 'error', 'message'] });
    const inline: string[] = [];
    let refs = 0;
    for (const { key, op } of operations()) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (Number(status) < 400 || !response.content) continue;
        const schema = response.content['application/json']?.schema;
        if (schema?.$ref === '#/components/schemas/Error') refs++;
        else inline.push(`${key} ${status}`);
      }
    }
    expect(inline).toEqual([]);
    expect(refs).toBeGreaterThan(300);
  });

  it('builds schema examples that honour minProperties and patterns', () => {
    expect(exampleFromSchema({ type: 'object', minProperties: 1, properties: { name: { type: 'string', minLength: 1 } } })).toEqual({ name: 'example' });
    expect(exampleFromSchema({ type: 'string', pattern: '^[^@]+@[^@]+$' })).toBe('ada@example.com');
  });
});
