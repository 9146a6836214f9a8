// The `webhook.deliver` job (payload, policy, handler), and the delivery log's retention sweep. Each job is one attempt
// of one delivery. The attempt is recorded, and the next one enqueued (due after the next delay of
// FOLIO_WEBHOOK_RETRY_DELAYS_MS), in one transaction that is conditional on the attempt number, so a
// job delivered twice sends at most one extra request and never counts twice. Deliveries therefore
// survive restarts and crashes: the next attempt is a queued job, not a timer.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Job } from 'pg-boss';
import { Type, type Static } from 'typebox';
import type { Config } from '../config.ts';
import { withSessionPriority } from '../db/pglite-dialect.ts';
import type { DB } from '../db/schema.ts';
import { CHANNELS, type Notifications } from '../jobs/notifications.ts';
import { PeriodicTask } from '../jobs/periodic-task.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { BindWork, JobDefinition } from '../jobs/registry.ts';
import type { DeliveriesRepository, DeliveryRow } from './deliveries.repository.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';
import type { AttemptOutcome, WebhookSender } from './webhook-sender.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

export const WebhookDeliveryPayload = Type.Object({ delivery_id: Type.String({ pattern: '^dlv_' }), attempt: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** One attempt of one webhook delivery; the handler enqueues the next attempt when it must retry. */
    'webhook.deliver': Static<typeof WebhookDeliveryPayload>;
  }
}

const DAY = 86_400;

/** Retries due sooner than this get a local timer that wakes one of this process's workers on time. */
const WAKE_HORIZON_MS = 15 * 60_000;
const PURGE_BATCH = 1000;
/** Poll interval of the delivery slots after the first (they are woken when there is work). */
const IDLE_SLOT_POLL_SECONDS = 30;

export interface DeliveryWorkerDeps {
  config: Config;
  db: Kysely<DB>;
  jobs: JobQueue;
  notifications: Notifications;
  webhooks: WebhooksRepository;
  deliveries: DeliveriesRepository;
  dispatcher: WebhookDispatcher;
  sender: WebhookSender;
  log: FastifyBaseLogger;
}

export class DeliveryWorker {
  private readonly d: DeliveryWorkerDeps;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Queue workers (one per slot) not inside a delivery right now. */
  private readonly idle = new Set<string>();
  private unlisten: (() => void) | null = null;
  private started = false;
  /** The delivery log's retention sweep, every FOLIO_SWEEP_INTERVAL_MS wherever workers run. */
  readonly sweep: PeriodicTask;

  constructor(deps: DeliveryWorkerDeps) {
    this.d = deps;
    this.sweep = new PeriodicTask({ name: 'webhook log sweep', intervalMs: deps.config.runs.sweepIntervalMs, run: () => this.sweepOnce(), log: deps.log });
  }

  /** The `webhook.deliver` job, for the registry. */
  job(): JobDefinition<'webhook.deliver'> {
    return {
      name: 'webhook.deliver',
      payload: WebhookDeliveryPayload,
      policy: (config) => ({
        policy: 'standard',
        // pg-boss's notification would wake every delivery worker for each job; the dispatcher
        // wakes as many idle workers as it enqueued jobs instead (CHANNELS.webhookDue).
        notify: false,
        // Receiver failures are retried by the handler on the contract's schedule (each attempt is a new job);
        // these retries only cover a worker that died mid-attempt or a database error while recording.
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
        // Per job at send time from FOLIO_WEBHOOK_TIMEOUT_MS; this is only the fallback.
        expireInSeconds: 180,
        // A retry may wait for its due time for as long as the longest delay.
        retentionSeconds: Math.ceil(Math.max(0, ...config.webhooks.retryDelaysMs) / 1000) + DAY,
        deleteAfterSeconds: DAY,
      }),
      work: (config) => ({ localConcurrency: 1, pollingIntervalSeconds: config.runs.pollSeconds }),
      handler: (job) => this.handle(job),
      bind: (work) => this.bind(work),
    };
  }

