import { sql, type Kysely } from 'kysely';

// The document agents' conversation state: one turn per task of a run (the prompt, the mode, the
// summary the agent gave and the tool calls it made). A resumed run replays the turns of its completed
// tasks to the model; turns of failed or cancelled tasks stay out. Purging a run or task removes its turns.
const up_ = [
  `create table agent_turns (
     task_id text primary key references tasks (task_id) on delete cascade,
     run_id text not null references runs (run_id) on delete cascade,
     org_id text not null,
     prompt text not null,
     mode text not null check (mode in ('action', 'ask')),
     summary text not null,
     actions jsonb not null default '[]',
     created_at timestamptz not null default now())`,
  `create index agent_turns_run_idx on agent_turns (run_id, created_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists agent_turns').execute(db);
}
