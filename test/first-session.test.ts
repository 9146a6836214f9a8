// No 429 in the first session: on a development server a signup that names no tier gets `pro` (60
// requests a minute, 1000 credits), so the README's session and an hour of trying things fit; with
// NODE_ENV production (and test) the default stays `free`, 10 requests a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { key } from './helpers/runs.ts';

// The shipped rate limits, not the test suite's raised ones.
const SHIPPED = { FOLIO_RATE_LIMIT_FREE: '10', FOLIO_RATE_LIMIT_PRO: '60', FOLIO_RATE_LIMIT_ENTERPRISE: '600' };

let dev: TestApp;
let prodLike: TestApp;
beforeAll(async () => {
  [dev, prodLike] = await Promise.all([
    startTestApp({}, { env: { ...SHIPPED, NODE_ENV: 'development' } }),
    startTestApp({}, { env: { ...SHIPPED, NODE_ENV: 'test' } }),
  ]);
});
afterAll(async () => Promise.all([dev?.close(), prodLike?.close()]));

async function burst(t: TestApp, secret: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await t.inject({ method: 'GET', url: '/api/v1/verify', headers: key(secret) })).statusCode);
  return statuses;
}

describe('a development server', () => {
  it('signs a newcomer up on pro: 30 calls in a minute all answer, with 1000 credits', async () => {
    const org = await dev.signup(); // names no tier, like the README
    expect((org as { tier?: string }).tier).toBe('pro');
    const statuses = await burst(dev, org.secret, 30);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const res = await dev.inject({ method: 'GET', url: '/api/v1/verify', headers: key(org.secret) });
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect((await dev.inject({ method: 'GET', url: '/api/v1/credits', headers: key(org.secret) })).json().balance).toBe(1000);
  });

  it('still honours an explicit tier', async () => {
    const org = await dev.signup(undefined, { tier: 'free' });
    expect((org as { tier?: string }).tier).toBe('free');
  });
});

describe('production defaults', () => {
  it('NODE_ENV test (production defaults): free, and the 11th call in a minute is 429', async () => {
    const org = await prodLike.signup();
    expect((org as { tier?: string }).tier).toBe('free');
    const statuses = await burst(prodLike, org.secret, 11);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('NODE_ENV production: the default tier is free and the limits are unchanged', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.signupDefaultTier).toBe('free');
    expect(config.rateLimits).toEqual({ free: 10, pro: 60, enterprise: 600 });
    expect(loadConfig({}).signupDefaultTier).toBe('pro'); // NODE_ENV unset: development
  });

  it('a default outside FOLIO_SIGNUP_TIERS is refused when set, and yields when it is only the development default', () => {
    expect(() => loadConfig({ FOLIO_SIGNUP_TIERS: 'free', FOLIO_SIGNUP_DEFAULT_TIER: 'pro' })).toThrow(ConfigError);
    expect(loadConfig({ FOLIO_SIGNUP_TIERS: 'free,enterprise' }).signupDefaultTier).toBe('free');
  });
});
