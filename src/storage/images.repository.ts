// The images table: the shared upload records (uploads/upload-records.repository.ts), listed by tag.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { UploadRecords, type NewUpload, type UploadRow } from './uploads/upload-records.repository.ts';

export type ImageRow = UploadRow<'images'>;

const COLUMNS = ['image_id', 'org_id', 'file_name', 'content_type', 'size', 'sha256', 'width', 'height', 'tags', 'caption', 'blob_key', 'created_at'] as const;

export class ImagesRepository {
  private readonly records: UploadRecords<'images'>;

  constructor(db: Kysely<DB>) {
    this.records = new UploadRecords(db, 'images', 'image_id', COLUMNS);
  }

  insert(image: NewUpload<'images'>): Promise<ImageRow> {
    return this.records.insert(image);
  }

  /** A live image of this organization; soft-deleted images and other organizations' images are not found. */
  findInOrg(orgId: string, imageId: string): Promise<ImageRow | undefined> {
    return this.records.findInOrg(orgId, imageId);
  }

  /** Newest first, optionally only images carrying `tag`; fetches limit+1 rows. */
  listByOrg(orgId: string, limit: number, beforeId: string | null, tag: string | undefined): Promise<ImageRow[]> {
    return this.records.listByOrg(orgId, limit, beforeId, tag === undefined ? undefined : (q) => q.where(sql<boolean>`tags @> array[${tag}]::text[]`));
  }

  /** Sets `deleted_at` once; false when there is no live image with this id in the organization. */
  softDelete(orgId: string, imageId: string): Promise<boolean> {
    return this.records.softDelete(orgId, imageId);
  }
}
