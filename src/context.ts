// The composition root: opens the infrastructure (database, Redis, blob store, job runtime) and builds every module once, in one place, from config.
import type { FastifyBaseLogger } from 'fastify';
import type { Config, Format } from './config.ts';
import { migrateToLatest, openDatabase, type Database } from './db/database.ts';
import { RateLimiter } from './http/rate-limit.ts';
import type { IdTokenVerifier } from './identity/id-token.ts';
import { createIdentityModule } from './identity/identity.module.ts';
import type { ApiKeysService } from './identity/api-keys.service.ts';
import type { OrganizationsService } from './identity/organizations.service.ts';
import type { SignupService } from './identity/signup.service.ts';
import type { UsersRepository } from './identity/users.repository.ts';
import type { FolioModule } from './infra/module.ts';
import { connectRedis, type Redis } from './infra/redis.ts';
import { createCreditsModule } from './credits/credits.module.ts';
import type { CreditsService } from './credits/credits.service.ts';
import { createDocumentAgents, documentThreads, initFileReader, inputResolver, loadInstalledAdapters } from './documents/agent/adapter-registry.ts';
import { createSlidesOutlineModule } from './documents/slides/outline.module.ts';
import { createAnalysisModule } from './analysis/analysis.module.ts';
import { createConsoleModule } from './console/console.module.ts';
import type { ConsoleSessionsService } from './console/console-sessions.service.ts';
import { createExportModule, type ExportModule } from './export/export.module.ts';
import { createJobRuntime, type JobRuntime } from './jobs/job-runtime.ts';
import type { AnyJobDefinition } from './jobs/registry.ts';
import { agentUsageRecorder } from './llm/agent-usage.ts';
import { assertContentFulfillable, createLlmApi, createLlmModule, type LlmModule } from './llm/llm.module.ts';
import { OutboundGuard, type DnsLookup } from './net/outbound.ts';
import { UrlPolicy } from './net/url-policy.ts';
import type { AgentRunner } from './runs/agents.ts';
import { createRunsModule, type RunsModule } from './runs/runs.module.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { createBlobStore } from './storage/create-blob-store.ts';
import type { FilesService } from './storage/files.service.ts';
import type { ImagesService } from './storage/images.service.ts';
import type { StoragePurger } from './storage/purge.ts';
import type { OrphanSweeper } from './storage/orphan-sweep.ts';
import { createStorageModule } from './storage/storage.module.ts';
import { createWebhooksModule, type WebhooksModule } from './webhooks/webhooks.module.ts';
import { createProjectsModule, type ProjectsModule } from './projects/projects.module.ts';
import { SLIDES_REQUEST_FIELDS } from './documents/slides/outline.schemas.ts';
import { createEditTokens, createEditorModule, type EditorModule } from './editor/editor.module.ts';
import { createTemplatesApi, createTemplatesModule, type TemplatesModule } from './templates/templates.module.ts';

export type AppModule = FolioModule<AnyJobDefinition>;

