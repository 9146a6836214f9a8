// POST /projects/{project_id}/reports: checks the project and the filters, then asks the runs engine
// for a Word run whose request names the report runner, so the report answers exactly like
// /word/generate (sync, async 202, webhook_url, the sync ceiling, credits, events, export).
import type { Static } from 'typebox';
import { errors } from '../../errors.ts';
import type { KeyWithOrg } from '../../identity/api-keys.repository.ts';
import { RUNNER_FIELD } from '../../runs/agents.ts';
import type { GenerateOutcome, GenerateService } from '../../runs/generate.service.ts';
import type { GenerateRequest } from '../../runs/runs.schemas.ts';
import type { ReportBody } from '../insights.schemas.ts';
import type { ProjectFilesRepository } from '../project-files.repository.ts';
import type { ProjectsRepository } from '../projects.repository.ts';
import { REPORT_RUNNER, type ReportSpec } from './report.runner.ts';

export const TITLE_SUFFIX = ' - Insights Report';
const MAX_TITLE = 200;

export class ReportService {
  private readonly generation: GenerateService;
  private readonly projects: ProjectsRepository;
  private readonly files: ProjectFilesRepository;

  constructor(generation: GenerateService, projects: ProjectsRepository, files: ProjectFilesRepository) {
    this.generation = generation;
    this.projects = projects;
    this.files = files;
  }

  async generate(key: KeyWithOrg, projectId: string, body: Static<typeof ReportBody>): Promise<GenerateOutcome> {
    const project = await this.projects.findInOrg(key.org_id, projectId);
    if (!project) throw errors.notFound('Project');
    if (body.file_ids?.length) {
      const known = new Set((await this.files.all(key.org_id, projectId)).map((f) => f.file_id));
      const unknown = body.file_ids.filter((id) => !known.has(id));
      if (unknown.length) throw errors.notFound(`File ${unknown[0]} of this project`);
    }
    const spec: ReportSpec = {
      project_id: projectId,
      title: body.title ?? `${project.name.slice(0, MAX_TITLE - TITLE_SUFFIX.length)}${TITLE_SUFFIX}`,
      ...(body.include_severity ? { include_severity: body.include_severity } : {}),
      ...(body.include_alert_kind ? { include_alert_kind: body.include_alert_kind } : {}),
      include_resolved: body.include_resolved ?? false,
      ...(body.file_ids ? { file_ids: body.file_ids } : {}),
      requested_at: new Date().toISOString(),
    };
    const request = {
      // A fixed prompt: the generation checks read it, and it must not depend on user text.
      prompt: `Insights report of project ${projectId} from its analysis (fixed template, no model).`,
      ...(body.async !== undefined ? { async: body.async } : {}),
      ...(body.webhook_url ? { webhook_url: body.webhook_url } : {}),
      [RUNNER_FIELD]: REPORT_RUNNER,
      report: spec,
    } as GenerateRequest;
    return this.generation.generate(key, 'word', request);
  }
}
