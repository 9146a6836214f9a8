// The `task.run` job of a task: how it is sent (at creation, and again when a claim found no free
// slot) and which job is the task's current one.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Tier } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';

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
