// The terminal moves of a task. Each is one transaction that moves the task (conditionally, so it
// happens at most once), moves its run, settles its credits, writes the artifact version and the
// run.completed / run.failed event, and notifies waiters and idle workers (the slot is free). On PGlite
// these transactions go ahead of queued work (a burst must not delay the terminal events).
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import { newId } from '../ids.ts';
import { withSessionPriority } from '../db/pglite-dialect.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { StoredBlob } from '../storage/blob-store.ts';
import type { RunEvent, RunEventsRepository } from './run-events.repository.ts';
import type { RunLinks } from './run-links.ts';
import type { RunsRepository } from './runs.repository.ts';
import type { EndCondition, TaskRow, TasksRepository } from './tasks.repository.ts';

export interface StoredArtifact extends StoredBlob {
  blob_key: string;
  content_type: string;
  file_name: string;
  /** The document's title, when the file was named after it. */
  title: string | null;
}

export interface Completion {
  attempt: number;
  artifact: StoredArtifact | null;
  summary: string;
  credits: number;
  usage: Record<string, unknown> | null;
  /** Ask mode: the structured answer. */
  answer?: Record<string, unknown> | null;
  agentName: string;
}

/** Records a completed task's model usage in its terminal transaction (src/llm: usage rows and monthly totals). */
export type UsageRecorder = (trx: Transaction<DB>, task: TaskRow, usage: Record<string, unknown>) => Promise<void>;

export interface TaskFailure {
  code: string;
  message: string;
}

export class TaskFinalizer {
  private readonly config: Config;
  private readonly db: Kysely<DB>;
  private readonly tasks: TasksRepository;
  private readonly runs: RunsRepository;
  private readonly credits: CreditsService;
  private readonly events: RunEventsRepository;
  private readonly links: RunLinks;
  private readonly recordUsage: UsageRecorder | null;
  private readonly jobs: JobQueue;

  constructor(config: Config, db: Kysely<DB>, tasks: TasksRepository, runs: RunsRepository, credits: CreditsService, events: RunEventsRepository, links: RunLinks, jobs: JobQueue, recordUsage: UsageRecorder | null = null) {
    this.config = config;
    this.db = db;
    this.tasks = tasks;
    this.runs = runs;
    this.credits = credits;
    this.events = events;
    this.links = links;
    this.jobs = jobs;
    this.recordUsage = recordUsage;
  }

  /** running -> completed, unless a cancel was requested first. undefined when the task had moved on. */
  async complete(task: TaskRow, given: Completion): Promise<TaskRow | undefined> {
    // Text an agent produced may end inside a surrogate pair (a cut made in UTF-16 units): PostgreSQL
    // refuses such JSON and a URL cannot encode it, so it is made well-formed before it goes anywhere.
    const c: Completion = {
      ...given,
      summary: given.summary.toWellFormed(),
      artifact: given.artifact ? { ...given.artifact, file_name: given.artifact.file_name.toWellFormed() } : null,
    };
    const charge = Math.max(0, Math.min(Math.floor(c.credits), task.reserved_credits));
    const downloadUrl = await this.links.download(c.artifact);
    const occurredAt = new Date();
    return withSessionPriority(() => this.db.transaction().execute(async (trx) => {
      const versionId = c.artifact ? newId('ver') : null;
      const ended = await this.tasks.end(trx, task.task_id, { from: ['running'], attempt: c.attempt, notCancelRequested: true }, {
        status: 'completed', summary: c.summary, credits_used: charge, usage: c.usage, answer: c.answer ?? null, agent_name: c.agentName, version_id: versionId,
      });
      if (!ended) return undefined;
      if (c.artifact && versionId) {
        await this.runs.insertVersion(trx, {
          version_id: versionId, run_id: task.run_id, org_id: task.org_id, task_id: task.task_id,
          blob_key: c.artifact.blob_key, content_type: c.artifact.content_type, file_name: c.artifact.file_name, title: c.artifact.title, size: c.artifact.size, sha256: c.artifact.sha256,
        });
      }
      // An ask or an async outline on a run without a document has nothing for the editor to open.
      const current = await this.runs.followTask(trx, task.run_id, task.task_id, 'completed', versionId ?? undefined, this.config.runs.retentionMs);
      await this.credits.settle(trx, task, charge);
      if (c.usage && this.recordUsage) await this.recordUsage(trx, task, c.usage);
      await this.publish(trx, {
        org_id: task.org_id, type: 'run.completed', run_id: task.run_id, task_id: task.task_id, webhook_url: task.webhook_url,
        payload: {
          event: 'run.completed', run_id: task.run_id, task_id: task.task_id, agent_name: c.agentName, format: task.format, status: 'completed',
          download_url: downloadUrl, edit_url: current ? await this.links.edit(task.org_id, task.run_id, trx) : null, summary: c.summary, occurred_at_ms: occurredAt.getTime(),
        },
      }, occurredAt);
      await this.tasks.notifyEnded(trx, task.task_id);
      return ended;
    }));
  }

