// @folio/sdk's transport and helpers against the real app on a real port (scripted test agents): retries on
// 503 with Retry-After, on 429/502/504 and network errors (none on 500/400), the backoff, timeoutMs, a generate
// whose first answer is lost makes one run, FolioError
// fields, the 408 upgrade, pagination, uploads from a path, a Blob, bytes and a stream, credits and cancel.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { count, script, withRuns } from '../helpers/runs.ts';
import { scriptedAgents } from '../helpers/scripted-agent.ts';
import { AuthenticationError, ConnectionError, Folio, FolioError, NotFoundError, RateLimitError, ServerError, TimeoutError, ValidationError } from '../../packages/sdk/src/index.ts';
import { retryDelayMs } from '../../packages/sdk/src/http.ts';
import { startFrontProxy, type FrontProxy } from './helpers/front-proxy.ts';

let t: TestApp;
let org: { org_id: string; secret: string };
let proxy: FrontProxy;
let tmp: string;
let free: TestApp;
beforeAll(async () => {
  // One after the other: two apps booting at once on a loaded machine can miss Fastify's plugin timeout.
  t = await startTestApp(withRuns({ syncCeilingMs: 700 }), { agents: scriptedAgents(), listen: true });
  free = await startTestApp(withRuns({}), { agents: scriptedAgents(), listen: true, env: { FOLIO_RATE_LIMIT_FREE: '2' } });
  org = await t.signup();
  proxy = await startFrontProxy(t.url!);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sdk-transport-'));
}, 180_000);
afterAll(async () => {
  await proxy?.close();
  await free?.close();
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const client = (opts: ConstructorParameters<typeof Folio>[0] = {}) => new Folio({ apiKey: org.secret, baseUrl: t.url!, ...opts });
const runsOf = (orgId: string) => count(t, sql`select count(*)::int as n from runs where org_id = ${orgId}`);

describe('retries', { timeout: 120_000 }, () => {
  it('retries a 503 after its Retry-After, then succeeds', async () => {
    const start = proxy.requests.length;
    proxy.rule((req, n) => (n === start ? { kind: 'answer', status: 503, headers: { 'retry-after': '1' }, body: '{"success":false,"error":"service_unavailable","message":"busy"}' } : { kind: 'forward' }));
    const began = Date.now();
    const credits = await client({ baseUrl: proxy.url }).credits.get();
    expect(credits).toMatchObject({ balance: expect.any(Number) });
    expect(Date.now() - began).toBeGreaterThanOrEqual(950); // Retry-After: 1, not the 0.25-0.5 s default backoff
    expect(proxy.requests.slice(start).map((r) => r.path)).toEqual(['/api/v1/credits', '/api/v1/credits']);
  });

  it('retries a network error (connection reset), and gives up after maxRetries with a ConnectionError', async () => {
    const start = proxy.requests.length;
    proxy.rule((_req, n) => (n === start ? { kind: 'reset' } : { kind: 'forward' }));
    expect((await client({ baseUrl: proxy.url }).credits.get()).balance).toEqual(expect.any(Number));
    expect(proxy.requests.length - start).toBe(2);

    const before = proxy.requests.length;
    proxy.rule(() => ({ kind: 'reset' }));
    const err = await client({ baseUrl: proxy.url, maxRetries: 1 }).credits.get().catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({ code: 'connection_error', status: 0 });
    expect(proxy.requests.length - before).toBe(2);
    proxy.rule(() => ({ kind: 'forward' }));
  });

  it('gives up on a lasting 503 with a ServerError carrying status, code, requestId and retryAfter', async () => {
    proxy.rule(() => ({ kind: 'answer', status: 503, headers: { 'retry-after': '0', 'x-request-id': 'req-503' }, body: '{"success":false,"error":"service_unavailable","message":"down"}' }));
    const err = await client({ baseUrl: proxy.url, maxRetries: 2 }).credits.get().catch((e) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ status: 503, code: 'service_unavailable', requestId: 'req-503', retryAfter: 0, message: 'down' });
    proxy.rule(() => ({ kind: 'forward' }));
  });

  it('retries 429, 502 and 504 as well; a 500 or a 400 is answered at once, without a retry', async () => {
    const envelope = (code: string) => `{"success":false,"error":"${code}","message":"${code}"}`;
    for (const status of [429, 502, 504]) {
      const start = proxy.requests.length;
      proxy.rule((_req, n) => (n === start ? { kind: 'answer', status, body: envelope(`s${status}`) } : { kind: 'forward' }));
      expect((await client({ baseUrl: proxy.url }).credits.get()).balance, String(status)).toEqual(expect.any(Number));
      expect(proxy.requests.length - start, String(status)).toBe(2);
    }
    for (const status of [500, 400]) {
      const start = proxy.requests.length;
      proxy.rule(() => ({ kind: 'answer', status, body: envelope(`s${status}`) }));
      const err = await client({ baseUrl: proxy.url, maxRetries: 3 }).credits.get().catch((e) => e);
      expect(err).toMatchObject({ status, code: `s${status}` });
      expect(err).toBeInstanceOf(status === 500 ? ServerError : ValidationError);
      expect(proxy.requests.length - start, String(status)).toBe(1);
    }
    proxy.rule(() => ({ kind: 'forward' }));
  });

  it('without Retry-After, waits at least 0.25 s, 0.5 s, then 1 s between attempts (exponential backoff), each with jitter', async () => {
    const arrivals: number[] = [];
    proxy.rule(() => { arrivals.push(Date.now()); return { kind: 'answer', status: 502, body: '{"success":false,"error":"bad_gateway","message":"down"}' }; });
    const err = await client({ baseUrl: proxy.url, maxRetries: 3 }).credits.get().catch((e) => e);
    expect(err).toMatchObject({ status: 502, code: 'bad_gateway' });
    expect(arrivals).toHaveLength(4);
    const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]);
    // Lower bounds only (a loaded machine adds time, never removes it): half of 0.5 s, 1 s and 2 s.
    [250, 500, 1000].forEach((min, i) => expect(gaps[i], `gap ${i}: ${gaps}`).toBeGreaterThanOrEqual(min - 5));
    proxy.rule(() => ({ kind: 'forward' }));
    // The jitter itself: delays for one attempt spread over [base/2, base], capped at 8 s.
    const samples = Array.from({ length: 200 }, () => retryDelayMs(2));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(2000);
    expect(new Set(samples.map((v) => Math.round(v / 50))).size).toBeGreaterThan(5);
    expect(retryDelayMs(10)).toBeLessThanOrEqual(8000);
    expect(retryDelayMs(0, 3)).toBe(3000);
  });

  it('timeoutMs bounds each attempt: a server that does not answer in time is retried, then a TimeoutError', async () => {
    const start = proxy.requests.length;
    proxy.rule(() => ({ kind: 'custom', handle: (_req, res) => { setTimeout(() => { if (!res.writableEnded) res.end(); }, 3000); } }));
    const err = await client({ baseUrl: proxy.url, timeoutMs: 300, maxRetries: 1 }).credits.get().catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ code: 'timeout', status: 0 });
    expect(proxy.requests.length - start).toBe(2);
    // Per call, too: the same client with a generous timeout for one request gets its answer.
    proxy.rule(() => ({ kind: 'forward' }));
    expect((await client({ baseUrl: proxy.url, timeoutMs: 1 }).request<{ balance: number }>('GET', '/credits', { timeoutMs: 60_000 })).balance).toEqual(expect.any(Number));
  });

  it('a generate whose first answer is lost is retried with the same idempotency_key and makes one run', async () => {
    const fresh = await t.signup();
    const start = proxy.requests.length;
    proxy.rule((req, n) => (n === start && req.path === '/api/v1/word/generate' ? { kind: 'forward-then-reset' } : { kind: 'forward' }));
    const folio = new Folio({ apiKey: fresh.secret, baseUrl: proxy.url });
    const run = await folio.word.generate({ prompt: script({ sleep_ms: 100 }) });
    expect(run.status).toBe('completed');
    const posts = proxy.requests.slice(start).filter((r) => r.path === '/api/v1/word/generate').map((r) => JSON.parse(r.body.toString()));
    expect(posts).toHaveLength(2);
    expect(posts[0].idempotency_key).toEqual(expect.any(String));
    expect(posts[1].idempotency_key).toBe(posts[0].idempotency_key);
    expect(await runsOf(fresh.org_id)).toBe(1);
    proxy.rule(() => ({ kind: 'forward' }));
  });

  it('an idempotency key given by the caller is the one sent', async () => {
    const start = proxy.requests.length;
    await client({ baseUrl: proxy.url }).excel.generate({ prompt: 'x' }, { idempotencyKey: 'caller-key-1' });
    expect(JSON.parse(proxy.requests[start].body.toString()).idempotency_key).toBe('caller-key-1');
  });
});

