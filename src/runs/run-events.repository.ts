// Writes the `events` outbox: one run.completed / run.failed row per task, in the transaction of the
// task's terminal move. Delivery (subscriptions, the per-request webhook_url, signing, retries) belongs
// to the webhooks module: the finalizer enqueues its `run.event` job in that same transaction.
import type { Insertable, Transaction } from 'kysely';
import type { DB, EventsTable } from '../db/schema.ts';
import { newId } from '../ids.ts';

export type RunEventType = EventsTable['type'];

/** An event as the finalizer writes it; `payload` is the body the contract (docs/reference/api-contract.md#events) defines, `occurred_at_ms` included. */
export type RunEvent = Omit<Insertable<EventsTable>, 'event_id' | 'payload' | 'occurred_at'> & { payload: Record<string, unknown> };

export class RunEventsRepository {
  /** Writes the event's row; answers its id. */
  async insert(trx: Transaction<DB>, event: RunEvent, occurredAt: Date): Promise<string> {
    const event_id = newId('evt');
    await trx.insertInto('events').values({ ...event, event_id, payload: JSON.stringify(event.payload), occurred_at: occurredAt }).execute();
    return event_id;
  }
}
