// The runs engine's jobs: `task.run` and its dead letter `task.dead` (payload, queue policy, how
// workers take them), and how a task's job is sent (at creation, and again when a claim found no free
// slot). The handlers are the task runner's (runs.module.ts registers them).
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Tier } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { polling, type JobDefinition, type JobHandler } from '../jobs/registry.ts';

export const TaskJobPayload = Type.Object({ task_id: Type.String({ pattern: '^task_' }) }, { additionalProperties: false });

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Run one generation task: claim a concurrency slot, run the agent, store the artifact, finalize. */
    'task.run': Static<typeof TaskJobPayload>;
    /** A `task.run` job that exhausted its attempts (its workers kept dying): fail the task for good. */
    'task.dead': Static<typeof TaskJobPayload>;
  }
}

const DAY = 86_400;

/** The two task jobs, handled by `handlers` (the task runner's). */
export function taskJobs(handlers: { run: JobHandler<'task.run'>; dead: JobHandler<'task.dead'> }): [JobDefinition<'task.run'>, JobDefinition<'task.dead'>] {
  return [{
    name: 'task.run',
    payload: TaskJobPayload,
    policy: (config) => ({
      policy: 'standard',
      notify: true,
      // Handler failures are the task's own outcome (it is finalized as failed and the job completes),
      // so retries only happen when a worker dies or is stopped mid-task: that is what attempts count.
      retryLimit: config.runs.maxAttempts - 1,
      retryDelay: 1,
      heartbeatSeconds: config.runs.heartbeatSeconds,
      // Per job at send time from timeout_ms; this is only the fallback.
      expireInSeconds: 1_800 + 300,
      retentionSeconds: Math.ceil(config.runs.queuedExpiryMs / 1000) + DAY,
      deleteAfterSeconds: DAY,
      deadLetter: 'task.dead',
    }),
    work: (config, slots) => ({
      ...polling(config),
      localConcurrency: slots,
      // Keeps workers from claiming an organization's jobs beyond its tier's limit; SlotGate is exact.
      groupConcurrency: { default: config.runs.concurrentRuns.free, tiers: { ...config.runs.concurrentRuns } },
    }),
    handler: handlers.run,
  }, {
    name: 'task.dead',
    payload: TaskJobPayload,
    policy: () => ({ policy: 'standard', notify: true, retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 120, retentionSeconds: 7 * DAY, deleteAfterSeconds: DAY }),
    work: (config) => ({ ...polling(config), localConcurrency: 1 }),
    handler: handlers.dead,
  }];
}

/** Room on top of timeout_ms before the queue itself would consider the job lost. */
const JOB_EXPIRY_GRACE_SECONDS = 300;

export interface TaskJobRef {
  task_id: string;
  org_id: string;
  timeout_ms: number;
}

/** A new job id, chosen before the task row is written so the row names its job from the start. */
export const newJobId = (): string => randomUUID();

/** Enqueues the task's job `jobId` in `trx`. Jobs of one organization share its tier's limit. */
export async function sendTaskJob(jobs: JobQueue, trx: Transaction<DB>, task: TaskJobRef, tier: Tier, jobId: string, startAfter?: Date): Promise<void> {
  await jobs.send('task.run', { task_id: task.task_id }, {
    trx,
    id: jobId,
    expireInSeconds: Math.ceil(task.timeout_ms / 1000) + JOB_EXPIRY_GRACE_SECONDS,
    group: { id: task.org_id, tier },
    ...(startAfter ? { startAfter } : {}),
  });
}
