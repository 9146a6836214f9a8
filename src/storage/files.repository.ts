import { sql, type Kysely } from 'kysely';
import type { DB, FilesTable } from '../db/schema.ts';

export type FilePurpose = FilesTable['purpose'];
export type FileRow = {
  file_id: string;
  org_id: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  purpose: FilePurpose;
  blob_key: string;
  created_at: Date;
};

const COLUMNS = ['file_id', 'org_id', 'file_name', 'content_type', 'size', 'sha256', 'purpose', 'blob_key', 'created_at'] as const;

export class FilesRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(file: Omit<FileRow, 'created_at'>): Promise<FileRow> {
    const row = await this.db.insertInto('files').values(file).returning(COLUMNS).executeTakeFirstOrThrow();
    return { ...row, size: Number(row.size) };
  }

  /** A live file of this organization; deleted files and other organizations' files are not found. */
  async findInOrg(orgId: string, fileId: string): Promise<FileRow | undefined> {
    const row = await this.db
      .selectFrom('files')
      .select(COLUMNS)
      .where('org_id', '=', orgId)
      .where('file_id', '=', fileId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && { ...row, size: Number(row.size) };
  }

  /** Newest first; fetches limit+1 rows so the caller knows whether more exist. */
  async listByOrg(orgId: string, limit: number, beforeId: string | null, purpose: FilePurpose | undefined): Promise<FileRow[]> {
    let q = this.db.selectFrom('files').select(COLUMNS).where('org_id', '=', orgId).where('deleted_at', 'is', null);
    if (beforeId) q = q.where('file_id', '<', beforeId);
    if (purpose) q = q.where('purpose', '=', purpose);
    const rows = await q.orderBy('file_id', 'desc').limit(limit + 1).execute();
    return rows.map((r) => ({ ...r, size: Number(r.size) }));
  }

  /** Marks the file deleted; false when there is no live file with this id in the organization. */
  async softDelete(orgId: string, fileId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('files')
      .set({ deleted_at: sql`now()` as any })
      .where('org_id', '=', orgId)
      .where('file_id', '=', fileId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
