// The projects module: repositories, the analysis pipeline (its jobs run wherever task workers run),
// the services behind the routes, the routes, and the report runner registered with the runs engine.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { OrganizationsRepository } from '../identity/organizations.repository.ts';
import type { FolioModule } from '../infra/module.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { AnyJobDefinition } from '../jobs/registry.ts';
import type { LlmModule } from '../llm/llm.module.ts';
import type { RunsModule } from '../runs/runs.module.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { FilesService } from '../storage/files.service.ts';
import { InsightsRepository } from './insights.repository.ts';
import { insightsRoutes } from './insights.routes.ts';
import { InsightsService } from './insights.service.ts';
import { ProjectFilesRepository } from './project-files.repository.ts';
import { ProjectsRepository } from './projects.repository.ts';
import { projectsRoutes } from './projects.routes.ts';
import { ProjectsService } from './projects.service.ts';
import { extractFactsWithModel } from './pipeline/facts/fact-model.ts';
import { ProjectPipeline, type ModelFactsExtractor } from './pipeline/pipeline.ts';
import { pipelineJobs } from './pipeline/pipeline.jobs.ts';
import { REPORT_RUNNER, ReportRunner } from './report/report.runner.ts';
import { ReportService } from './report/report.service.ts';

export interface ProjectsModuleDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  files: FilesService;
  /** The shared job queue: the pipeline's steps are jobs. */
  jobs: JobQueue;
  runs: RunsModule;
  llm: LlmModule;
  orgs: OrganizationsRepository;
  log: FastifyBaseLogger;
}

export interface ProjectsModule extends FolioModule<AnyJobDefinition> {
  service: ProjectsService;
  insights: InsightsService;
  reports: ReportService;
  pipeline: ProjectPipeline;
}

/** Facts by the default model when FOLIO_PROJECT_FACTS_EXTRACTOR=auto and that model is a provider's; else null (the rules). */
function modelFacts(d: ProjectsModuleDeps): ModelFactsExtractor {
  return async (orgId, file, content, signal) => {
    if (d.config.projects.factsExtractor !== 'auto' || d.llm.registry.chain(null)[0] === 'builtin') return null;
    const org = await d.orgs.findById(orgId);
    if (!org) return null;
    // Billed like a call made with the key that uploaded the file.
    const key = { key_id: file.uploaded_by_key ?? 'pipeline', prefix: '', revoked_at: null, org_id: org.org_id, org_name: org.org_name, tier: org.tier, webhook_secret: org.webhook_secret, status: org.status };
    return extractFactsWithModel(content, { llm: d.llm.service, compiler: d.llm.compiler, key, requestId: `facts-${file.file_id}`, signal });
  };
}

export function createProjectsModule(d: ProjectsModuleDeps): ProjectsModule {
  const db = d.database.db;
  const projects = new ProjectsRepository(db);
  const files = new ProjectFilesRepository(db);
  const insights = new InsightsRepository(db);
  const pipeline = new ProjectPipeline({ config: d.config.projects, db, jobs: d.jobs, blobs: d.blobs, projects, files, insights, modelFacts: modelFacts(d), log: d.log });
  d.runs.agents.registerRunner(REPORT_RUNNER, new ReportRunner({ projects, files, insights, credits: d.config.projects.reportCredits }));
  const service = new ProjectsService({ db, projects, files, insights, storage: d.files, blobs: d.blobs, pipeline });
  const insightsService = new InsightsService(projects, files, insights);
  const reports = new ReportService(d.runs.generate, projects, files);
  return {
    name: 'projects',
    service,
    insights: insightsService,
    reports,
    pipeline,
    jobs: pipelineJobs(pipeline),
    async routes(api: FastifyInstance) {
      // Multipart parsing is scoped to these routes (as the storage module does for its uploads).
      await api.register(async (scope) => {
        await scope.register(multipart, { throwFileSizeLimit: true });
        await projectsRoutes(scope, { config: d.config, projects: service });
      });
      await insightsRoutes(api, { insights: insightsService, reports, runs: d.runs.runs, links: d.runs.links });
    },
  };
}
