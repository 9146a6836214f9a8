// Per-organization concurrency: at most FOLIO_CONCURRENT_RUNS_<TIER> running tasks per organization,
// across every worker process. The queue already avoids claiming jobs over the limit (pg-boss group
// concurrency), but two workers claiming at the same instant can both pass that check; this gate is
// exact: it counts running tasks under an advisory lock held for the organization, in the transaction
// that moves the task to running. Slots are the running tasks themselves, so a slot is free the moment
// its task ends, however it ends (a dead worker's task ends when its retried job does).
import type { Kysely } from 'kysely';
import type { Config, Tier } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { OrganizationsRepository } from '../identity/organizations.repository.ts';
import type { RunsRepository } from './runs.repository.ts';
import type { TaskRow, TasksRepository } from './tasks.repository.ts';

/** started: the task now runs under the claim; gone: it is no longer queued; full: no free slot. */
export type SlotOutcome = { started: TaskRow } | { gone: true } | { full: true; tier: Tier };

export class SlotGate {
  private readonly config: Config;
  private readonly db: Kysely<DB>;
  private readonly tasks: TasksRepository;
  private readonly runs: RunsRepository;
  private readonly orgs: OrganizationsRepository;

  constructor(config: Config, db: Kysely<DB>, tasks: TasksRepository, runs: RunsRepository, orgs: OrganizationsRepository) {
    this.config = config;
    this.db = db;
    this.tasks = tasks;
    this.runs = runs;
    this.orgs = orgs;
  }

  /** Moves the queued task to running if its organization has a free slot. */
  async tryAcquire(task: TaskRow, attempt: number): Promise<SlotOutcome> {
    const tier = (await this.orgs.findById(task.org_id))?.tier ?? 'free';
    const limit = this.config.runs.concurrentRuns[tier];
    return this.db.transaction().execute(async (trx) => {
      await this.tasks.lockSlots(trx, task.org_id);
      if ((await this.tasks.countRunning(trx, task.org_id)) >= limit) {
        const current = await this.tasks.findForWorker(task.task_id, trx);
        return current?.status === 'queued' && !current.cancel_requested_at ? { full: true as const, tier } : { gone: true as const };
      }
      const started = await this.tasks.start(trx, task.task_id, attempt);
      if (!started) return { gone: true as const };
      await this.runs.followTask(trx, task.run_id, task.task_id, 'running');
      return { started };
    });
  }
}
