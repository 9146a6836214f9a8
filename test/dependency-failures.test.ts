// Dependency failures injected at the wire level: the database connection cut (a TCP proxy in front of
// PostgreSQL, or the embedded PGlite closed), Redis killed, the object store answering 503. Each maps to
// its documented status with Retry-After and the envelope, never 500; service comes back with the dependency.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BACKEND, startTestApp, type TestApp } from './helpers/test-app.ts';
import { startFailingFront, startTcpProxy, type TcpProxy } from './helpers/fault-proxy.ts';
import { startS3 } from './helpers/s3.ts';
import { fileUpload } from './helpers/multipart.ts';
import { freePort } from './helpers/processes.ts';
import { waitForTask } from './helpers/runs.ts';
import { connectRedis } from '../src/infra/redis.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c().catch(() => {}); });

function expectRetryable(res: { statusCode: number; headers: Record<string, unknown>; body: string; json: () => any }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error: code });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.headers['x-request-id']).toBeTruthy();
}

const createProject = (t: TestApp, secret: string) => t.inject({ method: 'POST', url: '/api/v1/projects', headers: { 'x-api-key': secret }, payload: { name: 'Outage' } });

describe('the database', () => {
  it(`going away answers 503 with Retry-After, and service comes back (${BACKEND})`, async () => {
    let proxy: TcpProxy | null = null;
    const t = await startTestApp({}, {
      databaseUrlVia: async (url) => {
        const u = new URL(url);
        proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
        u.hostname = '127.0.0.1';
        u.port = String(proxy.port);
        return u.toString();
      },
    });
    cleanups.push(() => t.close(), async () => proxy?.close());
    const a = await t.signup('db-outage');
    expect((await createProject(t, a.secret)).statusCode).toBe(201);
    if (proxy) await (proxy as TcpProxy).cut();
    else await t.app.ctx.database.close(); // embedded PGlite: the database itself is gone
    expectRetryable(await createProject(t, a.secret), 503, 'service_unavailable');
    expectRetryable(await t.inject({ method: 'GET', url: '/api/v1/projects', headers: { 'x-api-key': a.secret } }), 503, 'service_unavailable');
    expectRetryable(await t.inject({ method: 'POST', url: '/api/v1/word/generate', headers: { 'x-api-key': a.secret }, payload: { prompt: 'A memo' } }), 503, 'service_unavailable');
    expectRetryable(await t.inject({ method: 'GET', url: '/api/v1/health' }), 503, 'service_unavailable');
    if (proxy) {
      await (proxy as TcpProxy).restore();
      let status = 0;
      for (let i = 0; i < 20 && status !== 201; i++) status = (await createProject(t, a.secret)).statusCode;
      expect(status).toBe(201);
    }
  }, 60_000);
});

describe('Redis', () => {
  it('killed: requests are still answered (per-process limits), never 500', async () => {
    const port = await freePort();
    const redis: ChildProcess = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: 'ignore' });
    cleanups.push(async () => { if (redis.exitCode === null) redis.kill('SIGKILL'); });
    await new Promise((r) => setTimeout(r, 300));
    const t = await startTestApp({}, { env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    cleanups.push(() => t.close());
    const a = await t.signup('redis-outage');
    expect((await createProject(t, a.secret)).statusCode).toBe(201);
    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    for (const req of [
      { method: 'GET' as const, url: '/api/v1/verify' },
      { method: 'GET' as const, url: '/api/v1/projects' },
      { method: 'POST' as const, url: '/api/v1/projects', payload: { name: 'during outage' } },
    ]) {
      const res = await t.inject({ ...req, headers: { 'x-api-key': a.secret } });
      if (res.statusCode >= 500) expectRetryable(res, 503, 'service_unavailable');
      else expect(res.statusCode, res.body).toBeLessThan(300);
    }
    // Revoking a key publishes to Redis: the revocation still takes effect here.
    const minted = await t.inject({ method: 'POST', url: `/api/v1/organizations/${a.org_id}/api-keys`, headers: { authorization: `Bearer ${a.token}` }, payload: { name: 'second' } });
    expect(minted.statusCode).toBe(201);
    const revoke = await t.inject({ method: 'DELETE', url: `/api/v1/organizations/${a.org_id}/api-keys/${minted.json().key_id}`, headers: { authorization: `Bearer ${a.token}` } });
    expect(revoke.statusCode < 500 || revoke.statusCode === 503, revoke.body).toBe(true);
  }, 60_000);
});

