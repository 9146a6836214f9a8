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
    return (await claimDeleted(this.db, table, ID[table], graceSeconds, limit, ['blob_key'])).map((r) => ({ id: r.id, blob_key: r.blob_key as string }));
  }

  /** Records that the bytes are gone. Conditional, so a second sweeper's late completion changes nothing. */
  async markPurged(table: PurgeTable, id: string): Promise<void> {
    await sql`update ${sql.table(table)} set purged_at = now(), purge_lease_until = null
      where ${sql.ref(ID[table])} = ${id} and purged_at is null`.execute(this.db);
  }
}

/**
 * The purge's claim over any table with its soft-delete columns (`deleted_at`, `purged_at`,
 * `purge_lease_until`): up to `limit` rows deleted more than `graceSeconds` ago whose bytes are still
 * stored, leased for 5 minutes, with their id and the `columns` asked for. Each repository calls it
 * for its own table (templates.repository.ts too).
 */
export async function claimDeleted(db: Kysely<DB>, table: string, idColumn: string, graceSeconds: number, limit: number, columns: string[] = []): Promise<({ id: string } & Record<string, unknown>)[]> {
  const t = sql.table(table);
  const id = sql.ref(idColumn);
  const more = columns.length ? sql`, ${sql.join(columns.map((c) => sql.ref(c)))}` : sql``;
  const r = await sql<{ id: string } & Record<string, unknown>>`
    update ${t} set purge_lease_until = now() + ${LEASE}
    where ${id} in (
      select ${id} from ${t}
      where deleted_at is not null and purged_at is null
        and deleted_at <= now() - make_interval(secs => ${graceSeconds}::float8)
        and (purge_lease_until is null or purge_lease_until < now())
      order by deleted_at
      limit ${limit}
      for update skip locked)
    returning ${id} as id${more}`.execute(db);
  return r.rows;
}
