// The only code that queries `webhook_deliveries` and `webhook_attempts`. A delivery is one event
// (or ping) for one target; each HTTP attempt is a row of the log. Recording an attempt is
// conditional on the attempt number the delivery expects, so a redelivered job cannot count twice.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, DeliveryStatus, WebhookAttemptsTable, WebhookDeliveriesTable } from '../db/schema.ts';
import { CHANNELS } from '../jobs/notifications.ts';

type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = [
  'delivery_id', 'org_id', 'webhook_id', 'event_id', 'event', 'run_id', 'task_id', 'url', 'body', 'status', 'attempts',
  'next_attempt_at', 'redelivery_of', 'created_at', 'completed_at',
] as const;

const ATTEMPT_COLUMNS = [
  'delivery_id', 'attempt', 'started_at', 'latency_ms', 'status_code', 'error', 'response_body', 'response_truncated', 'outcome',
  'next_attempt_at', 'remaining_delays_ms',
] as const;

/** A delivery: all of `webhook_deliveries`' columns. */
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export type NewDelivery = Omit<Insertable<WebhookDeliveriesTable>, 'attempts' | 'next_attempt_at' | 'created_at' | 'completed_at' | 'status'>;

/** One attempt of the log: the schema's columns but `org_id` (the delivery's). */
export type AttemptRow = Pick<Selectable<WebhookAttemptsTable>, (typeof ATTEMPT_COLUMNS)[number]>;

export interface DeliveryFilter {
  /** A subscription's log; null: per-request callbacks only; undefined: every delivery of the org. */
  webhookId?: string | null;
  event?: string;
  status?: DeliveryStatus;
  taskId?: string;
  runId?: string;
}


export class DeliveriesRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Inserts a pending delivery; false when this event already has one for this target. */
  async insertOnce(db: Db, d: NewDelivery): Promise<boolean> {
    const r = await db.insertInto('webhook_deliveries').values({ ...d, status: 'pending' })
      .onConflict((oc) => oc.doNothing())
      .returning('delivery_id')
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Delivered on commit: every process wakes up to `count` idle delivery workers. */
  async notifyDue(trx: Transaction<DB>, count: number): Promise<void> {
    await sql`select pg_notify(${CHANNELS.webhookDue}, ${String(count)})`.execute(trx);
  }

  /**
   * A delivery with the secret to sign it with now, in one read: the subscription's own (null once
   * the subscription is deleted) or, for a per-request callback, the organization's primary secret.
   */
  async findForWorker(deliveryId: string): Promise<(DeliveryRow & { secret: string | null }) | undefined> {
    return this.db.selectFrom('webhook_deliveries as d')
      .innerJoin('organizations as o', 'o.org_id', 'd.org_id')
      .leftJoin('webhooks as w', 'w.webhook_id', 'd.webhook_id')
      .select(COLUMNS.map((c) => `d.${c}` as const))
      .select(sql<string | null>`case when d.webhook_id is null then o.webhook_secret when w.deleted_at is null then w.secret end`.as('secret'))
      .where('d.delivery_id', '=', deliveryId)
      .executeTakeFirst();
  }

  async findInOrg(orgId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').select(COLUMNS).where('org_id', '=', orgId).where('delivery_id', '=', deliveryId).executeTakeFirst();
  }

  /**
   * Records attempt `a.attempt` and moves the delivery on, if the delivery still expects that attempt
   * (pending, with attempt-1 recorded). false: another copy of the job recorded it, or it was cancelled.
   */
  async recordAttempt(trx: Transaction<DB>, orgId: string, a: AttemptRow, next: { status: DeliveryStatus; next_attempt_at: Date | null }): Promise<boolean> {
    const moved = await trx.updateTable('webhook_deliveries')
      .set({
        attempts: a.attempt,
        status: next.status,
        next_attempt_at: next.next_attempt_at,
        completed_at: next.status === 'pending' ? null : (sql`now()` as any),
      })
      .where('delivery_id', '=', a.delivery_id).where('status', '=', 'pending').where('attempts', '=', a.attempt - 1)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await trx.insertInto('webhook_attempts').values({ ...a, org_id: orgId }).execute();
    return true;
  }

  /** Pending deliveries of a deleted subscription stop here; jobs that find them cancelled do nothing. */
  async cancelPendingOfWebhook(trx: Transaction<DB>, webhookId: string): Promise<number> {
    const r = await trx.updateTable('webhook_deliveries')
      .set({ status: 'cancelled', next_attempt_at: null, completed_at: sql`now()` as any })
      .where('webhook_id', '=', webhookId).where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async cancel(deliveryId: string): Promise<void> {
    await this.db.updateTable('webhook_deliveries')
      .set({ status: 'cancelled', next_attempt_at: null, completed_at: sql`now()` as any })
      .where('delivery_id', '=', deliveryId).where('status', '=', 'pending')
      .execute();
  }

  /** Newest first; fetches limit+1 rows. */
  async list(orgId: string, f: DeliveryFilter, limit: number, beforeId: string | null): Promise<DeliveryRow[]> {
    let q = this.db.selectFrom('webhook_deliveries').select(COLUMNS).where('org_id', '=', orgId);
    if (f.webhookId === null) q = q.where('webhook_id', 'is', null);
    else if (f.webhookId !== undefined) q = q.where('webhook_id', '=', f.webhookId);
    if (f.event) q = q.where('event', '=', f.event as DeliveryRow['event']);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.taskId) q = q.where('task_id', '=', f.taskId);
    if (f.runId) q = q.where('run_id', '=', f.runId);
    if (beforeId) q = q.where('delivery_id', '<', beforeId);
    return q.orderBy('delivery_id', 'desc').limit(limit + 1).execute();
  }

  async attemptsOf(deliveryIds: string[]): Promise<AttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    return this.db.selectFrom('webhook_attempts').select(ATTEMPT_COLUMNS).where('delivery_id', 'in', deliveryIds).orderBy('delivery_id').orderBy('attempt').execute();
  }

  /** The log retention: deliveries created before `before` go with their attempts. */
  async purgeBefore(before: Date, limit: number): Promise<number> {
    const r = await this.db.deleteFrom('webhook_deliveries')
      .where('delivery_id', 'in', (eb) => eb.selectFrom('webhook_deliveries').select('delivery_id').where('created_at', '<', before).limit(limit))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
