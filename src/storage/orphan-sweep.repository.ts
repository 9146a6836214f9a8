// The orphan sweep's queries: the claim of a cluster-wide pass (`maintenance_passes`), and which keys of
// the storage module's own tables (files, images) are still referenced. Other modules answer for their
// tables through their `BlobOwner` (src/storage/orphan-sweep.ts). Keys are unique per row, so a key is
// one organization's whatever table holds it; the sweep spans organizations, like the purge.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export class OrphanSweepRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * Claims the pass `name` for `by` when none started in the last `intervalSeconds` (one conditional
   * upsert, so of several processes asking at once exactly one gets it). False when another has it.
   */
  async claimPass(name: string, intervalSeconds: number, by: string): Promise<boolean> {
    const r = await sql<{ name: string }>`
      insert into maintenance_passes (name, started_at, started_by) values (${name}, now(), ${by})
      on conflict (name) do update set started_at = now(), started_by = excluded.started_by
        where maintenance_passes.started_at <= now() - make_interval(secs => ${intervalSeconds}::float8)
      returning name`.execute(this.db);
    return r.rows.length === 1;
  }

  /** Of these keys, those a file or an image row holds (deleted rows too: the purge removes their bytes). */
  async referencedByFilesAndImages(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const [files, images] = await Promise.all([
      this.db.selectFrom('files').select('blob_key').where('blob_key', 'in', keys).execute(),
      this.db.selectFrom('images').select('blob_key').where('blob_key', 'in', keys).execute(),
    ]);
    return new Set([...files, ...images].map((r) => r.blob_key));
  }

  /** Of these organization ids, those the database knows (a store shared with another database is not swept). */
  async existingOrgs(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('organizations').select('org_id').where('org_id', 'in', ids).execute();
    return new Set(rows.map((r) => r.org_id));
  }
}
