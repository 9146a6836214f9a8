// The runner of report tasks (a Word run whose request names it): reads the project's insights as the
// request filters them, fills the fixed template and renders it with the Word renderer. Registered
// with the runs engine, which queues, times out, stores the version, charges and fires the events.
import type { InsightKind, InsightSeverity } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AgentInput, AgentResult, AgentRunner } from '../../runs/agents.ts';
import type { InsightsRepository } from '../insights.repository.ts';
import type { ProjectFilesRepository } from '../project-files.repository.ts';
import type { ProjectsRepository } from '../projects.repository.ts';
import { lazyImport } from '../../infra/lazy.ts';

// The template and the Word engine load with the first report.
const wordEngine = lazyImport(async () => {
  const [{ ALL_KINDS, ALL_SEVERITIES, buildReport }, { finishDocument }] = await Promise.all([import('./report-template.ts'), import('../../documents/word/edits/finish.ts')]);
  return { ALL_KINDS, ALL_SEVERITIES, buildReport, finishDocument };
});

/** What a report task reads from its request (stored with the task, so a retried task writes the same report). */
export interface ReportSpec {
  project_id: string;
  title: string;
  include_severity?: InsightSeverity[];
  include_alert_kind?: InsightKind[];
  include_resolved: boolean;
  file_ids?: string[];
  /** When the report was asked for: the date on its cover. */
  requested_at: string;
}

export const REPORT_RUNNER = 'project-report';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface ReportRunnerDeps {
  projects: ProjectsRepository;
  files: ProjectFilesRepository;
  insights: InsightsRepository;
  credits: number;
}

/** A file name from the title: no path separators or control characters, at most 200 characters. */
export function reportFileName(title: string): string {
  const base = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200).trim() || 'Insights Report';
  return `${base}.docx`;
}

export class ReportRunner implements AgentRunner {
  readonly name = 'folio-project-report';
  private readonly d: ReportRunnerDeps;

  constructor(deps: ReportRunnerDeps) {
    this.d = deps;
  }

  async run(input: AgentInput): Promise<AgentResult> {
    const spec = (input.request as unknown as { report: ReportSpec }).report;
    const orgId = input.task.org_id;
    await input.reportPhase('planning');
    const { ALL_KINDS, ALL_SEVERITIES, buildReport, finishDocument } = await wordEngine();
    const project = await this.d.projects.findInOrg(orgId, spec.project_id);
    if (!project) throw new AppError('not_found', `Project ${spec.project_id} no longer exists.`);
    const filters = {
      severities: spec.include_severity ?? ALL_SEVERITIES,
      kinds: spec.include_alert_kind ?? ALL_KINDS,
      includeResolved: spec.include_resolved,
      fileIds: spec.file_ids ?? null,
    };
    const [files, insights] = await Promise.all([
      this.d.files.all(orgId, spec.project_id),
      this.d.insights.all(orgId, spec.project_id, {
        severity: filters.severities, kind: filters.kinds, sourceFileIds: filters.fileIds ?? undefined, resolved: filters.includeResolved ? null : false,
      }),
    ]);
    await input.reportPhase('rendering');
    const doc = buildReport({ title: spec.title, project, date: new Date(spec.requested_at), insights, files, filters });
    finishDocument(doc, null);
    input.signal?.throwIfAborted();
    const body = doc.save();
    const counts = filters.severities.map((s) => `${insights.filter((i) => i.severity === s).length} ${s}`).join(', ');
    return {
      artifact: { body, contentType: DOCX, fileName: reportFileName(spec.title) },
      summary: `Insights report "${spec.title}": ${insights.length} insight${insights.length === 1 ? '' : 's'} (${counts}) from ${files.length} file${files.length === 1 ? '' : 's'}.`,
      credits: this.d.credits,
      usage: { insights: insights.length, files: files.length },
    };
  }
}