describe('errors', { timeout: 120_000 }, () => {
  it('401, 404 and 422 come back as typed FolioErrors with the request id and detail', async () => {
    const bad = await new Folio({ apiKey: 'sk_live_' + 'x'.repeat(28), baseUrl: t.url! }).credits.get().catch((e) => e);
    expect(bad).toBeInstanceOf(AuthenticationError);
    expect(bad).toMatchObject({ status: 401, code: 'invalid_api_key', requestId: expect.any(String) });

    const missing = await client().runs.get('run_missing').catch((e) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toBeInstanceOf(FolioError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', requestId: expect.any(String) });

    const invalid = await client().runs.get('x').then((r) => r.export('gif')).catch((e) => e);
    expect(invalid).toBeInstanceOf(NotFoundError); // run x does not exist: 404 before the body is looked at
    const run = await client().word.generate({ prompt: 'fine' });
    const wrong = await run.export('gif').catch((e) => e);
    expect(wrong).toBeInstanceOf(ValidationError);
    expect(wrong).toMatchObject({ status: 422, code: 'validation_error', detail: [expect.objectContaining({ loc: ['body', 'format'] })] });
  });

  it('429 is a RateLimitError with retryAfter (a free-tier app with a limit of 2 a minute, no retries)', async () => {
    const key = (await free.signup(undefined, { tier: 'free' })).secret;
    const folio = new Folio({ apiKey: key, baseUrl: free.url!, maxRetries: 0 });
    await folio.credits.get();
    await folio.credits.get();
    const err = await folio.credits.get().catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, code: 'rate_limit_exceeded', requestId: expect.any(String) });
    expect(err.retryAfter).toBeGreaterThan(0);
  });

  it('a failed task followed to its end is a TaskFailedError with the task\'s error code', async () => {
    const err = await client().word.generate({ prompt: script({ fail: 'upstream_error' }) }, { onProgress: () => {} }).catch((e) => e);
    expect(err).toMatchObject({ name: 'TaskFailedError', code: 'upstream_error', body: { status: 'failed' } });
  });
});

