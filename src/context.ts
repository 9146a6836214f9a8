// The composition root: builds every long-lived dependency once, in one place, from config.
import type { FastifyBaseLogger } from 'fastify';
import type { Config, Format } from './config.ts';
import { migrateToLatest, openDatabase, type Database } from './db/database.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { ApiKeyCache, memoryEpoch, redisEpoch } from './identity/api-key-cache.ts';
import { ApiKeysRepository } from './identity/api-keys.repository.ts';
import { ApiKeysService } from './identity/api-keys.service.ts';
import { createIdTokenVerifier, type IdTokenVerifier } from './identity/id-token.ts';
import { LastUsedTracker } from './identity/last-used.ts';
import { OrganizationsRepository } from './identity/organizations.repository.ts';
import { OrganizationsService } from './identity/organizations.service.ts';
import { SignupService } from './identity/signup.service.ts';
import { UsersRepository } from './identity/users.repository.ts';
import { connectRedis, type Redis } from './infra/redis.ts';
import { CreditsRepository } from './credits/credits.repository.ts';
import { CreditsService } from './credits/credits.service.ts';
import { createDocumentAgents, documentThreads, initFileReader, loadInstalledAdapters } from './documents/agent/adapter-registry.ts';
import { createExportModule, type ExportModule } from './export/export.module.ts';
import { assertContentFulfillable, createLlmModule, type LlmModule } from './llm/llm.module.ts';
import { OutboundGuard, type DnsLookup } from './net/outbound.ts';
import { UrlPolicy } from './net/url-policy.ts';
import type { AgentRunner } from './runs/agents.ts';
import { createRunsModule, type RunsModule } from './runs/runs.module.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { createBlobStore, purgeSettings } from './storage/create-blob-store.ts';
import { FilesRepository } from './storage/files.repository.ts';
import { FilesService } from './storage/files.service.ts';
import { ImagesRepository } from './storage/images.repository.ts';
import { ImagesService } from './storage/images.service.ts';
import { StoragePurger } from './storage/purge.ts';
import { createWebhooksModule, type WebhooksModule } from './webhooks/webhooks.module.ts';
import { PurgeRepository } from './storage/purge.repository.ts';
import { createProjectsModule, type ProjectsModule } from './projects/projects.module.ts';
import { OUTLINE_RUNNER, SlidesOutlineRunner } from './documents/slides/outline.runner.ts';
import { SlidesOutlineService } from './documents/slides/outline.service.ts';
import { SLIDES_REQUEST_FIELDS } from './documents/slides/outline.schemas.ts';
import { createEditTokens, createEditorModule, type EditorModule } from './editor/editor.module.ts';
import { agentUsageRecorder } from './llm/agent-usage.ts';
import { LlmUsageRepository } from './llm/llm-usage.repository.ts';
import { createTemplatesModule, type TemplatesModule } from './templates/templates.module.ts';
import { ConsoleSessionsRepository } from './console/console-sessions.repository.ts';
import { ConsoleSessionsService } from './console/console-sessions.service.ts';

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
  /** Removes bytes of deleted files and images after their grace period; started by the app. */
  storagePurger: StoragePurger;
  credits: CreditsService;
  /** Generation engine: queue, runs, tasks; `runs.workers` runs tasks in this process once started. */
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
  /** Organization templates: management, analysis and thumbnails, and their use in generation. */
  templates: TemplatesModule;
  /** The web console's sign-in sessions (cookie sessions; src/console). */
  consoleSessions: ConsoleSessionsService;
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
}

