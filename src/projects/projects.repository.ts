// The only code that queries `projects`. Every read filters by org_id: another organization's project
// is not found, exactly like a missing one. The pipeline counters change only through the conditional
// updates below, so redelivered jobs cannot move them twice or backwards.
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, ProjectsTable, ReconcileStatus } from '../db/schema.ts';

const COLUMNS = ['project_id', 'org_id', 'name', 'description', 'tags', 'color', 'icon', 'pipeline_generation', 'reconcile_requested', 'reconcile_done',
  'reconcile_status', 'reconcile_error', 'reconcile_started_at', 'reconcile_finished_at', 'created_at', 'updated_at'] as const;

/** A live project: the schema's columns but `deleted_at` (reads never return deleted projects). */
export type ProjectRow = Pick<Selectable<ProjectsTable>, (typeof COLUMNS)[number]>;

export type ProjectWithCount = ProjectRow & { file_count: number };
export type ProjectPatch = Pick<Updateable<ProjectsTable>, 'name' | 'description' | 'tags' | 'color' | 'icon'>;
type Db = Kysely<DB> | Transaction<DB>;


export class ProjectsRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(p: Pick<ProjectRow, 'project_id' | 'org_id' | 'name' | 'description' | 'tags' | 'color' | 'icon'>): Promise<ProjectRow> {
    return this.db.insertInto('projects').values(p).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  private withCount(db: Db) {
    return db.selectFrom('projects as p').select(COLUMNS.map((c) => `p.${c}` as const)).select(
      sql<number>`(select count(*) from project_files f where f.project_id = p.project_id and f.deleted_at is null)::int`.as('file_count'),
    );
  }

  async findInOrg(orgId: string, projectId: string, db: Db = this.db): Promise<ProjectWithCount | undefined> {
    return this.withCount(db).where('p.org_id', '=', orgId).where('p.project_id', '=', projectId).where('p.deleted_at', 'is', null).executeTakeFirst();
  }

  /** Newest first; fetches limit+1 rows so the caller knows whether more exist. */
  async listByOrg(orgId: string, limit: number, beforeId: string | null): Promise<ProjectWithCount[]> {
    let q = this.withCount(this.db).where('p.org_id', '=', orgId).where('p.deleted_at', 'is', null);
    if (beforeId) q = q.where('p.project_id', '<', beforeId);
    return q.orderBy('p.project_id', 'desc').limit(limit + 1).execute();
  }

  async update(orgId: string, projectId: string, patch: ProjectPatch): Promise<boolean> {
    const r = await this.db.updateTable('projects').set({ ...patch, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async softDelete(trx: Db, orgId: string, projectId: string): Promise<boolean> {
    const r = await trx.updateTable('projects').set({ deleted_at: sql`now()` as any, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The set of files changed (one added or removed): a new pipeline generation starts. Locks the row. */
  async newGeneration(trx: Db, orgId: string, projectId: string): Promise<number | null> {
    const row = await trx.updateTable('projects').set({ pipeline_generation: sql`pipeline_generation + 1` as any, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('deleted_at', 'is', null)
      .returning('pipeline_generation').executeTakeFirst();
    return row?.pipeline_generation ?? null;
  }

  /** Asks for a reconciliation; returns the request's number (the file's facts are covered once `reconcile_done` reaches it). */
  async requestReconcile(trx: Db, orgId: string, projectId: string): Promise<number | null> {
    const row = await trx.updateTable('projects')
      .set({ reconcile_requested: sql`reconcile_requested + 1` as any, reconcile_status: sql`case when reconcile_status = 'running' then 'running' else 'queued' end` as any, reconcile_error: null })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('deleted_at', 'is', null)
      .returning('reconcile_requested').executeTakeFirst();
    return row?.reconcile_requested ?? null;
  }

  /** The project as a reconciliation job sees it, or undefined when it is gone. */
  async forReconcile(orgId: string, projectId: string): Promise<Pick<ProjectRow, 'reconcile_requested' | 'reconcile_done'> | undefined> {
    return this.db.selectFrom('projects').select(['reconcile_requested', 'reconcile_done'])
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('deleted_at', 'is', null).executeTakeFirst();
  }

  async markReconciling(orgId: string, projectId: string): Promise<void> {
    await this.db.updateTable('projects').set({ reconcile_status: 'running', reconcile_started_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('deleted_at', 'is', null).where('reconcile_done', '<', sql<number>`reconcile_requested`).execute();
  }

  /**
   * Records that a reconciliation covered the requests up to `target`; false when a newer one already
   * did (this one's insights must not be written). Takes the row lock first, so concurrent
   * reconciliations of one project write their insights one after the other.
   */
  async finishReconcile(trx: Db, orgId: string, projectId: string, target: number): Promise<boolean> {
    const r = await trx.updateTable('projects')
      .set({
        reconcile_done: target,
        reconcile_status: sql`case when reconcile_requested > ${target} then 'queued' else 'completed' end` as any,
        reconcile_error: null,
        reconcile_finished_at: sql`now()` as any,
      })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('deleted_at', 'is', null).where('reconcile_done', '<', target)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The reconciliation gave up (its job died on every attempt): everything requested so far counts as done, failed. */
  async failReconcile(trx: Db, orgId: string, projectId: string, message: string): Promise<void> {
    await trx.updateTable('projects')
      .set({ reconcile_done: sql`reconcile_requested` as any, reconcile_status: 'failed', reconcile_error: message, reconcile_finished_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).execute();
  }
}
