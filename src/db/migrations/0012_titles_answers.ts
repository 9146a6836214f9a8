import { sql, type Kysely } from 'kysely';

// Titles and answers. A version made from a generated document keeps the document's title: its
// download name (file_name) is a short slug of it, and Content-Disposition's filename* carries the title
// itself. A task in ask mode keeps its structured answer (whether the document answered, and the
// citations), shown beside its summary.
const up_ = [
  `alter table artifact_versions add column title text`,
  `alter table tasks add column answer jsonb`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table tasks drop column if exists answer').execute(db);
  await sql.raw('alter table artifact_versions drop column if exists title').execute(db);
}
