// Verified API keys, cached per process so that the hot path (GET /verify and every API call) skips the
// database. Correctness across processes comes from an invalidation epoch (src/identity/auth-epoch.ts):
// any change that can affect a cached key (revocation, suspension, tier change) bumps it, and a process
// that sees a new epoch drops its whole cache.
import type { KeyWithOrg } from './api-keys.repository.ts';
import type { Epoch } from './auth-epoch.ts';

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
   * The cached key without waiting, when the epoch can be read synchronously (the in-process epoch, or a trusted pushed one from Redis) and
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

  /** Stops the epoch's subscription, if it has one. */
  close(): void {
    this.epoch?.close?.();
  }
}
