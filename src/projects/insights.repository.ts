// The only code that queries `project_facts` and `project_insights`. Facts are replaced per file by
// the facts stage; insights are replaced per project by the reconcile stage, matched on their
// fingerprint so that an insight found again keeps its id, `resolved` and `created_at`.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, InsightKind, InsightSeverity, ProjectInsightsTable } from '../db/schema.ts';
import { newId } from '../ids.ts';
import type { SourceLocation } from '../documents/extract/extracted.ts';
import type { Fact } from './pipeline/facts/fact-rules.ts';
import type { FileFact, InsightDraft, SourceRef } from './pipeline/reconcile/insight-draft.ts';

const COLUMNS = ['insight_id', 'project_id', 'kind', 'severity', 'title', 'description', 'source_file_id', 'source_location', 'related', 'details',
  'resolved', 'resolved_at', 'created_at', 'updated_at'] as const;

/** An insight as reads return it; its JSON locations are narrowed to the pipeline's own types. */
export type InsightRow = Omit<Pick<Selectable<ProjectInsightsTable>, (typeof COLUMNS)[number]>, 'source_location' | 'related'> & {
  source_location: SourceLocation;
  related: SourceRef[];
};

export interface InsightFilter {
  severity?: InsightSeverity[];
  kind?: InsightKind[];
  /** Insights involving the file (as source or related). */
  fileId?: string;
  /** Only insights whose source is one of these files. */
  sourceFileIds?: string[];
  /** true / false: only resolved / unresolved; null: both. */
  resolved: boolean | null;
}

type Db = Kysely<DB> | Transaction<DB>;


const BATCH = 200;

