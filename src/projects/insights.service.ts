// Listing insights with their filters (resolved ones hidden unless asked for) and marking them resolved.
import type { InsightKind, InsightSeverity } from '../db/schema.ts';
import { errors } from '../errors.ts';
import { decodeCursor, toPage } from '../http/pagination.ts';
import type { InsightRow, InsightsRepository } from './insights.repository.ts';
import type { ProjectFilesRepository } from './project-files.repository.ts';
import type { ProjectsRepository } from './projects.repository.ts';

export interface InsightQuery {
  limit: number;
  cursor?: string;
  severity?: InsightSeverity[];
  kind?: InsightKind[];
  file_id?: string;
  resolved?: boolean;
}

export class InsightsService {
  private readonly projects: ProjectsRepository;
  private readonly files: ProjectFilesRepository;
  private readonly insights: InsightsRepository;

  constructor(projects: ProjectsRepository, files: ProjectFilesRepository, insights: InsightsRepository) {
    this.projects = projects;
    this.files = files;
    this.insights = insights;
  }

  /** File names of the project, for the sources of insights. */
  private async names(orgId: string, projectId: string): Promise<Map<string, string>> {
    if (!(await this.projects.findInOrg(orgId, projectId))) throw errors.notFound('Project');
    return new Map((await this.files.all(orgId, projectId)).map((f) => [f.file_id, f.file_name]));
  }

  async list(orgId: string, projectId: string, q: InsightQuery): Promise<{ items: InsightRow[]; next_cursor: string | null; names: Map<string, string> }> {
    const names = await this.names(orgId, projectId);
    const rows = await this.insights.list(orgId, projectId, { severity: q.severity, kind: q.kind, fileId: q.file_id, resolved: q.resolved ?? false }, q.limit, decodeCursor(q.cursor));
    return { ...toPage(rows, q.limit, (r) => r.insight_id), names };
  }

  async setResolved(orgId: string, projectId: string, insightId: string, resolved: boolean): Promise<{ insight: InsightRow; names: Map<string, string> }> {
    const names = await this.names(orgId, projectId);
    const insight = await this.insights.setResolved(orgId, projectId, insightId, resolved);
    if (!insight) throw errors.notFound('Insight');
    return { insight, names };
  }
}
