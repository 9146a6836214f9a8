import { sql, type Kysely } from 'kysely';

// What happened in a document agent's task besides ordinary turns: corrective nudges to a misbehaving
// model, the model recovering, another model of the fallback chain taking over (src/documents/agent).
// A JSON array of {kind, model, turn, reason, detail, next?}; kept for failed tasks too.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table agent_turns add column events jsonb not null default '[]'`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table agent_turns drop column if exists events').execute(db);
}
