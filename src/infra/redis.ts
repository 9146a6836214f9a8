// The Redis connection, when REDIS_URL is set: shared rate limits and cache invalidation across processes.
// ioredis is loaded only then: an embedded (PGlite) process never needs it.
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Writable } from 'node:stream';

/**
 * How long a starting process waits for its Redis connection before it serves. While a connection is
 * not ready, rate limits are counted in this process's memory (the outage policy), so serving before
 * it is ready would let each starting process admit a key's whole limit once more. Redis that does not
 * answer in time is an outage: the process starts anyway, on that policy.
 */
export const REDIS_READY_WAIT_MS = 2000;

export async function connectRedis(url: string, logger: FastifyBaseLogger, waitMs = REDIS_READY_WAIT_MS): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    // The hot commands (the auth epoch read, the rate-limit counts) are already batched per event-loop
    // turn (src/infra/turn.ts), a few per turn, and coalesceWrites() sends each turn's few in one write.
    // ioredis's auto-pipelining would wrap them in a Pipeline object, which measured costlier.
    enableAutoPipelining: false,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    lazyConnect: false,
  });
  let lastLogged = 0;
  redis.on('error', (err) => {
    // Reconnects are automatic; log at most once every 10 s so an outage does not flood the logs.
    if (Date.now() - lastLogged > 10_000) {
      lastLogged = Date.now();
      logger.warn({ err: { message: err.message } }, 'redis connection error');
    }
  });
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => { redis.off('ready', onReady); resolve(false); }, waitMs);
    const onReady = () => { clearTimeout(timer); resolve(true); };
    if (redis.status === 'ready') onReady();
    else redis.once('ready', onReady);
  });
  if (!ready) logger.warn({ waitedMs: waitMs }, 'redis is not reachable at start: serving with per-process rate limits until it is (the outage policy)');
  return redis;
}

const corked = new WeakSet<Writable>();

/**
 * Holds this connection's writes until the next process.nextTick, so that the commands sent by the jobs
 * of one turn end (src/infra/turn.ts), which all run before that tick, leave in one write and Redis
 * reads them in one go. Without it each command is its own write and its own wake-up of Redis.
 */
export function coalesceWrites(redis: Redis): void {
  const stream = (redis as unknown as { stream?: Writable }).stream;
  if (!stream || redis.status !== 'ready' || corked.has(stream)) return;
  corked.add(stream);
  stream.cork();
  process.nextTick(() => {
    corked.delete(stream);
    stream.uncork();
  });
}

export type { Redis };
