import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { responses } from '../src/http/schemas.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let handlerRuns = 0;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { free: 5, pro: 8, enterprise: 1000 } }, {
    extraRoutes: (api) => {
      api.post('/__test/work', {
        config: { auth: 'api_key' },
        schema: { body: Type.Object({ n: Type.Integer() }, { additionalProperties: false }), response: responses({ 200: Type.Object({ ok: Type.Boolean() }) }) },
      }, async () => { handlerRuns++; return { ok: true }; });
    },
  });
});
afterAll(async () => t?.close());

const verify = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/v1/verify', headers });

describe('API key authentication', () => {
  it('accepts X-API-Key and Authorization: Bearer', async () => {
    const org = await t.signup('auth-1');
    expect((await verify({ 'x-api-key': org.secret })).statusCode).toBe(200);
    expect((await verify({ authorization: `Bearer ${org.secret}` })).statusCode).toBe(200);
  });

  it.each([
    ['missing', {}],
    ['malformed', { 'x-api-key': 'sk_live_short' }],
    ['wrong prefix', { 'x-api-key': `sk_test_${'a'.repeat(28)}` }],
    ['non-alphanumeric', { 'x-api-key': `sk_live_${'a'.repeat(27)}!` }],
    ['unknown', { 'x-api-key': `sk_live_${'Z'.repeat(28)}` }],
    ['empty bearer', { authorization: 'Bearer ' }],
    ['basic auth', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an ID token', { authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' }],
  ])('answers a %s key with 401 invalid_api_key', async (_name, headers) => {
    const res = await verify(headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'invalid_api_key', message: expect.any(String) });
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('answers a suspended organization with 403 forbidden, and works again once reactivated', async () => {
    const org = await t.signup('auth-suspended');
    expect((await verify({ 'x-api-key': org.secret })).statusCode).toBe(200); // cached now
    await t.app.ctx.organizations.setStatus(org.org_id, 'suspended');
    const res = await verify({ 'x-api-key': org.secret });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('forbidden');
    await t.app.ctx.organizations.setStatus(org.org_id, 'active');
    expect((await verify({ 'x-api-key': org.secret })).statusCode).toBe(200);
  });

  it('sees tier changes at once', async () => {
    const org = await t.signup('auth-tier');
    expect((await verify({ 'x-api-key': org.secret })).json().tier).toBe('free');
    await t.app.ctx.organizations.setTier(org.org_id, 'pro');
    const res = await verify({ 'x-api-key': org.secret });
    expect(res.json().tier).toBe('pro');
    expect(res.headers['x-ratelimit-limit']).toBe('8');
  });
});

describe('rate limits', () => {
  it('sends X-RateLimit-* on every API-key response and 429 with Retry-After over the limit', async () => {
    const org = await t.signup('rate-1');
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify({ 'x-api-key': org.secret });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      seen.push(Number(res.headers['x-ratelimit-remaining']));
      const reset = Number(res.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(Date.now() / 1000);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    }
    expect(seen).toEqual([4, 3, 2, 1, 0]);
    const limited = await verify({ 'x-api-key': org.secret });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, error: 'rate_limit_exceeded', message: expect.any(String) });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-limit']).toBe('5');
  });

  it('counts per key, not per organization', async () => {
    const org = await t.signup('rate-2');
    const second = (await t.inject({ method: 'POST', url: `/api/v1/organizations/${org.org_id}/api-keys`, headers: { authorization: `Bearer ${org.token}` }, payload: { name: 'b' } })).json();
    for (let i = 0; i < 5; i++) await verify({ 'x-api-key': org.secret });
    expect((await verify({ 'x-api-key': org.secret })).statusCode).toBe(429);
    const other = await verify({ 'x-api-key': second.secret });
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('is enforced before any other work: body validation and the handler never run', async () => {
    const org = await t.signup('rate-3');
    for (let i = 0; i < 5; i++) {
      const ok = await t.inject({ method: 'POST', url: '/api/v1/__test/work', headers: { 'x-api-key': org.secret }, payload: { n: 1 } });
      expect(ok.statusCode).toBe(200);
    }
    const runs = handlerRuns;
    const invalid = await t.inject({ method: 'POST', url: '/api/v1/__test/work', headers: { 'x-api-key': org.secret }, payload: { bogus: true } });
    expect(invalid.statusCode).toBe(429);
    const valid = await t.inject({ method: 'POST', url: '/api/v1/__test/work', headers: { 'x-api-key': org.secret }, payload: { n: 2 } });
    expect(valid.statusCode).toBe(429);
    expect(handlerRuns).toBe(runs);
  });

  it('limits by tier', async () => {
    const org = await t.signup('rate-4', { tier: 'pro' });
    const res = await verify({ 'x-api-key': org.secret });
    expect(res.headers['x-ratelimit-limit']).toBe('8');
    expect(res.headers['x-ratelimit-remaining']).toBe('7');
  });
});
