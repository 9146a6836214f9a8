// The purge sweeper's queries over files and images (the tables share their soft-delete columns).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type PurgeTable = 'files' | 'images';
export type PurgeClaim = { id: string; blob_key: string };

const ID: Record<PurgeTable, string> = { files: 'file_id', images: 'image_id' };

/** How long a sweeper owns a claimed row before another may retry it (it crashed, or the store failed). */
const LEASE = sql`interval '5 minutes'`;

export class PurgeRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * Claims up to `limit` deleted rows whose grace period is over and whose bytes are still stored.
   * `for update skip locked` and the lease keep concurrent sweepers (other processes) off the same rows;
   * a claim that is never completed expires with its lease and is retried.
   */
  async claim(table: PurgeTable, graceSeconds: number, limit: number): Promise<PurgeClaim[]> {
    const t = sql.table(table);
    const id = sql.ref(ID[table]);
    const r = await sql<PurgeClaim>`
      update ${t} set purge_lease_until = now() + ${LEASE}
      where ${id} in (
        select ${id} from ${t}
        where deleted_at is not null and purged_at is null
          and deleted_at <= now() - make_interval(secs => ${graceSeconds}::float8)
          and (purge_lease_until is null or purge_lease_until < now())
        order by deleted_at
        limit ${limit}
        for update skip locked)
      returning ${id} as id, blob_key`.execute(this.db);
    return r.rows;
  }

  /** Records that the bytes are gone. Conditional, so a second sweeper's late completion changes nothing. */
  async markPurged(table: PurgeTable, id: string): Promise<void> {
    await sql`update ${sql.table(table)} set purged_at = now(), purge_lease_until = null
      where ${sql.ref(ID[table])} = ${id} and purged_at is null`.execute(this.db);
  }
}
