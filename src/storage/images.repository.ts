import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type ImageRow = {
  image_id: string;
  org_id: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  tags: string[];
  caption: string | null;
  blob_key: string;
  created_at: Date;
};

const COLUMNS = ['image_id', 'org_id', 'file_name', 'content_type', 'size', 'sha256', 'width', 'height', 'tags', 'caption', 'blob_key', 'created_at'] as const;

const normalize = <T extends { size: number }>(r: T): T => ({ ...r, size: Number(r.size) });

export class ImagesRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(image: Omit<ImageRow, 'created_at'>): Promise<ImageRow> {
    return normalize(await this.db.insertInto('images').values(image).returning(COLUMNS).executeTakeFirstOrThrow());
  }

  /** A live image of this organization; soft-deleted images and other organizations' images are not found. */
  async findInOrg(orgId: string, imageId: string): Promise<ImageRow | undefined> {
    const row = await this.db
      .selectFrom('images')
      .select(COLUMNS)
      .where('org_id', '=', orgId)
      .where('image_id', '=', imageId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && normalize(row);
  }

  /** Newest first, optionally only images carrying `tag`; fetches limit+1 rows. */
  async listByOrg(orgId: string, limit: number, beforeId: string | null, tag: string | undefined): Promise<ImageRow[]> {
    let q = this.db.selectFrom('images').select(COLUMNS).where('org_id', '=', orgId).where('deleted_at', 'is', null);
    if (beforeId) q = q.where('image_id', '<', beforeId);
    if (tag !== undefined) q = q.where(sql<boolean>`tags @> array[${tag}]::text[]`);
    const rows = await q.orderBy('image_id', 'desc').limit(limit + 1).execute();
    return rows.map(normalize);
  }

  /** Sets `deleted_at` once; false when there is no live image with this id in the organization. */
  async softDelete(orgId: string, imageId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('images')
      .set({ deleted_at: sql`now()` as any })
      .where('org_id', '=', orgId)
      .where('image_id', '=', imageId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
