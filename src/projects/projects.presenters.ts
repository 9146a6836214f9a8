// Public shapes of projects, project files, insights and the analysis status. Routes never return rows.
import type { SignedUrl } from '../storage/blob-store.ts';
import type { InsightRow } from './insights.repository.ts';
import type { ProjectFileRow } from './project-files.repository.ts';
import type { ProjectRow, ProjectWithCount } from './projects.repository.ts';
import type { SourceLocation } from '../documents/extract/extracted.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentProject(p: ProjectWithCount) {
  return {
    project_id: p.project_id, name: p.name, description: p.description, tags: p.tags, color: p.color, icon: p.icon,
    file_count: p.file_count, created_at: p.created_at.toISOString(), updated_at: p.updated_at.toISOString(),
  };
}

const failed = (f: ProjectFileRow) => f.index_status === 'failed' || f.pipeline_status === 'failed';

function stageError(f: ProjectFileRow) {
  if (!failed(f)) return null;
  return { stage: (f.error_stage ?? (f.index_status === 'failed' ? 'index' : 'facts')) as 'index' | 'facts' | 'reconcile', message: f.error_message ?? 'The analysis of this file failed.' };
}

export function presentProjectFile(f: ProjectFileRow, link: SignedUrl) {
  return {
    file_id: f.file_id, project_id: f.project_id, file_name: f.file_name, content_type: f.content_type, size: f.size, sha256: f.sha256,
    role: f.role, category: f.category, description: f.description, tags: f.tags,
    index_status: f.index_status, pipeline_status: f.pipeline_status, error: stageError(f),
    note: !failed(f) && f.error_message ? f.error_message : null,
    stats: f.stats, facts_count: f.facts_count, facts_method: f.facts_method as 'rules' | 'model' | null,
    created_at: f.created_at.toISOString(), updated_at: f.updated_at.toISOString(),
    download_url: link.url, download_url_expires_at: link.expiresAt.toISOString(),
  };
}

const ref = (fileId: string, location: SourceLocation, names: Map<string, string>) => ({ fileId, fileName: names.get(fileId) ?? null, location });

export function presentInsight(i: InsightRow, names: Map<string, string>) {
  return {
    insight_id: i.insight_id, project_id: i.project_id, kind: i.kind, severity: i.severity, title: i.title, description: i.description,
    source: ref(i.source_file_id, i.source_location, names),
    related: i.related.map((r) => ref(r.fileId, r.location, names)),
    details: i.details, resolved: i.resolved, resolved_at: iso(i.resolved_at),
    created_at: i.created_at.toISOString(), updated_at: i.updated_at.toISOString(),
  };
}

/**
 * The analysis status: per file three steps (indexed, facts extracted, covered by a finished
 * reconciliation), a failed file counting as done. Statuses only move forward within a generation
 * (the set of files), so neither does progress; while a requested reconciliation has not finished,
 * progress stops at 99.
 */
export function presentStatus(p: ProjectRow, files: ProjectFileRow[], insights: number) {
  let done = 0;
  for (const f of files) {
    if (f.index_status === 'indexed' || f.index_status === 'failed') done++;
    if (['reconciling', 'completed', 'failed'].includes(f.pipeline_status)) done++;
    if (f.pipeline_status === 'completed' || f.pipeline_status === 'failed') done++;
  }
  const total = files.length * 3;
  const pending = p.reconcile_done < p.reconcile_requested;
  const progress = total === 0 ? (pending ? 99 : 100) : done === total && !pending ? 100 : Math.min(99, Math.floor((done * 100) / total));
  const stage = files.some((f) => f.index_status === 'pending' || f.index_status === 'indexing') ? 'indexing' as const
    : files.some((f) => f.pipeline_status === 'pending' || f.pipeline_status === 'extracting') ? 'extracting' as const
      : pending || files.some((f) => f.pipeline_status === 'reconciling') ? 'reconciling' as const : null;
  const status = progress < 100 ? 'running' as const : p.reconcile_status === 'failed' ? 'failed' as const : files.length === 0 ? 'idle' as const : 'completed' as const;
  return {
    project_id: p.project_id, status, stage, progress, generation: p.pipeline_generation,
    counts: {
      files: files.length,
      indexed: files.filter((f) => f.index_status === 'indexed').length,
      completed: files.filter((f) => f.pipeline_status === 'completed').length,
      failed: files.filter(failed).length,
      insights,
    },
    files: files.map((f) => ({
      file_id: f.file_id, file_name: f.file_name, index_status: f.index_status, pipeline_status: f.pipeline_status,
      error: stageError(f), facts_count: f.facts_count, updated_at: f.updated_at.toISOString(),
    })),
    pipeline: {
      status: p.reconcile_status, requested: p.reconcile_requested, done: p.reconcile_done, error: p.reconcile_error,
      started_at: iso(p.reconcile_started_at), finished_at: iso(p.reconcile_finished_at),
    },
  };
}