describe('Redis at start', () => {
  const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() } as never;

  it('is connected before the process serves, so its limits are shared from the first request', async () => {
    const port = await freePort();
    const redis: ChildProcess = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: 'ignore' });
    cleanups.push(async () => { if (redis.exitCode === null) redis.kill('SIGKILL'); });
    await new Promise((r) => setTimeout(r, 300));
    const client = await connectRedis(`redis://127.0.0.1:${port}`, log);
    cleanups.push(async () => client.disconnect());
    expect(client.status).toBe('ready');
  });

  it('down: the process starts after its bounded wait and answers on the outage policy', async () => {
    const port = await freePort(); // nothing listens there
    const started = Date.now();
    const client = await connectRedis(`redis://127.0.0.1:${port}`, log, 300);
    cleanups.push(async () => client.disconnect());
    expect(client.status).not.toBe('ready');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    const t = await startTestApp({}, { env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    cleanups.push(() => t.close());
    const a = await t.signup('redis-down-at-start');
    expect((await createProject(t, a.secret)).statusCode).toBe(201);
  }, 30_000);
});

describe('the object store', () => {
  it('answering 503 gives 502 upstream_error with Retry-After; metadata reads still work', async () => {
    const s3 = await startS3('fault-bucket');
    cleanups.push(() => s3.close());
    const front = await startFailingFront(s3.endpoint);
    cleanups.push(() => front.close());
    const t = await startTestApp({}, { env: { ...s3.env, FOLIO_S3_ENDPOINT: front.endpoint } });
    cleanups.push(() => t.close());
    const a = await t.signup('s3-outage');
    const up = () => { const f = fileUpload('notes.txt', Buffer.from('hello')); return t.inject({ method: 'POST', url: '/api/v1/files', headers: { 'x-api-key': a.secret, ...f.headers }, payload: f.payload }); };
    const ok = await up();
    expect(ok.statusCode, ok.body).toBe(201);
    front.failing = true;
    expectRetryable(await up(), 502, 'upstream_error');
    const meta = await t.inject({ method: 'GET', url: `/api/v1/files/${ok.json().file_id}`, headers: { 'x-api-key': a.secret } });
    expect(meta.statusCode).toBe(200);
    const convert = await t.inject({ method: 'POST', url: `/api/v1/files/${ok.json().file_id}/convert`, headers: { 'x-api-key': a.secret }, payload: { format: 'pdf' } });
    expect(convert.statusCode, convert.body).toBeLessThan(500);
    // A task whose document is ready while the store fails retries the write, and completes once the
    // store is back, leaving exactly its version's bytes in the bucket.
    const gen = await t.inject({ method: 'POST', url: '/api/v1/word/generate', headers: { 'x-api-key': a.secret }, payload: { prompt: 'A memo about outages', async: true } });
    expect(gen.statusCode, gen.body).toBe(202);
    const { task_id, run_id } = gen.json();
    await waitForTask(t, a.secret, task_id, (x) => x.phase === 'saving', 30_000);
    const refused = front.requests;
    await vi.waitFor(() => expect(front.requests).toBeGreaterThan(refused), { timeout: 10_000, interval: 50 }); // a write met the 503
    front.failing = false;
    const done = await waitForTask(t, a.secret, task_id, undefined, 60_000);
    expect(done.status, JSON.stringify(done)).toBe('completed');
    const runKeys = (await s3.keys()).filter((k) => k.includes(`/runs/${run_id}/`));
    expect(runKeys).toEqual([`orgs/${a.org_id}/runs/${run_id}/${task_id}.0`]);
    expect((await up()).statusCode).toBe(201);
  }, 120_000);
});