export class InsightsRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async replaceFacts(trx: Db, ids: { orgId: string; projectId: string; fileId: string }, facts: Fact[]): Promise<void> {
    await trx.deleteFrom('project_facts').where('org_id', '=', ids.orgId).where('file_id', '=', ids.fileId).execute();
    for (let i = 0; i < facts.length; i += BATCH) {
      await trx.insertInto('project_facts').values(facts.slice(i, i + BATCH).map((f, n) => ({
        file_id: ids.fileId, seq: i + n, project_id: ids.projectId, org_id: ids.orgId, name: f.name.slice(0, 200), name_key: f.nameKey, period: f.period,
        period_key: f.periodKey, value: f.value, unit: f.unit, precision: f.precision, raw: f.raw, location: JSON.stringify(f.location),
      }))).execute();
    }
  }

  /** Facts of the project's live files, in file then statement order. */
  async factsOfProject(orgId: string, projectId: string): Promise<FileFact[]> {
    const rows = await this.db.selectFrom('project_facts as x').innerJoin('project_files as pf', 'pf.file_id', 'x.file_id')
      .select(['x.file_id', 'x.name', 'x.name_key', 'x.period', 'x.period_key', 'x.value', 'x.unit', 'x.precision', 'x.raw', 'x.location'])
      .where('x.org_id', '=', orgId).where('x.project_id', '=', projectId).where('pf.deleted_at', 'is', null)
      .orderBy('x.file_id').orderBy('x.seq').execute();
    return rows.map((r) => ({
      fileId: r.file_id, name: r.name, nameKey: r.name_key, period: r.period, periodKey: r.period_key, value: Number(r.value), unit: r.unit,
      precision: Number(r.precision), raw: r.raw, location: r.location as unknown as SourceLocation,
    }));
  }

  /** Writes the project's insights: found again -> updated (id, resolved, created_at kept), new -> inserted, gone -> deleted. */
  async replaceInsights(trx: Db, orgId: string, projectId: string, drafts: InsightDraft[]): Promise<void> {
    const keep = drafts.map((d) => d.fingerprint);
    await trx.deleteFrom('project_insights').where('org_id', '=', orgId).where('project_id', '=', projectId)
      .where(sql<boolean>`not (fingerprint = any(${keep}::text[]))`).execute();
    for (let i = 0; i < drafts.length; i += BATCH) {
      await trx.insertInto('project_insights').values(drafts.slice(i, i + BATCH).map((d) => ({
        insight_id: newId('ins'), project_id: projectId, org_id: orgId, fingerprint: d.fingerprint, kind: d.kind, severity: d.severity,
        title: d.title.slice(0, 500), description: d.description.slice(0, 4000), source_file_id: d.source.fileId,
        source_location: JSON.stringify(d.source.location), related: JSON.stringify(d.related),
        file_ids: [...new Set([d.source.fileId, ...d.related.map((r) => r.fileId)])], details: JSON.stringify(d.details),
      }))).onConflict((oc) => oc.columns(['project_id', 'fingerprint']).doUpdateSet((eb) => ({
        kind: eb.ref('excluded.kind'), severity: eb.ref('excluded.severity'), title: eb.ref('excluded.title'), description: eb.ref('excluded.description'),
        source_file_id: eb.ref('excluded.source_file_id'), source_location: eb.ref('excluded.source_location'), related: eb.ref('excluded.related'),
        file_ids: eb.ref('excluded.file_ids'), details: eb.ref('excluded.details'),
        // Unchanged findings keep their updated_at: the time the finding last changed, not the last run.
        updated_at: sql`case when (project_insights.severity, project_insights.title, project_insights.description) is distinct from (excluded.severity, excluded.title, excluded.description) then now() else project_insights.updated_at end`,
      }))).execute();
    }
  }

  /** A removed file's insights go at once (the next reconciliation would remove them too). */
  async deleteInvolving(trx: Db, orgId: string, projectId: string, fileId: string): Promise<void> {
    await trx.deleteFrom('project_insights').where('org_id', '=', orgId).where('project_id', '=', projectId).where(sql<boolean>`file_ids @> array[${fileId}]::text[]`).execute();
    await trx.deleteFrom('project_facts').where('org_id', '=', orgId).where('file_id', '=', fileId).execute();
  }

  private filtered(orgId: string, projectId: string, f: InsightFilter) {
    let q = this.db.selectFrom('project_insights').select(COLUMNS).where('org_id', '=', orgId).where('project_id', '=', projectId);
    if (f.severity?.length) q = q.where('severity', 'in', f.severity);
    if (f.kind?.length) q = q.where('kind', 'in', f.kind);
    if (f.fileId) q = q.where(sql<boolean>`file_ids @> array[${f.fileId}]::text[]`);
    if (f.sourceFileIds) q = f.sourceFileIds.length ? q.where('source_file_id', 'in', f.sourceFileIds) : q.where(sql<boolean>`false`);
    if (f.resolved !== null) q = q.where('resolved', '=', f.resolved);
    return q;
  }

  /** Newest first; limit+1 rows. */
  async list(orgId: string, projectId: string, f: InsightFilter, limit: number, beforeId: string | null): Promise<InsightRow[]> {
    let q = this.filtered(orgId, projectId, f);
    if (beforeId) q = q.where('insight_id', '<', beforeId);
    return (await q.orderBy('insight_id', 'desc').limit(limit + 1).execute()) as unknown as InsightRow[];
  }

  /** Every matching insight (reports). */
  async all(orgId: string, projectId: string, f: InsightFilter): Promise<InsightRow[]> {
    return (await this.filtered(orgId, projectId, f).orderBy('insight_id', 'asc').execute()) as unknown as InsightRow[];
  }

  async find(orgId: string, projectId: string, insightId: string): Promise<InsightRow | undefined> {
    return (await this.db.selectFrom('project_insights').select(COLUMNS).where('org_id', '=', orgId).where('project_id', '=', projectId)
      .where('insight_id', '=', insightId).executeTakeFirst()) as unknown as InsightRow | undefined;
  }

  async setResolved(orgId: string, projectId: string, insightId: string, resolved: boolean): Promise<InsightRow | undefined> {
    return (await this.db.updateTable('project_insights')
      .set({ resolved, resolved_at: resolved ? sql`coalesce(resolved_at, now())` as any : null, updated_at: sql`now()` as any })
      .where('org_id', '=', orgId).where('project_id', '=', projectId).where('insight_id', '=', insightId)
      .returning(COLUMNS).executeTakeFirst()) as unknown as InsightRow | undefined;
  }

  async countByProject(orgId: string, projectId: string): Promise<number> {
    const row = await this.db.selectFrom('project_insights').select(sql<number>`count(*)::int`.as('n')).where('org_id', '=', orgId).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return row.n;
  }
}