describe('generate paths', { timeout: 120_000 }, () => {
  it('a sync generate that reaches the ceiling (408) is followed to the end, on the same task', async () => {
    const start = proxy.requests.length;
    const run = await client({ baseUrl: proxy.url }).slides.generate({ prompt: script({ sleep_ms: 1500 }) });
    expect(run).toMatchObject({ status: 'completed', format: 'slides', version: 1 });
    const seen = proxy.requests.slice(start);
    expect(seen.filter((r) => r.path === '/api/v1/slides/generate')).toHaveLength(1);
    expect(seen.some((r) => r.path.startsWith(`/api/v1/tasks/${run.task_id}`))).toBe(true);
  });

  it('tasks.cancel cancels a running task; wait then reports it as cancelled', async () => {
    const folio = client();
    const task = await folio.word.generateAsync({ prompt: script({ sleep_ms: 5000 }) });
    const cancelled = await folio.tasks.cancel(task.task_id);
    expect(cancelled.task_id).toBe(task.task_id);
    const err = await folio.tasks.wait(task.task_id).catch((e) => e);
    expect(err).toMatchObject({ name: 'TaskFailedError', code: 'cancelled' });
  });
});

describe('pagination', { timeout: 120_000 }, () => {
  it('runs.list walks every page; firstPage and pages expose the cursor', async () => {
    const fresh = await t.signup();
    const folio = new Folio({ apiKey: fresh.secret, baseUrl: t.url! });
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await folio.word.generate({ prompt: `doc ${i}` })).run_id);
    const first = await folio.runs.list({ limit: 2 }).firstPage();
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const pages = [];
    for await (const page of folio.runs.list({ limit: 2 }).pages()) pages.push(page.items.length);
    expect(pages).toEqual([2, 2, 1]);
    const ids = [];
    for await (const run of folio.runs.list({ limit: 2 })) ids.push(run.run_id);
    expect(ids).toEqual([...made].reverse());
    expect((await folio.runs.list({ limit: 100, format: 'excel' }).toArray())).toEqual([]);
  });
});

