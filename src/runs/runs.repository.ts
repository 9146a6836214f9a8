// The only code that queries `runs`, `artifact_versions` and `tombstones`. Every read on behalf of a
// caller filters by org_id: another organization's run is exactly as absent as a missing one.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Format } from '../config.ts';
import type { ArtifactVersionsTable, DB, RunStatus, RunsTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A run as every read returns it: all of `runs`' columns, typed by the schema. */
export type RunRow = Selectable<RunsTable>;
/** An artifact version: all of `artifact_versions`' columns. */
export type VersionRow = Selectable<ArtifactVersionsTable>;

export type RunWithVersion = RunRow & { version: VersionRow | null };

const RUN_COLUMNS = ['run_id', 'org_id', 'format', 'status', 'current_task_id', 'current_version_id', 'file_name', 'created_at', 'updated_at', 'retain_until', 'template_id', 'template_version'] as const;
const VERSION_COLUMNS = ['version_id', 'run_id', 'org_id', 'version', 'task_id', 'blob_key', 'content_type', 'file_name', 'title', 'size', 'sha256', 'created_at'] as const;

const retainFor = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;
const normalizeVersion = (v: VersionRow): VersionRow => ({ ...v, size: Number(v.size) });

export class RunsRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(trx: Transaction<DB>, run: Pick<Insertable<RunsTable>, 'run_id' | 'org_id' | 'format' | 'current_task_id' | 'file_name' | 'template_id' | 'template_version'>, retentionMs: number): Promise<RunRow> {
    return trx.insertInto('runs').values({ ...run, status: 'pending', retain_until: retainFor(retentionMs) as any }).returning(RUN_COLUMNS).executeTakeFirstOrThrow();
  }

  async findInOrg(orgId: string, runId: string, db: Db = this.db): Promise<RunRow | undefined> {
    return db.selectFrom('runs').select(RUN_COLUMNS).where('org_id', '=', orgId).where('run_id', '=', runId).executeTakeFirst();
  }

  async findWithVersion(orgId: string, runId: string): Promise<RunWithVersion | undefined> {
    const run = await this.findInOrg(orgId, runId);
    if (!run) return undefined;
    return { ...run, version: run.current_version_id ? (await this.findVersion(run.current_version_id)) ?? null : null };
  }

  /** Newest first with optional filters; limit+1 rows so the caller knows whether more exist. */
  async listByOrg(orgId: string, limit: number, beforeId: string | null, format?: Format, status?: RunStatus): Promise<RunWithVersion[]> {
    let q = this.db.selectFrom('runs as r').leftJoin('artifact_versions as v', 'v.version_id', 'r.current_version_id')
      .select(RUN_COLUMNS.map((c) => `r.${c}` as const))
      .select(VERSION_COLUMNS.map((c) => `v.${c} as v_${c}` as const))
      .where('r.org_id', '=', orgId);
    if (beforeId) q = q.where('r.run_id', '<', beforeId);
    if (format) q = q.where('r.format', '=', format);
    if (status) q = q.where('r.status', '=', status);
    const rows = await q.orderBy('r.run_id', 'desc').limit(limit + 1).execute();
    return rows.map((row: any) => {
      const run = Object.fromEntries(RUN_COLUMNS.map((c) => [c, row[c]])) as RunRow;
      const version = row.v_version_id ? normalizeVersion(Object.fromEntries(VERSION_COLUMNS.map((c) => [c, row[`v_${c}`]])) as VersionRow) : null;
      return { ...run, version };
    });
  }

  /** A new task on an existing run: only when no task of it is pending or running. */
  async resume(trx: Transaction<DB>, orgId: string, runId: string, taskId: string, fileName: string | null, retentionMs: number): Promise<RunRow | undefined> {
    return trx.updateTable('runs')
      .set({ status: 'pending', current_task_id: taskId, updated_at: sql`now()` as any, retain_until: retainFor(retentionMs) as any, ...(fileName ? { file_name: fileName } : {}) })
      .where('org_id', '=', orgId).where('run_id', '=', runId).where('status', 'not in', ['pending', 'running'])
      .where('retain_until', '>', sql<Date>`now()`)
      .returning(RUN_COLUMNS).executeTakeFirst();
  }

  /** Mirrors the run's current task; a run whose current task is another one is left alone. */
  /** Moves the run with its task; answers the run's current version afterwards (null: no document). */
  async followTask(trx: Transaction<DB>, runId: string, taskId: string, status: RunStatus, versionId?: string, retentionMs?: number): Promise<string | null> {
    const row = await trx.updateTable('runs')
      .set({
        status,
        updated_at: sql`now()` as any,
        ...(versionId ? { current_version_id: versionId } : {}),
        ...(retentionMs !== undefined ? { retain_until: retainFor(retentionMs) as any } : {}),
      })
      .where('run_id', '=', runId).where('current_task_id', '=', taskId)
      .returning('current_version_id').executeTakeFirst();
    return row?.current_version_id ?? null;
  }

  async findVersion(versionId: string): Promise<VersionRow | undefined> {
    const v = await this.db.selectFrom('artifact_versions').select(VERSION_COLUMNS).where('version_id', '=', versionId).executeTakeFirst();
    return v && normalizeVersion(v);
  }

  /** Every document version of a run, newest first (the caller checked the run is in its organization). */
  async listVersions(orgId: string, runId: string): Promise<VersionRow[]> {
    const rows = await this.db.selectFrom('artifact_versions').select(VERSION_COLUMNS)
      .where('org_id', '=', orgId).where('run_id', '=', runId).orderBy('version', 'desc').execute();
    return rows.map(normalizeVersion);
  }

  async findVersionByNumber(orgId: string, runId: string, version: number): Promise<VersionRow | undefined> {
    const v = await this.db.selectFrom('artifact_versions').select(VERSION_COLUMNS)
      .where('org_id', '=', orgId).where('run_id', '=', runId).where('version', '=', version).executeTakeFirst();
    return v && normalizeVersion(v);
  }

  async insertVersion(trx: Transaction<DB>, v: Omit<Insertable<ArtifactVersionsTable>, 'version' | 'created_at'>): Promise<VersionRow> {
    const next = sql<number>`(select coalesce(max(version), 0) + 1 from artifact_versions where run_id = ${v.run_id})`;
    const row = await trx.insertInto('artifact_versions').values({ ...v, version: next as any }).returning(VERSION_COLUMNS).executeTakeFirstOrThrow();
    return normalizeVersion(row);
  }

  /**
   * An editor save: the completed run now points at `versionId`, with `updated_at` bumped and retention
   * restarted, but only while `expectedVersionId` is still its current version (two saves racing from
   * the same version cannot both win) and no task is pending or running on it.
   */
  async adoptVersion(trx: Transaction<DB>, orgId: string, runId: string, versionId: string, expectedVersionId: string, retentionMs: number): Promise<RunRow | undefined> {
    return trx.updateTable('runs')
      .set({ current_version_id: versionId, updated_at: sql`greatest(now(), updated_at + interval '1 millisecond')` as any, retain_until: retainFor(retentionMs) as any })
      .where('org_id', '=', orgId).where('run_id', '=', runId).where('status', '=', 'completed').where('current_version_id', '=', expectedVersionId)
      .returning(RUN_COLUMNS).executeTakeFirst();
  }

  /** 'run' or 'task' when the id belongs to a purged resource of this organization. */
  async tombstone(orgId: string, resourceId: string): Promise<'run' | 'task' | undefined> {
    const row = await this.db.selectFrom('tombstones').select('kind').where('org_id', '=', orgId).where('resource_id', '=', resourceId).executeTakeFirst();
    return row?.kind;
  }

  /** Runs past retention with no live task. */
  async expiredRuns(limit: number): Promise<RunRow[]> {
    return this.db.selectFrom('runs').select(RUN_COLUMNS)
      .where('retain_until', '<', sql<Date>`now()`).where('status', 'not in', ['pending', 'running'])
      .orderBy('retain_until').limit(limit).execute();
  }

  async blobKeysOfRun(runId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('artifact_versions').select('blob_key').where('run_id', '=', runId).execute();
    return rows.map((r) => r.blob_key);
  }

  /** Deletes a run still past retention (with its tasks and versions) and leaves tombstones. */
  /** Of these blob keys, those an artifact version refers to (the orphan sweep; across organizations, as keys are unique). */
  async referencedBlobKeys(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db.selectFrom('artifact_versions').select('blob_key').where('blob_key', 'in', keys).execute();
    return new Set(rows.map((r) => r.blob_key));
  }

  async purge(trx: Transaction<DB>, run: RunRow, taskIds: string[]): Promise<boolean> {
    const gone = await trx.deleteFrom('runs').where('run_id', '=', run.run_id)
      .where('retain_until', '<', sql<Date>`now()`).where('status', 'not in', ['pending', 'running']).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) return false;
    const stones = [{ resource_id: run.run_id, org_id: run.org_id, kind: 'run' as const }, ...taskIds.map((id) => ({ resource_id: id, org_id: run.org_id, kind: 'task' as const }))];
    await trx.insertInto('tombstones').values(stones).onConflict((oc) => oc.column('resource_id').doNothing()).execute();
    return true;
  }
}
