import { sql, type Kysely } from 'kysely';

// The bytes of a deleted template (every version and its layout thumbnails) are removed by the storage
// purge sweeper after FOLIO_TEMPLATE_PURGE_GRACE_SECONDS: the same `purged_at` / `purge_lease_until`
// columns as files and images (0002). The version rows stay, so runs still name what they were made from.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table templates add column purged_at timestamptz, add column purge_lease_until timestamptz').execute(db);
  await sql.raw('create index templates_purge_idx on templates (deleted_at) where deleted_at is not null and purged_at is null').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index if exists templates_purge_idx').execute(db);
  await sql.raw('alter table templates drop column if exists purged_at, drop column if exists purge_lease_until').execute(db);
}
