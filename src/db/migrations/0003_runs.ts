import { sql, type Kysely } from 'kysely';

// Runs, tasks, artifact versions, idempotency keys, credits and the events outbox.
// The job queue (pg-boss) installs and migrates its own schema, `pgboss`, when it starts.
const up_ = [
  `create table credit_accounts (
     org_id text primary key references organizations (org_id) on delete cascade,
     balance bigint not null default 0 check (balance >= 0),
     updated_at timestamptz not null default now())`,
  `insert into credit_accounts (org_id) select org_id from organizations`,
  `create table credit_ledger (
     entry_id text primary key,
     seq bigint generated always as identity unique,
     org_id text not null references organizations (org_id) on delete cascade,
     kind text not null check (kind in ('signup_grant', 'grant', 'reservation', 'release', 'charge')),
     amount bigint not null,
     balance_after bigint not null check (balance_after >= 0),
     task_id text,
     run_id text,
     reason text,
     created_at timestamptz not null default now())`,
  `create index credit_ledger_org_idx on credit_ledger (org_id, seq desc)`,
  // A task moves each kind of credit at most once, however often its job is delivered.
  `create unique index credit_ledger_task_kind_idx on credit_ledger (task_id, kind) where task_id is not null`,
  `create table runs (
     run_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     format text not null check (format in ('word', 'excel', 'slides')),
     status text not null check (status in ('pending', 'running', 'completed', 'failed', 'cancelled', 'expired')),
     current_task_id text not null,
     current_version_id text,
     file_name text,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     retain_until timestamptz not null)`,
  `create index runs_org_idx on runs (org_id, run_id desc)`,
  `create index runs_retention_idx on runs (retain_until)`,
  `create table tasks (
     task_id text primary key,
     run_id text not null references runs (run_id) on delete cascade,
     org_id text not null references organizations (org_id) on delete cascade,
     format text not null check (format in ('word', 'excel', 'slides')),
     status text not null check (status in ('queued', 'running', 'completed', 'failed', 'cancelled', 'expired')),
     phase text,
     request jsonb not null,
     mode text not null check (mode in ('action', 'ask')),
     timeout_ms integer not null,
     reserved_credits integer not null check (reserved_credits >= 0),
     credits_used integer not null default 0 check (credits_used >= 0),
     error_code text,
     error_message text,
     summary text,
     agent_name text,
     usage jsonb,
     version_id text,
     webhook_url text,
     job_id text,
     attempt integer,
     cancel_requested_at timestamptz,
     created_at timestamptz not null default now(),
     started_at timestamptz,
     finished_at timestamptz)`,
  `create index tasks_run_idx on tasks (run_id, task_id desc)`,
  `create index tasks_active_idx on tasks (org_id, status) where status in ('queued', 'running')`,
  `create index tasks_queued_idx on tasks (created_at) where status = 'queued'`,
  `create table artifact_versions (
     version_id text primary key,
     run_id text not null references runs (run_id) on delete cascade,
     org_id text not null,
     version integer not null check (version >= 1),
     task_id text unique,
     blob_key text not null unique,
     content_type text not null,
     file_name text not null,
     size bigint not null,
     sha256 text not null,
     created_at timestamptz not null default now(),
     unique (run_id, version))`,
  // What stays of a purged run and its tasks, so their ids answer 410 instead of 404.
  `create table tombstones (
     resource_id text primary key,
     org_id text not null,
     kind text not null check (kind in ('run', 'task')),
     purged_at timestamptz not null default now())`,
  `create table idempotency_keys (
     org_id text not null references organizations (org_id) on delete cascade,
     idem_key text not null,
     fingerprint text not null,
     task_id text not null references tasks (task_id) on delete cascade deferrable initially deferred,
     run_id text not null,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     primary key (org_id, idem_key))`,
  `create index idempotency_keys_expiry_idx on idempotency_keys (expires_at)`,
  // The outbox of run.completed / run.failed, written in the transaction of the task's terminal move.
  `create table events (
     event_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     type text not null check (type in ('run.completed', 'run.failed')),
     run_id text not null,
     task_id text not null unique,
     payload jsonb not null,
     webhook_url text,
     occurred_at timestamptz not null default now())`,
  `create index events_org_idx on events (org_id, event_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['events', 'idempotency_keys', 'tombstones', 'artifact_versions', 'tasks', 'runs', 'credit_ledger', 'credit_accounts']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
