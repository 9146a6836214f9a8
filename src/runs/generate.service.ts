// POST /{word,excel,slides}/generate: checks (agent installed, credits, references, resumed run),
// idempotency, then one transaction that claims the idempotency key, creates or resumes the run,
// creates the task, reserves its credits and enqueues its job. Sync callers are then held until the
// task ends or the ceiling passes; async callers get the task at once.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config, Format } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import { AppError, ERROR_STATUS, errors, type ErrorCode } from '../errors.ts';
import { generationUrls, type UrlPolicy } from '../net/url-policy.ts';
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import { newId } from '../ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { FORMAT_LABEL, RUNNER_FIELD, type AgentRegistry } from './agents.ts';
import type { IdempotencyRepository } from './idempotency.repository.ts';
import type { ReferenceChecker } from './references.ts';
import type { RunLinks } from './run-links.ts';
import type { RunsRepository } from './runs.repository.ts';
import { runNotFound } from './runs.service.ts';
import type { FormatRequestField, GenerateRequest } from './runs.schemas.ts';
import { newJobId, sendTaskJob } from './task-jobs.ts';
import type { TaskWaiter } from './task-waiter.ts';
import type { TaskRow, TasksRepository } from './tasks.repository.ts';

class KeyTaken extends Error {}

export interface GenerateOutcome {
  task: TaskRow;
  /** true: answer 202 (async request); false: the task ended and completed. */
  accepted: boolean;
  /** true: an earlier request with the same idempotency key created this task. */
  replayed: boolean;
}

export interface GenerateDeps {
  config: Config;
  db: Kysely<DB>;
  agents: AgentRegistry;
  credits: CreditsService;
  references: ReferenceChecker;
  runs: RunsRepository;
  tasks: TasksRepository;
  idempotency: IdempotencyRepository;
  jobs: JobQueue;
  waiter: TaskWaiter;
  links: RunLinks;
  /** The URL policy (src/net/url-policy.ts): refuses a webhook_url or logo_url it forbids (422), before any work. */
  urls?: UrlPolicy;
  /** Refuses a request whose content cannot be fulfilled (400 preflight_failed), after the balance and reference checks. */
  preflight?: (format: Format, body: GenerateRequest) => void;
  /** The template a request uses (its template_id, else the organization's default for a new document; src/templates). */
  templates?: TemplateResolver;
  /** Generate-body fields only one format reads (a 422 on the others' calls). */
  requestFields?: Readonly<Record<string, FormatRequestField>>;
}

/** A template version a run is made from; recorded on the run and in the task's request. */
export interface ResolvedTemplate { template_id: string; version: number }

export interface TemplateResolver {
  resolve(orgId: string, format: Format, body: GenerateRequest): Promise<ResolvedTemplate | null>;
  /** The task request's field carrying the version. */
  versionField: string;
}

/** What must match for a reused idempotency key: the whole body except `async` (and the key itself). */
export function fingerprint(format: Format, body: GenerateRequest): string {
  const { async: _async, idempotency_key: _key, ...rest } = body;
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical)
      : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return createHash('sha256').update(JSON.stringify([format, canonical(rest)])).digest('hex');
}

export class GenerateService {
  private readonly d: GenerateDeps;

  constructor(deps: GenerateDeps) {
    this.d = deps;
  }

  /** 501 while no agent is installed for the format (or the runner the request names is not registered). */
  assertAvailable(format: Format, body: object = {}): void {
    if (!this.d.agents.forRequest(format, body)) {
      throw errors.notImplemented(`${FORMAT_LABEL[format]} generation is not available on this deployment yet: no ${FORMAT_LABEL[format]} agent is installed.`);
    }
  }

  async generate(key: KeyWithOrg, format: Format, body: GenerateRequest, receivedAt = Date.now()): Promise<GenerateOutcome> {
    this.assertAvailable(format, body);
    const print = body.idempotency_key ? fingerprint(format, body) : null;
    let task = body.idempotency_key ? await this.replay(key.org_id, body.idempotency_key, print!) : undefined;
    let replayed = task !== undefined;
    if (!task) {
      const template = await this.check(key.org_id, format, body);
      try {
        task = await this.create(key, format, body, print, template);
      } catch (err) {
        if (!(err instanceof KeyTaken)) throw err;
        task = await this.replay(key.org_id, body.idempotency_key!, print!);
        if (!task) throw errors.conflict('A request with this idempotency_key is being processed; retry in a moment.');
        replayed = true;
      }
    }
    if (body.async) return { task, accepted: true, replayed };
    const ended = await this.d.waiter.untilEnded(key.org_id, task.task_id, receivedAt + this.d.config.runs.syncCeilingMs);
    if (!ended) throw this.ceilingReached(task);
    return { task: this.assertCompleted(ended), accepted: false, replayed };
  }

  /**
   * The checks of a new generation request, in order, without doing any work: balance (402), references
   * (404; an init_file the format cannot open, 422), the resumed run (404/409/410), then the content
   * (400 preflight_failed). POST /preflight runs them too.
   */
  async check(orgId: string, format: Format, body: GenerateRequest): Promise<ResolvedTemplate | null> {
    for (const [name, field] of Object.entries(this.d.requestFields ?? {})) {
      if ((body as Record<string, unknown>)[name] !== undefined && field.format !== format) throw errors.validation([{ loc: ['body', name], msg: field.elsewhere, type: 'value_error' }]);
    }
    await this.d.urls?.check(generationUrls(body));
    await this.d.credits.assertCanStart(orgId, format);
    await this.d.references.assertExist(orgId, body, format);
    if (body.run_id) await this.assertResumable(orgId, body.run_id, format);
    // Engine runners (project reports) write their own fixed design.
    const template = this.d.templates && !(RUNNER_FIELD in body) ? await this.d.templates.resolve(orgId, format, body) : null;
    this.d.preflight?.(format, body);
    return template;
  }

