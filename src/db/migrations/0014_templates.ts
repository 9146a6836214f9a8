import { sql, type Kysely } from 'kysely';

// Templates (issue 21): an organization's own deck, document or workbook as the design of what Folio
// makes. A template is its current version plus every earlier one: a version's bytes never change, so
// a run records the version it was made from (runs.template_id, runs.template_version) and stays
// reproducible after new uploads. At most one live default per organization and format (partial
// unique index); deleting a template hides it (deleted_at) and clears its default flag.
const up_ = [
  `create table templates (
     template_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     format text not null check (format in ('word', 'excel', 'slides')),
     name text not null,
     description text,
     tags text[] not null default '{}',
     is_default boolean not null default false,
     current_version integer not null default 1,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     deleted_at timestamptz)`,
  `create index templates_org_idx on templates (org_id, template_id desc) where deleted_at is null`,
  `create unique index templates_one_default_idx on templates (org_id, format) where is_default and deleted_at is null`,
  `create table template_versions (
     template_id text not null references templates (template_id) on delete cascade,
     version integer not null,
     org_id text not null,
     file_name text not null,
     content_type text not null,
     size bigint not null,
     sha256 text not null,
     blob_key text not null,
     analysis jsonb not null,
     created_at timestamptz not null default now(),
     primary key (template_id, version))`,
  `alter table runs add column template_id text`,
  `alter table runs add column template_version integer`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table runs drop column if exists template_version').execute(db);
  await sql.raw('alter table runs drop column if exists template_id').execute(db);
  await sql.raw('drop table if exists template_versions').execute(db);
  await sql.raw('drop table if exists templates').execute(db);
}
