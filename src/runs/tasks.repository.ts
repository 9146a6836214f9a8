// The only code that queries `tasks`. Reads on behalf of a caller filter by org_id; the worker's reads
// (by primary key, for a job it holds) are named `...ForWorker`. Every state change is conditional on
// the state it leaves, so a redelivered job or a racing cancel cannot move a task twice.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, TasksTable, TaskStatus } from '../db/schema.ts';
import { CHANNELS } from '../jobs/notifications.ts';
import { JobQueue } from '../jobs/queue.ts';

type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = [
  'task_id', 'run_id', 'org_id', 'format', 'status', 'phase', 'request', 'mode', 'timeout_ms', 'reserved_credits', 'credits_used',
  'error_code', 'error_message', 'summary', 'answer', 'agent_name', 'version_id', 'webhook_url', 'job_id', 'attempt', 'cancel_requested_at',
  'created_at', 'started_at', 'finished_at',
] as const;

/** A task as every read returns it: the schema's columns but `usage` (kept for the LLM usage log, never read back). */
export type TaskRow = Pick<Selectable<TasksTable>, (typeof COLUMNS)[number]>;

export const TERMINAL: readonly TaskStatus[] = ['completed', 'failed', 'cancelled', 'expired'];
export const isTerminal = (status: TaskStatus) => TERMINAL.includes(status);

/** What creating a task writes (status, credits used and the rest start at their defaults). */
export type NewTask = Pick<TaskRow, 'task_id' | 'run_id' | 'org_id' | 'format' | 'request' | 'mode' | 'timeout_ms' | 'reserved_credits' | 'webhook_url'> & { job_id: string };

/** What a terminal move writes. */
export type TaskEnding = Partial<Pick<TaskRow, 'credits_used' | 'error_code' | 'error_message' | 'summary' | 'agent_name' | 'version_id'>> & {
  status: Exclude<TaskStatus, 'queued' | 'running'>;
  usage?: Record<string, unknown> | null;
  answer?: Record<string, unknown> | null;
};

export interface EndCondition {
  from: TaskStatus[];
  /** Only the worker holding this attempt may end a running task. */
  attempt?: number;
  /** Completion loses to a cancel requested before it committed. */
  notCancelRequested?: boolean;
}

