import { sql, type Kysely } from 'kysely';

const up_ = [
  `create table organizations (
     org_id text primary key,
     org_name text not null,
     tier text not null check (tier in ('free', 'pro', 'enterprise')),
     webhook_secret text not null,
     status text not null default 'active' check (status in ('active', 'suspended')),
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now())`,
  `create table users (
     user_id text primary key,
     issuer text not null,
     subject text not null,
     email text,
     name text,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (issuer, subject))`,
  `create table memberships (
     org_id text not null references organizations (org_id) on delete cascade,
     user_id text not null references users (user_id) on delete cascade,
     role text not null check (role in ('owner', 'admin', 'member')),
     created_at timestamptz not null default now(),
     primary key (org_id, user_id))`,
  `create index memberships_user_idx on memberships (user_id)`,
  `create table api_keys (
     key_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     name text not null,
     prefix text not null,
     key_hash text not null unique,
     created_by text references users (user_id) on delete set null,
     created_at timestamptz not null default now(),
     last_used_at timestamptz,
     revoked_at timestamptz)`,
  `create index api_keys_org_idx on api_keys (org_id, key_id desc)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['api_keys', 'memberships', 'users', 'organizations']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
