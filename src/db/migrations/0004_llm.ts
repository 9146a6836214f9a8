import { sql, type Kysely } from 'kysely';

// LLM usage: one record per call (/llm/invoke, /text/*), a per-organization monthly total that the
// budget check reads in one lookup, and organizations' own monthly budgets.
const up_ = [
  `create table llm_usage (
     usage_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     key_id text,
     request_id text,
     operation text not null,
     requested_model text,
     model text,
     provider text,
     response_format text not null,
     status text not null check (status in ('succeeded', 'failed')),
     error_code text,
     input_tokens integer not null default 0 check (input_tokens >= 0),
     output_tokens integer not null default 0 check (output_tokens >= 0),
     credits integer not null default 0 check (credits >= 0),
     user_id text,
     session_id text,
     attempts jsonb not null,
     duration_ms integer not null,
     created_at timestamptz not null default now())`,
  `create index llm_usage_org_idx on llm_usage (org_id, usage_id desc)`,
  `create index llm_usage_session_idx on llm_usage (org_id, session_id, usage_id desc) where session_id is not null`,
  `create index llm_usage_user_idx on llm_usage (org_id, user_id, usage_id desc) where user_id is not null`,
  `create table llm_monthly_usage (
     org_id text not null references organizations (org_id) on delete cascade,
     month text not null check (month ~ '^[0-9]{4}-[0-9]{2}-01$'),
     credits bigint not null default 0,
     calls integer not null default 0,
     input_tokens bigint not null default 0,
     output_tokens bigint not null default 0,
     primary key (org_id, month))`,
  // A row overrides FOLIO_LLM_MONTHLY_BUDGET for its organization; monthly_credits null means no budget.
  `create table llm_budgets (
     org_id text primary key references organizations (org_id) on delete cascade,
     monthly_credits integer check (monthly_credits >= 0),
     updated_at timestamptz not null default now())`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['llm_budgets', 'llm_monthly_usage', 'llm_usage']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