  /** The task of a live idempotency record; 409 when the key was used with another body. */
  private async replay(orgId: string, idemKey: string, print: string): Promise<TaskRow | undefined> {
    const record = await this.d.idempotency.find(orgId, idemKey);
    if (!record) return undefined;
    if (record.fingerprint !== print) {
      throw errors.conflict('This idempotency_key was already used with a different request body. Use a new key for a different request.');
    }
    return this.d.tasks.findInOrg(orgId, record.task_id);
  }

  private async assertResumable(orgId: string, runId: string, format: Format): Promise<void> {
    const run = await this.d.runs.findInOrg(orgId, runId);
    if (!run) {
      if (await this.d.runs.tombstone(orgId, runId)) throw new AppError('gone', `Run ${runId} has expired and was deleted after the retention period.`);
      throw runNotFound(runId);
    }
    if (run.retain_until.getTime() <= Date.now()) throw new AppError('gone', `Run ${runId} has expired and is being deleted after the retention period.`);
    if (run.format !== format) throw errors.conflict(`Run ${runId} is a ${FORMAT_LABEL[run.format]} run; resume it with POST /${run.format}/generate.`);
    if (run.status === 'pending' || run.status === 'running') throw errors.conflict(`Run ${runId} has a task in progress (${run.current_task_id}); wait for it to end before resuming the run.`);
  }

  private async create(key: KeyWithOrg, format: Format, body: GenerateRequest, print: string | null, template: ResolvedTemplate | null): Promise<TaskRow> {
    const taskId = newId('task');
    const runId = body.run_id ?? newId('run');
    const reserved = this.d.credits.minimumFor(format);
    const timeoutMs = body.timeout_ms ?? 905_000;
    const cfg = this.d.config.runs;
    return this.d.db.transaction().execute(async (trx) => {
      // First, so a concurrent request with the same key waits here and does no other work.
      if (body.idempotency_key && !(await this.d.idempotency.claim(trx, { org_id: key.org_id, idem_key: body.idempotency_key, fingerprint: print!, task_id: taskId, run_id: runId }, cfg.idempotencyTtlMs))) {
        throw new KeyTaken();
      }
      if (body.run_id) {
        const resumed = await this.d.runs.resume(trx, key.org_id, runId, taskId, body.file_name ?? null, cfg.retentionMs);
        if (!resumed) throw errors.conflict(`Run ${runId} has a task in progress; wait for it to end before resuming the run.`);
      } else {
        await this.d.runs.insert(trx, { run_id: runId, org_id: key.org_id, format, current_task_id: taskId, file_name: body.file_name ?? null, template_id: template?.template_id ?? null, template_version: template?.version ?? null }, cfg.retentionMs);
      }
      // The task opens exactly the template version resolved now, whatever is uploaded meanwhile.
      const request = template ? { ...body, template_id: template.template_id, [this.d.templates!.versionField]: template.version } : body;
      const task = await this.d.tasks.insert(trx, {
        task_id: taskId, run_id: runId, org_id: key.org_id, format, request: request as Record<string, unknown>, mode: body.mode ?? 'action',
        timeout_ms: timeoutMs, reserved_credits: reserved, webhook_url: body.webhook_url ?? null, job_id: newJobId(),
      });
      await this.d.credits.reserve(trx, { org_id: key.org_id, task_id: taskId, run_id: runId, reserved_credits: reserved, format });
      await sendTaskJob(this.d.jobs, trx, task, key.tier, task.job_id!);
      return task;
    });
  }

  private ceilingReached(task: TaskRow): AppError {
    const seconds = Math.round(this.d.config.runs.syncCeilingMs / 100) / 10;
    return new AppError('sync_timeout_upgrade_async',
      `The task did not finish within the ${seconds} s synchronous ceiling (or the server is restarting); it keeps running. Poll poll_url, or resubmit with async: true and the same idempotency_key to get this task.`,
      { body: { task_id: task.task_id, run_id: task.run_id, poll_url: this.d.links.poll(task.task_id) } });
  }

  /** A sync call answers 200 only for a completed task; any other end is an error carrying the ids. */
  private assertCompleted(task: TaskRow): TaskRow {
    const ids = { body: { task_id: task.task_id, run_id: task.run_id } };
    switch (task.status) {
      case 'completed':
        return task;
      case 'failed': {
        const code = (task.error_code && task.error_code in ERROR_STATUS ? task.error_code : 'internal_error') as ErrorCode;
        const message = task.error_message ?? 'The task failed.';
        // A task fails with validation_error when its input drove the renderer past a limit: the prompt is at fault.
        if (code === 'validation_error') throw new AppError(code, message, { ...ids, detail: [{ loc: ['body', 'prompt'], msg: message, type: 'engine_limit' }] });
        throw new AppError(code, message, ids);
      }
      case 'cancelled':
        throw new AppError('conflict', 'The task was cancelled before it finished.', ids);
      default:
        throw new AppError('gone', 'The task expired in the queue before it could start.', ids);
    }
  }
}
