import { sql, type Kysely } from 'kysely';

// When a cluster-wide housekeeping pass last started, so that one process runs it per interval however
// many processes there are (the orphaned-blob sweep: src/storage/orphan-sweep.ts). A process claims a
// pass with one conditional upsert; a pass that died is simply claimed again after the interval.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create table maintenance_passes (
    name text primary key,
    started_at timestamptz not null,
    started_by text not null
  )`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists maintenance_passes').execute(db);
}
