// The files table: the shared upload records (uploads/upload-records.repository.ts), listed by purpose.
import type { Kysely } from 'kysely';
import type { DB, FilesTable } from '../db/schema.ts';
import { UploadRecords, type UploadRow } from './uploads/upload-records.repository.ts';

export type FilePurpose = FilesTable['purpose'];
export type FileRow = UploadRow<'files'>;

const COLUMNS = ['file_id', 'org_id', 'file_name', 'content_type', 'size', 'sha256', 'purpose', 'blob_key', 'created_at'] as const;

export class FilesRepository extends UploadRecords<'files'> {
  constructor(db: Kysely<DB>) {
    super(db, 'files', 'file_id', COLUMNS);
  }

  /** Newest first, optionally only one purpose; fetches limit+1 rows. */
  listByOrg(orgId: string, limit: number, beforeId: string | null, purpose: FilePurpose | undefined): Promise<FileRow[]> {
    return this.list(orgId, limit, beforeId, purpose ? (q) => q.where('purpose', '=', purpose) : undefined);
  }
}
