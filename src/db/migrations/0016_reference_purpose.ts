import { sql, type Kysely } from 'kysely';

// Drop-in compatibility (issue 32): uploads may carry the reference service's `purpose: "reference"`
// (a file read by analyze or convert). The check constraint of 0002 is replaced by one that allows it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table files drop constraint if exists files_purpose_check').execute(db);
  await sql.raw(`alter table files add constraint files_purpose_check check (purpose in ('init', 'context', 'data', 'analysis', 'reference'))`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`update files set purpose = 'analysis' where purpose = 'reference'`).execute(db);
  await sql.raw('alter table files drop constraint if exists files_purpose_check').execute(db);
  await sql.raw(`alter table files add constraint files_purpose_check check (purpose in ('init', 'context', 'data', 'analysis'))`).execute(db);
}
