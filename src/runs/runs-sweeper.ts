// Time-based housekeeping of runs, run by every worker process on a timer: tasks queued too long
// expire (their credits come back), runs past retention are deleted with their documents (their ids
// keep answering 410), and old idempotency keys are forgotten. Every step is a conditional update or
// delete, so processes sweeping at once never do a step twice.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { PeriodicTask } from '../jobs/periodic-task.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { IdempotencyRepository } from './idempotency.repository.ts';
import { artifactBlobKey } from './run-links.ts';
import type { RunsRepository } from './runs.repository.ts';
import type { TaskFinalizer } from './task-finalizer.ts';
import type { TasksRepository } from './tasks.repository.ts';

const BATCH = 100;

export interface SweepCounts {
  expired: number;
  purged: number;
  keys: number;
}

export interface SweeperDeps {
  config: Config;
  db: Kysely<DB>;
  tasks: TasksRepository;
  runs: RunsRepository;
  idempotency: IdempotencyRepository;
  finalizer: TaskFinalizer;
  blobs: BlobStore;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

/** Runs on a PeriodicTask every FOLIO_SWEEP_INTERVAL_MS wherever workers run (attached to the worker runtime). */
export class RunsSweeper {
  private readonly d: SweeperDeps;
  private readonly periodic: PeriodicTask;

  constructor(deps: SweeperDeps) {
    this.d = deps;
    this.periodic = new PeriodicTask({ name: 'runs sweep', intervalMs: deps.config.runs.sweepIntervalMs, run: () => this.sweepOnce(), log: deps.log });
  }

  start(): void {
    this.periodic.start();
  }

  async stop(): Promise<void> {
    await this.periodic.stop();
  }

  async sweepOnce(): Promise<SweepCounts> {
    const counts = { expired: await this.expireQueued(), purged: await this.purgeRuns(), keys: 0 };
    counts.keys = await this.d.idempotency.deleteExpired(1000);
    if (counts.expired || counts.purged) this.d.log.info(counts, 'runs sweep');
    return counts;
  }

  private async expireQueued(): Promise<number> {
    let n = 0;
    for (const task of await this.d.tasks.queuedBefore(this.d.config.runs.queuedExpiryMs, BATCH)) {
      const ended = await this.d.finalizer.expire(task);
      if (!ended) continue;
      n++;
      if (ended.job_id) await this.d.jobs.cancel('task.run', ended.job_id).catch(() => {});
    }
    return n;
  }

  /** Documents first, then rows: a crash in between leaves rows whose bytes are gone, swept again next time. */
  private async purgeRuns(): Promise<number> {
    let n = 0;
    for (const run of await this.d.runs.expiredRuns(BATCH)) {
      const versionKeys = await this.d.runs.blobKeysOfRun(run.run_id);
      const taskIds = await this.d.db.transaction().execute((trx) => this.d.tasks.taskIdsOfRun(trx, run.run_id));
      // Attempts that died before committing a version may have left bytes under their own keys.
      const attemptKeys = taskIds.flatMap((id) => Array.from({ length: this.d.config.runs.maxAttempts }, (_, a) => artifactBlobKey(run.org_id, run.run_id, id, a)));
      for (const key of new Set([...versionKeys, ...attemptKeys])) await this.d.blobs.delete(key);
      const purged = await this.d.db.transaction().execute((trx) => this.d.runs.purge(trx, run, taskIds));
      if (purged) n++;
    }
    return n;
  }
}
