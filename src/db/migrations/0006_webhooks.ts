import { sql, type Kysely } from 'kysely';

// Webhook subscriptions, deliveries (one per event and target) and the log of every attempt.
const up_ = [
  `create table webhooks (
     webhook_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     url text not null,
     events text[] not null,
     description text not null default '',
     secret text not null,
     active boolean not null default true,
     created_at timestamptz not null default now(),
     deleted_at timestamptz)`,
  `create index webhooks_org_idx on webhooks (org_id, webhook_id desc) where deleted_at is null`,
  // webhook_id null: the per-request webhook_url of a task, signed with the organization's secret.
  `create table webhook_deliveries (
     delivery_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     webhook_id text references webhooks (webhook_id) on delete cascade,
     event_id text,
     event text not null check (event in ('run.completed', 'run.failed', 'ping')),
     run_id text,
     task_id text,
     url text not null,
     body text not null,
     status text not null check (status in ('pending', 'succeeded', 'failed', 'cancelled')),
     attempts integer not null default 0,
     next_attempt_at timestamptz,
     redelivery_of text,
     created_at timestamptz not null default now(),
     completed_at timestamptz)`,
  // An event goes to each target once; only an explicit redelivery sends it again.
  `create unique index webhook_deliveries_once_idx on webhook_deliveries (event_id, coalesce(webhook_id, ''))
     where event_id is not null and redelivery_of is null`,
  `create index webhook_deliveries_webhook_idx on webhook_deliveries (webhook_id, delivery_id desc)`,
  `create index webhook_deliveries_org_idx on webhook_deliveries (org_id, delivery_id desc)`,
  `create index webhook_deliveries_created_idx on webhook_deliveries (created_at)`,
  `create table webhook_attempts (
     delivery_id text not null references webhook_deliveries (delivery_id) on delete cascade,
     attempt integer not null check (attempt >= 1),
     org_id text not null,
     started_at timestamptz not null,
     latency_ms integer not null,
     status_code integer,
     error text,
     response_body text,
     response_truncated boolean not null default false,
     outcome text not null check (outcome in ('succeeded', 'retrying', 'failed')),
     next_attempt_at timestamptz,
     remaining_delays_ms integer[] not null,
     primary key (delivery_id, attempt))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhooks']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
