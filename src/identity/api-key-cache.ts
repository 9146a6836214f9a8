// Verified API keys, cached per process so that the hot path (GET /verify and every API call) skips the
// database. Correctness across processes comes from an invalidation epoch: any change that can affect a
// cached key (revocation, suspension, tier change) bumps it, and a process that sees a new epoch drops
// its whole cache. In memory for the single embedded process; in Redis when several processes share work.
import type { Redis } from 'ioredis';
import type { KeyWithOrg } from './api-keys.repository.ts';

export interface Epoch {
  read(): number | Promise<number>;
  bump(): Promise<void>;
}

export function memoryEpoch(): Epoch {
  let value = 0;
  return { read: () => value, bump: async () => { value++; } };
}

export function redisEpoch(redis: Redis, key: string): Epoch {
  return {
    read: async () => Number((await redis.get(key)) ?? 0),
    bump: async () => { await redis.incr(key); },
  };
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
  }

  /**
   * The cached key without waiting, when the epoch can be read synchronously (the in-process epoch) and
   * the entry is live; undefined means "ask get()". Lets the hot path skip a promise per request.
   */
  peek(keyHash: string): KeyWithOrg | undefined {
    if (!this.epoch || this.ttlMs === 0) return undefined;
    const read = this.epoch.read();
    if (typeof read !== 'number' || read !== this.seenEpoch) return undefined;
    const hit = this.entries.get(keyHash);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  async get(keyHash: string, load: () => Promise<KeyWithOrg | undefined>): Promise<KeyWithOrg | undefined> {
    if (!this.epoch || this.ttlMs === 0) return load();
    const read = this.epoch.read();
    let epoch: number;
    try {
      epoch = typeof read === 'number' ? read : await read;
    } catch {
      return load(); // Redis is down: the database is the truth
    }
    if (epoch !== this.seenEpoch) {
      this.entries.clear();
      this.seenEpoch = epoch;
    } else {
      const hit = this.entries.get(keyHash);
      if (hit && hit.expires > Date.now()) return hit.value;
    }
    // The epoch was read before the database, so a change committed after this load bumps past it.
    const value = await load();
    if (value && value.revoked_at === null && this.seenEpoch === epoch) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(keyHash, { value, expires: Date.now() + this.ttlMs });
    }
    return value;
  }

  /** Drops cached keys on every process. Call after the change is committed. */
  async invalidate(): Promise<void> {
    this.entries.clear();
    await this.epoch?.bump();
  }
}
