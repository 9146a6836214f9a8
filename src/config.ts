// The only module that reads process.env. Every setting is declared once in SETTINGS
// (which also generates docs/reference/configuration.md), parsed and checked at boot.
import os from 'node:os';
import path from 'node:path';
import { SETTINGS, type Setting } from './config-settings.ts';
import { type Config, type ExportConfig, type LlmProviderConfig, type ProjectsConfig, type Tier, TIERS } from './config-types.ts';

export { TIERS };
export type { Tier };

export { SETTINGS };
export type { Setting };
export type * from './config-types.ts';

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function parseSetting(s: Setting, raw: string, problems: string[]): unknown {
  switch (s.kind) {
    case 'int': {
      if (!/^-?\d+$/.test(raw)) { problems.push(`${s.env} must be an integer, got "${raw}"`); return undefined; }
      const n = Number(raw);
      if ((s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max)) {
        problems.push(`${s.env} must be between ${s.min ?? '-inf'} and ${s.max ?? 'inf'}, got ${n}`);
      }
      return n;
    }
    case 'bool':
      if (!['true', 'false', '1', '0', 'yes', 'no'].includes(raw.toLowerCase())) {
        problems.push(`${s.env} must be true or false, got "${raw}"`);
      }
      return ['true', '1', 'yes'].includes(raw.toLowerCase());
    case 'url':
      try { new URL(raw); } catch { problems.push(`${s.env} must be an absolute URL`); }
      return raw;
    case 'enum':
      if (!s.values!.includes(raw)) problems.push(`${s.env} must be one of ${s.values!.join(', ')}, got "${raw}"`);
      return raw;
    case 'list':
      return raw.split(',').map((v) => v.trim()).filter(Boolean);
    default:
      return raw;
  }
}

