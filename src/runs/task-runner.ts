// The `task.run` job handler: claim a concurrency slot (or take over a task whose worker died), run
// the format's agent under the task's timeout and cancellation, store the document as a new version,
// and finalize. The job is delivered at least once; the task ends exactly once, because each attempt
// holds the task under its own attempt number and every terminal move is conditional on it.
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Job } from 'pg-boss';
import type { Tier } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { AppError, ERROR_STATUS } from '../errors.ts';
import { asStorageFull } from '../storage/disk-full.ts';
import { CHANNELS, type Notifications } from '../jobs/notifications.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { FORMAT_LABEL, type AgentRegistry, type AgentResult, type AgentRunner, type CurrentArtifact } from './agents.ts';
import { deleteBlobs, putArtifact } from './artifact-writes.ts';
import { artifactBlobKey } from './run-links.ts';
import type { RunsRepository } from './runs.repository.ts';
import type { GenerateRequest } from './runs.schemas.ts';
import type { SlotGate } from './slot-gate.ts';
import type { StoredArtifact, TaskFinalizer } from './task-finalizer.ts';
import type { TaskEventsRepository } from './task-events.repository.ts';
import { newJobId, sendTaskJob } from './task-jobs.ts';
import { TaskProgress } from './task-progress.ts';
import { isTerminal, type TaskRow, type TasksRepository } from './tasks.repository.ts';

const CANCEL_POLL_MS = 1000;
const REQUEUE_DELAY_MS = 1000;

class TaskMovedOn extends Error {}

type StopReason = 'timeout' | 'cancel' | 'shutdown';

class TaskStopped extends Error {
  readonly reason: StopReason;
  constructor(reason: StopReason) {
    super(`task stopped: ${reason}`);
    this.reason = reason;
  }
}

export interface TaskRunnerDeps {
  db: Kysely<DB>;
  jobs: JobQueue;
  tasks: TasksRepository;
  runs: RunsRepository;
  slots: SlotGate;
  finalizer: TaskFinalizer;
  agents: AgentRegistry;
  blobs: BlobStore;
  notifications: Notifications;
  events: TaskEventsRepository;
  log: FastifyBaseLogger;
}

export class TaskRunner {
  private readonly d: TaskRunnerDeps;

  constructor(deps: TaskRunnerDeps) {
    this.d = deps;
  }

  async handle(job: Job<{ task_id: string }>): Promise<void> {
    const attempt = job.retryCount;
    let task = await this.d.tasks.findForWorker(job.data.task_id);
    // Only the task's current job acts on it (an older one was replaced when a claim found no slot).
    if (!task || isTerminal(task.status) || (task.job_id !== null && task.job_id !== job.id)) return;
    if (task.status === 'queued') {
      if (task.cancel_requested_at) return void (await this.d.finalizer.cancel(task, { from: ['queued'] }));
      const outcome = await this.d.slots.tryAcquire(task, attempt);
      if ('full' in outcome) return this.requeue(task, job.id, outcome.tier);
      if ('gone' in outcome) {
        const now = await this.d.tasks.findForWorker(task.task_id);
        if (now?.status === 'queued' && now.cancel_requested_at) await this.d.finalizer.cancel(now, { from: ['queued'] });
        return;
      }
      task = outcome.started;
    } else {
      task = await this.d.tasks.takeOver(task.task_id, attempt);
      if (!task) return;
      this.d.log.info({ task_id: task.task_id, attempt }, 'taking over a task whose worker stopped');
      void this.dropEarlierAttempts(task, attempt);
    }
    const held = { from: ['running' as const], attempt };
    const agent = this.d.agents.forRequest(task.format, task.request);
    if (!agent) {
      await this.d.finalizer.fail(task, held, { code: 'not_implemented', message: `${FORMAT_LABEL[task.format]} generation is not available on this deployment: no agent is installed for it.` }, `${task.format}-agent`);
      return;
    }
    if (task.cancel_requested_at) return void (await this.d.finalizer.cancel(task, held));
    const remaining = task.timeout_ms - (Date.now() - task.started_at!.getTime());
    if (remaining <= 0) return void (await this.d.finalizer.fail(task, held, timeoutError(task), agent.name));
    await this.execute(task, attempt, agent, job.signal, remaining);
  }

