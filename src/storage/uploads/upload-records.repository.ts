// The SQL shared by the stored uploads, files and images: insert a row, find a live one in its
// organization, list live ones newest first (keyset on the time-ordered id), and soft-delete. Each
// table's repository (files.repository.ts, images.repository.ts) extends it with its table, id column and
// columns, and its own list filter. Rows are the tables' own types (db/schema.ts), with `size` as a number.
import { sql, type Insertable, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type UploadTable = 'files' | 'images';
/** Everything but the purge bookkeeping, which only the purge sweeper reads. */
type Hidden = 'deleted_at' | 'purged_at' | 'purge_lease_until';
export type UploadRow<T extends UploadTable> = Omit<Selectable<DB[T]>, Hidden>;
export type NewUpload<T extends UploadTable> = Omit<Insertable<DB[T]>, Hidden | 'created_at'>;
/** A list query of one upload table, to narrow (by purpose, by tag). */
export type UploadQuery = SelectQueryBuilder<any, string, any>;

const normalize = <R>(r: Record<string, unknown>): R => ({ ...r, size: Number(r.size) }) as R;

export class UploadRecords<T extends UploadTable> {
  // Kysely cannot follow a table name that is a type parameter; the public methods carry the types.
  private readonly db: Kysely<any>;
  private readonly table: string;
  private readonly id: string;
  private readonly columns: readonly string[];

  constructor(db: Kysely<DB>, table: T, idColumn: keyof DB[T] & string, columns: readonly (keyof UploadRow<T> & string)[]) {
    this.db = db as unknown as Kysely<any>;
    this.table = table;
    this.id = idColumn;
    this.columns = columns;
  }

  async insert(row: NewUpload<T>): Promise<UploadRow<T>> {
    return normalize<UploadRow<T>>(await this.db.insertInto(this.table).values(row).returning(this.columns).executeTakeFirstOrThrow());
  }

  /** A live row of this organization; deleted rows and other organizations' rows are not found. */
  async findInOrg(orgId: string, id: string): Promise<UploadRow<T> | undefined> {
    const row = await this.db.selectFrom(this.table).select(this.columns)
      .where('org_id', '=', orgId).where(this.id, '=', id).where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && normalize<UploadRow<T>>(row);
  }

  /** Newest first, narrowed by `where`; fetches limit+1 rows so the caller knows whether more exist. */
  protected async list(orgId: string, limit: number, beforeId: string | null, where?: (q: UploadQuery) => UploadQuery): Promise<UploadRow<T>[]> {
    let q = this.db.selectFrom(this.table).select(this.columns).where('org_id', '=', orgId).where('deleted_at', 'is', null);
    if (beforeId) q = q.where(this.id, '<', beforeId);
    if (where) q = where(q);
    const rows = await q.orderBy(this.id, 'desc').limit(limit + 1).execute();
    return rows.map((r) => normalize<UploadRow<T>>(r));
  }

  /** Marks the row deleted once; false when there is no live row with this id in the organization. */
  async softDelete(orgId: string, id: string): Promise<boolean> {
    const r = await this.db.updateTable(this.table).set({ deleted_at: sql`now()` })
      .where('org_id', '=', orgId).where(this.id, '=', id).where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
