// The job catalog: every job Folio queues, its payload schema and its queue policy (retries, lease,
// heartbeat, dead letter). Handlers are bound to these names in worker.ts; nothing else names a queue.
import { Type, type Static, type TSchema } from 'typebox';
import type { Queue } from 'pg-boss';
import type { Config } from '../config.ts';

export const TaskJobPayload = Type.Object({ task_id: Type.String({ pattern: '^task_' }) }, { additionalProperties: false });
export const WebhookDeliveryPayload = Type.Object({ delivery_id: Type.String({ pattern: '^dlv_' }), attempt: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const ProjectFilePayload = Type.Object({ org_id: Type.String(), project_id: Type.String({ pattern: '^prj_' }), file_id: Type.String({ pattern: '^file_' }) }, { additionalProperties: false });
export const ProjectPayload = Type.Object({ org_id: Type.String(), project_id: Type.String({ pattern: '^prj_' }) }, { additionalProperties: false });
/** A dead project job keeps its payload: with `file_id` a file stage died, without it the reconciliation. */
export const ProjectDeadPayload = Type.Object({ ...ProjectPayload.properties, file_id: Type.Optional(ProjectFilePayload.properties.file_id) }, { additionalProperties: false });

/** Job name -> payload. A discriminated union: `send` and `work` are typed by the name. */
export interface JobPayloads {
  /** Run one generation task: claim a concurrency slot, run the agent, store the artifact, finalize. */
  'task.run': Static<typeof TaskJobPayload>;
  /** A `task.run` job that exhausted its attempts (its workers kept dying): fail the task for good. */
  'task.dead': Static<typeof TaskJobPayload>;
  /** One attempt of one webhook delivery; the handler enqueues the next attempt when it must retry. */
  'webhook.deliver': Static<typeof WebhookDeliveryPayload>;
  /** Project analysis, stage 1: extract a project file's text and structure. */
  'project.index': Static<typeof ProjectFilePayload>;
  /** Stage 2: extract a file's named facts, then ask for the project's reconciliation. */
  'project.facts': Static<typeof ProjectFilePayload>;
  /** Stage 3: compare the project's facts and passages across files into insights. */
  'project.reconcile': Static<typeof ProjectPayload>;
  /** A project job that exhausted its attempts: mark its file (or the reconciliation) failed. */
  'project.dead': Static<typeof ProjectDeadPayload>;
}

export type JobName = keyof JobPayloads;

export interface JobDefinition {
  payload: TSchema;
  /** Queue policy, created (or updated) when the queue starts. */
  queue(config: Config): Omit<Queue, 'name'>;
}

const DAY = 86_400;

/** Project analysis stages: failures of the content are the file's own outcome (handled, no retry); these retries cover workers that died and database errors. */
const projectStage = (config: Config): Omit<Queue, 'name'> => ({
  policy: 'standard',
  notify: true,
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: config.projects.jobTimeoutSeconds,
  retentionSeconds: 7 * DAY,
  deleteAfterSeconds: DAY,
  deadLetter: 'project.dead',
});

export const JOB_CATALOG: Record<JobName, JobDefinition> = {
  'task.run': {
    payload: TaskJobPayload,
    queue: (config) => ({
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
  },
  'task.dead': {
    payload: TaskJobPayload,
    queue: () => ({
      policy: 'standard',
      notify: true,
      retryLimit: 10,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: 120,
      retentionSeconds: 7 * DAY,
      deleteAfterSeconds: DAY,
    }),
  },
  'webhook.deliver': {
    payload: WebhookDeliveryPayload,
    queue: (config) => ({
      policy: 'standard',
      // pg-boss's notification would wake every delivery worker for each job; the dispatcher
      // wakes as many idle workers as it enqueued jobs instead (CHANNELS.webhookDue).
      notify: false,
      // Receiver failures are retried by the handler on the contract's schedule (docs/reference/api-contract.md#events) (each attempt is a new job);
      // these retries only cover a worker that died mid-attempt or a database error while recording.
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      // Per job at send time from FOLIO_WEBHOOK_TIMEOUT_MS; this is only the fallback.
      expireInSeconds: 180,
      // A retry may wait for its due time for as long as the longest delay.
      retentionSeconds: Math.ceil(Math.max(0, ...config.webhooks.retryDelaysMs) / 1000) + DAY,
      deleteAfterSeconds: DAY,
    }),
  },
  'project.index': { payload: ProjectFilePayload, queue: projectStage },
  'project.facts': { payload: ProjectFilePayload, queue: projectStage },
  // Stately: per project (the singleton key) one reconciliation runs and at most one waits, which
  // covers every request made meanwhile; files finishing together cost one reconciliation, not one each.
  'project.reconcile': { payload: ProjectPayload, queue: (config) => ({ ...projectStage(config), policy: 'stately' }) },
  'project.dead': {
    payload: ProjectDeadPayload,
    queue: () => ({ policy: 'standard', notify: true, retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 120, retentionSeconds: 7 * DAY, deleteAfterSeconds: DAY }),
  },
};

/** Dead-letter queues must exist before the queues that name them. */
export const QUEUE_ORDER: JobName[] = ['task.dead', 'task.run', 'webhook.deliver', 'project.dead', 'project.index', 'project.facts', 'project.reconcile'];