export interface AppContext {
  config: Config;
  database: Database;
  redis: Redis | null;
  rateLimiter: RateLimiter;
  idTokens: IdTokenVerifier;
  users: UsersRepository;
  apiKeys: ApiKeysService;
  organizations: OrganizationsService;
  signup: SignupService;
  /** Every byte Folio stores goes through this store (local disk or S3). */
  blobs: BlobStore;
  files: FilesService;
  images: ImagesService;
  /** Removes bytes of deleted files, images and templates after their grace period; started with the storage module. */
  storagePurger: StoragePurger;
  /** Removes blobs no row refers to, once per FOLIO_ORPHAN_SWEEP_INTERVAL_MS in the deployment. */
  orphanSweeper: OrphanSweeper;
  credits: CreditsService;
  /** The job queue, its notification listener and the workers, shared by every module that has jobs. */
  jobs: JobRuntime;
  /** Generation engine: runs, tasks and their jobs. */
  runs: RunsModule;
  /** The SSRF guard of every request to a URL a user gave (FOLIO_ALLOW_PRIVATE_URLS lifts it). */
  outbound: OutboundGuard;
  /** Subscriptions, per-request callbacks and their delivery; deliveries run with the task workers. */
  webhooks: WebhooksModule;
  /** Exports and conversions: the LibreOffice pool (stopped on close) and the export cache. */
  export: ExportModule;
  /** The LLM layer: model registry (providers and the builtin engine), invoke, usage and budgets, text helpers. */
  llm: LlmModule;
  /** Projects, their analysis pipeline (jobs run with the task workers), insights and reports. */
  projects: ProjectsModule;
  /** The embedded editor: edit links, the WOPI host and locks, the built-in editors. */
  editor: EditorModule;
  /** Organization templates: resolution and use in generation (the management side is a module of `modules`). */
  templates: TemplatesModule;
  /** The web console's sign-in sessions (cookie sessions; src/console). */
  consoleSessions: ConsoleSessionsService;
  /** Every module, in the order `buildApp` registers their routes and pages (the order of the OpenAPI document). */
  modules: readonly AppModule[];
  /** Starts the modules' background work in the order they were built, then this process's workers if the queue is on. */
  start(): Promise<void>;
  /** Before the server stops: each module's `beforeClose` (held sync callers are answered). */
  beforeClose(): Promise<void>;
  /** Stops the queue and workers, closes the modules in the reverse order of building, then the infrastructure. */
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Use this database instead of opening one from config (tests share a prepared database this way). */
  database?: Database;
  /** Run migrations before use (default: config.migrateOnStart). */
  migrate?: boolean;
  /** Generation agents by format, instead of the installed document agents; a format without one answers 501. */
  agents?: Partial<Record<Format, AgentRunner>>;
  /** Start the job queue client and notification listener (the app and workers do; one-shot CLI commands need not). */
  queue?: boolean;
  /** Resolves host names for outbound requests (tests map names to chosen addresses). */
  dnsLookup?: DnsLookup;
  /** Where the built web console is (default web/console/dist; tests build their own copy). */
  consoleDist?: string;
}

