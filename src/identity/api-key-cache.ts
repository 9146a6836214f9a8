// Verified API keys, cached per process so that the hot path (GET /verify and every API call) skips the
// database. Correctness across processes comes from an invalidation epoch: any change that can affect a
// cached key (revocation, suspension, tier change) bumps it, and a process that sees a new epoch drops
// its whole cache. In memory for the single embedded process; in Redis when several processes share work.
import type { Redis } from 'ioredis';
import { coalesceWrites } from '../infra/redis.ts';
import { atTurnEnd } from '../infra/turn.ts';
import type { KeyWithOrg } from './api-keys.repository.ts';

export interface Epoch {
  read(): number | Promise<number>;
  bump(): Promise<void>;
  /** Calls `listener` whenever invalidations may have been missed (the shared store reconnected). */
  onReset?(listener: () => void): void;
}

export function memoryEpoch(): Epoch {
  let value = 0;
  return { read: () => value, bump: async () => { value++; } };
}

/**
 * The epoch in Redis. The reads of one event-loop turn share one GET, sent at the end of that turn with
 * the turn's rate-limit counts. Every read sharing it was asked for before the GET left, so a change
 * committed (and bumped) before a request arrived is always seen by that request.
 *
 * Redis outages (docs/operating/deployment.md, "Redis outages"): while Redis is not connected a read
 * fails at once (the cache then reads the database and drops what it holds); a bump that fails is
 * retried as soon as Redis is back; and every reconnection resets the caches, since bumps of other
 * processes may have been lost with a restarted Redis (whose epoch may even have gone back to a value
 * a cache has already seen).
 */
export function redisEpoch(redis: Redis, key: string): Epoch {
  let next: Promise<number> | null = null;
  let bumpOwed = false;
  const listeners: (() => void)[] = [];
  // A bump Redis cannot take now is owed and sent on reconnection: a revocation is never lost. The
  // change is committed already, so the caller is not failed for it.
  let everReady = redis.status === 'ready';
  const bump = async () => {
    // A short-lived process (the operator CLI) bumps before its first connection is up: wait for it
    // rather than owe a bump the process may exit before paying.
    if (!everReady && redis.status !== 'end') await firstReady(redis, 10_000);
    if (redis.status !== 'ready') { bumpOwed = true; return; }
    try {
      await redis.incr(key);
    } catch {
      bumpOwed = true;
    }
  };
  redis.on('ready', () => {
    everReady = true;
    for (const listener of listeners) listener();
    if (bumpOwed) {
      bumpOwed = false;
      bump().catch(() => {});
    }
  });
  return {
    read: () => {
      if (redis.status !== 'ready') {
        const down = Promise.reject(new Error(`Redis connection ${redis.status}`));
        down.catch(() => {}); // peek() drops what it cannot use at once; get() still sees the rejection
        return down;
      }
      next ??= new Promise<number>((resolve, reject) => {
        atTurnEnd(() => {
          next = null; // later reads wait for a GET sent after them
          try {
            coalesceWrites(redis);
            redis.get(key).then((value) => resolve(Number(value ?? 0)), reject);
          } catch (err) {
            reject(err);
          }
        });
      });
      return next;
    },
    bump,
    onReset: (listener) => { listeners.push(listener); },
  };
}

function firstReady(redis: Redis, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); redis.off('ready', done); resolve(); };
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    redis.once('ready', done);
  });
}

const MAX_ENTRIES = 10_000;

export class ApiKeyCache {
  private readonly entries = new Map<string, { value: KeyWithOrg; expires: number }>();
  private seenEpoch = -1;

  /** `epoch` null disables caching (several processes with no shared way to invalidate). */
  private readonly ttlMs: number;
  private readonly epoch: Epoch | null;

  constructor(ttlMs: number, epoch: Epoch | null) {
    this.ttlMs = ttlMs;
    this.epoch = epoch;
    epoch?.onReset?.(() => this.flush());
  }

  /** Forgets every cached key and the epoch it was seen under. */
  private flush(): void {
    this.entries.clear();
    this.seenEpoch = -1;
  }

  /**
   * The cached key without waiting, when the epoch can be read synchronously (the in-process epoch) and
   * the entry is live; undefined means "ask get()". Lets the hot path skip a promise per request.
   */
  peek(keyHash: string): KeyWithOrg | undefined {
    if (!this.epoch || this.ttlMs === 0) return undefined;
    const read = this.epoch.read();
    if (typeof read !== 'number' || read !== this.seenEpoch) return undefined;
    return this.likely(keyHash);
  }

  /**
   * The cached entry without checking the epoch: what the key most likely is, known before get() has
   * confirmed it. Only for work that get() then vouches for (counting the request early).
   */
  likely(keyHash: string): KeyWithOrg | undefined {
    if (!this.epoch || this.ttlMs === 0) return undefined;
    const hit = this.entries.get(keyHash);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  /** The key for a hash: cached when the entry is live and current, loaded (and cached) otherwise. */
  get(keyHash: string, load: () => Promise<KeyWithOrg | undefined>): Promise<KeyWithOrg | undefined> {
    if (!this.epoch || this.ttlMs === 0) return load();
    let read: number | Promise<number>;
    try {
      read = this.epoch.read();
    } catch {
      this.flush();
      return load(); // the epoch cannot be read: the database is the truth
    }
    // A plain then (no async function) keeps the cached case, the hot path with Redis, to one reaction.
    // Redis down: the database is the truth, and what is cached may miss invalidations made meanwhile.
    if (typeof read !== 'number') return read.then((epoch) => this.current(keyHash, epoch, load), () => { this.flush(); return load(); });
    return Promise.resolve(this.current(keyHash, read, load));
  }

  private current(keyHash: string, epoch: number, load: () => Promise<KeyWithOrg | undefined>): KeyWithOrg | undefined | Promise<KeyWithOrg | undefined> {
    if (epoch !== this.seenEpoch) {
      this.entries.clear();
      this.seenEpoch = epoch;
    } else {
      const hit = this.entries.get(keyHash);
      if (hit && hit.expires > Date.now()) return hit.value;
    }
    // The epoch was read before the database, so a change committed after this load bumps past it.
    return load().then((value) => {
      if (value && value.revoked_at === null && this.seenEpoch === epoch) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(keyHash, { value, expires: Date.now() + this.ttlMs });
      }
      return value;
    });
  }

  /**
   * Drops cached keys on every process. Call after the change is committed. With Redis down the bump is
   * owed and sent when Redis is back; until then other processes do not use their caches either, since
   * they cannot read the epoch, and they flush them on reconnection.
   */
  async invalidate(): Promise<void> {
    this.flush();
    await this.epoch?.bump();
  }
}
