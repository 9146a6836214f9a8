// `last_used_at` is recorded in memory on each authenticated request and written in batches,
// so the hot path never waits for a write. Pending times are flushed on shutdown.
import type { FastifyBaseLogger } from 'fastify';
import type { ApiKeysRepository } from './api-keys.repository.ts';

export class LastUsedTracker {
  private pending = new Map<string, { keyId: string; orgId: string; at: number }>();
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  private readonly repo: ApiKeysRepository;
  private readonly log: FastifyBaseLogger;

  constructor(repo: ApiKeysRepository, intervalMs: number, log: FastifyBaseLogger) {
    this.repo = repo;
    this.log = log;

    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  touch(keyId: string, orgId: string): void {
    const entry = this.pending.get(keyId);
    if (entry) entry.at = Date.now();
    else this.pending.set(keyId, { keyId, orgId, at: Date.now() });
  }

  /** Writes everything pending. A failed write puts its entries back (unless a newer use replaced them). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.repo.touchLastUsed(batch.map((e) => ({ keyId: e.keyId, orgId: e.orgId, at: new Date(e.at) })));
      } catch (err) {
        for (const e of batch) if (!this.pending.has(e.keyId)) this.pending.set(e.keyId, e);
        this.log.warn({ err }, 'could not record api key last_used_at; will retry');
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
