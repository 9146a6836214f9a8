// The files table: the shared upload records (uploads/upload-records.repository.ts), listed by purpose.
import type { Kysely } from 'kysely';
import type { DB, FilesTable } from '../db/schema.ts';
import { UploadRecords, type NewUpload, type UploadRow } from './uploads/upload-records.repository.ts';

export type FilePurpose = FilesTable['purpose'];
export type FileRow = UploadRow<'files'>;

const COLUMNS = ['file_id', 'org_id', 'file_name', 'content_type', 'size', 'sha256', 'purpose', 'blob_key', 'created_at'] as const;

export class FilesRepository {
  private readonly records: UploadRecords<'files'>;

  constructor(db: Kysely<DB>) {
    this.records = new UploadRecords(db, 'files', 'file_id', COLUMNS);
  }

  insert(file: NewUpload<'files'>): Promise<FileRow> {
    return this.records.insert(file);
  }

  /** A live file of this organization; deleted files and other organizations' files are not found. */
  findInOrg(orgId: string, fileId: string): Promise<FileRow | undefined> {
    return this.records.findInOrg(orgId, fileId);
  }

  /** Newest first, optionally only one purpose; fetches limit+1 rows. */
  listByOrg(orgId: string, limit: number, beforeId: string | null, purpose: FilePurpose | undefined): Promise<FileRow[]> {
    return this.records.listByOrg(orgId, limit, beforeId, purpose ? (q) => q.where('purpose', '=', purpose) : undefined);
  }

  /** Marks the file deleted; false when there is no live file with this id in the organization. */
  softDelete(orgId: string, fileId: string): Promise<boolean> {
    return this.records.softDelete(orgId, fileId);
  }
}
