// The only code that queries `wopi_locks`. Each change is one conditional statement, so two editors
// racing for a run's lock cannot both win.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, WopiLocksTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The live lock of a run, as `current` reads it. */
export type LockRow = Pick<Selectable<WopiLocksTable>, 'lock_id' | 'expires_at'>;

const after = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

export class WopiLocksRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** The live lock, or undefined when the run is unlocked (an expired lock counts as none). */
  async current(runId: string, db: Db = this.db, forUpdate = false): Promise<LockRow | undefined> {
    let q = db.selectFrom('wopi_locks').select(['lock_id', 'expires_at']).where('run_id', '=', runId).where('expires_at', '>', sql<Date>`now()`);
    if (forUpdate) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  /** Takes the lock when the run is unlocked or already holds `lockId` (then it is refreshed); false on a mismatch. */
  async lock(orgId: string, runId: string, lockId: string, ttlSeconds: number): Promise<boolean> {
    const row = await this.db.insertInto('wopi_locks')
      .values({ run_id: runId, org_id: orgId, lock_id: lockId, expires_at: after(ttlSeconds) as any })
      .onConflict((oc) => oc.column('run_id').doUpdateSet({ lock_id: lockId, expires_at: after(ttlSeconds) as any, updated_at: sql`now()` as any })
        .where((eb) => eb.or([eb('wopi_locks.expires_at', '<=', sql<Date>`now()`), eb('wopi_locks.lock_id', '=', lockId)])))
      .returning('lock_id').executeTakeFirst();
    return row !== undefined;
  }

  /** Replaces `oldLock` (which must be the live lock) by `newLock`; false on a mismatch. */
  async relock(runId: string, oldLock: string, newLock: string, ttlSeconds: number): Promise<boolean> {
    const r = await this.db.updateTable('wopi_locks').set({ lock_id: newLock, expires_at: after(ttlSeconds) as any, updated_at: sql`now()` as any })
      .where('run_id', '=', runId).where('lock_id', '=', oldLock).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async refresh(runId: string, lockId: string, ttlSeconds: number): Promise<boolean> {
    const r = await this.db.updateTable('wopi_locks').set({ expires_at: after(ttlSeconds) as any, updated_at: sql`now()` as any })
      .where('run_id', '=', runId).where('lock_id', '=', lockId).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async unlock(runId: string, lockId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('wopi_locks').where('run_id', '=', runId).where('lock_id', '=', lockId).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }
}
