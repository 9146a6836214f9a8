// The only code that queries `webhooks` (subscriptions). Reads on behalf of a caller filter by org_id;
// deleted subscriptions are invisible to them. Deletion is a soft delete that also wipes the secret,
// so nothing can be signed with it again; the rows go with the log retention.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, WebhookEvent, WebhooksTable } from '../db/schema.ts';

const COLUMNS = ['webhook_id', 'org_id', 'url', 'events', 'description', 'active', 'created_at'] as const;

/** A live subscription as reads return it: the schema's columns but the secret and `deleted_at`. */
export type WebhookRow = Pick<Selectable<WebhooksTable>, (typeof COLUMNS)[number]>;

export type WebhookWithSecret = WebhookRow & Pick<Selectable<WebhooksTable>, 'secret'>;


export class WebhooksRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(row: Omit<WebhookWithSecret, 'created_at' | 'active'>): Promise<WebhookWithSecret> {
    return this.db.insertInto('webhooks').values(row).returning([...COLUMNS, 'secret']).executeTakeFirstOrThrow();
  }

  async countLive(orgId: string): Promise<number> {
    const r = await this.db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Newest first; fetches limit+1 rows so the caller knows whether more exist. */
  async listByOrg(orgId: string, limit: number, beforeId: string | null): Promise<WebhookRow[]> {
    let q = this.db.selectFrom('webhooks').select(COLUMNS).where('org_id', '=', orgId).where('deleted_at', 'is', null);
    if (beforeId) q = q.where('webhook_id', '<', beforeId);
    return q.orderBy('webhook_id', 'desc').limit(limit + 1).execute();
  }

  async findInOrg(orgId: string, webhookId: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').select(COLUMNS).where('org_id', '=', orgId).where('webhook_id', '=', webhookId).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** With the secret, for signing a delivery now; undefined once deleted. */
  async findSigningInOrg(orgId: string, webhookId: string): Promise<WebhookWithSecret | undefined> {
    return this.db.selectFrom('webhooks').select([...COLUMNS, 'secret']).where('org_id', '=', orgId).where('webhook_id', '=', webhookId).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** Active subscriptions of the organization that opted in to `event`, read in the event's transaction. */
  async matching(trx: Transaction<DB>, orgId: string, event: WebhookEvent): Promise<WebhookRow[]> {
    return trx.selectFrom('webhooks').select(COLUMNS)
      .where('org_id', '=', orgId).where('deleted_at', 'is', null).where('active', '=', true)
      .where(sql<boolean>`events @> array[${event}]::text[]`)
      .orderBy('webhook_id')
      .execute();
  }

  /** Marks the subscription deleted and forgets its secret; false when there is no live one in this org. */
  async softDelete(trx: Transaction<DB>, orgId: string, webhookId: string): Promise<boolean> {
    const r = await trx.updateTable('webhooks')
      .set({ deleted_at: sql`now()` as any, active: false, secret: '' })
      .where('org_id', '=', orgId).where('webhook_id', '=', webhookId).where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Deleted subscriptions older than the log retention go, with their deliveries (cascade). */
  async purgeDeleted(before: Date, limit: number): Promise<number> {
    const r = await this.db.deleteFrom('webhooks')
      .where('webhook_id', 'in', (eb) => eb.selectFrom('webhooks').select('webhook_id').where('deleted_at', '<', before).limit(limit))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