/** Parses settings from an environment (process.env by default). Throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const v: Record<string, unknown> = {};
  // NODE_ENV unset or `development` (what `npm start` gives a newcomer); `test` keeps production defaults.
  const development = (env.NODE_ENV?.trim() || 'development') === 'development';
  for (const s of SETTINGS) {
    const raw = env[s.env]?.trim() || (development && s.devDefault !== undefined ? s.devDefault : s.default);
    v[s.env] = raw === undefined ? undefined : parseSetting(s, raw, problems);
  }
  const signupTiers = v.FOLIO_SIGNUP_TIERS as string[];
  for (const t of signupTiers) if (!TIERS.includes(t as Tier)) problems.push(`FOLIO_SIGNUP_TIERS: unknown tier "${t}"`);
  // An explicit default must be allowed; the development default yields to a narrower FOLIO_SIGNUP_TIERS.
  let signupDefaultTier = v.FOLIO_SIGNUP_DEFAULT_TIER as Tier;
  if (!signupTiers.includes(signupDefaultTier)) {
    if (env.FOLIO_SIGNUP_DEFAULT_TIER?.trim()) problems.push(`FOLIO_SIGNUP_DEFAULT_TIER "${signupDefaultTier}" is not one of FOLIO_SIGNUP_TIERS (${signupTiers.join(', ')})`);
    else signupDefaultTier = (signupTiers.includes('free') ? 'free' : signupTiers[0]) as Tier;
  }
  const issuer = v.FOLIO_OIDC_ISSUER as string | undefined;
  const audience = v.FOLIO_OIDC_AUDIENCE as string | undefined;
  if (issuer && !audience) problems.push('FOLIO_OIDC_AUDIENCE is required when FOLIO_OIDC_ISSUER is set');
  if (!issuer && (audience || v.FOLIO_OIDC_JWKS_URL)) problems.push('FOLIO_OIDC_ISSUER is required when FOLIO_OIDC_AUDIENCE or FOLIO_OIDC_JWKS_URL is set');
  if (Boolean(v.FOLIO_S3_ACCESS_KEY_ID) !== Boolean(v.FOLIO_S3_SECRET_ACCESS_KEY)) problems.push('FOLIO_S3_ACCESS_KEY_ID and FOLIO_S3_SECRET_ACCESS_KEY go together');
  if (v.FOLIO_URL_SIGNING_SECRET !== undefined && (v.FOLIO_URL_SIGNING_SECRET as string).length < 32) problems.push('FOLIO_URL_SIGNING_SECRET must be at least 32 characters');
  const compatModels = v.FOLIO_OPENAI_COMPATIBLE_MODELS as string[];
  if (v.FOLIO_OPENAI_COMPATIBLE_BASE_URL && !compatModels.length) problems.push('FOLIO_OPENAI_COMPATIBLE_MODELS must name at least one model when FOLIO_OPENAI_COMPATIBLE_BASE_URL is set');
  if (!v.FOLIO_OPENAI_COMPATIBLE_BASE_URL && compatModels.length) problems.push('FOLIO_OPENAI_COMPATIBLE_BASE_URL is required when FOLIO_OPENAI_COMPATIBLE_MODELS is set');
  const retryDelaysMs = (v.FOLIO_WEBHOOK_RETRY_DELAYS_MS as string[]).map(Number);
  if (retryDelaysMs.length > 20 || retryDelaysMs.some((d) => !Number.isInteger(d) || d < 0 || d > 86_400_000)) {
    problems.push('FOLIO_WEBHOOK_RETRY_DELAYS_MS must list at most 20 whole numbers of milliseconds, each at most 86400000 (one day)');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);

  const port = v.PORT as number;
  const config: Config = {
    env: v.NODE_ENV as Config['env'],
    port,
    host: v.HOST as string,
    publicUrl: ((v.FOLIO_PUBLIC_URL as string | undefined) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir: path.resolve(v.FOLIO_DATA_DIR as string),
    databaseUrl: (v.DATABASE_URL as string | undefined) ?? null,
    databasePoolSize: v.FOLIO_DATABASE_POOL_SIZE as number,
    pgliteSharedBuffersMb: v.FOLIO_PGLITE_SHARED_BUFFERS_MB as number,
    vendorBundles: v.FOLIO_VENDOR_BUNDLES as boolean,
    idleMemoryReleaseSeconds: v.FOLIO_IDLE_MEMORY_RELEASE_SECONDS as number,
    idleMemoryReleaseMinMb: v.FOLIO_IDLE_MEMORY_RELEASE_MIN_MB as number,
    v8PoolSize: (v.FOLIO_V8_POOL_SIZE as number | undefined) ?? null,
    redisUrl: (v.REDIS_URL as string | undefined) ?? null,
    redisPrefix: v.FOLIO_REDIS_PREFIX as string,
    logLevel: v.LOG_LEVEL as string,
    trustProxy: v.FOLIO_TRUST_PROXY as boolean,
    migrateOnStart: v.FOLIO_MIGRATE_ON_START as boolean,
    bodyLimitBytes: v.FOLIO_BODY_LIMIT_BYTES as number,
    headersTimeoutMs: v.FOLIO_HEADERS_TIMEOUT_MS as number,
    bodyTimeoutMs: v.FOLIO_BODY_TIMEOUT_MS as number,
    oidc: issuer ? { issuer, audience: audience!, jwksUrl: (v.FOLIO_OIDC_JWKS_URL as string | undefined) ?? null } : null,
    localTokenTtlSeconds: v.FOLIO_LOCAL_TOKEN_TTL_SECONDS as number,
    console: {
      sessionTtlSeconds: v.FOLIO_CONSOLE_SESSION_TTL_SECONDS as number,
      oidcClientId: (v.FOLIO_CONSOLE_OIDC_CLIENT_ID as string | undefined) ?? audience ?? null,
      oidcClientSecret: (v.FOLIO_CONSOLE_OIDC_CLIENT_SECRET as string | undefined) ?? null,
    },
    signupTiers: signupTiers as Tier[],
    signupDefaultTier,
    rateLimits: {
      free: v.FOLIO_RATE_LIMIT_FREE as number,
      pro: v.FOLIO_RATE_LIMIT_PRO as number,
      enterprise: v.FOLIO_RATE_LIMIT_ENTERPRISE as number,
    },
    keyCacheTtlMs: v.FOLIO_KEY_CACHE_TTL_MS as number,
    lastUsedFlushMs: v.FOLIO_LAST_USED_FLUSH_MS as number,
    allowPrivateUrls: v.FOLIO_ALLOW_PRIVATE_URLS as boolean,
    webhooks: {
      retryDelaysMs,
      timeoutMs: v.FOLIO_WEBHOOK_TIMEOUT_MS as number,
      concurrency: v.FOLIO_WEBHOOK_CONCURRENCY as number,
      logRetentionMs: (v.FOLIO_WEBHOOK_LOG_RETENTION_DAYS as number) * 86_400_000,
    },
    storage: {
      s3: v.FOLIO_S3_BUCKET
        ? {
            bucket: v.FOLIO_S3_BUCKET as string,
            endpoint: (v.FOLIO_S3_ENDPOINT as string | undefined) ?? null,
            publicEndpoint: (v.FOLIO_S3_PUBLIC_ENDPOINT as string | undefined) ?? null,
            region: v.FOLIO_S3_REGION as string,
            credentials: v.FOLIO_S3_ACCESS_KEY_ID
              ? { accessKeyId: v.FOLIO_S3_ACCESS_KEY_ID as string, secretAccessKey: v.FOLIO_S3_SECRET_ACCESS_KEY as string }
              : null,
            forcePathStyle: v.FOLIO_S3_FORCE_PATH_STYLE as boolean,
            prefix: (v.FOLIO_S3_PREFIX as string | undefined) ?? '',
          }
        : null,
      uploadLimits: {
        free: v.FOLIO_UPLOAD_LIMIT_FREE as number,
        pro: v.FOLIO_UPLOAD_LIMIT_PRO as number,
        enterprise: v.FOLIO_UPLOAD_LIMIT_ENTERPRISE as number,
      },
      zip: {
        maxEntries: v.FOLIO_ZIP_MAX_ENTRIES as number,
        maxUncompressedBytes: v.FOLIO_ZIP_MAX_UNCOMPRESSED_BYTES as number,
        maxRatio: v.FOLIO_ZIP_MAX_RATIO as number,
      },
      signedUrlTtlSeconds: v.FOLIO_SIGNED_URL_TTL_SECONDS as number,
      urlSigningSecret: (v.FOLIO_URL_SIGNING_SECRET as string | undefined) ?? null,
      imagePurgeGraceSeconds: v.FOLIO_IMAGE_PURGE_GRACE_SECONDS as number,
      filePurgeGraceSeconds: v.FOLIO_FILE_PURGE_GRACE_SECONDS as number,
      templatePurgeGraceSeconds: v.FOLIO_TEMPLATE_PURGE_GRACE_SECONDS as number,
      purgeIntervalMs: v.FOLIO_PURGE_INTERVAL_MS as number,
      orphanSweepIntervalMs: v.FOLIO_ORPHAN_SWEEP_INTERVAL_MS as number,
      orphanBlobGraceSeconds: v.FOLIO_ORPHAN_BLOB_GRACE_SECONDS as number,
    },
    runs: {
      workers: v.FOLIO_WORKERS as number,
      syncCeilingMs: v.FOLIO_SYNC_CEILING_MS as number,
      retentionMs: (v.FOLIO_RUN_RETENTION_DAYS as number) * 86_400_000,
      queuedExpiryMs: (v.FOLIO_TASK_QUEUED_EXPIRY_HOURS as number) * 3_600_000,
      idempotencyTtlMs: (v.FOLIO_IDEMPOTENCY_TTL_HOURS as number) * 3_600_000,
      concurrentRuns: { free: v.FOLIO_CONCURRENT_RUNS_FREE as number, pro: v.FOLIO_CONCURRENT_RUNS_PRO as number, enterprise: v.FOLIO_CONCURRENT_RUNS_ENTERPRISE as number },
      signupCredits: { free: v.FOLIO_SIGNUP_CREDITS_FREE as number, pro: v.FOLIO_SIGNUP_CREDITS_PRO as number, enterprise: v.FOLIO_SIGNUP_CREDITS_ENTERPRISE as number },
      minBalance: { word: v.FOLIO_MIN_BALANCE_WORD as number, excel: v.FOLIO_MIN_BALANCE_EXCEL as number, slides: v.FOLIO_MIN_BALANCE_SLIDES as number },
      heartbeatSeconds: v.FOLIO_TASK_HEARTBEAT_SECONDS as number,
      maxAttempts: v.FOLIO_TASK_MAX_ATTEMPTS as number,
      monitorSeconds: v.FOLIO_QUEUE_MONITOR_SECONDS as number,
      pollSeconds: v.FOLIO_QUEUE_POLL_SECONDS as number,
      sweepIntervalMs: v.FOLIO_RUNS_SWEEP_INTERVAL_MS as number,
      shutdownGraceSeconds: v.FOLIO_SHUTDOWN_GRACE_SECONDS as number,
      sseHeartbeatMs: v.FOLIO_SSE_HEARTBEAT_MS as number,
    },
    export: {
      poolSize: (v.FOLIO_EXPORT_POOL_SIZE as number | undefined) ?? Math.max(1, Math.floor(os.availableParallelism() / 2)),
      poolStart: v.FOLIO_EXPORT_POOL_START as ExportConfig['poolStart'],
      maxConversions: v.FOLIO_EXPORT_MAX_CONVERSIONS as number,
      timeoutMs: v.FOLIO_EXPORT_TIMEOUT_MS as number,
      queueLimit: v.FOLIO_EXPORT_QUEUE_LIMIT as number,
      sofficePath: v.FOLIO_SOFFICE_PATH as string,
      sofficePython: v.FOLIO_SOFFICE_PYTHON as string,
      sweepIntervalMs: v.FOLIO_EXPORT_SWEEP_INTERVAL_MS as number,
      pngMaxPages: v.FOLIO_EXPORT_PNG_MAX_PAGES as number,
    },
    editor: {
      tokenTtlSeconds: v.FOLIO_EDIT_TOKEN_TTL_SECONDS as number,
      lockTtlSeconds: v.FOLIO_WOPI_LOCK_TTL_SECONDS as number,
      wopiDiscoveryUrl: (v.FOLIO_WOPI_DISCOVERY_URL as string | undefined) ?? null,
    },
    llm: {
      openai: provider(v.OPENAI_API_KEY, v.OPENAI_BASE_URL),
      anthropic: provider(v.ANTHROPIC_API_KEY, v.ANTHROPIC_BASE_URL),
      google: provider(v.GOOGLE_GENERATIVE_AI_API_KEY, v.GOOGLE_GENERATIVE_AI_BASE_URL),
      openaiCompatible: { ...provider(v.FOLIO_OPENAI_COMPATIBLE_API_KEY, v.FOLIO_OPENAI_COMPATIBLE_BASE_URL), models: compatModels, jsonSchema: v.FOLIO_OPENAI_COMPATIBLE_JSON_SCHEMA as boolean },
      defaultModel: (v.FOLIO_LLM_DEFAULT_MODEL as string | undefined) ?? null,
      fallbackModels: v.FOLIO_LLM_FALLBACK_MODELS as string[],
      timeoutMs: v.FOLIO_LLM_TIMEOUT_MS as number,
      schemaCompileTimeoutMs: v.FOLIO_SCHEMA_COMPILE_TIMEOUT_MS as number,
      minCredits: v.FOLIO_LLM_MIN_CREDITS as number,
      monthlyBudget: (v.FOLIO_LLM_MONTHLY_BUDGET as number) || null,
      usageFlushDelayMs: v.FOLIO_LLM_USAGE_FLUSH_DELAY_MS as number,
      timings: v.FOLIO_LLM_TIMINGS as boolean,
      useEnvProxy: Boolean(v.NODE_USE_ENV_PROXY),
      directCalls: v.FOLIO_LLM_DIRECT_CALLS as boolean,
      leases: { enabled: v.FOLIO_LLM_CREDIT_LEASES as boolean, ttlMs: v.FOLIO_LLM_LEASE_TTL_MS as number, idleMs: v.FOLIO_LLM_LEASE_IDLE_MS as number },
    },
    documents: {
      maxTurns: v.FOLIO_AGENT_MAX_TURNS as number,
      turnTimeoutMs: v.FOLIO_AGENT_TURN_TIMEOUT_MS as number,
      renderCredits: v.FOLIO_AGENT_RENDER_CREDITS as number,
      contextFileChars: v.FOLIO_AGENT_CONTEXT_FILE_CHARS as number,
      templateThumbnails: v.FOLIO_TEMPLATE_THUMBNAILS as boolean,
      renderMaxHeapMb: v.FOLIO_RENDER_MAX_HEAP_MB as number,
      renderThreads: v.FOLIO_RENDER_THREADS as number,
    },
    projects: {
      pipelineConcurrency: v.FOLIO_PROJECT_PIPELINE_CONCURRENCY as number,
      jobTimeoutSeconds: v.FOLIO_PROJECT_JOB_TIMEOUT_SECONDS as number,
      maxTextChars: v.FOLIO_PROJECT_MAX_TEXT_CHARS as number,
      reconcileDelayMs: v.FOLIO_PROJECT_RECONCILE_DELAY_MS as number,
      similarityThreshold: (v.FOLIO_PROJECT_SIMILARITY_THRESHOLD as number) / 100,
      factsExtractor: v.FOLIO_PROJECT_FACTS_EXTRACTOR as ProjectsConfig['factsExtractor'],
      reportCredits: v.FOLIO_PROJECT_REPORT_CREDITS as number,
    },
  };
  return { ...config, ...overrides };
}

function provider(apiKey: unknown, baseUrl: unknown): LlmProviderConfig {
  return { apiKey: (apiKey as string | undefined) ?? null, baseUrl: ((baseUrl as string | undefined) ?? null)?.replace(/\/+$/, '') ?? null };
}

/** A short description of the backends in use, for the start-up line. */
export function describeBackends(config: Config): string {
  const db = config.databaseUrl ? `postgresql ${redactUrl(config.databaseUrl)}` : `pglite ${path.join(config.dataDir, 'pglite')}`;
  const limits = config.redisUrl ? `redis ${redactUrl(config.redisUrl)}` : 'memory';
  const idp = config.oidc ? `oidc ${config.oidc.issuer}` : 'built-in local issuer';
  const s3 = config.storage.s3;
  const blobs = s3 ? `s3 ${s3.endpoint ? redactUrl(s3.endpoint) + ' ' : ''}bucket ${s3.bucket}` : `local ${path.join(config.dataDir, 'blobs')}`;
  const l = config.llm;
  const providers = [['openai', l.openai], ['anthropic', l.anthropic], ['google', l.google]].filter(([, p]) => (p as LlmProviderConfig).apiKey || (p as LlmProviderConfig).baseUrl).map(([name]) => name as string);
  if (l.openaiCompatible.baseUrl) providers.push(`openai-compatible ${redactUrl(l.openaiCompatible.baseUrl)}`);
  const llm = providers.length ? `${providers.join(', ')}${l.defaultModel ? ` (default ${l.defaultModel})` : ''}` : 'builtin offline engine (no provider configured)';
  return `database: ${db}; rate limits and key cache: ${limits}; identity: ${idp}; blobs: ${blobs}; llm: ${llm}`;
}

export function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid url)';
  }
}
