import { sql, type Kysely } from 'kysely';

// The embedded editor: edit tokens (only their SHA-256 is stored; a token is a capability for one run of
// one organization until expires_at, which slides forward while the editor is in use) and WOPI locks
// (at most one per run; a lock past expires_at counts as absent). Both go with their run when it is purged.
const up_ = [
  `create table edit_tokens (
     token_hash text primary key,
     token_id text not null unique,
     org_id text not null,
     run_id text not null references runs (run_id) on delete cascade,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null)`,
  `create index edit_tokens_expiry_idx on edit_tokens (expires_at)`,
  `create index edit_tokens_run_idx on edit_tokens (run_id)`,
  `create table wopi_locks (
     run_id text primary key references runs (run_id) on delete cascade,
     org_id text not null,
     lock_id text not null check (length(lock_id) between 1 and 1024),
     expires_at timestamptz not null,
     updated_at timestamptz not null default now())`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists wopi_locks').execute(db);
  await sql.raw('drop table if exists edit_tokens').execute(db);
}
