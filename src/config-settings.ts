// Every setting Folio reads from the environment, declared once: its kind, default, bounds and the
// description that generates the README's configuration table. src/config.ts parses them.

type Kind = 'string' | 'int' | 'bool' | 'url' | 'list' | 'enum';

export interface Setting {
  env: string;
  kind: Kind;
  default?: string;
  values?: readonly string[];
  min?: number;
  max?: number;
  /** The default when NODE_ENV is `development` (or unset: a development server), where it differs. */
  devDefault?: string;
  description: string;
}

export const SETTINGS: readonly Setting[] = [
  { env: 'NODE_ENV', kind: 'enum', values: ['development', 'production', 'test'], default: 'development', description: 'In `production` the built-in identity issuer is refused: signup and key management answer 501 until an OIDC issuer is configured.' },
  { env: 'PORT', kind: 'int', default: '8080', min: 0, max: 65535, description: 'HTTP port. The API is served under `/api/v1`.' },
  { env: 'HOST', kind: 'string', default: '0.0.0.0', description: 'Interface to listen on.' },
  { env: 'FOLIO_PUBLIC_URL', kind: 'url', description: 'Absolute base URL used in links the API returns. Default `http://localhost:<PORT>`.' },
  { env: 'FOLIO_DATA_DIR', kind: 'string', default: './data', description: 'Embedded database (PGlite), local blobs and the built-in issuer keys live here.' },
  { env: 'DATABASE_URL', kind: 'url', description: 'PostgreSQL connection string. Unset: embedded PGlite in `FOLIO_DATA_DIR/pglite`.' },
  { env: 'FOLIO_DATABASE_POOL_SIZE', kind: 'int', default: '10', min: 1, max: 200, description: 'PostgreSQL connection pool size per process.' },
  { env: 'REDIS_URL', kind: 'url', description: 'Redis for shared rate limits and API-key cache invalidation across processes. Unset: in memory.' },
  { env: 'FOLIO_REDIS_PREFIX', kind: 'string', default: 'folio:', description: 'Prefix of every Redis key Folio writes.' },
  { env: 'LOG_LEVEL', kind: 'enum', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info', description: 'pino log level. Logs are JSON lines carrying `request_id`.' },
  { env: 'FOLIO_TRUST_PROXY', kind: 'bool', default: 'false', description: 'Trust `X-Forwarded-*` headers from a reverse proxy.' },
  { env: 'FOLIO_MIGRATE_ON_START', kind: 'bool', default: 'true', description: 'Run pending database migrations when `folio serve` starts.' },
  { env: 'FOLIO_HEADERS_TIMEOUT_MS', kind: 'int', default: '10000', min: 100, description: 'A request whose headers have not all arrived this long after the connection started sending them is answered 408 and its connection closed.' },
  { env: 'FOLIO_BODY_TIMEOUT_MS', kind: 'int', default: '30000', min: 100, description: 'A request body that receives no byte for this long (a client that declares more than it sends, or stalls) is answered 408 `request_timeout` and its connection closed. There is no limit on the total time of a body that keeps arriving.' },
  { env: 'FOLIO_BODY_LIMIT_BYTES', kind: 'int', default: '1048576', min: 1024, description: 'Largest JSON request body accepted (413 `payload_too_large` above it).' },
  { env: 'FOLIO_OIDC_ISSUER', kind: 'string', description: 'Issuer (`iss`) of ID tokens accepted for signup and key management, e.g. `https://securetoken.google.com/<project>` (Firebase), `https://<tenant>.auth0.com/`, a Keycloak realm URL or `https://accounts.google.com`. Unset: the built-in local issuer.' },
  { env: 'FOLIO_OIDC_AUDIENCE', kind: 'string', description: 'Required `aud` of ID tokens (the client id / project id). Required with `FOLIO_OIDC_ISSUER`.' },
  { env: 'FOLIO_OIDC_JWKS_URL', kind: 'url', description: 'JWKS URL of the issuer. Unset: discovered from `<issuer>/.well-known/openid-configuration`.' },
  { env: 'FOLIO_LOCAL_TOKEN_TTL_SECONDS', kind: 'int', default: '3600', min: 60, description: 'Lifetime of ID tokens minted by `folio token` (built-in issuer).' },
  { env: 'FOLIO_SIGNUP_TIERS', kind: 'list', default: 'free,pro,enterprise', description: 'Tiers a caller may choose at signup; any other answers 403 `forbidden`.' },
  { env: 'FOLIO_SIGNUP_DEFAULT_TIER', kind: 'enum', values: ['free', 'pro', 'enterprise'], default: 'free', devDefault: 'pro', description: 'Tier of a new organization when signup names none. `free` in production and test; `pro` on a development server (NODE_ENV `development`, the default), so that a newcomer following the README has 60 requests a minute and 1000 credits instead of 10 and 100. Must be one of FOLIO_SIGNUP_TIERS.' },
  { env: 'FOLIO_RATE_LIMIT_FREE', kind: 'int', default: '10', min: 1, description: 'Requests per minute per API key, `free` tier.' },
  { env: 'FOLIO_RATE_LIMIT_PRO', kind: 'int', default: '60', min: 1, description: 'Requests per minute per API key, `pro` tier.' },
  { env: 'FOLIO_RATE_LIMIT_ENTERPRISE', kind: 'int', default: '600', min: 1, description: 'Requests per minute per API key, `enterprise` tier.' },
  { env: 'FOLIO_KEY_CACHE_TTL_MS', kind: 'int', default: '60000', min: 0, description: 'How long a verified API key stays in the per-process cache. Revocation clears it at once on every process (through Redis when set); 0 disables the cache.' },
  { env: 'FOLIO_LAST_USED_FLUSH_MS', kind: 'int', default: '5000', min: 10, description: 'API keys\' `last_used_at` is batched in memory and written at this interval (and on shutdown).' },
  // Outbound requests (src/net) and webhooks (src/webhooks).
  { env: 'FOLIO_ALLOW_PRIVATE_URLS', kind: 'bool', default: 'false', description: 'Let outbound requests (webhook deliveries and other URLs users give Folio) reach private, loopback, link-local, unique-local, CGNAT and metadata addresses, and accept plain `http` webhook URLs. For tests and local development only: otherwise such URLs are refused at creation and at every delivery.' },
  { env: 'FOLIO_WEBHOOK_RETRY_DELAYS_MS', kind: 'list', default: '1000,4000,16000,64000,256000,1024000,4096000', description: 'Delays in milliseconds before each retry of a webhook delivery, comma-separated. The first attempt is immediate; a 5xx, 3xx, timeout or network error is retried after the next delay (a 4xx never is), and delivery stops once the list is used up.' },
  { env: 'FOLIO_WEBHOOK_TIMEOUT_MS', kind: 'int', default: '15000', min: 100, max: 120000, description: 'Each webhook delivery attempt (connect, request, answer) is given up after this long and counts as a failure.' },
  { env: 'FOLIO_WEBHOOK_CONCURRENCY', kind: 'int', default: '10', min: 1, max: 256, description: 'Webhook deliveries one worker process (`folio serve` with workers, `folio worker`) sends at once.' },
  { env: 'FOLIO_WEBHOOK_LOG_RETENTION_DAYS', kind: 'int', default: '30', min: 1, description: 'Webhook deliveries and every attempt in the delivery log are kept this long, then purged by the workers\' periodic sweep (`FOLIO_RUNS_SWEEP_INTERVAL_MS`), as are deleted subscriptions.' },
  // Storage (src/storage): blob store, uploads, signed links, purge.
  { env: 'FOLIO_S3_BUCKET', kind: 'string', description: 'Store blobs in this S3-compatible bucket (AWS S3, MinIO, R2, ...). Unset: local disk under `FOLIO_DATA_DIR/blobs`.' },
  { env: 'FOLIO_S3_ENDPOINT', kind: 'url', description: 'S3 endpoint URL for non-AWS servers, e.g. `http://minio:9000`. Unset: the AWS endpoint of the region.' },
  { env: 'FOLIO_S3_PUBLIC_ENDPOINT', kind: 'url', description: 'Endpoint used in presigned download URLs when clients reach the object store under another address than Folio does. Unset: `FOLIO_S3_ENDPOINT`.' },
  { env: 'FOLIO_S3_REGION', kind: 'string', default: 'us-east-1', description: 'S3 region.' },
  { env: 'FOLIO_S3_ACCESS_KEY_ID', kind: 'string', description: 'S3 access key id. Unset (with the secret): the AWS SDK default credential chain.' },
  { env: 'FOLIO_S3_SECRET_ACCESS_KEY', kind: 'string', description: 'S3 secret access key. Required with `FOLIO_S3_ACCESS_KEY_ID`.' },
  { env: 'FOLIO_S3_FORCE_PATH_STYLE', kind: 'bool', default: 'false', description: 'Address buckets as `<endpoint>/<bucket>` instead of `<bucket>.<endpoint>` (MinIO and most self-hosted servers need `true`).' },
  { env: 'FOLIO_S3_PREFIX', kind: 'string', default: '', description: 'Prefix of every object key Folio writes, to share a bucket, e.g. `folio/`.' },
  { env: 'FOLIO_UPLOAD_LIMIT_FREE', kind: 'int', default: '26214400', min: 1, description: 'Largest upload (POST /files, POST /images) in bytes, `free` tier (25 MiB). Larger: 413 `payload_too_large`, detected while streaming.' },
  { env: 'FOLIO_UPLOAD_LIMIT_PRO', kind: 'int', default: '104857600', min: 1, description: 'Largest upload in bytes, `pro` tier (100 MiB).' },
  { env: 'FOLIO_UPLOAD_LIMIT_ENTERPRISE', kind: 'int', default: '524288000', min: 1, description: 'Largest upload in bytes, `enterprise` tier (500 MiB).' },
  { env: 'FOLIO_ZIP_MAX_ENTRIES', kind: 'int', default: '10000', min: 1, description: 'Zip and OOXML uploads with more entries are refused (413).' },
  { env: 'FOLIO_ZIP_MAX_UNCOMPRESSED_BYTES', kind: 'int', default: '1073741824', min: 1, description: 'Zip and OOXML uploads that expand to more bytes in total are refused (413). Checked against the declared sizes and by inflating every entry before anything parses the archive.' },
  { env: 'FOLIO_ZIP_MAX_RATIO', kind: 'int', default: '100', min: 1, description: 'Largest compression ratio (uncompressed / compressed) of any zip entry that expands to more than 1 MiB; above it the upload is refused as a zip bomb (413).' },
  { env: 'FOLIO_SIGNED_URL_TTL_SECONDS', kind: 'int', default: '3600', min: 1, max: 604800, description: 'Lifetime of signed download links (`download_url`, image `url`).' },
  { env: 'FOLIO_URL_SIGNING_SECRET', kind: 'string', description: 'HMAC secret of download links served from local disk (at least 32 characters). Unset: a random secret kept in `FOLIO_DATA_DIR/storage/url-signing-secret`. Set it on every process that shares a data dir through PostgreSQL.' },
  { env: 'FOLIO_IMAGE_PURGE_GRACE_SECONDS', kind: 'int', default: '86400', min: 0, description: 'A deleted image\'s bytes are removed this long after DELETE /images/{id} (24 h).' },
  { env: 'FOLIO_FILE_PURGE_GRACE_SECONDS', kind: 'int', default: '0', min: 0, description: 'A deleted file\'s bytes are removed this long after DELETE /files/{id} (0: at the next sweep).' },
  { env: 'FOLIO_PURGE_INTERVAL_MS', kind: 'int', default: '60000', min: 0, description: 'How often each server process sweeps deleted images and files whose grace period is over and removes their bytes (and stale upload temp files). 0 disables the sweeper in this process.' },
  // Runs, tasks and credits (src/runs, src/jobs, src/credits).
  { env: 'FOLIO_WORKERS', kind: 'int', default: '4', min: 0, max: 256, description: 'Tasks one process runs at once. `folio serve` runs this many in-process workers (0: the server only accepts and reads tasks, `folio worker` processes run them); `folio worker` defaults to it too.' },
  { env: 'FOLIO_SYNC_CEILING_MS', kind: 'int', default: '300000', min: 100, description: 'A synchronous generation call holds at most this long, then answers 408 `sync_timeout_upgrade_async` with `task_id` and `run_id` while the task keeps running.' },
  { env: 'FOLIO_RUN_RETENTION_DAYS', kind: 'int', default: '30', min: 1, description: 'Runs (and their artifact bytes) are purged this many days after their last change; their ids then answer 410 `gone`.' },
  { env: 'FOLIO_TASK_QUEUED_EXPIRY_HOURS', kind: 'int', default: '24', min: 1, description: 'A task still `queued` after this long becomes `expired` and its reserved credits are released.' },
  { env: 'FOLIO_IDEMPOTENCY_TTL_HOURS', kind: 'int', default: '24', min: 1, description: 'How long an `idempotency_key` is remembered per organization.' },
  { env: 'FOLIO_CONCURRENT_RUNS_FREE', kind: 'int', default: '2', min: 1, description: 'Tasks of one organization running at once across all workers, `free` tier. Further tasks wait in `queued`.' },
  { env: 'FOLIO_CONCURRENT_RUNS_PRO', kind: 'int', default: '10', min: 1, description: 'Concurrent running tasks per organization, `pro` tier.' },
  { env: 'FOLIO_CONCURRENT_RUNS_ENTERPRISE', kind: 'int', default: '50', min: 1, description: 'Concurrent running tasks per organization, `enterprise` tier.' },
  { env: 'FOLIO_SIGNUP_CREDITS_FREE', kind: 'int', default: '100', min: 0, description: 'Credits granted to a new `free` organization at signup.' },
  { env: 'FOLIO_SIGNUP_CREDITS_PRO', kind: 'int', default: '1000', min: 0, description: 'Credits granted to a new `pro` organization at signup.' },
  { env: 'FOLIO_SIGNUP_CREDITS_ENTERPRISE', kind: 'int', default: '10000', min: 0, description: 'Credits granted to a new `enterprise` organization at signup.' },
  { env: 'FOLIO_MIN_BALANCE_WORD', kind: 'int', default: '5', min: 1, description: 'Minimum balance to start a Word generation (below it: 402 `insufficient_credits`). Also what the task reserves, and so the most it can cost.' },
  { env: 'FOLIO_MIN_BALANCE_EXCEL', kind: 'int', default: '5', min: 1, description: 'Minimum balance (and reservation) of an Excel generation.' },
  { env: 'FOLIO_MIN_BALANCE_SLIDES', kind: 'int', default: '10', min: 1, description: 'Minimum balance (and reservation) of a Slides generation.' },
  { env: 'FOLIO_TASK_HEARTBEAT_SECONDS', kind: 'int', default: '30', min: 10, description: 'Workers heartbeat their running tasks at half this interval; a task whose worker died is handed to another worker once this much time passed without a heartbeat.' },
  { env: 'FOLIO_TASK_MAX_ATTEMPTS', kind: 'int', default: '4', min: 1, max: 20, description: 'How many workers may pick up one task (worker crashes, shutdowns past the grace period) before it fails with `internal_error`.' },
  { env: 'FOLIO_QUEUE_MONITOR_SECONDS', kind: 'int', default: '10', min: 1, description: 'How often the job queue looks for expired and heartbeat-less jobs (the delay before a dead worker\'s task is retried, on top of the heartbeat).' },
  { env: 'FOLIO_QUEUE_POLL_SECONDS', kind: 'int', default: '2', min: 1, description: 'Idle workers poll the queue this often as a backstop; new tasks and freed slots wake them at once through LISTEN/NOTIFY.' },
  { env: 'FOLIO_RUNS_SWEEP_INTERVAL_MS', kind: 'int', default: '60000', min: 0, description: 'How often each worker process expires long-queued tasks, purges runs past retention and forgets old idempotency keys. 0 disables it in this process.' },
  { env: 'FOLIO_SHUTDOWN_GRACE_SECONDS', kind: 'int', default: '20', min: 1, description: 'On SIGTERM a worker stops claiming tasks and waits this long for running ones; whatever is still running is then handed back to the queue for another worker.' },
  // Export and conversion (src/export): the LibreOffice pool and the export cache.
  { env: 'FOLIO_EXPORT_POOL_SIZE', kind: 'int', min: 1, max: 64, description: 'Warm LibreOffice instances per server process (pdf, png, odt and odp exports). Unset: one per two CPU cores, at least 1.' },
  { env: 'FOLIO_EXPORT_POOL_START', kind: 'enum', values: ['lazy', 'boot'], default: 'lazy', description: '`lazy`: the first conversion that needs LibreOffice starts the pool (a cold start of a few seconds, once). `boot`: start it in the background when the server starts.' },
  { env: 'FOLIO_EXPORT_MAX_CONVERSIONS', kind: 'int', default: '200', min: 1, description: 'A LibreOffice instance is replaced by a fresh one after this many conversions (it grows over time). Instances that crash or hang are replaced at once.' },
  { env: 'FOLIO_EXPORT_TIMEOUT_MS', kind: 'int', default: '60000', min: 100, description: 'Longest conversion: past it the instance is killed and restarted and the request answers 502 `upstream_error`. Also the longest wait for a busy instance to become free (then 503); while no instance is running yet, the start timeout is added to that wait.' },
  { env: 'FOLIO_EXPORT_PNG_MAX_PAGES', kind: 'int', default: '300', min: 1, max: 10000, description: 'Most pages a `png` export renders. A longer document answers 422 (`too_many_pages`), rather than filling the disk with page images; export it to `pdf` instead.' },
  { env: 'FOLIO_EXPORT_QUEUE_LIMIT', kind: 'int', default: '32', min: 0, description: 'Conversions that may wait for a free LibreOffice instance per process; beyond it requests answer 503 `service_unavailable` with `Retry-After`.' },
  { env: 'FOLIO_SOFFICE_PATH', kind: 'string', default: 'soffice', description: 'LibreOffice executable (Debian package `libreoffice-nogui`). When it is missing the service still starts, and the formats that need it answer 501.' },
  { env: 'FOLIO_SOFFICE_PYTHON', kind: 'string', default: '/usr/bin/python3', description: 'Python with LibreOffice\'s `uno` module (Debian package `python3-uno`), which runs the bridge to each instance.' },
  { env: 'FOLIO_EXPORT_SWEEP_INTERVAL_MS', kind: 'int', default: '3600000', min: 0, description: 'How often each server process removes cached renditions of purged runs, of deleted files and of versions superseded longer than `FOLIO_SIGNED_URL_TTL_SECONDS` ago. 0 disables it in this process.' },
  { env: 'FOLIO_TEMPLATE_THUMBNAILS', kind: 'bool', default: 'true', description: 'Render a PNG thumbnail of every layout of an uploaded deck template (`POST /templates`) through the export pool. `false`: templates are stored without thumbnails (`thumbnail_url` null), which makes uploads fast where LibreOffice is slow or absent.' },
  // Embedded editor (src/editor): edit links, the WOPI host and locks, the built-in editors.
  { env: 'FOLIO_EDIT_TOKEN_TTL_SECONDS', kind: 'int', default: '900', min: 60, max: 86400, description: 'Lifetime of the token in an `edit_url` (15 min). Every use by the editor (page, WOPI call, save, keep-alive) extends it by this much again; an expired token gets an error page (401).' },
  { env: 'FOLIO_WOPI_LOCK_TTL_SECONDS', kind: 'int', default: '1800', min: 10, max: 86400, description: 'A WOPI lock expires this long after its last LOCK or REFRESH_LOCK (30 min, as the WOPI protocol says).' },
  { env: 'FOLIO_WOPI_DISCOVERY_URL', kind: 'url', description: 'Discovery URL of a WOPI client (Collabora Online / CODE `http://collabora:9980/hosting/discovery`, ONLYOFFICE Docs `http://onlyoffice/hosting/discovery`). Set: `edit_url` opens that client\'s editor with Folio as the WOPI host, and requests are checked against its proof keys. Unset: Folio\'s built-in editors.' },
  // LLM (src/llm): providers, model choice, fallback, credits and budgets.
  { env: 'OPENAI_API_KEY', kind: 'string', description: 'OpenAI API key. It (or `OPENAI_BASE_URL`) enables the OpenAI models, called through the Responses API.' },
  { env: 'OPENAI_BASE_URL', kind: 'url', description: 'OpenAI API base URL, for a proxy or gateway. Unset: `https://api.openai.com/v1`.' },
  { env: 'ANTHROPIC_API_KEY', kind: 'string', description: 'Anthropic API key. It (or `ANTHROPIC_BASE_URL`) enables the Anthropic models (Messages API).' },
  { env: 'ANTHROPIC_BASE_URL', kind: 'url', description: 'Anthropic API base URL. Unset: `https://api.anthropic.com/v1`.' },
  { env: 'GOOGLE_GENERATIVE_AI_API_KEY', kind: 'string', description: 'Google Gemini API key. It (or `GOOGLE_GENERATIVE_AI_BASE_URL`) enables the Gemini models.' },
  { env: 'GOOGLE_GENERATIVE_AI_BASE_URL', kind: 'url', description: 'Gemini API base URL. Unset: `https://generativelanguage.googleapis.com/v1beta`.' },
  { env: 'FOLIO_OPENAI_COMPATIBLE_BASE_URL', kind: 'url', description: 'Base URL of an OpenAI-compatible server (Chat Completions), e.g. Ollama `http://localhost:11434/v1`, vLLM or llama.cpp. Its models are named by `FOLIO_OPENAI_COMPATIBLE_MODELS`.' },
  { env: 'FOLIO_OPENAI_COMPATIBLE_API_KEY', kind: 'string', description: 'API key sent to the OpenAI-compatible server, if it needs one.' },
  { env: 'FOLIO_OPENAI_COMPATIBLE_MODELS', kind: 'list', default: '', description: 'Comma-separated model names served by the OpenAI-compatible server (e.g. `llama3.1:8b,qwen2.5:7b`). They become valid `model` values. Required with `FOLIO_OPENAI_COMPATIBLE_BASE_URL`.' },
  { env: 'FOLIO_OPENAI_COMPATIBLE_JSON_SCHEMA', kind: 'bool', default: 'false', description: 'The OpenAI-compatible server honours `response_format: json_schema`. Otherwise Folio asks for JSON and puts the schema in the instructions (and validates the answer either way).' },
  { env: 'FOLIO_LLM_DEFAULT_MODEL', kind: 'string', description: 'Model used for `model: null` or `auto`. Unset: the first available of `gpt-4.1-mini`, `claude-sonnet-4-5`, `gemini-2.5-flash`, the first OpenAI-compatible model, then `builtin` (the offline engine).' },
  { env: 'FOLIO_LLM_FALLBACK_MODELS', kind: 'list', default: '', description: 'Models tried in order when the chosen model fails (5xx, timeout, rate limit, invalid output). Unset: the default model. Only available models are tried.' },
  { env: 'FOLIO_LLM_TIMEOUT_MS', kind: 'int', default: '60000', min: 100, description: 'Longest wait for one model answer. A call whose every attempt timed out answers 504 `upstream_timeout`.' },
  { env: 'FOLIO_SCHEMA_COMPILE_TIMEOUT_MS', kind: 'int', default: '2000', min: 1, description: 'Longest a caller\'s JSON Schema (`/llm/invoke` `response_format.json_schema`) may take to compile, in a worker thread, the first time it is seen; one that takes longer answers 422 `json_schema_too_complex`.' },
  { env: 'FOLIO_LLM_MIN_CREDITS', kind: 'int', default: '1', min: 1, description: 'Minimum balance for an LLM call (/llm/invoke, /text/*), held while the call runs; also the least a successful call costs.' },
  { env: 'FOLIO_LLM_MONTHLY_BUDGET', kind: 'int', default: '0', min: 0, description: 'Default monthly LLM budget of an organization in credits (0: none). Once a calendar month (UTC) reaches it, LLM calls answer 402 `budget_exceeded`. Organizations set their own with `PUT /llm/budget`.' },
  // Document agents (src/documents): the tool loop of /word, /excel and /slides generation.
  { env: 'FOLIO_AGENT_MAX_TURNS', kind: 'int', default: '40', min: 1, max: 500, description: 'Most model turns each model of the fallback chain may take in one generation task (each turn may call several tools). A model that reaches it with the requested change built keeps what was built, and the `summary` says to resume the run to continue; one that built nothing hands the task to the next model.' },
  { env: 'FOLIO_AGENT_TURN_TIMEOUT_MS', kind: 'int', default: '180000', min: 100, description: 'Longest wait for one model turn of a generation task (a turn can write a long tool call, so this is longer than `FOLIO_LLM_TIMEOUT_MS`). A turn that times out is retried on the next fallback model; the task as a whole is bounded by its `timeout_ms`.' },
  { env: 'FOLIO_AGENT_RENDER_CREDITS', kind: 'int', default: '1', min: 0, description: 'Credits charged for writing the file of a generation task, on top of the model usage (`mode: "ask"` writes no file and is not charged this).' },
  { env: 'FOLIO_AGENT_CONTEXT_FILE_CHARS', kind: 'int', default: '40000', min: 1000, description: 'Characters of text read from each of a request\'s `context_files` for the model (the rest is cut, and the model is told).' },
  { env: 'FOLIO_RENDER_MAX_HEAP_MB', kind: 'int', default: '1024', min: 32, max: 65536, description: 'Heap limit (V8 old generation, in MB) of each document thread: opening uploaded Word, Excel and PowerPoint files (`init_file`, a run\'s current version), reading uploaded workbooks (`data_sources`, `context_files`) and extracting text from uploaded documents run in worker threads with this limit. A file that needs more fails its own task (or request) with 422 and is not charged; the process keeps serving. See docs/architecture/crash-isolation.md.' },
  { env: 'FOLIO_RENDER_THREADS', kind: 'int', default: '2', min: 1, max: 64, description: 'Document threads per process (started when first needed and reused); more work waits for a free one.' },
  // Projects (src/projects): the analysis pipeline, insights and reports; workbook analysis (src/analysis).
  { env: 'FOLIO_PROJECT_PIPELINE_CONCURRENCY', kind: 'int', default: '2', min: 1, max: 64, description: 'Project analysis jobs (index, facts, reconcile) one worker process (`folio serve` with workers, `folio worker`) runs at once.' },
  { env: 'FOLIO_PROJECT_JOB_TIMEOUT_SECONDS', kind: 'int', default: '600', min: 10, description: 'Longest run of one project analysis job; a job past it (or whose worker died) is retried, three times at most, then its file (or the project\'s reconciliation) is marked `failed`.' },
  { env: 'FOLIO_PROJECT_MAX_TEXT_CHARS', kind: 'int', default: '2000000', min: 1000, description: 'Characters of text indexed per project file; the rest of a longer file is not analysed (its `stats.truncated` says so).' },
  { env: 'FOLIO_PROJECT_RECONCILE_DELAY_MS', kind: 'int', default: '1000', min: 0, max: 600000, description: 'A project is reconciled this long after a file\'s facts are extracted, so that files uploaded together are reconciled once rather than once each (one reconciliation runs and at most one waits per project). 0: at once.' },
  { env: 'FOLIO_PROJECT_SIMILARITY_THRESHOLD', kind: 'int', default: '80', min: 1, max: 100, description: 'Jaccard similarity, in percent, of two passages\' word 5-gram shingles at or above which they are reported as near-duplicates (`similarity` insights). Candidates are found with MinHash (128 hashes, 32 bands of 4) and confirmed on the exact shingle sets.' },
  { env: 'FOLIO_PROJECT_FACTS_EXTRACTOR', kind: 'enum', values: ['auto', 'rules'], default: 'auto', description: '`auto`: when an LLM provider is configured, facts are extracted by the default model (structured output, charged to the organization), falling back to the rules when that fails; with the builtin engine, the deterministic rules. `rules`: always the rules.' },
  { env: 'FOLIO_PROJECT_REPORT_CREDITS', kind: 'int', default: '1', min: 0, description: 'Credits an insights report (POST /projects/{id}/reports) costs. Starting one needs the Word minimum balance (`FOLIO_MIN_BALANCE_WORD`), which the task reserves.' },
];