  /**
   * No slot was free after all (two workers claimed at the same instant). Waiting here would hold the
   * claim, and with it the organization's place in the queue's own limit, possibly blocking the very
   * task whose slot this one waits for; so the job is replaced by one that becomes due in a moment.
   */
  private async requeue(task: TaskRow, jobId: string, tier: Tier): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      const next = newJobId();
      if (!(await this.d.tasks.replaceJob(trx, task.task_id, jobId, next))) throw new TaskMovedOn();
      await sendTaskJob(this.d.jobs, trx, task, tier, next, new Date(Date.now() + REQUEUE_DELAY_MS));
    }).catch((err) => { if (!(err instanceof TaskMovedOn)) throw err; });
  }

  /** The dead-letter handler: the task's job ran out of attempts, every one interrupted. */
  async handleDead(job: Job<{ task_id: string }>): Promise<void> {
    const task = await this.d.tasks.findForWorker(job.data.task_id);
    if (!task || isTerminal(task.status) || !task.job_id) return;
    if ((await this.d.jobs.boss.getJobById('task.run', task.job_id))?.state !== 'failed') return; // a stale copy
    this.d.log.error({ task_id: task.task_id }, 'task given up after repeated worker failures');
    await this.d.finalizer.fail(task, { from: ['queued', 'running'] }, {
      code: 'internal_error',
      message: 'The task was interrupted on every attempt (its workers stopped or crashed) and was given up. Its credits were released; retry the request.',
    }, this.d.agents.forRequest(task.format, task.request)?.name ?? `${task.format}-agent`);
  }

  private async execute(task: TaskRow, attempt: number, agent: AgentRunner, jobSignal: AbortSignal, remainingMs: number): Promise<void> {
    const held = { from: ['running' as const], attempt };
    const controller = new AbortController();
    const stop = (reason: StopReason) => { if (!controller.signal.aborted) controller.abort(new TaskStopped(reason)); };
    const timer = setTimeout(() => stop('timeout'), remainingMs);
    const onShutdown = () => stop('shutdown');
    jobSignal.addEventListener('abort', onShutdown, { once: true });
    const offCancel = this.d.notifications.on(CHANNELS.taskCancel, (id) => { if (id === task.task_id) stop('cancel'); });
    const poll = setInterval(() => {
      this.d.tasks.isCancelRequested(task.task_id).then((yes) => { if (yes) stop('cancel'); }, () => {});
    }, CANCEL_POLL_MS);
    let result: AgentResult;
    // The task's progress events; written out before any terminal move, so a stream that sees the task
    // ended has already seen every step.
    const progress = new TaskProgress(this.d.events, task, this.d.log);
    try {
      await progress.phase('starting');
      const current = await this.currentArtifact(task);
      const run = this.runAgent(agent, task, attempt, current, controller.signal, progress);
      result = await abortable(run, controller.signal);
    } catch (err) {
      await progress.close();
      const reason = err instanceof TaskStopped ? err.reason : controller.signal.aborted ? (controller.signal.reason as TaskStopped).reason : null;
      if (reason === 'shutdown') throw err; // the queue hands the job to another worker, which takes over
      if (reason === 'timeout') return void (await this.d.finalizer.fail(task, held, timeoutError(task), agent.name));
      if (reason === 'cancel') return void (await this.d.finalizer.cancel(task, held));
      this.d.log.warn({ err, task_id: task.task_id }, 'agent failed');
      return void (await this.d.finalizer.fail(task, held, agentError(err, task), agent.name));
    } finally {
      clearTimeout(timer);
      clearInterval(poll);
      offCancel();
      jobSignal.removeEventListener('abort', onShutdown);
    }
    try {
      await this.finish(task, attempt, agent, result, progress);
    } catch (err) {
      await progress.close();
      // Recording a finished document failed. If the failure can be recorded, the task ends here, once:
      // rethrowing would make the queue retry it as if this worker had died, with the same outcome.
      this.d.log.error({ err, task_id: task.task_id }, 'could not record the finished task');
      const failed = await this.d.finalizer.fail(task, held, {
        code: 'internal_error',
        message: `The ${FORMAT_LABEL[task.format]} document was produced but could not be recorded. Its credits were released; retry the request, and quote the task_id when reporting it.`,
      }, agent.name).catch(() => null);
      if (failed === null) throw err; // the database itself is failing: another attempt may succeed
    }
  }

  private runAgent(agent: AgentRunner, task: TaskRow, attempt: number, current: CurrentArtifact | null, signal: AbortSignal, progress: TaskProgress): Promise<AgentResult> {
    const request = task.request as GenerateRequest;
    return agent.run({
      task: { task_id: task.task_id, run_id: task.run_id, org_id: task.org_id, format: task.format, mode: task.mode, timeout_ms: task.timeout_ms, attempt },
      run: { run_id: task.run_id, format: task.format, file_name: request.file_name ?? current?.fileName ?? null, resumed: request.run_id !== undefined },
      request,
      current,
      creditBudget: task.reserved_credits,
      reportPhase: async (phase) => {
        await this.d.tasks.setPhase(task.task_id, attempt, phase);
        await progress.phase(phase);
      },
      progress,
      signal,
    });
  }

  private async finish(task: TaskRow, attempt: number, agent: AgentRunner, result: AgentResult, progress: TaskProgress): Promise<void> {
    let stored: StoredArtifact | null = null;
    if (result.artifact) {
      await this.d.tasks.setPhase(task.task_id, attempt, 'saving');
      await progress.phase('saving');
      const key = artifactBlobKey(task.org_id, task.run_id, task.task_id, attempt);
      const given = (task.request as GenerateRequest).file_name;
      const fileName = given ?? result.artifact.fileName;
      const body = Buffer.isBuffer(result.artifact.body) ? result.artifact.body : null;
      try {
        const blob = await putArtifact(this.d.blobs, key, body ?? (result.artifact.body as Readable), { contentType: result.artifact.contentType });
        stored = { ...blob, blob_key: key, content_type: result.artifact.contentType, file_name: fileName, title: given ? null : result.artifact.title ?? null };
      } catch (err) {
        this.d.log.error({ err, task_id: task.task_id }, 'could not store the document');
        const full = asStorageFull(err);
        const failure = full ? { code: full.code, message: full.message } : { code: 'upstream_error', message: 'The document was produced but could not be stored. Retry the request.' };
        await progress.close();
        return void (await this.d.finalizer.fail(task, { from: ['running'], attempt }, failure, agent.name));
      }
    }
    await progress.close();
    const ended = await this.d.finalizer.complete(task, {
      attempt, artifact: stored, summary: result.summary, credits: result.credits, usage: result.usage ?? null, answer: result.answer ?? null, agentName: agent.name,
    });
    if (ended) {
      // Bytes of attempts that died after their upload: deleted at takeover too, but that try can meet
      // an outage of the store or die with its process; the attempt that completes makes sure.
      if (attempt > 0) await this.dropEarlierAttempts(task, attempt);
      return;
    }
    // Not completed: a cancel won the race, or (after a lost lease) a newer attempt holds the task.
    // This attempt's bytes belong to no version, so they go.
    if (stored) await this.d.blobs.delete(stored.blob_key).catch(() => {});
    const now = await this.d.tasks.findForWorker(task.task_id);
    if (now?.status === 'running' && now.attempt === attempt && now.cancel_requested_at) await this.d.finalizer.cancel(now, { from: ['running'], attempt });
  }

  /** Removes what attempts before `attempt` stored (no version names it), retrying through a store outage. */
  private async dropEarlierAttempts(task: TaskRow, attempt: number): Promise<void> {
    const keys = Array.from({ length: attempt }, (_, a) => artifactBlobKey(task.org_id, task.run_id, task.task_id, a));
    if (!(await deleteBlobs(this.d.blobs, keys))) this.d.log.warn({ task_id: task.task_id, keys }, 'could not delete the bytes of earlier attempts');
  }

  private async currentArtifact(task: TaskRow): Promise<CurrentArtifact | null> {
    if ((task.request as GenerateRequest).run_id === undefined) return null; // a new run has no document yet
    const run = await this.d.runs.findInOrg(task.org_id, task.run_id);
    const version = run?.current_version_id ? await this.d.runs.findVersion(run.current_version_id) : undefined;
    if (!version) return null;
    const open = async () => (await this.d.blobs.get(version.blob_key)).body;
    return {
      version: version.version,
      contentType: version.content_type,
      fileName: version.file_name,
      title: version.title,
      size: version.size,
      open,
      bytes: async () => Buffer.concat(await (await open()).toArray()),
    };
  }
}

