// The auth epoch pushed through Redis (src/identity/auth-epoch.ts): reads are answered at once from the
// pushed value while it is trusted, a bump resolves only once every subscriber has applied it, and a
// subscriber that cannot hear bumps stops trusting its value before a bump it missed resolves. Over HTTP,
// a warm API key costs no Redis command per request. Runs against the real Redis of the services suite.
import { Redis } from 'ioredis';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisEpoch, type Epoch } from '../src/identity/auth-epoch.ts';
import { SERVICES, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.runIf(SERVICES.redisUrl)('the auth epoch pushed through Redis', () => {
  const prefix = `folio-test-epoch-${process.pid}-${Date.now().toString(36)}:`;
  const connections: Redis[] = [];
  const epochs: Epoch[] = [];
  let admin: Redis;

  const connect = () => { const r = new Redis(SERVICES.redisUrl!); connections.push(r); return r; };
  const open = (key: string, options: Parameters<typeof redisEpoch>[2] = {}) => { const e = redisEpoch(connect(), key, options); epochs.push(e); return e; };
  const trustedValue = async (epoch: Epoch) => {
    await vi.waitFor(() => expect(typeof epoch.read()).toBe('number'), { timeout: 10_000, interval: 20 });
    return epoch.read() as number;
  };

  beforeAll(() => { admin = connect(); });
  afterAll(async () => {
    for (const e of epochs) e.close?.();
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    for (const r of connections) r.disconnect();
  });

  it('answers reads at once once synced, and a bump resolves after the other process has applied it', async () => {
    const key = `${prefix}a`;
    await admin.set(key, '41');
    // A trust window far longer than the test's time limit: a bump that waited for it instead of the
    // other process's acknowledgement would fail the test.
    const a = open(key, { trustMs: 120_000 });
    const b = open(key, { trustMs: 120_000 });
    expect(await trustedValue(a)).toBe(41);
    expect(await trustedValue(b)).toBe(41);
    for (let i = 0; i < 50; i++) expect(b.read()).toBe(41);

    await a.bump();
    expect(b.read()).toBe(42); // applied before the bump resolved, synchronously readable
    expect(a.read()).toBe(42);
    expect(await admin.get(key)).toBe('42');
    await b.bump();
    expect(a.read()).toBe(43);
  }, 20_000);

  it('stops trusting a subscription that hears nothing, before a bump it did not acknowledge resolves', async () => {
    const key = `${prefix}b`;
    const trustMs = 600;
    const a = open(key, { trustMs });
    const subscriber = connect();
    const b = open(key, { trustMs, subscriber });
    expect(await trustedValue(a)).toBe(0);
    expect(await trustedValue(b)).toBe(0);

    // B's subscription stalls: nothing it is sent is read (a blocked or partitioned process).
    const stream = (subscriber as unknown as { stream: Socket }).stream;
    stream.pause();
    const started = performance.now();
    await a.bump();
    expect(performance.now() - started, 'the bump waited out the trust window, unacknowledged').toBeGreaterThanOrEqual(trustMs);
    // B may not answer from its stale pushed value: it asks Redis, and sees the bump.
    const read = b.read();
    expect(read).toBeInstanceOf(Promise);
    expect(await read).toBe(1);

    stream.resume();
    await vi.waitFor(() => expect(b.read()).toBe(1), { timeout: 10_000, interval: 20 });
  }, 20_000);

  it('sees a bump made without a PUBLISH (an earlier version, mid-upgrade) within a tick', async () => {
    const key = `${prefix}d`;
    const e = open(key, { trustMs: 400 });
    expect(await trustedValue(e)).toBe(0);
    await admin.incr(key);
    await vi.waitFor(() => expect(e.read()).toBe(1), { timeout: 5000, interval: 10 });
  });

  it('does not trust what it cannot confirm: with pushing off every read asks Redis', async () => {
    const key = `${prefix}c`;
    const e = open(key, { trustMs: 0 });
    await new Promise((r) => setTimeout(r, 100));
    const read = e.read();
    expect(read).toBeInstanceOf(Promise);
    expect(await read).toBe(0);
  });
});

describe.runIf(SERVICES.redisUrl)('a warm API key over HTTP with Redis', () => {
  let t: TestApp;
  let monitor: Redis;
  const seen: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { free: 1000, pro: 1000, enterprise: 1000 } }, { listen: true });
    monitor = await new Redis(SERVICES.redisUrl!).monitor();
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source !== 'lua' && args.some((a) => a.startsWith(t.config.redisPrefix))) seen.push(args);
    });
  });
  afterAll(async () => {
    monitor?.disconnect();
    await t?.close();
  });

  it('answers /verify with no auth-epoch read and few rate-limit increments, counting every request', async () => {
    const org = await t.signup('epoch-push-http');
    const verify = () => fetch(`${t.url}/api/v1/verify`, { headers: { 'x-api-key': org.secret } });
    const first = await verify();
    expect(first.status).toBe(200);
    // Warm: the key is cached and the epoch trusted.
    await vi.waitFor(async () => {
      const before = seen.length;
      expect((await verify()).status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      expect(seen.slice(before).filter((args) => args[1]?.endsWith('auth-epoch'))).toEqual([]);
    }, { timeout: 10_000, interval: 50 });

    const from = seen.length;
    const started = performance.now();
    const answeredBefore = t.app.verifyFastPath.answered;
    const remaining: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await verify();
      expect(res.status).toBe(200);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    const elapsed = performance.now() - started;
    for (let i = 1; i < remaining.length; i++) expect(remaining[i]).toBe(remaining[i - 1] - 1);
    expect(t.app.verifyFastPath.answered - answeredBefore).toBe(40);
    await new Promise((r) => setTimeout(r, 200)); // MONITOR lags a little
    const commands = seen.slice(from).filter((args) => !['ping', 'publish', 'subscribe'].includes(args[0].toLowerCase()));
    // The only epoch reads are the process's own tick (one per 500 ms, for bumps of earlier versions),
    // however many requests came: without the pushed epoch each of the 40 would have read it.
    const epochReads = commands.filter((args) => args[1]?.endsWith('auth-epoch'));
    expect(epochReads.length, `${epochReads.length} epoch reads in ${Math.round(elapsed)} ms`).toBeLessThanOrEqual(Math.ceil((elapsed + 200) / 500) + 1);
    expect(epochReads.length).toBeLessThan(20);
    const increments = commands.filter((args) => args.some((a) => a.includes(':rl:')));
    expect(increments.length, JSON.stringify(increments)).toBeGreaterThan(0);
    expect(increments.length, JSON.stringify(increments)).toBeLessThan(6); // leases: 40 requests, a few increments
    // What Redis holds is at least what was answered: every answered request was counted there.
    const counted = Number(await t.app.ctx.redis!.get(`${t.config.redisPrefix}rl:free:${org.key_id}`));
    expect(counted).toBeGreaterThanOrEqual(1000 - remaining.at(-1)!);
  }, 30_000);
});
