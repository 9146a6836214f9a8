// The only code that queries `idempotency_keys`: one row per (organization, key), kept for the TTL.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, IdempotencyKeysTable } from '../db/schema.ts';

const COLUMNS = ['org_id', 'idem_key', 'fingerprint', 'task_id', 'run_id', 'created_at', 'expires_at'] as const;

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export class IdempotencyRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** The live (unexpired) record of a key in this organization. */
  async find(orgId: string, key: string): Promise<IdempotencyRow | undefined> {
    return this.db.selectFrom('idempotency_keys').select(COLUMNS)
      .where('org_id', '=', orgId).where('idem_key', '=', key).where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  }

  /**
   * Claims the key for a new task, inside the transaction that creates the task. false when another
   * request holds it: its transaction committed first (on PostgreSQL a concurrent claim waits on the
   * unique index until then). An expired record is taken over.
   */
  async claim(trx: Transaction<DB>, row: Omit<IdempotencyRow, 'created_at' | 'expires_at'>, ttlMs: number): Promise<boolean> {
    const expires = sql<Date>`now() + make_interval(secs => ${ttlMs / 1000})`;
    const r = await trx.insertInto('idempotency_keys').values({ ...row, expires_at: expires as any })
      .onConflict((oc) => oc.columns(['org_id', 'idem_key']).doUpdateSet({
        fingerprint: row.fingerprint, task_id: row.task_id, run_id: row.run_id, created_at: sql`now()` as any, expires_at: expires as any,
      }).where('idempotency_keys.expires_at', '<=', sql<Date>`now()`))
      .returning('idem_key').executeTakeFirst();
    return r !== undefined;
  }

  async deleteExpired(limit: number): Promise<number> {
    const r = await sql`delete from idempotency_keys where ctid in (select ctid from idempotency_keys where expires_at <= now() limit ${limit})`.execute(this.db);
    return Number(r.numAffectedRows ?? 0);
  }
}
