// Turns a run event into deliveries (the `run.event` job, run-event.job.ts): one per matching active
// subscription and one for the task's webhook_url, each with its first attempt enqueued as a durable
// job in the same transaction. The event's job was written in the task's terminal transaction, so
// nothing is sent for a change that rolled back, and a unique index keeps an event from reaching one
// target twice, however often the task's job or the event's job ran.
import type { Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { DB, WebhookEvent } from '../db/schema.ts';
import { newId } from '../ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { JobPayloads } from '../jobs/registry.ts';
import type { DeliveriesRepository, NewDelivery } from './deliveries.repository.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

/** The contract's field order (docs/reference/api-contract.md#events) (JSON objects from the database come back in their own order). */
const FIELD_ORDER: Record<string, string[]> = {
  'run.completed': ['event', 'run_id', 'task_id', 'agent_name', 'format', 'status', 'download_url', 'edit_url', 'summary', 'occurred_at_ms'],
  'run.failed': ['event', 'run_id', 'task_id', 'agent_name', 'format', 'error', 'occurred_at_ms'],
  ping: ['event', 'webhook_id', 'occurred_at_ms'],
};

/** The exact body bytes of an event, fields in the contract's order. */
export function eventBody(payload: Record<string, unknown>): string {
  const order = FIELD_ORDER[String(payload.event)] ?? [];
  const keys = [...order.filter((k) => k in payload), ...Object.keys(payload).filter((k) => !order.includes(k))];
  const error = payload.error as Record<string, unknown> | undefined;
  const ordered = Object.fromEntries(keys.map((k) => [k, k === 'error' && error ? { code: error.code, message: error.message } : payload[k]]));
  return JSON.stringify(ordered);
}

export class WebhookDispatcher {
  private readonly config: Config;
  private readonly jobs: JobQueue;
  private readonly webhooks: WebhooksRepository;
  private readonly deliveries: DeliveriesRepository;

  constructor(config: Config, jobs: JobQueue, webhooks: WebhooksRepository, deliveries: DeliveriesRepository) {
    this.config = config;
    this.jobs = jobs;
    this.webhooks = webhooks;
    this.deliveries = deliveries;
  }

  /** Creates the deliveries of a run event, in `trx`; a second call for the same event adds none. */
  async dispatch(trx: Transaction<DB>, ev: JobPayloads['run.event']): Promise<void> {
    const event = ev.type as WebhookEvent;
    const targets: { webhook_id: string | null; url: string }[] = (await this.webhooks.matching(trx, ev.org_id, event)).map((w) => ({ webhook_id: w.webhook_id, url: w.url }));
    if (ev.webhook_url) targets.push({ webhook_id: null, url: ev.webhook_url });
    if (targets.length === 0) return;
    const body = eventBody(ev.payload);
    const created = [];
    for (const target of targets) {
      const id = await this.insert(trx, { ...target, org_id: ev.org_id, event_id: ev.event_id, event, run_id: ev.run_id, task_id: ev.task_id, body, redelivery_of: null });
      if (id) created.push(id);
    }
    if (created.length) await this.deliveries.notifyDue(trx, created.length);
  }

  /** Inserts a delivery and enqueues its first attempt, to go as soon as `trx` commits. */
  async create(trx: Transaction<DB>, d: Omit<NewDelivery, 'delivery_id'>): Promise<string | null> {
    const id = await this.insert(trx, d);
    if (id) await this.deliveries.notifyDue(trx, 1);
    return id;
  }

  /** null when the delivery's event already has one for this target. */
  private async insert(trx: Transaction<DB>, d: Omit<NewDelivery, 'delivery_id'>): Promise<string | null> {
    const delivery_id = newId('dlv');
    if (!(await this.deliveries.insertOnce(trx, { ...d, delivery_id }))) return null;
    await this.schedule(trx, delivery_id, 1);
    return delivery_id;
  }

  /** Enqueues attempt `attempt` of a delivery in `trx`, due at `at` (now by default). */
  async schedule(trx: Transaction<DB>, deliveryId: string, attempt: number, at?: Date): Promise<void> {
    await this.jobs.send('webhook.deliver', { delivery_id: deliveryId, attempt }, {
      trx,
      // Room for one attempt (the HTTP timeout) before the queue hands the job to another worker.
      expireInSeconds: Math.ceil(this.config.webhooks.timeoutMs / 1000) + 60,
      ...(at ? { startAfter: at } : {}),
    });
  }
}
