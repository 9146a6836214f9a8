// Row types of every table, as Kysely sees them. Repositories are the only users.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface OrganizationsTable {
  org_id: string;
  org_name: string;
  tier: 'free' | 'pro' | 'enterprise';
  webhook_secret: string;
  status: ColumnType<'active' | 'suspended', 'active' | 'suspended' | undefined, 'active' | 'suspended'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  user_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembershipsTable {
  org_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'member';
  created_at: Timestamp;
}

export interface ApiKeysTable {
  key_id: string;
  org_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface FilesTable {
  file_id: string;
  org_id: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  purpose: 'init' | 'context' | 'data' | 'analysis';
  blob_key: string;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
  purged_at: NullableTimestamp;
  purge_lease_until: NullableTimestamp;
}

export interface ImagesTable {
  image_id: string;
  org_id: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  caption: string | null;
  blob_key: string;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
  purged_at: NullableTimestamp;
  purge_lease_until: NullableTimestamp;
}

type Format = 'word' | 'excel' | 'slides';
export type TaskStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled' | 'expired';
export type RunStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'expired';
export type LedgerKind = 'signup_grant' | 'grant' | 'reservation' | 'release' | 'charge';

export interface CreditAccountsTable {
  org_id: string;
  balance: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface CreditLedgerTable {
  entry_id: string;
  /** Insertion order (ids made in the same millisecond do not sort by time). */
  seq: Generated<number>;
  org_id: string;
  kind: LedgerKind;
  amount: number;
  balance_after: number;
  task_id: string | null;
  run_id: string | null;
  reason: string | null;
  created_at: Timestamp;
}

export interface RunsTable {
  run_id: string;
  org_id: string;
  format: Format;
  status: RunStatus;
  current_task_id: string;
  current_version_id: string | null;
  file_name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  retain_until: Timestamp;
}

export interface TasksTable {
  task_id: string;
  run_id: string;
  org_id: string;
  format: Format;
  status: TaskStatus;
  phase: string | null;
  request: ColumnType<Record<string, unknown>, string, string>;
  mode: 'action' | 'ask';
  timeout_ms: number;
  reserved_credits: number;
  credits_used: ColumnType<number, number | undefined, number>;
  error_code: string | null;
  error_message: string | null;
  summary: string | null;
  agent_name: string | null;
  usage: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  version_id: string | null;
  webhook_url: string | null;
  job_id: string | null;
  attempt: number | null;
  cancel_requested_at: NullableTimestamp;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

export interface ArtifactVersionsTable {
  version_id: string;
  run_id: string;
  org_id: string;
  version: number;
  task_id: string | null;
  blob_key: string;
  content_type: string;
  file_name: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

export interface TombstonesTable {
  resource_id: string;
  org_id: string;
  kind: 'run' | 'task';
  purged_at: Timestamp;
}

/** Embedded editor (src/editor): capabilities for one run, stored as their SHA-256. */
export interface EditTokensTable {
  token_hash: string;
  token_id: string;
  org_id: string;
  run_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A WOPI lock on a run's document; one that is past expires_at counts as absent. */
export interface WopiLocksTable {
  run_id: string;
  org_id: string;
  lock_id: string;
  expires_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdempotencyKeysTable {
  org_id: string;
  idem_key: string;
  fingerprint: string;
  task_id: string;
  run_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface EventsTable {
  event_id: string;
  org_id: string;
  type: 'run.completed' | 'run.failed';
  run_id: string;
  task_id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  webhook_url: string | null;
  occurred_at: Timestamp;
}

export type WebhookEvent = 'run.completed' | 'run.failed';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhooksTable {
  webhook_id: string;
  org_id: string;
  url: string;
  events: WebhookEvent[];
  description: ColumnType<string, string | undefined, string>;
  secret: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface WebhookDeliveriesTable {
  delivery_id: string;
  org_id: string;
  /** null: the per-request webhook_url of a task. */
  webhook_id: string | null;
  event_id: string | null;
  event: WebhookEvent | 'ping';
  run_id: string | null;
  task_id: string | null;
  url: string;
  /** The exact bytes every attempt sends. */
  body: string;
  status: DeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: NullableTimestamp;
  redelivery_of: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  org_id: string;
  started_at: Timestamp;
  latency_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
  response_truncated: boolean;
  outcome: 'succeeded' | 'retrying' | 'failed';
  next_attempt_at: NullableTimestamp;
  remaining_delays_ms: number[];
}

export interface ExportRenditionsTable {
  rendition_id: string;
  org_id: string;
  source_kind: 'run' | 'file';
  source_id: string;
  version_id: string;
  format: string;
  options: string;
  blob_key: string;
  content_type: string;
  file_name: string;
  size: number;
  /** PNG exports: every page's blob, in order. */
  pages: ColumnType<{ blob_key: string; file_name: string; size: number }[] | null, string | null, string | null>;
  created_at: Timestamp;
}

export interface LlmUsageTable {
  usage_id: string;
  org_id: string;
  key_id: string | null;
  request_id: string | null;
  operation: string;
  requested_model: string | null;
  model: string | null;
  provider: string | null;
  response_format: string;
  status: 'succeeded' | 'failed';
  error_code: string | null;
  input_tokens: number;
  output_tokens: number;
  credits: number;
  user_id: string | null;
  session_id: string | null;
  attempts: ColumnType<Record<string, unknown>[], string, string>;
  duration_ms: number;
  created_at: Timestamp;
}

export interface LlmMonthlyUsageTable {
  org_id: string;
  /** First day of the UTC month, `YYYY-MM-01`. */
  month: string;
  credits: number;
  calls: number;
  input_tokens: number;
  output_tokens: number;
}

export interface LlmBudgetsTable {
  org_id: string;
  monthly_credits: number | null;
  updated_at: Timestamp;
}

export type PipelineIndexStatus = 'pending' | 'indexing' | 'indexed' | 'failed';
export type PipelineFileStatus = 'pending' | 'extracting' | 'reconciling' | 'completed' | 'failed';
export type ReconcileStatus = 'idle' | 'queued' | 'running' | 'completed' | 'failed';
export type InsightKind = 'disparity' | 'insight' | 'similarity';
export type InsightSeverity = 'critical' | 'high' | 'medium' | 'low';
type Json<T> = ColumnType<T, string, string>;

export interface ProjectsTable {
  project_id: string;
  org_id: string;
  name: string;
  description: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  color: string | null;
  icon: string | null;
  pipeline_generation: ColumnType<number, number | undefined, number>;
  reconcile_requested: ColumnType<number, number | undefined, number>;
  reconcile_done: ColumnType<number, number | undefined, number>;
  reconcile_status: ColumnType<ReconcileStatus, ReconcileStatus | undefined, ReconcileStatus>;
  reconcile_error: string | null;
  reconcile_started_at: NullableTimestamp;
  reconcile_finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ProjectFilesTable {
  file_id: string;
  project_id: string;
  org_id: string;
  role: string;
  category: string | null;
  description: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  uploaded_by_key: string | null;
  index_status: ColumnType<PipelineIndexStatus, PipelineIndexStatus | undefined, PipelineIndexStatus>;
  pipeline_status: ColumnType<PipelineFileStatus, PipelineFileStatus | undefined, PipelineFileStatus>;
  error_stage: string | null;
  error_message: string | null;
  content: ColumnType<unknown | null, string | null | undefined, string | null>;
  stats: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  facts_method: string | null;
  facts_count: number | null;
  facts_seq: number | null;
  indexed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ProjectFactsTable {
  file_id: string;
  seq: number;
  project_id: string;
  org_id: string;
  name: string;
  name_key: string;
  period: string | null;
  period_key: string | null;
  value: number;
  unit: string | null;
  precision: number;
  raw: string;
  location: Json<Record<string, unknown>>;
}

export interface ProjectInsightsTable {
  insight_id: string;
  project_id: string;
  org_id: string;
  fingerprint: string;
  kind: InsightKind;
  severity: InsightSeverity;
  title: string;
  description: string;
  source_file_id: string;
  source_location: Json<Record<string, unknown>>;
  related: Json<{ fileId: string; location: Record<string, unknown> }[]>;
  file_ids: string[];
  details: Json<Record<string, unknown>>;
  resolved: ColumnType<boolean, boolean | undefined, boolean>;
  resolved_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  organizations: OrganizationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  api_keys: ApiKeysTable;
  files: FilesTable;
  images: ImagesTable;
  credit_accounts: CreditAccountsTable;
  credit_ledger: CreditLedgerTable;
  runs: RunsTable;
  tasks: TasksTable;
  artifact_versions: ArtifactVersionsTable;
  tombstones: TombstonesTable;
  edit_tokens: EditTokensTable;
  wopi_locks: WopiLocksTable;
  idempotency_keys: IdempotencyKeysTable;
  events: EventsTable;
  export_renditions: ExportRenditionsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  llm_usage: LlmUsageTable;
  llm_monthly_usage: LlmMonthlyUsageTable;
  llm_budgets: LlmBudgetsTable;
  projects: ProjectsTable;
  project_files: ProjectFilesTable;
  project_facts: ProjectFactsTable;
  project_insights: ProjectInsightsTable;
}

export type { Generated };
