// The runs module: the generation engine (runs, tasks, their jobs, sweep and routes) on the shared job runtime.
import type { FastifyBaseLogger } from 'fastify';
import type { Config, Format } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { OrganizationsRepository } from '../identity/organizations.repository.ts';
import type { JobRuntime } from '../jobs/job-runtime.ts';
import type { AnyJobDefinition } from '../jobs/registry.ts';
import type { FolioModule } from '../infra/module.ts';
import type { UrlPolicy } from '../net/url-policy.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { keysOfKind, type BlobOwner } from '../storage/orphan-sweep.ts';
import type { StorageRepositories } from '../storage/storage.module.ts';
import { AgentRegistry, type AgentRunner } from './agents.ts';
import { GenerateService, type TemplateResolver } from './generate.service.ts';
import { IdempotencyRepository } from './idempotency.repository.ts';
import { ReferenceChecker, type InitFileReader } from './references.ts';
import { generateBodySchema, type FormatRequestField, type GenerateRequest } from './runs.schemas.ts';
import type { TObject } from 'typebox';
import { RunEventsRepository } from './run-events.repository.ts';
import { RunLinks, type EditLinkMinter } from './run-links.ts';
import { RunsRepository } from './runs.repository.ts';
import { runsRoutes } from './runs.routes.ts';
import { RunsService } from './runs.service.ts';
import { RunHistory } from './run-history.ts';
import { RunsSweeper } from './runs-sweeper.ts';
import { SlotGate } from './slot-gate.ts';
import { TaskFinalizer, type UsageRecorder } from './task-finalizer.ts';
import { taskJobs } from './task-jobs.ts';
import { TaskEventsRepository } from './task-events.repository.ts';
import { TaskEventStreams } from './task-event-stream.ts';
import { TaskRunner } from './task-runner.ts';
import { TaskWaiter } from './task-waiter.ts';
import { TasksRepository } from './tasks.repository.ts';
import { TasksService } from './tasks.service.ts';

export interface RunsModuleDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  credits: CreditsService;
  orgs: OrganizationsRepository;
  log: FastifyBaseLogger;
  /** The shared job queue, listener and workers (src/jobs). */
  jobs: JobRuntime;
  /** The storage module's repositories: references to files and images are checked against them. */
  storage: StorageRepositories;
  agents?: Partial<Record<Format, AgentRunner>>;
  apiBase: string;
  /** The URL policy for the caller-given URLs of generation calls (throws a 422). */
  urls?: UrlPolicy;
  /** Mints edit links for completed runs (src/editor); absent: `edit_url` is null. */
  editLinks?: EditLinkMinter;
  /** Checks a generation request's content before any work (throws a 400 preflight_failed; src/llm). */
  preflight?: (format: Format, body: GenerateRequest) => void;
  /** Records completed tasks' model usage (src/llm); absent: only the task's `usage` keeps it. */
  recordUsage?: UsageRecorder;
  /** Opens an init_file as its format's document when the request arrives (src/documents); absent: only the task does. */
  readInitFile?: InitFileReader;
  /** Resolves a request's template (src/templates); absent: no template is ever used. */
  templates?: TemplateResolver;
  /** Generate-body fields only one format reads, declared by that format (Slides: `outline`); absent: none. */
  requestFields?: Readonly<Record<string, FormatRequestField>>;
}

export interface RunsModule extends FolioModule<AnyJobDefinition> {
  agents: AgentRegistry;
  links: RunLinks;
  generate: GenerateService;
  tasks: TasksService;
  runs: RunsService;
  /** A run's versions and tasks (the console's run page). */
  history: RunHistory;
  sweeper: RunsSweeper;
  waiter: TaskWaiter;
  /** Open progress streams of this process (GET /tasks/{id}/events). */
  taskEvents: TaskEventStreams;
  /** The schema of the generate body: the engine's fields and the formats' own (generateBodySchema). */
  generateBody: TObject;
  /** The runs table's repository (the editor saves new versions through it). */
  repository: RunsRepository;
  /** For the orphan sweep: run documents' keys (`orgs/<org>/runs/...`) and which an artifact version refers to. */
  blobOwner: BlobOwner;
}

export function createRunsModule(d: RunsModuleDeps): RunsModule {
  const db = d.database.db;
  const { queue: jobs, notifications, workers } = d.jobs;
  const agents = new AgentRegistry(d.agents);
  const links = new RunLinks(d.blobs, d.apiBase, d.editLinks);
  const tasksRepo = new TasksRepository(db);
  const runsRepo = new RunsRepository(db);
  const idempotency = new IdempotencyRepository(db);
  const finalizer = new TaskFinalizer(d.config, db, tasksRepo, runsRepo, d.credits, new RunEventsRepository(), links, jobs, d.recordUsage ?? null);
  const waiter = new TaskWaiter(tasksRepo, notifications);
  const references = new ReferenceChecker(d.storage.files, d.storage.images, d.readInitFile ? { blobs: d.blobs, read: d.readInitFile } : null);
  const taskEvents = new TaskEventsRepository(db);
  const slots = new SlotGate(d.config, db, tasksRepo, runsRepo, d.orgs);
  const runner = new TaskRunner({ db, jobs, tasks: tasksRepo, runs: runsRepo, slots, finalizer, agents, blobs: d.blobs, notifications, events: taskEvents, log: d.log });
  const sweeper = new RunsSweeper({ config: d.config, db, tasks: tasksRepo, runs: runsRepo, idempotency, finalizer, blobs: d.blobs, jobs, log: d.log });
  workers.attach(sweeper);
  const runs = new RunsService(runsRepo, links);
  const generate = new GenerateService({ config: d.config, db, agents, credits: d.credits, references, runs: runsRepo, tasks: tasksRepo, idempotency, jobs, waiter, links, urls: d.urls, preflight: d.preflight, templates: d.templates, requestFields: d.requestFields ?? {} });
  const tasks = new TasksService(tasksRepo, runsRepo, finalizer, waiter, jobs);
  const history = new RunHistory(runs, runsRepo, tasksRepo, links);
  const generateBody = generateBodySchema(d.requestFields ?? {});
  const taskStreams = new TaskEventStreams({ tasks: tasksRepo, events: taskEvents, notifications, heartbeatMs: d.config.runs.sseHeartbeatMs, log: d.log });
  return {
    name: 'runs',
    routes: (api) => runsRoutes(api, { generate, tasks, runs, links, taskEvents: taskStreams, history, generateBody }),
    jobs: taskJobs({ run: (job) => runner.handle(job), dead: (job) => runner.handleDead(job) }),
    // Held sync callers are answered (their tasks keep running) instead of dropped.
    beforeClose: () => waiter.releaseAll(),
    agents,
    links,
    generate,
    tasks,
    runs,
    history,
    sweeper,
    waiter,
    generateBody,
    taskEvents: taskStreams,
    repository: runsRepo,
    blobOwner: { name: 'run documents', owns: keysOfKind('runs'), referenced: (keys) => runsRepo.referencedBlobKeys(keys) },
  };
}