  /** Binds one queue worker per FOLIO_WEBHOOK_CONCURRENCY slot and listens for due deliveries. */
  private async bind(work: BindWork<'webhook.deliver'>): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { pollSeconds } = this.d.config.runs;
    // One queue worker per slot, each told to fetch again as soon as it finishes a job: a pg-boss
    // worker otherwise waits for the next poll after every job, which caps a backlog of deliveries at
    // one per slot per FOLIO_QUEUE_POLL_SECONDS. New deliveries wake only as many idle workers as
    // there are deliveries, instead of every worker fetching for every job.
    const offDue = this.d.notifications.on(CHANNELS.webhookDue, (payload) => this.wake(Number(payload) || 1));
    // Notifications sent while the listener was reconnecting are lost: look for due deliveries now.
    const offReconnect = this.d.notifications.on('reconnect', () => this.wake(this.idle.size));
    this.unlisten = () => { offDue(); offReconnect(); };
    // Only the first slot polls at FOLIO_QUEUE_POLL_SECONDS; the others poll rarely, as a backstop, so
    // an idle process does not query the queue once per slot. A worker that gets a job wakes one more
    // idle worker, so a backlog (retries coming due together) still spreads over every slot at once.
    const backstop = Math.max(pollSeconds, IDLE_SLOT_POLL_SECONDS);
    for (let slot = 0; slot < this.d.config.webhooks.concurrency; slot++) {
      let workerId = '';
      // On PGlite, the worker's fetches and its handler's statements go ahead of queued task work
      // (src/db/pglite-dialect.ts): a burst of tasks must not hold deliveries back.
      workerId = await withSessionPriority(() => work({ localConcurrency: 1, pollingIntervalSeconds: slot === 0 ? pollSeconds : backstop }, async (job) => {
        this.idle.delete(workerId);
        this.wake(1);
        try {
          await this.handle(job);
        } finally {
          this.idle.add(workerId);
          this.d.jobs.boss.notifyWorker(workerId);
        }
      }));
      this.idle.add(workerId);
    }
  }

  /** Started with the workers (after the job is bound): the log's retention sweep. */
  start(): void {
    this.sweep.start();
  }

  /** Stops listening, the local wake-up timers and the sweep (the queue's own stop drains running deliveries). */
  async stop(): Promise<void> {
    this.started = false;
    this.unlisten?.();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.sweep.stop();
  }

  async handle(job: Job<{ delivery_id: string; attempt: number }>): Promise<void> {
    const { delivery_id, attempt } = job.data;
    const delivery = await this.d.deliveries.findForWorker(delivery_id);
    // A stale copy: already recorded by another copy of this job, or the delivery ended.
    if (!delivery || delivery.status !== 'pending' || delivery.attempts !== attempt - 1) return;
    // No secret: the subscription was deleted (and its secret erased) after this job was queued.
    if (!delivery.secret) return void (await this.d.deliveries.cancel(delivery_id));
    const outcome = await this.d.sender.send(delivery.url, delivery.secret, delivery.event, delivery.body, delivery.redelivery_of ?? delivery.delivery_id);
    const next = await this.record(delivery, attempt, outcome, this.d.config.webhooks.retryDelaysMs);
    if (next) this.wakeAt(next);
  }

  /** Records an attempt; returns when the next one is due, or null when delivery is over. */
  async record(delivery: DeliveryRow, attempt: number, out: AttemptOutcome, delays: readonly number[]): Promise<Date | null> {
    const retry = out.verdict === 'retry' && attempt <= delays.length;
    const nextAt = retry ? new Date(Date.now() + delays[attempt - 1]) : null;
    const status = out.verdict === 'succeeded' ? 'succeeded' : retry ? 'pending' : 'failed';
    const recorded = await this.d.db.transaction().execute(async (trx) => {
      const ok = await this.d.deliveries.recordAttempt(trx, delivery.org_id, {
        delivery_id: delivery.delivery_id,
        attempt,
        started_at: out.startedAt,
        latency_ms: out.latencyMs,
        status_code: out.statusCode,
        error: out.error,
        response_body: out.responseBody,
        response_truncated: out.truncated,
        outcome: out.verdict === 'succeeded' ? 'succeeded' : retry ? 'retrying' : 'failed',
        next_attempt_at: nextAt,
        remaining_delays_ms: retry ? delays.slice(attempt - 1) : [],
      }, { status, next_attempt_at: nextAt });
      if (ok && nextAt) await this.d.dispatcher.schedule(trx, delivery.delivery_id, attempt + 1, nextAt);
      return ok;
    });
    return recorded ? nextAt : null;
  }

  /** Makes up to `count` idle delivery workers of this process fetch now. */
  private wake(count: number): void {
    for (const id of [...this.idle].slice(0, count)) this.d.jobs.boss.notifyWorker(id);
  }

  /**
   * Idle workers poll every FOLIO_QUEUE_POLL_SECONDS; a retry due sooner would wait for the next poll.
   * This process enqueued it, so at its due time one of its own workers fetches it.
   */
  private wakeAt(at: Date): void {
    const ms = at.getTime() - Date.now();
    if (ms > WAKE_HORIZON_MS || !this.started) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.wake(1);
    }, Math.max(0, ms) + 5);
    timer.unref();
    this.timers.add(timer);
  }

  /** Purges deliveries (with their attempts) and deleted subscriptions older than the log retention. */
  async sweepOnce(): Promise<{ deliveries: number; webhooks: number }> {
    const before = new Date(Date.now() - this.d.config.webhooks.logRetentionMs);
    let deliveries = 0;
    for (let n = PURGE_BATCH; n === PURGE_BATCH;) deliveries += n = await this.d.deliveries.purgeBefore(before, PURGE_BATCH);
    let webhooks = 0;
    for (let n = PURGE_BATCH; n === PURGE_BATCH;) webhooks += n = await this.d.webhooks.purgeDeleted(before, PURGE_BATCH);
    if (deliveries || webhooks) this.d.log.info({ deliveries, webhooks }, 'webhook log sweep');
    return { deliveries, webhooks };
  }
}