export class TasksRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(trx: Transaction<DB>, task: NewTask): Promise<TaskRow> {
    return trx.insertInto('tasks').values({ ...task, status: 'queued', request: JSON.stringify(task.request) }).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  /** Makes `next` the job of a task still queued under job `current`; false when the task moved on. */
  async replaceJob(trx: Transaction<DB>, taskId: string, current: string, next: string): Promise<boolean> {
    const r = await trx.updateTable('tasks').set({ job_id: next })
      .where('task_id', '=', taskId).where('status', '=', 'queued').where('job_id', '=', current).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async findInOrg(orgId: string, taskId: string, db: Db = this.db): Promise<TaskRow | undefined> {
    return db.selectFrom('tasks').select(COLUMNS).where('org_id', '=', orgId).where('task_id', '=', taskId).executeTakeFirst();
  }

  /** Every task of a run, oldest first. */
  async listByRun(orgId: string, runId: string): Promise<TaskRow[]> {
    return this.db.selectFrom('tasks').select(COLUMNS).where('org_id', '=', orgId).where('run_id', '=', runId)
      .orderBy('created_at').orderBy('task_id').execute();
  }

  async findForWorker(taskId: string, db: Db = this.db): Promise<TaskRow | undefined> {
    return db.selectFrom('tasks').select(COLUMNS).where('task_id', '=', taskId).executeTakeFirst();
  }

  async isCancelRequested(taskId: string): Promise<boolean> {
    const row = await this.db.selectFrom('tasks').select(['cancel_requested_at', 'status']).where('task_id', '=', taskId).executeTakeFirst();
    return !row || row.cancel_requested_at !== null || row.status !== 'running';
  }

  /**
   * The organization's slot lock: a transaction-scoped advisory lock, so claims of one organization's
   * tasks on every process count its running tasks one at a time (released at commit or rollback).
   */
  async lockSlots(trx: Transaction<DB>, orgId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`folio:slots:${orgId}`}, 0))`.execute(trx);
  }

  /** Running tasks of the organization; called under the organization's slot lock. */
  async countRunning(trx: Transaction<DB>, orgId: string): Promise<number> {
    const r = await trx.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('status', '=', 'running').executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** queued -> running, taking a concurrency slot. The clock is read at the update, not at the start of
   *  the transaction (now()): a claim that waited on the slot lock while another task ended must not carry
   *  a start time from before that end. */
  async start(trx: Transaction<DB>, taskId: string, attempt: number): Promise<TaskRow | undefined> {
    return trx.updateTable('tasks')
      .set({ status: 'running', phase: 'starting', attempt, started_at: sql`clock_timestamp()` as any })
      .where('task_id', '=', taskId).where('status', '=', 'queued').where('cancel_requested_at', 'is', null)
      .returning(COLUMNS).executeTakeFirst();
  }

  /** A later attempt of the job takes over a running task whose worker died or was stopped. */
  async takeOver(taskId: string, attempt: number): Promise<TaskRow | undefined> {
    return this.db.updateTable('tasks').set({ attempt, phase: 'starting' })
      .where('task_id', '=', taskId).where('status', '=', 'running')
      .where((eb) => eb.or([eb('attempt', 'is', null), eb('attempt', '<', attempt)]))
      .returning(COLUMNS).executeTakeFirst();
  }

  async setPhase(taskId: string, attempt: number, phase: string): Promise<void> {
    await this.db.updateTable('tasks').set({ phase }).where('task_id', '=', taskId).where('status', '=', 'running').where('attempt', '=', attempt).execute();
  }

  /** The terminal move, only from the expected state; undefined when the task was no longer there. */
  async end(trx: Transaction<DB>, taskId: string, cond: EndCondition, ending: TaskEnding): Promise<TaskRow | undefined> {
    const { usage, answer, ...rest } = ending;
    let q = trx.updateTable('tasks')
      .set({ ...rest, ...(usage !== undefined ? { usage: usage === null ? null : JSON.stringify(usage) } : {}), ...(answer ? { answer: JSON.stringify(answer) } : {}), phase: null, finished_at: sql`clock_timestamp()` as any })
      .where('task_id', '=', taskId).where('status', 'in', cond.from);
    if (cond.attempt !== undefined) q = q.where('attempt', '=', cond.attempt);
    if (cond.notCancelRequested) q = q.where('cancel_requested_at', 'is', null);
    return q.returning(COLUMNS).executeTakeFirst();
  }

  /** Marks a cancel request on a live task (idempotent); undefined when not found in the organization. */
  async requestCancel(orgId: string, taskId: string): Promise<TaskRow | undefined> {
    await this.db.updateTable('tasks').set({ cancel_requested_at: sql`coalesce(cancel_requested_at, now())` as any })
      .where('org_id', '=', orgId).where('task_id', '=', taskId).where('status', 'in', ['queued', 'running']).execute();
    return this.findInOrg(orgId, taskId);
  }

  /** Queued tasks created before the cutoff (to expire). */
  async queuedBefore(cutoffMs: number, limit: number): Promise<TaskRow[]> {
    return this.db.selectFrom('tasks').select(COLUMNS).where('status', '=', 'queued')
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${cutoffMs / 1000})`)
      .orderBy('created_at').limit(limit).execute();
  }

  /** Every task id of a run (for its tombstones when the run is purged). */
  async taskIdsOfRun(trx: Transaction<DB>, runId: string): Promise<string[]> {
    const rows = await trx.selectFrom('tasks').select('task_id').where('run_id', '=', runId).execute();
    return rows.map((r) => r.task_id);
  }

  /** Delivered on commit: sync callers waiting on the task wake up, and idle workers look for queued tasks (its slot is free). */
  async notifyEnded(trx: Transaction<DB>, taskId: string): Promise<void> {
    await sql`select pg_notify(${CHANNELS.taskDone}, ${taskId}), pg_notify(${JobQueue.wakeChannel}, ${'task.run'})`.execute(trx);
  }

  /** Tells the worker running the task, on whichever process, that a cancel was requested. */
  async notifyCancel(taskId: string): Promise<void> {
    await sql`select pg_notify(${CHANNELS.taskCancel}, ${taskId})`.execute(this.db);
  }
}
