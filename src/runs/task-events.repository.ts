// The only code that queries `task_events` (migration 0015_task_events): a task's progress and step
// events, numbered per task. Appends are one statement that numbers the rows after the task's last one
// and sends the `folio_task_event` notification, delivered on commit, so a listener that wakes up and
// reads finds the rows. The table's type lives here, beside its only user.
import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CHANNELS } from '../jobs/notifications.ts';

export type TaskEventType = 'progress' | 'step';

export interface TaskEventsTable {
  task_id: string;
  seq: number;
  org_id: string;
  type: TaskEventType;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}

export interface StoredTaskEvent {
  seq: number;
  type: TaskEventType;
  data: Record<string, unknown>;
}

export interface NewTaskEvent {
  type: TaskEventType;
  data: Record<string, unknown>;
}

type EventsDb = Kysely<DB & { task_events: TaskEventsTable }>;

/** Most events one read returns; a reader that gets this many reads again. */
export const READ_BATCH = 500;

export class TaskEventsRepository {
  private readonly db: EventsDb;

  constructor(db: Kysely<DB>) {
    this.db = db as unknown as EventsDb;
  }

  /** Appends events in order after the task's last one and notifies listeners (one round trip). */
  async append(orgId: string, taskId: string, events: NewTaskEvent[]): Promise<void> {
    if (!events.length) return;
    const rows = JSON.stringify(events);
    await sql`
      with input as (
        select e->>'type' as type, e->'data' as data, ord from jsonb_array_elements(${rows}::jsonb) with ordinality as t(e, ord)
      ), base as (
        select coalesce(max(seq), 0) as last from task_events where task_id = ${taskId}
      ), ins as (
        insert into task_events (task_id, seq, org_id, type, data)
        select ${taskId}, base.last + input.ord, ${orgId}, input.type, input.data from input, base
        returning seq
      )
      select pg_notify(${CHANNELS.taskEvent}, ${taskId}) from (select count(*) from ins) as written`.execute(this.db);
  }

  /** The organization's task's events after `seq`, oldest first, at most READ_BATCH. */
  async after(orgId: string, taskId: string, seq: number): Promise<StoredTaskEvent[]> {
    const rows = await this.db.selectFrom('task_events').select(['seq', 'type', 'data'])
      .where('org_id', '=', orgId).where('task_id', '=', taskId).where('seq', '>', seq)
      .orderBy('seq').limit(READ_BATCH).execute();
    return rows.map((r) => ({ seq: Number(r.seq), type: r.type, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data }));
  }

  /** The task's last event number (0 when none) and the progress its last progress event told (0 when none). */
  async tail(orgId: string, taskId: string): Promise<{ seq: number; progress: number }> {
    const last = await this.db.selectFrom('task_events').select((eb) => eb.fn.max('seq').as('seq'))
      .where('org_id', '=', orgId).where('task_id', '=', taskId).executeTakeFirst();
    const progress = await this.db.selectFrom('task_events').select(sql<number>`(data->>'progress')::int`.as('progress'))
      .where('org_id', '=', orgId).where('task_id', '=', taskId).where('type', '=', 'progress')
      .orderBy('seq', 'desc').limit(1).executeTakeFirst();
    return { seq: Number(last?.seq ?? 0), progress: Number(progress?.progress ?? 0) };
  }
}
