// The Redis connection, when REDIS_URL is set: shared rate limits and cache invalidation across processes.
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export function connectRedis(url: string, logger: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableAutoPipelining: true,
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