  /** -> failed, with the error every poller and the run.failed event carry. */
  async fail(task: TaskRow, cond: EndCondition, given: TaskFailure, agentName: string): Promise<TaskRow | undefined> {
    const error = { code: given.code, message: given.message.toWellFormed() };
    const occurredAt = new Date();
    return withSessionPriority(() => this.db.transaction().execute(async (trx) => {
      const ended = await this.tasks.end(trx, task.task_id, cond, { status: 'failed', error_code: error.code, error_message: error.message, agent_name: agentName, credits_used: 0 });
      if (!ended) return undefined;
      await this.runs.followTask(trx, task.run_id, task.task_id, 'failed', undefined, this.config.runs.retentionMs);
      await this.credits.settle(trx, task, 0);
      await this.publish(trx, {
        org_id: task.org_id, type: 'run.failed', run_id: task.run_id, task_id: task.task_id, webhook_url: task.webhook_url,
        payload: {
          event: 'run.failed', run_id: task.run_id, task_id: task.task_id, agent_name: agentName, format: task.format,
          error: { code: error.code, message: error.message }, occurred_at_ms: occurredAt.getTime(),
        },
      }, occurredAt);
      await this.tasks.notifyEnded(trx, task.task_id);
      return ended;
    }));
  }

  /** -> cancelled (queued, or running under `attempt`). No event: the contract (docs/reference/api-contract.md) fires none for cancellation. */
  async cancel(task: TaskRow, cond: EndCondition): Promise<TaskRow | undefined> {
    return this.endQuietly(task, cond, 'cancelled');
  }

  /** queued -> expired (queued longer than FOLIO_TASK_QUEUED_EXPIRY_HOURS). */
  async expire(task: TaskRow): Promise<TaskRow | undefined> {
    return this.endQuietly(task, { from: ['queued'] }, 'expired');
  }

  /**
   * The outbox: the event's row and its `run.event` job are written in the terminal transaction, so the
   * event's webhooks go out once it commits (the webhooks module handles the job) and never for one
   * that rolled back.
   */
  private async publish(trx: Transaction<DB>, event: RunEvent, occurredAt: Date): Promise<void> {
    const event_id = await this.events.insert(trx, event, occurredAt);
    await this.jobs.send('run.event', { ...event, event_id, webhook_url: event.webhook_url ?? null }, { trx });
  }

  private async endQuietly(task: TaskRow, cond: EndCondition, status: 'cancelled' | 'expired'): Promise<TaskRow | undefined> {
    return withSessionPriority(() => this.db.transaction().execute(async (trx) => {
      const ended = await this.tasks.end(trx, task.task_id, cond, { status, credits_used: 0 });
      if (!ended) return undefined;
      await this.runs.followTask(trx, task.run_id, task.task_id, status, undefined, this.config.runs.retentionMs);
      await this.credits.settle(trx, task, 0);
      await this.tasks.notifyEnded(trx, task.task_id);
      return ended;
    }));
  }
}