describe('files', { timeout: 120_000 }, () => {
  it('uploads from a path, a Blob, a Uint8Array, a ReadableStream and a Node.js file stream; lists them over pages; gets one', async () => {
    const fresh = await t.signup();
    const folio = new Folio({ apiKey: fresh.secret, baseUrl: t.url! });
    const file = path.join(tmp, 'notes.txt');
    fs.writeFileSync(file, 'from a path\n');
    const fromPath = await folio.files.upload(file);
    expect(fromPath).toMatchObject({ file_id: expect.stringMatching(/^file_/), file_name: 'notes.txt', size: 12 });
    const fromBlob = await folio.files.upload(new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), { filename: 'data.csv', purpose: 'data' });
    expect(fromBlob).toMatchObject({ file_name: 'data.csv', purpose: 'data', size: 8 });
    const fromBytes = await folio.files.upload(new TextEncoder().encode('bytes'), { filename: 'bytes.txt' });
    expect(fromBytes).toMatchObject({ file_name: 'bytes.txt', size: 5 });
    const stream = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode('str')); c.enqueue(new TextEncoder().encode('eam')); c.close(); } });
    const fromStream = await folio.files.upload(stream, { filename: 'stream.txt' });
    expect(fromStream).toMatchObject({ file_name: 'stream.txt', size: 6 });
    // A Node.js file stream (an async iterable of Buffers): named after its path.
    const fromNodeStream = await folio.files.upload(fs.createReadStream(file));
    expect(fromNodeStream).toMatchObject({ file_name: 'notes.txt', size: 12 });
    const listed = [];
    for await (const f of folio.files.list({ limit: 3 })) listed.push(f.file_id);
    expect(listed).toEqual([fromNodeStream, fromStream, fromBytes, fromBlob, fromPath].map((f) => f.file_id));
    expect(await folio.files.get(fromBlob.file_id)).toMatchObject({ file_id: fromBlob.file_id, file_name: 'data.csv' });
  });

  it('a refused upload (purpose init with bytes that are no document) comes back as a typed ValidationError', async () => {
    const folio = client();
    const init = await folio.files.upload(new Blob([Buffer.from('PK')]), { filename: 'x.docx', purpose: 'init' }).catch((e) => e);
    expect(init).toBeInstanceOf(ValidationError); // two bytes are no .docx: the server's check comes through typed
  });
});

describe('low-level request', { timeout: 120_000 }, () => {
  it('reaches any endpoint with the client\'s auth and errors', async () => {
    const me = await client().request<{ org_id: string }>('GET', '/verify');
    expect(me).toMatchObject({ org_id: org.org_id });
    await expect(client().request('GET', '/no-such-thing')).rejects.toMatchObject({ status: 404 });
  });
});
