// Outages of PostgreSQL and Redis, cut and restored at the wire by a TCP proxy in front of the real
// services (a real restart would disturb every other test on the shared servers): requests answer 503
// with Retry-After (never 500), /health turns not-ready while /health/live stays up, and everything
// recovers by itself: workers resume, rate limits return to Redis, and no revocation is lost.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.ts';
import { SERVICES, startTestApp, testDns, type TestApp } from './helpers/test-app.ts';
import { startTcpProxy, type TcpProxy } from './helpers/fault-proxy.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { generate, getTask, key, waitForTask, withRuns } from './helpers/runs.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c().catch(() => {}); });

type Res = { statusCode: number; headers: Record<string, unknown>; body: string; json: () => any };

function expect503(res: Res) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toMatchObject({ success: false, error: 'service_unavailable' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

async function proxied(url: string, defaultPort: number): Promise<{ proxy: TcpProxy; url: string }> {
  const u = new URL(url);
  const proxy = await startTcpProxy(u.hostname, Number(u.port || defaultPort));
  cleanups.push(() => proxy.close());
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return { proxy, url: u.toString() };
}

describe.runIf(SERVICES.databaseUrl)('PostgreSQL cut off and back', () => {
  it('answers 503 with Retry-After, reports not ready but alive, and recovers with its workers', async () => {
    let proxy: TcpProxy | undefined;
    const t = await startTestApp(withRuns({}), {
      agents: scriptedAgents(),
      databaseUrlVia: async (url) => { const p = await proxied(url, 5432); proxy = p.proxy; return p.url; },
    });
    cleanups.push(() => t.close());
    const a = await t.signup('pg-cut');
    const healthy = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(healthy.statusCode, healthy.body).toBe(200);
    expect(healthy.json()).toMatchObject({ status: 'ok', ready: true, checks: { database: { status: 'ok', kind: 'postgres' }, blob_store: { status: 'ok', kind: 'local' } } });
    expect(['ok', 'not_configured']).toContain(healthy.json().checks.redis.status);
    expect(['ok', 'idle']).toContain(healthy.json().checks.libreoffice.status);

    // A task that is running when the database goes away.
    const inFlight = await generate(t, a.secret, { prompt: JSON.stringify({ sleep_ms: 1500 }), async: true });
    expect(inFlight.statusCode, inFlight.body).toBe(202);
    await waitForTask(t, a.secret, inFlight.json().task_id, (x) => x.status === 'running');

    await proxy!.cut();
    const started = Date.now();
    expect503(await generate(t, a.secret, { prompt: 'A memo', async: true }));
    expect503(await getTask(t, a.secret, inFlight.json().task_id));
    expect503(await t.inject({ method: 'GET', url: '/api/v1/projects', headers: key(a.secret) }));
    expect503(await t.inject({ method: 'POST', url: '/api/v1/projects', headers: key(a.secret), payload: { name: 'During the outage' } }));
    const down = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect503(down);
    expect(down.json()).toMatchObject({ ready: false, checks: { database: { status: 'down', kind: 'postgres' }, blob_store: { status: 'ok' } } });
    expect(down.json().checks.database.error).not.toMatch(/postgres:\/\//);
    const live = await t.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json().status).toBe('ok');
    expect(Date.now() - started, 'outage answers come at once, not after a connect timeout each').toBeLessThan(10_000);

    // Outlast the running task, so that its completion meets the outage too.
    await new Promise((r) => setTimeout(r, 2000));
    await proxy!.restore();
    await vi.waitFor(async () => expect((await t.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200), { timeout: 20_000, interval: 200 });

    const after = await generate(t, a.secret, { prompt: 'After the outage', async: true });
    expect(after.statusCode, after.body).toBe(202);
    expect((await waitForTask(t, a.secret, after.json().task_id, undefined, 30_000)).status).toBe('completed');
    const survivor = await waitForTask(t, a.secret, inFlight.json().task_id, undefined, 60_000);
    expect(survivor.status, JSON.stringify(survivor)).toBe('completed');
  }, 120_000);
});

describe.runIf(SERVICES.redisUrl)('Redis cut off and back', () => {
  it('keeps serving with per-process limits, reads keys from the database, and loses no revocation', async () => {
    const { proxy, url } = await proxied(SERVICES.redisUrl!, 6379);
    // Two API processes sharing the database and Redis: A revokes a key that B has cached.
    const t: TestApp = await startTestApp({}, { env: { REDIS_URL: url } });
    cleanups.push(() => t.close());
    const b = await buildApp({ ...t.config }, { database: t.app.ctx.database, migrate: false, queue: false, dnsLookup: testDns });
    cleanups.push(() => b.close());
    const direct = new Redis(SERVICES.redisUrl!);
    cleanups.push(async () => direct.quit());
    const epochKey = `${t.config.redisPrefix}auth-epoch`;

    const a = await t.signup('redis-cut');
    const minted = await t.inject({ method: 'POST', url: `/api/v1/organizations/${a.org_id}/api-keys`, headers: { authorization: `Bearer ${a.token}` }, payload: { name: 'to revoke' } });
    expect(minted.statusCode, minted.body).toBe(201);
    const second = minted.json();
    expect((await b.inject({ method: 'GET', url: '/api/v1/verify', headers: key(second.secret) })).statusCode).toBe(200); // now cached in B
    const epochBefore = Number(await direct.get(epochKey) ?? 0);

    await proxy.cut();
    await vi.waitFor(() => { expect(t.app.ctx.redis!.status).not.toBe('ready'); expect(b.ctx.redis!.status).not.toBe('ready'); }, { timeout: 10_000 });
    const started = Date.now();
    const verify = await t.inject({ method: 'GET', url: '/api/v1/verify', headers: key(a.secret) });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.headers['x-ratelimit-limit']).toBeDefined();
    const created = await t.inject({ method: 'POST', url: '/api/v1/projects', headers: key(a.secret), payload: { name: 'During the Redis outage' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(Date.now() - started, 'no request waits for Redis to come back').toBeLessThan(5000);
    const health = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json()).toMatchObject({ ready: true, checks: { database: { status: 'ok' }, redis: { status: 'down', policy: expect.stringContaining('fail open') } } });

    // Revoked during the outage: refused at once everywhere (no process trusts its cache without Redis).
    const revoke = await t.inject({ method: 'DELETE', url: `/api/v1/organizations/${a.org_id}/api-keys/${second.key_id}`, headers: { authorization: `Bearer ${a.token}` } });
    expect(revoke.statusCode, revoke.body).toBeLessThan(300);
    expect((await b.inject({ method: 'GET', url: '/api/v1/verify', headers: key(second.secret) })).statusCode).toBe(401);

    await proxy.restore();
    await vi.waitFor(() => { expect(t.app.ctx.redis!.status).toBe('ready'); expect(b.ctx.redis!.status).toBe('ready'); }, { timeout: 15_000, interval: 100 });
    // The bump A could not send is sent on reconnection, and B's cache from before the outage is gone.
    await vi.waitFor(async () => expect(Number(await direct.get(epochKey) ?? 0)).toBeGreaterThan(epochBefore), { timeout: 5000 });
    expect((await b.inject({ method: 'GET', url: '/api/v1/verify', headers: key(second.secret) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/v1/verify', headers: key(second.secret) })).statusCode).toBe(401);
    expect((await b.inject({ method: 'GET', url: '/api/v1/verify', headers: key(a.secret) })).statusCode).toBe(200);
    const back = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(back.json().checks.redis.status).toBe('ok');
  }, 60_000);
});
