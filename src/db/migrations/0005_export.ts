import { sql, type Kysely } from 'kysely';

// The export cache: one row per converted rendition of a source version. A run's source is an artifact
// version (a new version converts afresh); an uploaded file never changes, so its version is the file.
// `options` holds the conversion options that change the output (the CSV sheet), '' when none.
const up_ = [
  `create table export_renditions (
     rendition_id text primary key,
     org_id text not null,
     source_kind text not null check (source_kind in ('run', 'file')),
     source_id text not null,
     version_id text not null,
     format text not null,
     options text not null default '',
     blob_key text not null,
     content_type text not null,
     file_name text not null,
     size bigint not null,
     pages jsonb,
     created_at timestamptz not null default now(),
     unique (source_id, version_id, format, options))`,
  `create index export_renditions_org_idx on export_renditions (org_id, source_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists export_renditions').execute(db);
}
