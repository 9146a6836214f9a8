// The only code that queries `export_renditions`. Every read on behalf of a caller filters by org_id.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, ExportRenditionsTable } from '../db/schema.ts';

const COLUMNS = ['rendition_id', 'org_id', 'source_kind', 'source_id', 'version_id', 'format', 'options', 'blob_key', 'content_type', 'file_name', 'size', 'pages', 'created_at'] as const;

/** A cached rendition: all of `export_renditions`' columns. */
export type RenditionRow = Selectable<ExportRenditionsTable>;
/** A PNG export's page (the JSON `pages` column). */
export type PageBlob = NonNullable<RenditionRow['pages']>[number];

export type CacheKey = Pick<RenditionRow, 'org_id' | 'source_id' | 'version_id' | 'format' | 'options'>;


const normalize = (r: any): RenditionRow => ({ ...r, size: Number(r.size), pages: typeof r.pages === 'string' ? JSON.parse(r.pages) : r.pages });

export class ExportRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async find(key: CacheKey): Promise<RenditionRow | undefined> {
    const row = await this.db.selectFrom('export_renditions').select(COLUMNS)
      .where('org_id', '=', key.org_id).where('source_id', '=', key.source_id).where('version_id', '=', key.version_id)
      .where('format', '=', key.format).where('options', '=', key.options)
      .executeTakeFirst();
    return row && normalize(row);
  }

  /** Inserts the rendition unless another process stored the same one first; returns the row that won. */
  async insertOrGet(r: Omit<RenditionRow, 'created_at'>): Promise<{ row: RenditionRow; inserted: boolean }> {
    const inserted = await this.db.insertInto('export_renditions')
      .values({ ...r, pages: r.pages ? JSON.stringify(r.pages) : null })
      .onConflict((oc) => oc.columns(['source_id', 'version_id', 'format', 'options']).doNothing())
      .returning(COLUMNS).executeTakeFirst();
    if (inserted) return { row: normalize(inserted), inserted: true };
    const existing = await this.find(r);
    if (!existing) throw new Error('export rendition vanished between insert and read');
    return { row: existing, inserted: false };
  }

  /** The renditions of one run or file of the organization, newest first. */
  async listBySource(orgId: string, sourceId: string): Promise<RenditionRow[]> {
    const rows = await this.db.selectFrom('export_renditions').select(COLUMNS)
      .where('org_id', '=', orgId).where('source_id', '=', sourceId).orderBy('created_at', 'desc').execute();
    return rows.map(normalize);
  }

  async delete(renditionId: string): Promise<void> {
    await this.db.deleteFrom('export_renditions').where('rendition_id', '=', renditionId).execute();
  }

  /**
   * Renditions nobody can ask for again: of a run that was purged, of an artifact version superseded more
   * than `graceSeconds` ago (links handed out for it keep working that long), of a file deleted that long ago.
   * Reads runs, artifact_versions and files without writing them: their modules own those tables.
   */
  async stale(graceSeconds: number, limit: number): Promise<RenditionRow[]> {
    const cutoff = sql<Date>`now() - make_interval(secs => ${graceSeconds})`;
    const rows = await this.db.selectFrom('export_renditions as e').select(COLUMNS.map((c) => `e.${c}` as const))
      .where((eb) => eb.or([
        eb.and([
          eb('e.source_kind', '=', 'run'),
          eb.not(eb.exists(eb.selectFrom('runs as r').select('r.run_id').whereRef('r.run_id', '=', 'e.source_id'))),
        ]),
        eb.and([
          eb('e.source_kind', '=', 'run'),
          eb.exists(eb.selectFrom('runs as r').innerJoin('artifact_versions as v', 'v.version_id', 'r.current_version_id').select('r.run_id')
            .whereRef('r.run_id', '=', 'e.source_id').whereRef('r.current_version_id', '<>', 'e.version_id').where('v.created_at', '<', cutoff)),
        ]),
        eb.and([
          eb('e.source_kind', '=', 'file'),
          eb.not(eb.exists(eb.selectFrom('files as f').select('f.file_id').whereRef('f.file_id', '=', 'e.source_id')
            .where((w) => w.or([w('f.deleted_at', 'is', null), w('f.deleted_at', '>', cutoff)])))),
        ]),
      ]))
      .orderBy('e.created_at').limit(limit).execute();
    return rows.map(normalize);
  }
}
