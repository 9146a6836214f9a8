// The Redis side of the hot path: rate-limit counts and the auth epoch are sent once per event-loop turn.
// Runs against the real Redis of the services suite; what reaches Redis is read off its MONITOR stream.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { leaseSize, RateLimiter, type RateDecision } from '../src/http/rate-limit.ts';
import { redisEpoch } from '../src/identity/auth-epoch.ts';
import { coalesceWrites } from '../src/infra/redis.ts';
import { SERVICES } from './helpers/test-app.ts';

describe.runIf(SERVICES.redisUrl)('Redis commands batched per event-loop turn', () => {
  const prefix = `folio-test-batch-${process.pid}-${Date.now().toString(36)}:`;
  let redis: Redis;
  let monitor: Redis;
  const seen: string[][] = [];

  beforeAll(async () => {
    redis = new Redis(SERVICES.redisUrl!);
    monitor = await new Redis(SERVICES.redisUrl!).monitor();
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      // Commands sent by clients; the ones a Lua script runs show up too, with the source "lua".
      if (source !== 'lua' && args.some((a) => a.startsWith(prefix))) seen.push(args);
    });
    await redis.ping(); // the monitor is attached once a command of ours shows up
    await redis.get(`${prefix}ready`);
    await vi.waitFor(() => expect(seen.length).toBe(1), { timeout: 10_000 });
    seen.length = 0;
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    monitor?.disconnect();
    await redis?.quit();
  });

  const commandsFor = (key: string) => seen.filter((args) => args.includes(key));

  it('counts the requests of one turn for a key with one increment, each request getting its own count', async () => {
    const limiter = new RateLimiter(loadConfig({}, { redisPrefix: prefix, rateLimits: { free: 10, pro: 100, enterprise: 1000 } }), redis);
    const a = await Promise.all(Array.from({ length: 25 }, () => limiter.consume('key_a', 'free')));
    const b = await Promise.all(Array.from({ length: 3 }, () => limiter.consume('key_b', 'pro')));
    expect(a.map((d) => d.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, ...Array(15).fill(0)]);
    expect(a.map((d) => d.allowed)).toEqual([...Array(10).fill(true), ...Array(15).fill(false)]);
    for (const d of a.slice(10)) expect(d.retryAfter).toBeGreaterThanOrEqual(1);
    expect(b.map((d) => d.remaining)).toEqual([99, 98, 97]);
    await vi.waitFor(() => expect(commandsFor(`${prefix}rl:pro:key_b`)).toHaveLength(1), { timeout: 10_000 });
    const [countA] = commandsFor(`${prefix}rl:free:key_a`);
    expect(commandsFor(`${prefix}rl:free:key_a`)).toHaveLength(1);
    expect(countA).toContain('25'); // one increment by the turn's 25 requests
    expect(await redis.get(`${prefix}rl:free:key_a`)).toBe('25');

    // A later turn continues from the shared count.
    const next = await limiter.consume('key_b', 'pro');
    expect(next.remaining).toBe(96);
  });

  it('leases counts for a busy key: each request still gets its own count, with few increments', async () => {
    const limiter = new RateLimiter(loadConfig({}, { redisPrefix: prefix, rateLimits: { free: 10, pro: 100, enterprise: 1000 } }), redis);
    const decisions: RateDecision[] = [];
    let synchronous = 0;
    for (let i = 0; i < 300; i++) {
      const d = limiter.consume('key_lease', 'enterprise');
      if (!(d instanceof Promise)) synchronous++;
      decisions.push(await d); // one request per turn: no batching, only the lease saves increments
    }
    expect(decisions.map((d) => d.remaining)).toEqual(Array.from({ length: 300 }, (_, i) => 999 - i));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    const key = `${prefix}rl:enterprise:key_lease`;
    await vi.waitFor(() => expect(commandsFor(key).length).toBeGreaterThan(0), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 200));
    const increments = commandsFor(key).length;
    expect(increments).toBeLessThan(30); // leases of 1, 3, 7, 15, then 20 at a time: 19 increments for 300 requests (measured)
    expect(synchronous).toBe(300 - increments);
    // Redis holds every count handed out, plus what the last lease has not used yet (at most a fiftieth).
    const held = Number(await redis.get(key));
    expect(held).toBeGreaterThanOrEqual(300);
    expect(held).toBeLessThanOrEqual(300 + 20);
  });

  it('never admits more than the limit across processes that lease, and strands few counts', async () => {
    const config = loadConfig({}, { redisPrefix: prefix, rateLimits: { free: 10, pro: 100, enterprise: 500 } });
    const other = new Redis(SERVICES.redisUrl!);
    try {
      // Connected first: while a connection is not ready the limiter counts in memory by design (the
      // documented Redis-outage policy), which a second process still connecting would otherwise do here.
      if (other.status !== 'ready') await new Promise((resolve) => other.once('ready', resolve));
      const limiters = [new RateLimiter(config, redis), new RateLimiter(config, other)];
      let allowed = 0;
      for (let i = 0; i < 800; i++) {
        // Uneven traffic: bursts on one process, single requests on the other.
        const limiter = limiters[i % 7 < 5 ? 0 : 1];
        const burst = await Promise.all(Array.from({ length: 1 + (i % 3) }, () => limiter.consume('key_shared', 'enterprise')));
        allowed += burst.filter((d) => d.allowed).length;
      }
      expect(allowed).toBeLessThanOrEqual(500);
      expect(allowed).toBeGreaterThanOrEqual(500 - 2 * 10); // at most one lease (a fiftieth) stranded per process
    } finally {
      await other.quit();
    }
  });

  it('sizes leases: none under 50 a minute, growing with use, capped, and small near the limit', () => {
    expect(leaseSize(49, 5, undefined, 0)).toBe(0);
    expect(leaseSize(1000, 1, undefined, 0)).toBe(1);
    expect(leaseSize(1000, 1, { next: 1, last: 0, resetAt: 10, used: 6, total: 8 }, 0)).toBe(7);
    expect(leaseSize(1000, 1, { next: 1, last: 0, resetAt: 10, used: 600, total: 700 }, 0)).toBe(20);
    expect(leaseSize(1000, 1, { next: 1, last: 0, resetAt: 10, used: 600, total: 960 }, 0)).toBe(4); // (1000 - 960 - 1) / 8
    expect(leaseSize(1000, 1, { next: 1, last: 0, resetAt: 10, used: 600, total: 700 }, 20)).toBe(1); // the window is over
  });

  it('reads the auth epoch once for all the reads of a turn, and a bump made before a read is seen by it', async () => {
    const key = `${prefix}auth-epoch`;
    const epoch = redisEpoch(redis, key, { trustMs: 0 }); // not pushed: every read asks Redis
    const reads = await Promise.all([epoch.read(), epoch.read(), epoch.read()]);
    expect(reads).toEqual([0, 0, 0]);
    await vi.waitFor(() => expect(commandsFor(key)).toHaveLength(1), { timeout: 10_000 });
    await epoch.bump();
    expect(await epoch.read()).toBe(1);
    await vi.waitFor(() => expect(commandsFor(key).map((args) => args[0].toLowerCase())).toEqual(['get', 'incr', 'get']), { timeout: 10_000 });
  });

  it('holds a connection\'s writes until the next tick, so a turn\'s commands leave in one write', async () => {
    const stream = (redis as unknown as { stream: import('node:net').Socket }).stream;
    expect(stream.writableCorked).toBe(0);
    coalesceWrites(redis);
    coalesceWrites(redis); // once per tick, however many jobs ask
    expect(stream.writableCorked).toBe(1);
    const sent = Promise.all([redis.get(`${prefix}a`), redis.get(`${prefix}b`)]);
    expect(stream.writableLength).toBeGreaterThan(0); // both still held in the socket
    await new Promise((resolve) => process.nextTick(resolve));
    expect(stream.writableCorked).toBe(0);
    expect(await sent).toEqual([null, null]);
    await vi.waitFor(() => expect(seen.filter((args) => args[1] === `${prefix}a` || args[1] === `${prefix}b`)).toHaveLength(2), { timeout: 10_000 });
  });
});
