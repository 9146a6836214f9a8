import { sql, type Kysely } from 'kysely';

// LLM credit leases (issue 26): a process holds a block of an organization's credits and spends it on
// LLM calls from memory. `credit_accounts.leased` is the sum of the live leases' `held` (credits no other
// charge may take); a lease lives until it is returned or, its holder gone, until `expires_at`.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table credit_accounts add column leased bigint not null default 0 check (leased >= 0)').execute(db);
  await sql.raw(`create table credit_leases (
     lease_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     holder text not null,
     held bigint not null check (held >= 0),
     expires_at timestamptz not null,
     created_at timestamptz not null default now())`).execute(db);
  await sql.raw('create index credit_leases_org_idx on credit_leases (org_id)').execute(db);
  await sql.raw('create index credit_leases_expiry_idx on credit_leases (expires_at)').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists credit_leases').execute(db);
  await sql.raw('alter table credit_accounts drop column if exists leased').execute(db);
}
