// The images table: the shared upload records (uploads/upload-records.repository.ts), listed by tag.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { UploadRecords, type UploadRow } from './uploads/upload-records.repository.ts';

export type ImageRow = UploadRow<'images'>;

const COLUMNS = ['image_id', 'org_id', 'file_name', 'content_type', 'size', 'sha256', 'width', 'height', 'tags', 'caption', 'blob_key', 'created_at'] as const;

export class ImagesRepository extends UploadRecords<'images'> {
  constructor(db: Kysely<DB>) {
    super(db, 'images', 'image_id', COLUMNS);
  }

  /** Newest first, optionally only images carrying `tag`; fetches limit+1 rows. */
  listByOrg(orgId: string, limit: number, beforeId: string | null, tag: string | undefined): Promise<ImageRow[]> {
    return this.list(orgId, limit, beforeId, tag === undefined ? undefined : (q) => q.where(sql<boolean>`tags @> array[${tag}]::text[]`));
  }
}
