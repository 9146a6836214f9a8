// Per-key requests per minute by tier: in memory, or in Redis so that every process shares the count.
// The in-memory limiter is a fixed one-minute window per key that starts with the key's first request
// (what rate-limiter-flexible's memory limiter does), counted synchronously so the hot path awaits
// nothing; the Redis one is rate-limiter-flexible's, with an in-memory insurance limiter.
//
// With Redis, the requests of one event-loop turn for the same key are counted with one increment of
// their number, sent at the end of the turn (src/infra/turn.ts): Redis adds n atomically, so the
// requests get the n consecutive counts that ended at the returned total, in the order they arrived,
// exactly as n separate increments with nothing in between would have. A key under load costs one
// Redis command per turn instead of one per request.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { TIERS, type Config, type Tier } from '../config.ts';
import { coalesceWrites } from '../infra/redis.ts';
import { atTurnEnd } from '../infra/turn.ts';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  reset: number;
  /** Whole seconds to wait, when not allowed. */
  retryAfter: number;
}

const WINDOW_MS = 60_000;
const SWEEP_EVERY = 10_000;

function decision(limit: number, used: number, msBeforeNext: number, now: number): RateDecision {
  return {
    allowed: used <= limit,
    limit,
    remaining: Math.max(0, limit - used),
    reset: Math.ceil((now + msBeforeNext) / 1000),
    retryAfter: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  };
}

/** Fixed windows in a Map; expired windows are dropped every SWEEP_EVERY new windows. */
class MemoryWindows {
  private readonly windows = new Map<string, { used: number; resetAt: number }>();
  private created = 0;

  consume(key: string, limit: number, now: number): RateDecision {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (++this.created % SWEEP_EVERY === 0) this.sweep(now);
      w = { used: 0, resetAt: now + WINDOW_MS };
      this.windows.set(key, w);
    }
    w.used++;
    return decision(limit, w.used, w.resetAt - now, now);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

interface Waiter {
  resolve: (decision: RateDecision) => void;
  reject: (err: unknown) => void;
}

/** Counts in Redis, one increment per key per event-loop turn. */
class RedisCounts {
  private readonly redis: Redis;
  private readonly limiters: Record<Tier, RateLimiterRedis>;
  private readonly limits: Record<Tier, number>;
  private pending = new Map<string, { tier: Tier; subject: string; waiters: Waiter[] }>();

  constructor(redis: Redis, limiters: Record<Tier, RateLimiterRedis>, limits: Record<Tier, number>) {
    this.redis = redis;
    this.limiters = limiters;
    this.limits = limits;
  }

  consume(subject: string, tier: Tier): Promise<RateDecision> {
    const id = `${tier}:${subject}`;
    let group = this.pending.get(id);
    if (!group) {
      if (this.pending.size === 0) atTurnEnd(this.send);
      group = { tier, subject, waiters: [] };
      this.pending.set(id, group);
    }
    const waiters = group.waiters;
    return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
  }

  private readonly send = (): void => {
    const groups = this.pending;
    this.pending = new Map();
    coalesceWrites(this.redis);
    for (const { tier, subject, waiters } of groups.values()) {
      const limit = this.limits[tier];
      const settle = (res: RateLimiterRes): void => {
        const now = Date.now();
        const first = res.consumedPoints - waiters.length + 1;
        for (let i = 0; i < waiters.length; i++) waiters[i].resolve(decision(limit, first + i, res.msBeforeNext, now));
      };
      const fail = (err: unknown): void => {
        for (const w of waiters) w.reject(err);
      };
      try {
        this.limiters[tier].consume(subject, waiters.length).then(settle, (rejection: unknown) => {
          if (rejection instanceof RateLimiterRes) settle(rejection);
          else fail(rejection);
        });
      } catch (err) {
        fail(err); // one group's failure must not leave the others unsent
      }
    }
  };
}

export class RateLimiter {
  private readonly config: Config;
  private readonly memory: MemoryWindows | null;
  private readonly redis: RedisCounts | null;

  constructor(config: Config, redis: Redis | null) {
    this.config = config;
    this.memory = redis ? null : new MemoryWindows();
    this.redis = redis
      ? new RedisCounts(redis, Object.fromEntries(TIERS.map((tier) => {
        const opts = { points: config.rateLimits[tier], duration: WINDOW_MS / 1000, keyPrefix: `${config.redisPrefix}rl:${tier}` };
        // If Redis is unreachable, keep limiting per process rather than failing every request, and do so
        // at once while it is not connected (no request waits on a reconnection): the documented policy,
        // docs/operating/deployment.md "Redis outages".
        return [tier, new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(opts) })];
      })) as Record<Tier, RateLimiterRedis>, config.rateLimits)
      : null;
  }

  /** Counts one request of `subject`; synchronous in memory, a promise with Redis (`await` works on both). */
  consume(subject: string, tier: Tier): RateDecision | Promise<RateDecision> {
    const limit = this.config.rateLimits[tier];
    if (this.memory) return this.memory.consume(`${tier}:${subject}`, limit, Date.now());
    return this.redis!.consume(subject, tier);
  }
}
