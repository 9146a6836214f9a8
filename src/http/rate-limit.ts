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
//
// A busy key also takes a lease: the increment adds a few counts more than the turn needs, and the
// process hands those counts to its next requests for that key without asking Redis (synchronously).
// Leased counts are real counts in Redis, so every process together never admits more than the limit.
// The lease is at most a fiftieth of the limit, grows with what the process has used in the window
// (1, 2, 4, ... as traffic shows up), and shrinks to an eighth of what the window has left near the
// limit, so counts held by one process while another is refused stay few. A lease ends with its
// window. Limits under 50 a minute never lease: every request is counted in Redis, as before.
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

/** Counts this process took from Redis ahead of its requests: `next` to `last`, valid until `resetAt`. */
export interface Lease {
  next: number;
  last: number;
  resetAt: number;
  /** Counts this process used in the window, and the window's total at the last increment. */
  used: number;
  total: number;
}

/** The lease to ask for besides a turn's `n` requests: see the header. */
export function leaseSize(limit: number, n: number, lease: Lease | undefined, now: number): number {
  const cap = Math.floor(limit / 50);
  if (cap === 0) return 0;
  const current = lease && lease.resetAt > now ? lease : undefined;
  const used = (current?.used ?? 0) + n;
  const left = limit - (current?.total ?? 0) - n;
  return Math.max(0, Math.min(cap, used, Math.floor(left / 8)));
}

/** Counts in Redis, one increment per key per event-loop turn, plus the key's lease when it is busy. */
class RedisCounts {
  private readonly redis: Redis;
  private readonly limiters: Record<Tier, RateLimiterRedis>;
  private readonly limits: Record<Tier, number>;
  private pending = new Map<string, { tier: Tier; subject: string; waiters: Waiter[] }>();
  private readonly leases = new Map<string, Lease>();
  private leasesMade = 0;

  constructor(redis: Redis, limiters: Record<Tier, RateLimiterRedis>, limits: Record<Tier, number>) {
    this.redis = redis;
    this.limiters = limiters;
    this.limits = limits;
  }

  consume(subject: string, tier: Tier): RateDecision | Promise<RateDecision> {
    const id = `${tier}:${subject}`;
    const lease = this.leases.get(id);
    if (lease && lease.next <= lease.last) {
      const now = Date.now();
      if (lease.resetAt > now && this.redis.status === 'ready') {
        lease.used++;
        return decision(this.limits[tier], lease.next++, lease.resetAt - now, now);
      }
    }
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
    for (const [id, { tier, subject, waiters }] of groups) {
      const limit = this.limits[tier];
      const n = waiters.length;
      // Only while Redis is connected: the insurance limiter, counting in memory meanwhile, leases nothing.
      const extra = this.redis.status === 'ready' ? leaseSize(limit, n, this.leases.get(id), Date.now()) : 0;
      const settle = (res: RateLimiterRes): void => {
        const now = Date.now();
        const first = res.consumedPoints - n - extra + 1;
        for (let i = 0; i < n; i++) waiters[i].resolve(decision(limit, first + i, res.msBeforeNext, now));
        this.keepLease(id, first + n, Math.min(res.consumedPoints, limit), now + res.msBeforeNext, n, res.consumedPoints, extra);
      };
      const fail = (err: unknown): void => {
        for (const w of waiters) w.reject(err);
      };
      try {
        this.limiters[tier].consume(subject, n + extra).then(settle, (rejection: unknown) => {
          if (rejection instanceof RateLimiterRes) settle(rejection);
          else fail(rejection);
        });
      } catch (err) {
        fail(err); // one group's failure must not leave the others unsent
      }
    }
  };

  private keepLease(id: string, next: number, last: number, resetAt: number, n: number, total: number, extra: number): void {
    const old = this.leases.get(id);
    const used = (old && old.resetAt > Date.now() ? old.used : 0) + n;
    if (extra === 0 && !old) return; // a quiet key keeps nothing
    if (++this.leasesMade % SWEEP_EVERY === 0) {
      const now = Date.now();
      for (const [k, l] of this.leases) if (l.resetAt <= now) this.leases.delete(k);
    }
    this.leases.set(id, { next: extra > 0 ? next : 1, last: extra > 0 ? last : 0, resetAt, used, total });
  }
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
