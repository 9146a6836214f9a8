// Writes the `events` outbox: one run.completed / run.failed row per task, in the transaction of the
// task's terminal move. Delivery (subscriptions, the per-request webhook_url, signing, retries) belongs
// to the webhooks module, which reads this table.
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../ids.ts';

export type RunEventType = 'run.completed' | 'run.failed';

export interface RunEvent {
  org_id: string;
  type: RunEventType;
  run_id: string;
  task_id: string;
  /** The body the contract (docs/reference/api-contract.md#events) defines for the event, `occurred_at_ms` included. */
  payload: Record<string, unknown>;
  webhook_url: string | null;
}

/** Runs in the event's transaction, after its row is written: the webhooks module enqueues deliveries here. */
export type RunEventHook = (trx: Transaction<DB>, event: RunEvent & { event_id: string }) => Promise<void>;

export class RunEventsRepository {
  private readonly onInsert: RunEventHook | undefined;

  constructor(onInsert?: RunEventHook) {
    this.onInsert = onInsert;
  }

  async insert(trx: Transaction<DB>, event: RunEvent, occurredAt: Date): Promise<string> {
    const event_id = newId('evt');
    await trx.insertInto('events').values({ ...event, event_id, payload: JSON.stringify(event.payload), occurred_at: occurredAt }).execute();
    await this.onInsert?.(trx, { ...event, event_id });
    return event_id;
  }
}
