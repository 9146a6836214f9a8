// The typed configuration src/config.ts builds from SETTINGS: one interface per area.

/** An organization's tier (organizations.tier). */
export type Tier = 'free' | 'pro' | 'enterprise';
export const TIERS: readonly Tier[] = ['free', 'pro', 'enterprise'];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  /** FOLIO_PGLITE_SHARED_BUFFERS_MB. */
  pgliteSharedBuffersMb: number;
  /** Whether bin/folio.js loads the vendored bundles of node_modules/.folio-vendor (it reads FOLIO_VENDOR_BUNDLES itself, before this module loads; this one validates it). */
  vendorBundles: boolean;
  /** FOLIO_IDLE_MEMORY_RELEASE_SECONDS (src/infra/idle-memory.ts); 0 turns the release off. */
  idleMemoryReleaseSeconds: number;
  /** FOLIO_IDLE_MEMORY_RELEASE_MIN_MB: unused JS heap below which the release does nothing. */
  idleMemoryReleaseMinMb: number;
  /** FOLIO_V8_POOL_SIZE, applied by bin/launch-options.js before anything loads (null: its default). */
  v8PoolSize: number | null;
  redisUrl: string | null;
  redisPrefix: string;
  logLevel: string;
  trustProxy: boolean;
  migrateOnStart: boolean;
  bodyLimitBytes: number;
  /** FOLIO_HEADERS_TIMEOUT_MS and FOLIO_BODY_TIMEOUT_MS (src/http/slow-clients.ts). */
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  oidc: { issuer: string; audience: string; jwksUrl: string | null } | null;
  localTokenTtlSeconds: number;
  /** The web console (src/console): session lifetime and its OAuth client at the OIDC issuer. */
  console: { sessionTtlSeconds: number; oidcClientId: string | null; oidcClientSecret: string | null };
  signupTiers: Tier[];
  /** FOLIO_SIGNUP_DEFAULT_TIER: `free` in production, `pro` on a development server. */
  signupDefaultTier: Tier;
  rateLimits: Record<Tier, number>;
  keyCacheTtlMs: number;
  lastUsedFlushMs: number;
  /** FOLIO_ALLOW_PRIVATE_URLS: outbound requests may reach non-public addresses (src/net). */
  allowPrivateUrls: boolean;
  webhooks: WebhooksConfig;
  storage: StorageConfig;
  /** The embedded editor (src/editor). */
  editor: EditorConfig;
  runs: RunsConfig;
  export: ExportConfig;
  llm: LlmConfig;
  documents: DocumentsConfig;
  projects: ProjectsConfig;
}

export interface ProjectsConfig {
  pipelineConcurrency: number;
  jobTimeoutSeconds: number;
  maxTextChars: number;
  reconcileDelayMs: number;
  /** 0-1. */
  similarityThreshold: number;
  factsExtractor: 'auto' | 'rules';
  reportCredits: number;
}

export interface DocumentsConfig {
  maxTurns: number;
  turnTimeoutMs: number;
  renderCredits: number;
  contextFileChars: number;
  /** Render layout thumbnails of deck templates (src/templates). */
  templateThumbnails: boolean;
  /** Heap limit (MB) of each document thread (src/documents/isolate). */
  renderMaxHeapMb: number;
  /** Document threads per process. */
  renderThreads: number;
}

export type Format = 'word' | 'excel' | 'slides';

export interface ExportConfig {
  poolSize: number;
  poolStart: 'lazy' | 'boot';
  maxConversions: number;
  timeoutMs: number;
  queueLimit: number;
  sofficePath: string;
  sofficePython: string;
  sweepIntervalMs: number;
  pngMaxPages: number;
}

export interface RunsConfig {
  workers: number;
  syncCeilingMs: number;
  retentionMs: number;
  queuedExpiryMs: number;
  idempotencyTtlMs: number;
  concurrentRuns: Record<Tier, number>;
  signupCredits: Record<Tier, number>;
  minBalance: Record<Format, number>;
  heartbeatSeconds: number;
  maxAttempts: number;
  monitorSeconds: number;
  pollSeconds: number;
  sweepIntervalMs: number;
  shutdownGraceSeconds: number;
  /** Idle time after which a task's event stream sends a heartbeat. */
  sseHeartbeatMs: number;
}

export interface LlmProviderConfig {
  apiKey: string | null;
  baseUrl: string | null;
}

export interface LlmConfig {
  openai: LlmProviderConfig;
  anthropic: LlmProviderConfig;
  google: LlmProviderConfig;
  openaiCompatible: LlmProviderConfig & { models: string[]; jsonSchema: boolean };
  /** null: the first available model (see the registry). */
  defaultModel: string | null;
  fallbackModels: string[];
  timeoutMs: number;
  /** Longest a caller's JSON Schema may take to compile (in a worker) the first time. */
  schemaCompileTimeoutMs: number;
  minCredits: number;
  /** null: no budget unless the organization set one. */
  monthlyBudget: number | null;
  /** Longest wait of a succeeded call's usage record before its batch is written (0: right after the previous batch). */
  usageFlushDelayMs: number;
  /** Server-Timing header on /llm/invoke answers (benchmarks). */
  timings: boolean;
  /** NODE_USE_ENV_PROXY is set: providers are called through Node's fetch, which honours the proxy variables. */
  useEnvProxy: boolean;
  /** Plain-text OpenAI and OpenAI-compatible calls skip the AI SDK (FOLIO_LLM_DIRECT_CALLS; src/llm/direct-calls.ts). */
  directCalls: boolean;
  /** In-process credit leases (FOLIO_LLM_CREDIT_LEASES). */
  leases: { enabled: boolean; ttlMs: number; idleMs: number };
}

export interface EditorConfig {
  tokenTtlSeconds: number;
  lockTtlSeconds: number;
  /** null: the built-in editors. */
  wopiDiscoveryUrl: string | null;
}

export interface WebhooksConfig {
  /** Delay before each retry; the first attempt is immediate, so attempts = 1 + retryDelaysMs.length. */
  retryDelaysMs: number[];
  timeoutMs: number;
  concurrency: number;
  logRetentionMs: number;
}

export interface S3Config {
  bucket: string;
  endpoint: string | null;
  publicEndpoint: string | null;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  prefix: string;
}

export interface StorageConfig {
  /** null: blobs on local disk under dataDir/blobs. */
  s3: S3Config | null;
  uploadLimits: Record<Tier, number>;
  zip: { maxEntries: number; maxUncompressedBytes: number; maxRatio: number };
  signedUrlTtlSeconds: number;
  /** null: a random secret persisted in the data dir. */
  urlSigningSecret: string | null;
  imagePurgeGraceSeconds: number;
  filePurgeGraceSeconds: number;
  templatePurgeGraceSeconds: number;
  purgeIntervalMs: number;
  orphanSweepIntervalMs: number;
  orphanBlobGraceSeconds: number;
}
