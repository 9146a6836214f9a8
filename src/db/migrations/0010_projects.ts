import { sql, type Kysely } from 'kysely';

// Projects, their files and the analysis pipeline (issue 9). A project file is a file of `files` (its
// bytes, type checks and purge are the storage module's) plus the project's metadata and the
// per-file status of each pipeline stage. The counters on `projects` order reconciliations:
// `reconcile_requested` is bumped in the transaction that writes a file's facts (or removes a file),
// `reconcile_done` is the request a finished reconciliation covered, so a redelivered or outrun
// reconciliation job can tell it has nothing left to do. Facts and insights are replaced wholesale
// by their stage; insights keep their id, `resolved` and `created_at` through the `fingerprint`.
const up_ = [
  `create table projects (
     project_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     name text not null,
     description text,
     tags text[] not null default '{}',
     color text,
     icon text,
     pipeline_generation integer not null default 0,
     reconcile_requested integer not null default 0,
     reconcile_done integer not null default 0,
     reconcile_status text not null default 'idle' check (reconcile_status in ('idle', 'queued', 'running', 'completed', 'failed')),
     reconcile_error text,
     reconcile_started_at timestamptz,
     reconcile_finished_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     deleted_at timestamptz)`,
  `create index projects_org_idx on projects (org_id, project_id desc) where deleted_at is null`,
  `create table project_files (
     file_id text primary key references files (file_id) on delete cascade,
     project_id text not null references projects (project_id) on delete cascade,
     org_id text not null references organizations (org_id) on delete cascade,
     role text not null default 'context',
     category text,
     description text,
     tags text[] not null default '{}',
     uploaded_by_key text,
     index_status text not null default 'pending' check (index_status in ('pending', 'indexing', 'indexed', 'failed')),
     pipeline_status text not null default 'pending' check (pipeline_status in ('pending', 'extracting', 'reconciling', 'completed', 'failed')),
     error_stage text,
     error_message text,
     content jsonb,
     stats jsonb,
     facts_method text,
     facts_count integer,
     facts_seq integer,
     indexed_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     deleted_at timestamptz)`,
  `create index project_files_project_idx on project_files (project_id, file_id desc) where deleted_at is null`,
  `create table project_facts (
     file_id text not null references project_files (file_id) on delete cascade,
     seq integer not null,
     project_id text not null references projects (project_id) on delete cascade,
     org_id text not null,
     name text not null,
     name_key text not null,
     period text,
     period_key text,
     value double precision not null,
     unit text,
     precision double precision not null,
     raw text not null,
     location jsonb not null,
     primary key (file_id, seq))`,
  `create index project_facts_project_idx on project_facts (project_id, name_key, period_key)`,
  `create table project_insights (
     insight_id text primary key,
     project_id text not null references projects (project_id) on delete cascade,
     org_id text not null,
     fingerprint text not null,
     kind text not null check (kind in ('disparity', 'insight', 'similarity')),
     severity text not null check (severity in ('critical', 'high', 'medium', 'low')),
     title text not null,
     description text not null,
     source_file_id text not null,
     source_location jsonb not null,
     related jsonb not null default '[]',
     file_ids text[] not null,
     details jsonb not null default '{}',
     resolved boolean not null default false,
     resolved_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (project_id, fingerprint))`,
  `create index project_insights_project_idx on project_insights (project_id, insight_id desc)`,
  `create index project_insights_files_idx on project_insights using gin (file_ids)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['project_insights', 'project_facts', 'project_files', 'projects']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