/** Resolves with the agent, or rejects as soon as the signal aborts, even if the agent ignores it. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function timeoutError(task: TaskRow) {
  return { code: 'task_timeout', message: `The task ran longer than its timeout_ms of ${task.timeout_ms} ms and was stopped.` };
}

function agentError(err: unknown, task: TaskRow) {
  if (err instanceof AppError && err.code in ERROR_STATUS) return { code: err.code, message: err.message };
  const limit = engineLimit(err);
  if (limit) return { code: 'validation_error', message: `The request made the ${FORMAT_LABEL[task.format]} renderer exceed its limits (${limit}). Simplify or shorten the input (very long words, deeply nested lists or tables) and retry; the task was not charged.` };
  return { code: 'internal_error', message: `The ${FORMAT_LABEL[task.format]} agent failed unexpectedly. Retry the request; quote the task_id when reporting it.` };
}

/**
 * Failures where the input drove the engine past a JavaScript limit: runaway recursion, a string or
 * array too long to build. They are the request's doing (422), not the worker's, and retrying gives
 * the same result. (A real heap exhaustion ends the process; see docs/architecture/crash-isolation.md.)
 */
function engineLimit(err: unknown): string | null {
  if (!(err instanceof RangeError)) return null;
  if (/call stack/i.test(err.message)) return 'its content is nested or recursive beyond the call stack';
  if (/string length|array length|allocation failed|buffer/i.test(err.message)) return 'its content is larger than the renderer can hold';
  return null;
}
