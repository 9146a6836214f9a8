// The `run.event` job: the relay of the events outbox. The task finalizer writes a run.completed /
// run.failed event and enqueues this job in the task's terminal transaction; the handler turns the
// event into deliveries (webhook-dispatcher.ts). Redelivered, it creates nothing twice.
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import { withSessionPriority } from '../db/pglite-dialect.ts';
import type { DB } from '../db/schema.ts';
import { polling, type JobDefinition } from '../jobs/registry.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';

export const RunEventPayload = Type.Object({
  event_id: Type.String({ pattern: '^evt_' }),
  org_id: Type.String(),
  type: Type.Union([Type.Literal('run.completed'), Type.Literal('run.failed')]),
  run_id: Type.String(),
  task_id: Type.String(),
  /** The body the contract defines for the event. */
  payload: Type.Record(Type.String(), Type.Unknown()),
  webhook_url: Type.Union([Type.String(), Type.Null()]),
}, { additionalProperties: false });

export type RunEventJob = Static<typeof RunEventPayload>;

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** A run.completed / run.failed event, written with the task's terminal move: create its webhook deliveries. */
    'run.event': RunEventJob;
  }
}

const DAY = 86_400;

export function runEventJob(db: Kysely<DB>, dispatcher: WebhookDispatcher): JobDefinition<'run.event'> {
  return {
    name: 'run.event',
    payload: RunEventPayload,
    // The heartbeat hands the job of a worker that died mid-relay back within seconds (as task.run's does);
    // the 120 s expiry alone left such an event without deliveries for two minutes (the chaos run saw it).
    policy: (config) => ({ policy: 'standard', notify: true, retryLimit: 10, retryDelay: 1, retryBackoff: true, heartbeatSeconds: config.runs.heartbeatSeconds, expireInSeconds: 120, retentionSeconds: 7 * DAY, deleteAfterSeconds: DAY }),
    work: (config) => ({ ...polling(config), localConcurrency: config.webhooks.concurrency }),
    // On PGlite, ahead of queued task work like the deliveries themselves: a burst of tasks must not hold events back.
    handler: (job) => withSessionPriority(() => db.transaction().execute((trx) => dispatcher.dispatch(trx, job.data))),
  };
}
