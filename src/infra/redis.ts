// The Redis connection, when REDIS_URL is set: shared rate limits and cache invalidation across processes.
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export function connectRedis(url: string, logger: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    // The hot commands (the auth epoch read, the rate-limit counts) are already batched per event-loop
    // turn (src/infra/turn.ts), a few per turn; ioredis's auto-pipelining would wrap each turn's few in
    // a Pipeline object, which measured costlier than the writes it saves (bench/verify.bench.ts).
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
  return redis;
}

export type { Redis };
