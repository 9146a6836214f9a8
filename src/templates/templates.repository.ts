// The only code that queries `templates` and `template_versions`. Every read filters by org_id and
// hides deleted templates: another organization's template is exactly as absent as a missing one.
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Format } from '../config.ts';
import type { DB, TemplatesTable, TemplateVersionsTable } from '../db/schema.ts';
import { claimDeleted } from '../storage/purge.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = ['template_id', 'org_id', 'format', 'name', 'description', 'tags', 'is_default', 'current_version', 'created_at', 'updated_at'] as const;
const VERSION_COLUMNS = ['template_id', 'version', 'org_id', 'file_name', 'content_type', 'size', 'sha256', 'blob_key', 'analysis', 'created_at'] as const;

/** A live template: the schema's columns but `deleted_at`. */
export type TemplateRow = Pick<Selectable<TemplatesTable>, (typeof COLUMNS)[number]>;

/** One stored version of a template: all of `template_versions`' columns. */
export type TemplateVersionRow = Selectable<TemplateVersionsTable>;

export type TemplateWithVersion = TemplateRow & { file: TemplateVersionRow };
export type TemplatePatch = Pick<Updateable<TemplatesTable>, 'name' | 'description' | 'tags' | 'is_default'>;

const normalizeVersion = (v: TemplateVersionRow): TemplateVersionRow => ({ ...v, size: Number(v.size) });

