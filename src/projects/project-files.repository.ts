// The only code that queries `project_files` (and, to delete them with their project, the rows of
// `files` they attach). A project file is a live `files` row plus the project's metadata and the
// status of each pipeline stage; stage moves are conditional on the status they leave, so a job
// delivered twice changes nothing the second time.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, FilesTable, PipelineFileStatus, PipelineIndexStatus, ProjectFilesTable } from '../db/schema.ts';
import type { ExtractedDoc, ExtractedStats } from '../documents/extract/extracted.ts';

const PF_COLUMNS = ['file_id', 'project_id', 'org_id', 'role', 'category', 'description', 'tags', 'uploaded_by_key', 'index_status',
  'pipeline_status', 'error_stage', 'error_message', 'stats', 'facts_method', 'facts_count', 'facts_seq', 'indexed_at', 'created_at', 'updated_at'] as const;
const FILE_COLUMNS = ['file_name', 'content_type', 'size', 'sha256', 'blob_key'] as const;

/** A live project file: its `project_files` columns (not the stored content) and, from `files`, the stored file's. */
export type ProjectFileRow = Pick<Selectable<ProjectFilesTable>, (typeof PF_COLUMNS)[number]> & Pick<Selectable<FilesTable>, (typeof FILE_COLUMNS)[number]>;

export type NewProjectFile = Pick<Insertable<ProjectFilesTable>, 'file_id' | 'project_id' | 'org_id' | 'role' | 'category' | 'description' | 'tags' | 'uploaded_by_key'>;
type Db = Kysely<DB> | Transaction<DB>;

const PF = PF_COLUMNS.map((c) => `pf.${c}` as const);
const F = FILE_COLUMNS.map((c) => `f.${c}` as const);

const normalize = <T extends { size: number }>(r: T): T => ({ ...r, size: Number(r.size) });

