// Per-key requests per minute by tier: in memory, or in Redis so that every process shares the count.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { TIERS, type Config, type Tier } from '../config.ts';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  reset: number;
  /** Whole seconds to wait, when not allowed. */
  retryAfter: number;
}

export class RateLimiter {
  private readonly limiters: Record<Tier, RateLimiterAbstract>;

  private readonly config: Config;

  constructor(config: Config, redis: Redis | null) {
    this.config = config;

    const make = (tier: Tier): RateLimiterAbstract => {
      const opts = { points: config.rateLimits[tier], duration: 60, keyPrefix: `${config.redisPrefix}rl:${tier}` };
      if (!redis) return new RateLimiterMemory(opts);
      // If Redis is unreachable, keep limiting per process rather than failing every request.
      return new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) });
    };
    this.limiters = Object.fromEntries(TIERS.map((t) => [t, make(t)])) as Record<Tier, RateLimiterAbstract>;
  }

  async consume(subject: string, tier: Tier): Promise<RateDecision> {
    const limit = this.config.rateLimits[tier];
    let res: RateLimiterRes;
    let allowed = true;
    try {
      res = await this.limiters[tier].consume(subject, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      res = rejection;
      allowed = false;
    }
    const now = Date.now();
    return {
      allowed,
      limit,
      remaining: Math.max(0, res.remainingPoints),
      reset: Math.ceil((now + res.msBeforeNext) / 1000),
      retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    };
  }
}