export class TemplatesRepository {
  readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(trx: Transaction<DB>, t: Pick<TemplateRow, 'template_id' | 'org_id' | 'format' | 'name' | 'description' | 'tags' | 'is_default'>): Promise<TemplateRow> {
    return trx.insertInto('templates').values({ ...t, current_version: 1 }).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  async insertVersion(trx: Transaction<DB>, v: Omit<TemplateVersionRow, 'created_at'>): Promise<TemplateVersionRow> {
    const row = await trx.insertInto('template_versions').values({ ...v, analysis: JSON.stringify(v.analysis) }).returning(VERSION_COLUMNS).executeTakeFirstOrThrow();
    return normalizeVersion(row);
  }

  async findInOrg(orgId: string, templateId: string, db: Db = this.db): Promise<TemplateRow | undefined> {
    return db.selectFrom('templates').select(COLUMNS).where('org_id', '=', orgId).where('template_id', '=', templateId).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** The row locked for an update of its versions or flags (FOR UPDATE). */
  async lockInOrg(trx: Transaction<DB>, orgId: string, templateId: string): Promise<TemplateRow | undefined> {
    return trx.selectFrom('templates').select(COLUMNS).where('org_id', '=', orgId).where('template_id', '=', templateId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
  }

  async findVersion(orgId: string, templateId: string, version: number): Promise<TemplateVersionRow | undefined> {
    const row = await this.db.selectFrom('template_versions').select(VERSION_COLUMNS).where('org_id', '=', orgId).where('template_id', '=', templateId).where('version', '=', version).executeTakeFirst();
    return row && normalizeVersion(row as TemplateVersionRow);
  }

  /** Whether the template's bytes were removed by the purge sweeper (it was deleted past its grace period). */
  async isPurged(orgId: string, templateId: string): Promise<boolean> {
    const row = await this.db.selectFrom('templates').select('purged_at').where('org_id', '=', orgId).where('template_id', '=', templateId).executeTakeFirst();
    return !!row?.purged_at;
  }

  async versions(orgId: string, templateId: string): Promise<TemplateVersionRow[]> {
    const rows = await this.db.selectFrom('template_versions').select(VERSION_COLUMNS).where('org_id', '=', orgId).where('template_id', '=', templateId).orderBy('version', 'desc').execute();
    return rows.map((r) => normalizeVersion(r as TemplateVersionRow));
  }

  /** The organization's live default template of a format. */
  async findDefault(orgId: string, format: Format): Promise<TemplateRow | undefined> {
    return this.db.selectFrom('templates').select(COLUMNS).where('org_id', '=', orgId).where('format', '=', format).where('is_default', '=', true).where('deleted_at', 'is', null).executeTakeFirst();
  }

  /** Newest first; limit+1 rows so the caller knows whether more exist. */
  async listByOrg(orgId: string, limit: number, beforeId: string | null, format: Format | undefined): Promise<TemplateRow[]> {
    let q = this.db.selectFrom('templates').select(COLUMNS).where('org_id', '=', orgId).where('deleted_at', 'is', null);
    if (beforeId) q = q.where('template_id', '<', beforeId);
    if (format) q = q.where('format', '=', format);
    return q.orderBy('template_id', 'desc').limit(limit + 1).execute();
  }

  /** The current versions of several templates, by template id. */
  async currentVersions(rows: TemplateRow[]): Promise<Map<string, TemplateVersionRow>> {
    if (!rows.length) return new Map();
    const found = await this.db.selectFrom('template_versions as v').innerJoin('templates as t', (j) => j.onRef('t.template_id', '=', 'v.template_id').onRef('t.current_version', '=', 'v.version'))
      .select(VERSION_COLUMNS.map((c) => `v.${c}` as const))
      .where('v.template_id', 'in', rows.map((r) => r.template_id))
      .where('v.org_id', '=', rows[0].org_id)
      .execute();
    return new Map(found.map((v) => [v.template_id, normalizeVersion(v as TemplateVersionRow)]));
  }

  /** Clears the organization's default of a format (before another template becomes it). */
  async clearDefault(trx: Transaction<DB>, orgId: string, format: Format, except: string | null): Promise<void> {
    let q = trx.updateTable('templates').set({ is_default: false, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('format', '=', format).where('is_default', '=', true).where('deleted_at', 'is', null);
    if (except) q = q.where('template_id', '!=', except);
    await q.execute();
  }

  async update(trx: Transaction<DB>, orgId: string, templateId: string, patch: TemplatePatch & { current_version?: number }): Promise<TemplateRow | undefined> {
    return trx.updateTable('templates').set({ ...patch, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('template_id', '=', templateId).where('deleted_at', 'is', null)
      .returning(COLUMNS).executeTakeFirst();
  }

  /** Hides the template (runs keep the versions they were made from); false when there is no live one. */
  async softDelete(orgId: string, templateId: string): Promise<boolean> {
    const r = await this.db.updateTable('templates').set({ deleted_at: sql`now()` as any, is_default: false })
      .where('org_id', '=', orgId).where('template_id', '=', templateId).where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * The purge sweeper's claim (src/storage/purge.ts): up to `limit` templates deleted more than
   * `graceSeconds` ago whose bytes are still stored, leased for 5 minutes (`for update skip locked`, so
   * concurrent sweepers take different rows), with every blob key of their versions: each version's file
   * and its layout thumbnails. Across organizations, like the sweeps of files and images.
   */
  async claimPurge(graceSeconds: number, limit: number): Promise<{ id: string; blobKeys: string[] }[]> {
    const claimed = await claimDeleted(this.db, 'templates', 'template_id', graceSeconds, limit);
    const ids = claimed.map((r) => r.id);
    if (!ids.length) return [];
    const versions = await this.db.selectFrom('template_versions').select(['template_id', 'blob_key', 'analysis']).where('template_id', 'in', ids).execute();
    return ids.map((id) => ({
      id,
      blobKeys: versions.filter((v) => v.template_id === id).flatMap((v) => [v.blob_key, ...((v.analysis as { thumbnail_keys?: string[] }).thumbnail_keys ?? [])]),
    }));
  }

  /**
   * Of these blob keys (a version's file, `.../v3`, or one of its layout thumbnails, `.../v3-layout2.png`),
   * those whose version row exists (the orphan sweep; across organizations, as keys are unique).
   */
  async referencedBlobKeys(keys: string[]): Promise<Set<string>> {
    const base = (k: string) => k.replace(/-layout\d+\.png$/, '');
    const bases = [...new Set(keys.map(base))];
    if (!bases.length) return new Set();
    const rows = await this.db.selectFrom('template_versions').select('blob_key').where('blob_key', 'in', bases).execute();
    const live = new Set(rows.map((r) => r.blob_key));
    return new Set(keys.filter((k) => live.has(base(k))));
  }

  /** Records that a claimed template's bytes are gone; a second sweeper's late completion changes nothing. */
  async markPurged(templateId: string): Promise<void> {
    await this.db.updateTable('templates').set({ purged_at: sql`now()` as any, purge_lease_until: null })
      .where('template_id', '=', templateId).where('purged_at', 'is', null).execute();
  }
}
