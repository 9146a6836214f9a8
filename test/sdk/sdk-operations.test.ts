// @folio/sdk has one thin typed method per operation: `folio.api` is compared with the operations of the
// OpenAPI document the real app serves (ids, methods, paths), and a sample of them (path parameters, query,
// JSON body, multipart form, 204, a redirect to a file, errors) is called against the real app on a real port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { Folio, NotFoundError, OPERATIONS, ValidationError } from '../../packages/sdk/src/index.ts';

let t: TestApp;
let org: { org_id: string; secret: string };
let doc: any;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  org = await t.signup();
  doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
}, 180_000);
afterAll(async () => t?.close());

const folio = () => new Folio({ apiKey: org.secret, baseUrl: t.url! });

describe('folio.api', { timeout: 120_000 }, () => {
  it('has exactly one method per operation of the served OpenAPI document, with its method and path', () => {
    const served: Record<string, string> = {};
    for (const [route, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) if (op?.operationId) served[op.operationId] = `${method.toUpperCase()} ${route}`;
    }
    expect(Object.keys(served).length).toBeGreaterThan(80);
    const api = folio().api as unknown as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(Object.keys(served).sort());
    for (const id of Object.keys(served)) expect(typeof api[id], id).toBe('function');
    const table = Object.fromEntries(Object.entries(OPERATIONS).map(([id, op]) => [id, `${op.method} /api/v1${op.path}`]));
    expect(table).toEqual(served);
  });

  it('calls operations with path parameters, a query, a JSON body and a multipart form, and reads 204 and a file', async () => {
    const api = folio().api;
    expect(await api.getCredits()).toMatchObject({ balance: expect.any(Number) });

    const made = await api.generateWord({ body: { prompt: 'A one-page memo on the Q3 plan', idempotency_key: 'api-word-1' } });
    expect(made).toMatchObject({ run_id: expect.stringMatching(/^run_/), status: 'completed' });
    const runs = await api.listRuns({ query: { format: 'word', limit: 1 } });
    expect(runs.items.map((r) => r.run_id)).toEqual([made.run_id]);
    expect(await api.getRun({ path: { run_id: made.run_id } })).toMatchObject({ run_id: made.run_id, format: 'word' });

    const file = await api.downloadRun({ path: { run_id: made.run_id } }); // 302 to a signed link, followed
    expect(file).toBeInstanceOf(Response);
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 2))).toBe('PK');

    const form = new FormData();
    form.append('purpose', 'context');
    form.append('file', new Blob(['notes for the memo\n'], { type: 'text/plain' }), 'notes.txt');
    const uploaded = await api.uploadFile({ form });
    expect(uploaded).toMatchObject({ file_id: expect.stringMatching(/^file_/), file_name: 'notes.txt', purpose: 'context' });
    expect(await api.deleteFile({ path: { file_id: uploaded.file_id } })).toBeUndefined();
    await expect(api.getFile({ path: { file_id: uploaded.file_id } })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reports the API\'s errors as FolioErrors and a missing path parameter before any request', async () => {
    const api = folio().api;
    const run = await api.generateSlides({ body: { prompt: 'A two-slide deck' } });
    const invalid = await api.exportRun({ path: { run_id: run.run_id }, body: { format: 'gif' as 'pdf' } }).catch((e) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid).toMatchObject({ status: 422, code: 'validation_error', requestId: expect.any(String) });
    await expect(api.getTask({ path: { task_id: 'task_nope' } })).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    await expect((api.getRun as (a: unknown) => Promise<unknown>)({ path: {} })).rejects.toThrow(/path parameter "run_id" is required/);
  });
});