export class ProjectFilesRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(trx: Db, row: NewProjectFile): Promise<void> {
    await trx.insertInto('project_files').values(row).execute();
  }

  private live(db: Db, orgId: string) {
    return db.selectFrom('project_files as pf').innerJoin('files as f', 'f.file_id', 'pf.file_id').select([...PF, ...F])
      .where('pf.org_id', '=', orgId).where('pf.deleted_at', 'is', null).where('f.deleted_at', 'is', null);
  }

  async find(orgId: string, projectId: string, fileId: string): Promise<ProjectFileRow | undefined> {
    const row = await this.live(this.db, orgId).where('pf.project_id', '=', projectId).where('pf.file_id', '=', fileId).executeTakeFirst();
    return row && normalize(row);
  }

  /** A live project file by id alone (pipeline jobs), still filtered by the organization of the job. */
  async findForPipeline(orgId: string, fileId: string): Promise<ProjectFileRow | undefined> {
    const row = await this.live(this.db, orgId).where('pf.file_id', '=', fileId).executeTakeFirst();
    return row && normalize(row);
  }

  /** Newest first; limit+1 rows. */
  async list(orgId: string, projectId: string, limit: number, beforeId: string | null): Promise<ProjectFileRow[]> {
    let q = this.live(this.db, orgId).where('pf.project_id', '=', projectId);
    if (beforeId) q = q.where('pf.file_id', '<', beforeId);
    return (await q.orderBy('pf.file_id', 'desc').limit(limit + 1).execute()).map(normalize);
  }

  /** Every live file of the project, oldest first (status roll-up, reports). */
  async all(orgId: string, projectId: string): Promise<ProjectFileRow[]> {
    return (await this.live(this.db, orgId).where('pf.project_id', '=', projectId).orderBy('pf.file_id', 'asc').execute()).map(normalize);
  }

  /** Soft-deletes the project file and its `files` row (the purge sweeper removes the bytes). */
  async softDelete(trx: Db, orgId: string, projectId: string, fileId: string): Promise<boolean> {
    const r = await trx.updateTable('project_files').set({ deleted_at: sql`now()` as any, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('file_id', '=', fileId).where('deleted_at', 'is', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await trx.updateTable('files').set({ deleted_at: sql`now()` as any }).where('org_id', '=', orgId).where('file_id', '=', fileId).where('deleted_at', 'is', null).execute();
    return true;
  }

  async softDeleteAll(trx: Db, orgId: string, projectId: string): Promise<void> {
    const ids = trx.selectFrom('project_files').select('file_id').where('org_id', '=', orgId).where('project_id', '=', projectId).where('deleted_at', 'is', null);
    await trx.updateTable('files').set({ deleted_at: sql`now()` as any }).where('org_id', '=', orgId).where('file_id', 'in', ids).where('deleted_at', 'is', null).execute();
    await trx.updateTable('project_files').set({ deleted_at: sql`now()` as any, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('deleted_at', 'is', null).execute();
  }

  // ---- pipeline stage moves ----------------------------------------------------------------

  /** pending -> indexing (also re-entered by a retried job). */
  async startIndex(orgId: string, fileId: string): Promise<boolean> {
    const r = await this.db.updateTable('project_files').set({ index_status: 'indexing', updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('file_id', '=', fileId).where('deleted_at', 'is', null).where('index_status', 'in', ['pending', 'indexing']).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async finishIndex(trx: Db, orgId: string, fileId: string, content: ExtractedDoc, stats: ExtractedStats): Promise<boolean> {
    const r = await trx.updateTable('project_files')
      .set({ index_status: 'indexed', content: JSON.stringify(content), stats: JSON.stringify(stats), indexed_at: sql`now()` as any, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('file_id', '=', fileId).where('deleted_at', 'is', null).where('index_status', '=', 'indexing').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The file's pipeline ends here: whatever stage it was in failed. */
  async fail(trx: Db, orgId: string, fileId: string, stage: 'index' | 'facts', message: string): Promise<boolean> {
    const r = await trx.updateTable('project_files')
      .set({
        index_status: stage === 'index' ? 'failed' : sql`index_status` as any,
        pipeline_status: 'failed', error_stage: stage, error_message: message.slice(0, 1000), updated_at: sql`now()` as any,
      })
      .where('org_id', '=', orgId).where('file_id', '=', fileId).where('deleted_at', 'is', null)
      .where((eb) => stage === 'index' ? eb('index_status', 'in', ['pending', 'indexing']) : eb('pipeline_status', 'in', ['pending', 'extracting']))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async content(orgId: string, fileId: string): Promise<ExtractedDoc | null> {
    const row = await this.db.selectFrom('project_files').select('content').where('org_id', '=', orgId).where('file_id', '=', fileId).executeTakeFirst();
    return (row?.content as ExtractedDoc | null | undefined) ?? null;
  }

  /** indexed: pending -> extracting (also re-entered by a retried job). */
  async startFacts(orgId: string, fileId: string): Promise<boolean> {
    const r = await this.db.updateTable('project_files').set({ pipeline_status: 'extracting', updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('file_id', '=', fileId).where('deleted_at', 'is', null)
      .where('index_status', '=', 'indexed').where('pipeline_status', 'in', ['pending', 'extracting']).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async finishFacts(trx: Db, orgId: string, fileId: string, f: { count: number; method: string; seq: number; note: string | null }): Promise<boolean> {
    const r = await trx.updateTable('project_files')
      .set({ pipeline_status: 'reconciling', facts_count: f.count, facts_method: f.method, facts_seq: f.seq, error_stage: f.note ? 'facts' : null, error_message: f.note, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('file_id', '=', fileId).where('deleted_at', 'is', null).where('pipeline_status', '=', 'extracting').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Files whose facts a reconciliation up to `target` covered are done. */
  async completeReconciled(trx: Db, orgId: string, projectId: string, target: number): Promise<void> {
    await trx.updateTable('project_files').set({ pipeline_status: 'completed', updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('pipeline_status', '=', 'reconciling').where('facts_seq', '<=', target).execute();
  }

  async failReconciling(trx: Db, orgId: string, projectId: string, message: string): Promise<void> {
    await trx.updateTable('project_files').set({ pipeline_status: 'failed', error_stage: 'reconcile', error_message: message, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('pipeline_status', '=', 'reconciling').execute();
  }

  /** Indexed live files with their contents, oldest first: the reconcile stage's input. */
  async contents(orgId: string, projectId: string): Promise<{ file_id: string; file_name: string; content: ExtractedDoc }[]> {
    const rows = await this.db.selectFrom('project_files as pf').innerJoin('files as f', 'f.file_id', 'pf.file_id')
      .select(['pf.file_id', 'f.file_name', 'pf.content'])
      .where('pf.org_id', '=', orgId).where('pf.project_id', '=', projectId).where('pf.deleted_at', 'is', null)
      .where('pf.index_status', '=', 'indexed').orderBy('pf.file_id', 'asc').execute();
    return rows.filter((r) => r.content).map((r) => ({ file_id: r.file_id, file_name: r.file_name, content: r.content as ExtractedDoc }));
  }
}
