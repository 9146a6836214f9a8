// GET /api/v1/verify over a real socket goes through the fast path in front of Fastify (app.inject never
// does). These tests check that it answers exactly like the Fastify route, and that everything it does
// not answer reaches the route counted once.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES, startTestApp, type TestApp } from './helpers/test-app.ts';

// The fast path answers only when admission is synchronous: the key cached in process and the
// in-memory rate limiter. With Redis (the services suite) every request goes to the Fastify route.
const FAST = !SERVICES.redisUrl && !SERVICES.databaseUrl;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { free: 5, pro: 1000, enterprise: 1000 } }, { listen: true });
});
afterAll(async () => t?.close());

const VERIFY = '/api/v1/verify';
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${t.url}${path}`, { method, headers });
const answered = () => t.app.verifyFastPath.answered;

/** Response headers, without the ones that differ between any two responses or between socket and inject. */
function stableHeaders(headers: Headers | Record<string, unknown>): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers).map(([k, v]) => [k, String(v)]);
  const skip = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
  return Object.fromEntries(entries.filter(([k]) => !skip.has(k.toLowerCase())).map(([k, v]) => [k.toLowerCase(), v]));
}

describe('GET /verify fast path', () => {
  it('answers a cached key with the same status, body and headers as the Fastify route', async () => {
    const org = await t.signup('fast-same', { org_name: 'Quote " and ünïcödé 🚀 \\ Org', tier: 'pro' });
    const framework = await t.inject({ method: 'GET', url: VERIFY, headers: { 'x-api-key': org.secret } }); // caches the key
    expect(framework.statusCode).toBe(200);
    const before = answered();
    const res = await get(VERIFY, { 'x-api-key': org.secret });
    expect(answered() - before).toBe(FAST ? 1 : 0);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toBe(framework.body);
    expect(JSON.parse(body)).toEqual({ org_id: org.org_id, org_name: 'Quote " and ünïcödé 🚀 \\ Org', tier: 'pro', webhook_secret: org.webhook_secret, key_prefix: org.secret.slice(0, 12) });
    expect(stableHeaders(res.headers)).toEqual(stableHeaders(framework.headers));
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(Number(framework.headers['x-ratelimit-remaining']) - 1);
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('takes the key from Authorization: Bearer too, and echoes a sane X-Request-Id', async () => {
    const org = await t.signup('fast-bearer', { tier: 'pro' });
    expect((await get(VERIFY, { 'x-api-key': org.secret })).status).toBe(200);
    const before = answered();
    const res = await get(VERIFY, { authorization: `Bearer ${org.secret}`, 'x-request-id': 'client-id.42' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('client-id.42');
    expect(answered() - before).toBe(FAST ? 1 : 0);
    const minted = (await get(VERIFY, { 'x-api-key': org.secret, 'x-request-id': 'bad id with spaces' })).headers.get('x-request-id');
    expect(minted).toMatch(/^req_/);
  });

  it('hands every error to the Fastify route: same envelope, same status as through inject', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'x-api-key': 'sk_live_short' },
      { 'x-api-key': `sk_live_${'Z'.repeat(28)}` },
      { authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' },
    ];
    const before = answered();
    for (const headers of cases) {
      const res = await get(VERIFY, headers);
      const framework = await t.inject({ method: 'GET', url: VERIFY, headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(framework.json());
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    }
    expect(answered()).toBe(before);
  });

  it('counts each request once, whichever way it goes, and answers the first request over the limit 429', async () => {
    const org = await t.signup('fast-limit'); // free: 5 a minute here
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) { // the first is a cache miss and goes to the route; the others, if FAST, do not
      const res = await get(VERIFY, { 'x-api-key': org.secret });
      expect(res.status).toBe(200);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const before = answered();
    const limited = await get(VERIFY, { 'x-api-key': org.secret });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ success: false, error: 'rate_limit_exceeded' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('5');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(answered()).toBe(before);
  });

  it('hands a suspended organization to the route (403), and answers again once it is reactivated', async () => {
    const org = await t.signup('fast-suspended', { tier: 'pro' });
    expect((await get(VERIFY, { 'x-api-key': org.secret })).status).toBe(200);
    await t.app.ctx.organizations.setStatus(org.org_id, 'suspended');
    const res = await get(VERIFY, { 'x-api-key': org.secret });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('forbidden');
    await t.app.ctx.organizations.setStatus(org.org_id, 'active');
    const before = answered();
    expect((await get(VERIFY, { 'x-api-key': org.secret })).status).toBe(200);
    // Right after a change the key is loaded again (a cache miss, through the route); then it is cached.
    expect((await get(VERIFY, { 'x-api-key': org.secret })).status).toBe(200);
    expect(answered() - before).toBeGreaterThanOrEqual(FAST ? 1 : 0);
  });

  it('leaves a revoked key to the route: 401 at once', async () => {
    const org = await t.signup('fast-revoked', { tier: 'pro' });
    const minted = (await t.inject({ method: 'POST', url: `/api/v1/organizations/${org.org_id}/api-keys`, headers: { authorization: `Bearer ${org.token}` }, payload: { name: 'temp' } })).json();
    expect((await get(VERIFY, { 'x-api-key': minted.secret })).status).toBe(200);
    expect((await get(VERIFY, { 'x-api-key': minted.secret })).status).toBe(200);
    const del = await t.inject({ method: 'DELETE', url: `/api/v1/organizations/${org.org_id}/api-keys/${minted.key_id}`, headers: { authorization: `Bearer ${org.token}` } });
    expect(del.statusCode).toBe(204);
    const res = await get(VERIFY, { 'x-api-key': minted.secret });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_api_key');
  });

  it('leaves a query string, a trailing slash, HEAD and other methods to Fastify', async () => {
    const org = await t.signup('fast-other', { tier: 'pro' });
    const key = { 'x-api-key': org.secret };
    expect((await get(VERIFY, key)).status).toBe(200);
    const before = answered();
    expect((await get(`${VERIFY}?probe=1`, key)).status).toBe(200);
    expect((await get(`${VERIFY}/`, key)).status).toBe(200);
    const head = await get(VERIFY, key, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-ratelimit-limit')).toBe('1000');
    const post = await get(VERIFY, key, 'POST');
    expect(post.status).toBe(404);
    expect(answered()).toBe(before);
  });
});

describe('GET /verify on a closing server', () => {
  it('stops answering when the app starts closing, leaving new requests to Fastify (503 while closing)', async () => {
    const own = await startTestApp({}, { listen: true });
    const org = await own.signup('fast-close', { tier: 'pro' });
    const headers = { 'x-api-key': org.secret };
    expect((await fetch(`${own.url}${VERIFY}`, { headers })).status).toBe(200);
    const fastPath = own.app.verifyFastPath;
    const request = { url: VERIFY, method: 'GET', headers } as unknown as IncomingMessage;
    const response = { writeHead: () => response, end: () => response } as unknown as ServerResponse;
    expect(fastPath.handle(request, response)).toBe(FAST);
    await own.close();
    expect(fastPath.handle(request, response)).toBe(false);
  });
});