export async function createContext(config: Config, log: FastifyBaseLogger, options: ContextOptions = {}): Promise<AppContext> {
  const database = options.database ?? (await openDatabase(config));
  const closers: (() => Promise<unknown>)[] = [];
  try {
    if (options.migrate ?? config.migrateOnStart) await migrateToLatest(database.db);
    const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : null;
    if (redis) closers.push(() => redis.quit().catch(() => redis.disconnect()));

    // One embedded process owns its database, so a local epoch is exact. Several processes on PostgreSQL
    // share invalidations through Redis; without Redis they cannot, so they do not cache keys at all.
    const epoch = redis ? redisEpoch(redis, `${config.redisPrefix}auth-epoch`) : database.kind === 'pglite' ? memoryEpoch() : null;
    const keyCache = new ApiKeyCache(config.keyCacheTtlMs, epoch);

    const users = new UsersRepository(database.db);
    const orgsRepo = new OrganizationsRepository(database.db);
    const keysRepo = new ApiKeysRepository(database.db);
    const lastUsed = new LastUsedTracker(keysRepo, config.lastUsedFlushMs, log);
    closers.unshift(() => lastUsed.close());
    const apiKeys = new ApiKeysService(database.db, keysRepo, keyCache, lastUsed);
    const organizations = new OrganizationsService(orgsRepo, users, keyCache);
    const credits = new CreditsService(config, database.db, new CreditsRepository(database.db));
    const signup = new SignupService(config, database.db, orgsRepo, organizations, apiKeys, (trx, org) => credits.grantSignup(trx, org));
    const blobs = await createBlobStore(config);
    closers.push(async () => blobs.close?.());
    const storagePurger = new StoragePurger(new PurgeRepository(database.db), blobs, purgeSettings(config, blobs), log);
    closers.unshift(() => storagePurger.stop());
    const llm = createLlmModule({ config, database, credits, log });
    await llm.outbox.start();
    await llm.leases.start(); // after the journal's replay settled the calls of a dead predecessor's leases
    credits.waitBeforeReads((orgId) => llm.outbox.settled(orgId, true));
    closers.unshift(async () => { await llm.outbox.close(); await llm.leases.close(); });
    const outbound = new OutboundGuard({ allowPrivate: config.allowPrivateUrls, lookup: options.dnsLookup });
    const urls = new UrlPolicy(outbound);
    // Tests may install their own agents; otherwise every format whose adapter is installed gets one.
    const adapters = await loadInstalledAdapters();
    const templates = createTemplatesModule({ config, database, blobs, log });
    const agents = options.agents ?? createDocumentAgents({ config, database, llm, blobs, outbound, log, templates: templates.source }, adapters);
    // Edit links are minted by the runs engine on every read of a completed run.
    const editTokens = createEditTokens(config, database);
    const runs = createRunsModule({
      config, database, blobs, credits, orgs: orgsRepo, log, agents, apiBase: `${config.publicUrl}/api/v1`,
      urls,
      preflight: assertContentFulfillable,
      editLinks: editTokens,
      recordUsage: agentUsageRecorder(new LlmUsageRepository(database.db)),
      readInitFile: initFileReader(adapters, documentThreads(config)),
      templates: templates.resolver,
      requestFields: SLIDES_REQUEST_FIELDS,
    });
    // Webhooks follow run events through the outbox: the engine enqueues a `run.event` job with each event
    // (in its terminal transaction) and the webhooks module handles it; neither calls the other.
    const webhooks = createWebhooksModule({ config, db: database.db, jobs: runs.jobs, notifications: runs.notifications, guard: outbound, urls, log });
    runs.workers.attach(webhooks.worker);
    const files = new FilesService(new FilesRepository(database.db), blobs, config.storage.zip);
    const exports = createExportModule({ config, database, blobs, runs: runs.runs, files, log });
    closers.unshift(() => exports.close());
    const editor = createEditorModule({ config, database, blobs, tokens: editTokens, links: runs.links, adapters, exports: exports.service, log });
    closers.unshift(() => editor.close());
    const projects = createProjectsModule({ config, database, blobs, files, runs, llm, orgs: orgsRepo, log });
    // POST /slides/outline with async: true runs as a task: every process that runs tasks knows the runner.
    runs.agents.registerRunner(OUTLINE_RUNNER, new SlidesOutlineRunner(new SlidesOutlineService({ config, database, llm, blobs, outbound, log })));
    // The queue creates every registered job's queue when it starts: after every module has defined its jobs.
    if (options.queue) {
      closers.unshift(() => runs.close());
      await runs.start();
    }

    return {
      config,
      database,
      redis,
      rateLimiter: new RateLimiter(config, redis),
      idTokens: await createIdTokenVerifier(config),
      users,
      apiKeys,
      organizations,
      consoleSessions: new ConsoleSessionsService({ repo: new ConsoleSessionsRepository(database.db), orgs: orgsRepo, users, ttlSeconds: config.console.sessionTtlSeconds, publicUrl: config.publicUrl }),
      signup,
      blobs,
      files,
      images: new ImagesService(new ImagesRepository(database.db), blobs),
      storagePurger,
      credits,
      runs,
      outbound,
      webhooks,
      export: exports,
      llm,
      projects,
      editor,
      templates,
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
