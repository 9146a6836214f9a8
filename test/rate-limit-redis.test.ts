// The Redis side of the hot path: rate-limit counts and the auth epoch are sent once per event-loop turn.
// Runs against the real Redis of the services suite; what reaches Redis is read off its MONITOR stream.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { RateLimiter } from '../src/http/rate-limit.ts';
import { redisEpoch } from '../src/identity/api-key-cache.ts';
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

  it('reads the auth epoch once for all the reads of a turn, and a bump made before a read is seen by it', async () => {
    const key = `${prefix}auth-epoch`;
    const epoch = redisEpoch(redis, key);
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