export async function createContext(config: Config, log: FastifyBaseLogger, options: ContextOptions = {}): Promise<AppContext> {
  const database = options.database ?? (await openDatabase(config));
  // Run in order by close(): the queue first (unshifted last), the modules in the reverse order of building, then the infrastructure.
  const closers: (() => Promise<unknown>)[] = [];
  // The modules in the order they were built: started in this order, their jobs defined in this order.
  const built: AppModule[] = [];
  function add<M extends AppModule | LlmModule>(module: M): M {
    if ('routes' in module) built.push(module);
    if (module.close) closers.unshift(() => module.close!());
    return module;
  }
  try {
    if (options.migrate ?? config.migrateOnStart) await migrateToLatest(database.db);
    const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : null;
    if (redis) closers.push(() => redis.quit().catch(() => redis.disconnect()));
    const blobs = await createBlobStore(config);
    closers.push(async () => blobs.close?.());
    const jobs = createJobRuntime(config, database, log);
    const outbound = new OutboundGuard({ allowPrivate: config.allowPrivateUrls, lookup: options.dnsLookup });
    const urls = new UrlPolicy(outbound);

    const credits = add(createCreditsModule({ config, database }));
    const identity = add(await createIdentityModule({ config, database, redis, credits: credits.service, log }));
    const storage = add(createStorageModule({ config, database, blobs, log }));
    // Opened as it is built (the usage outbox, then the credit leases): the agents and the engine call models through it.
    const llm = add(await createLlmModule({ config, database, credits: credits.service, log }));
    const templates = createTemplatesModule({ config, database, blobs, log });
    storage.purger.addSource(templates.purgeSource); // deleted templates' bytes, after their grace period
    storage.orphans.addOwner(templates.blobOwner);
    // Tests may install their own agents; otherwise every format whose adapter is installed gets one.
    const adapters = await loadInstalledAdapters();
    const resolver = inputResolver({ config, blobs, outbound, storage: storage.repositories });
    const agents = options.agents ?? createDocumentAgents({ config, database, llm, log, templates: templates.source, resolver }, adapters);
    // Edit links are minted by the runs engine on every read of a completed run.
    const editTokens = createEditTokens(config, database);
    const runs = add(createRunsModule({
      config, database, blobs, credits: credits.service, orgs: identity.orgs, log, jobs, storage: storage.repositories, agents, apiBase: `${config.publicUrl}/api/v1`,
      urls,
      preflight: assertContentFulfillable,
      editLinks: editTokens,
      recordUsage: agentUsageRecorder(llm.usage),
      readInitFile: initFileReader(adapters, documentThreads(config)),
      templates: templates.resolver,
      requestFields: SLIDES_REQUEST_FIELDS,
    }));
    storage.orphans.addOwner(runs.blobOwner);
    const llmApi = add(createLlmApi(llm, { generate: runs.generate, agents: runs.agents, credits: credits.service, generateBody: runs.generateBody }));
    // Webhooks follow run events through the outbox: the engine enqueues a `run.event` job with each event
    // (in its terminal transaction) and the webhooks module handles it; neither calls the other.
    const webhooks = add(createWebhooksModule({ config, db: database.db, jobs, guard: outbound, urls, log }));
    const exports = add(createExportModule({ config, database, blobs, runs: runs.runs, files: storage.files, log }));
    const editor = add(createEditorModule({ config, database, blobs, tokens: editTokens, links: runs.links, runs: runs.repository, adapters, exports: exports.service, log }));
    const projects = add(createProjectsModule({ config, database, blobs, files: storage.files, jobs: jobs.queue, runs, llm, orgs: identity.orgs, log }));
    // POST /slides/outline with async: true runs as a task: every process that runs tasks knows the runner.
    const outline = add(createSlidesOutlineModule({ llm, storage: storage.repositories, resolver, generate: runs.generate, links: runs.links, agents: runs.agents }));
    const analysis = add(createAnalysisModule({ config, database, storage: storage.repositories, blobs, llm, credits: credits.service, converter: exports.converter, log }));
    const consoleModule = add(createConsoleModule({ config, database, orgs: identity.orgs, users: identity.users, idTokens: identity.idTokens, dist: options.consoleDist }));
    const templatesApi = add(createTemplatesApi(templates, { config, blobs, converter: exports.converter, log }));

    for (const module of built) if (module.jobs) jobs.define(module.jobs);
    // The queue creates every registered job's queue when it starts: after every module has defined its jobs.
    if (options.queue) {
      closers.unshift(() => jobs.close());
      await jobs.open();
    }

    return {
      config,
      database,
      redis,
      rateLimiter: new RateLimiter(config, redis),
      idTokens: identity.idTokens,
      users: identity.users,
      apiKeys: identity.apiKeys,
      organizations: identity.organizations,
      consoleSessions: consoleModule.sessions,
      signup: identity.signup,
      blobs,
      files: storage.files,
      images: storage.images,
      storagePurger: storage.purger,
      orphanSweeper: storage.orphans,
      credits: credits.service,
      jobs,
      runs,
      outbound,
      webhooks,
      export: exports,
      llm,
      projects,
      editor,
      templates,
      modules: [identity, consoleModule, storage, runs, credits, exports, webhooks, llmApi, outline, projects, analysis, editor, templatesApi],
      start: async () => {
        for (const module of built) await module.start?.();
        if (options.queue) await jobs.workers.start();
      },
      beforeClose: async () => {
        for (const module of built) await module.beforeClose?.();
      },
      close: async () => {
        for (const close of closers) await close().catch((err) => log.warn({ err }, 'error while closing'));
        if (!options.database) await database.close();
      },
    };
  } catch (err) {
    for (const close of closers) await close().catch(() => {});
    if (!options.database) await database.close();
    throw err;
  }
}
