// Row types of every table, as Kysely sees them. Repositories are the only users. The webhook, export
// and LLM-usage tables are in schema-delivery.ts, the project tables in schema-projects.ts.
import type { ColumnType, Generated } from 'kysely';

import type { NullableTimestamp, Timestamp } from './schema-columns.ts';
import type { ExportRenditionsTable, LlmBudgetsTable, LlmMonthlyUsageTable, LlmUsageTable, WebhookAttemptsTable, WebhookDeliveriesTable, WebhooksTable } from './schema-delivery.ts';
import type { ProjectFactsTable, ProjectFilesTable, ProjectInsightsTable, ProjectsTable } from './schema-projects.ts';
import type { TemplatesTable, TemplateVersionsTable } from './schema-templates.ts';

export type * from './schema-delivery.ts';
export type * from './schema-projects.ts';
export type * from './schema-templates.ts';
export type { NullableTimestamp, Timestamp };

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
  purpose: 'init' | 'context' | 'data' | 'analysis' | 'reference';
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
  /** Credits held by live LLM credit leases (`credit_leases`): part of the balance no other charge may take. */
  leased: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface CreditLeasesTable {
  lease_id: string;
  org_id: string;
  /** The holding process (`<host>~<boot id>`). */
  holder: string;
  /** Credits granted and not yet returned or settled by a charge. */
  held: number;
  expires_at: Timestamp;
  created_at: Timestamp;
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
  /** The template the run's first document was made from (issue 21), and its version. */
  template_id: ColumnType<string | null, string | null | undefined, string | null>;
  template_version: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** Ask mode: the structured answer (answered, citations), JSON. */
  answer: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
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
  /** The document's title when Folio named the file after it (filename* of downloads). */
  title: ColumnType<string | null, string | null | undefined, string | null>;
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

export interface ConsoleSessionsTable {
  session_id: string;
  token_hash: string;
  user_id: string;
  org_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface DB {
  console_sessions: ConsoleSessionsTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  api_keys: ApiKeysTable;
  files: FilesTable;
  images: ImagesTable;
  credit_accounts: CreditAccountsTable;
  credit_ledger: CreditLedgerTable;
  credit_leases: CreditLeasesTable;
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
  templates: TemplatesTable;
  template_versions: TemplateVersionsTable;
  maintenance_passes: MaintenancePassesTable;
}

/** When a cluster-wide housekeeping pass last started (one process per interval runs it). */
export interface MaintenancePassesTable {
  name: string;
  started_at: Timestamp;
  started_by: string;
}

export type { Generated };
