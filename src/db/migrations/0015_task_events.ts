import { sql, type Kysely } from 'kysely';

// A task's progress events (issue 23): what `GET /tasks/{task_id}/events` streams. One row per event,
// numbered per task from 1 (`seq` is the SSE `id:`), written by the worker as the agent works and read
// by whichever API process serves the stream. `type` is `progress` or `step`; the terminal `done` event
// is the task itself and is not stored. Rows go with their task.
const up_ = [
  `create table task_events (
     task_id text not null references tasks (task_id) on delete cascade,
     seq integer not null,
     org_id text not null,
     type text not null check (type in ('progress', 'step')),
     data jsonb not null,
     created_at timestamptz not null default now(),
     primary key (task_id, seq))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of up_) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists task_events').execute(db);
}
