import { sql, type Kysely } from 'kysely';

// The web console's sign-in sessions (issue 24). The cookie holds an opaque random token; only its SHA-256
// is stored. `org_id` is the organization the console acts for (switchable among the user's memberships).
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create table console_sessions (
    session_id text primary key,
    token_hash text not null unique,
    user_id text not null references users (user_id) on delete cascade,
    org_id text references organizations (org_id) on delete set null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`).execute(db);
  await sql.raw('create index console_sessions_expiry_idx on console_sessions (expires_at)').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists console_sessions').execute(db);
}
