import { sql, type Kysely } from 'kysely';

// Files and images. Rows are written only after their bytes are stored. Deletion is soft (`deleted_at`);
// the purge sweeper removes the bytes after a grace period and records `purged_at`. `purge_lease_until`
// lets several processes sweep at once without removing the same bytes twice.
const up_ = [
  `create table files (
     file_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     file_name text not null,
     content_type text not null,
     size bigint not null check (size >= 0),
     sha256 text not null,
     purpose text not null check (purpose in ('init', 'context', 'data', 'analysis')),
     blob_key text not null unique,
     created_at timestamptz not null default now(),
     deleted_at timestamptz,
     purged_at timestamptz,
     purge_lease_until timestamptz)`,
  `create index files_org_idx on files (org_id, file_id desc) where deleted_at is null`,
  `create index files_purge_idx on files (deleted_at) where deleted_at is not null and purged_at is null`,
  `create table images (
     image_id text primary key,
     org_id text not null references organizations (org_id) on delete cascade,
     file_name text not null,
     content_type text not null,
     size bigint not null check (size >= 0),
     sha256 text not null,
     width integer,
     height integer,
     tags text[] not null default '{}',
     caption text,
     blob_key text not null unique,
     created_at timestamptz not null default now(),
     deleted_at timestamptz,
     purged_at timestamptz,
     purge_lease_until timestamptz)`,
  `create index images_org_idx on images (org_id, image_id desc) where deleted_at is null`,
  `create index images_tags_idx on images using gin (tags)`,
  `create index images_purge_idx on images (deleted_at) where deleted_at is not null and purged_at is null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['images', 'files']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
