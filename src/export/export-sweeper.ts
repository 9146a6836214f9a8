// Removes renditions nobody can ask for again (purged runs, superseded versions, deleted files), bytes
// first, then rows. Safe on several processes: deleting a blob or a row twice is harmless.
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicTask } from '../jobs/periodic-task.ts';
import type { ExportRepository } from './export.repository.ts';
import type { ExportService } from './export.service.ts';

const BATCH = 100;

export class ExportSweeper {
  private readonly repo: ExportRepository;
  private readonly service: ExportService;
  private readonly graceSeconds: number;
  private readonly periodic: PeriodicTask;
  private running: Promise<number> | null = null;

  constructor(repo: ExportRepository, service: ExportService, graceSeconds: number, intervalMs: number, log: FastifyBaseLogger) {
    this.repo = repo;
    this.service = service;
    this.graceSeconds = graceSeconds;
    this.periodic = new PeriodicTask({ name: 'export cache sweep', intervalMs, run: () => this.sweepOnce(), log, failureLevel: 'warn' });
  }

  start(): void {
    this.periodic.start();
  }

  async stop(): Promise<void> {
    await this.periodic.stop();
  }

  /** One pass; returns how many renditions were removed. */
  async sweepOnce(): Promise<number> {
    this.running ??= (async () => {
      let removed = 0;
      try {
        for (;;) {
          const stale = await this.repo.stale(this.graceSeconds, BATCH);
          for (const row of stale) await this.service.forget(row);
          removed += stale.length;
          if (stale.length < BATCH) return removed;
        }
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
