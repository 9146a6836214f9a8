// The job registry: every job Folio queues is defined beside the module that handles it, as
// `{ name, payload, policy, work, handler }`, and registered here when the module is built. The queue
// creates every registered queue with its policy when it starts (jobs/queue.ts), checks each payload
// against its schema, and the one binder (jobs/worker.ts) binds every handler wherever workers run.
import type { Job, Queue, WorkOptions } from 'pg-boss';
import type { TSchema } from 'typebox';
import type { Config } from '../config.ts';

/**
 * Job name -> payload, one union for `send` and `work`. Empty here: each module's job file adds its
 * own jobs (`declare module '../jobs/registry.ts' { interface JobPayloads { ... } }`), beside their
 * schemas, so a name and its payload type live with the handler and tsc still checks every send.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = keyof JobPayloads;
export type JobHandler<N extends JobName> = (job: Job<JobPayloads[N]>) => Promise<void>;
/** A queue's policy (retries, lease, heartbeat, dead letter), created or updated when the queue starts. */
export type QueuePolicy = Omit<Queue, 'name'>;
/** Registers a handler on the job's queue with these options (JobQueue.work); answers the worker id. */
export type BindWork<N extends JobName> = (options: WorkOptions, handler: JobHandler<N>) => Promise<string>;

export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  /** Checked against every job before its handler sees it. */
  payload: TSchema;
  policy(config: Config): QueuePolicy;
  /** How a worker process works the queue; `slots` is the process's task slots (FOLIO_WORKERS or --concurrency). */
  work(config: Config, slots: number): WorkOptions;
  handler: JobHandler<N>;
  /** Binds the handler itself instead of once with `work` (webhook deliveries keep one queue worker per slot). */
  bind?(work: BindWork<N>, config: Config): Promise<void>;
}

/** A definition of any one job (what a module's list of jobs holds). */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

/** Poll options every queue shares: FOLIO_QUEUE_POLL_SECONDS, also when notifications wake workers. */
export const polling = (config: Config): WorkOptions => ({ pollingIntervalSeconds: config.runs.pollSeconds, notifyPollingIntervalSeconds: config.runs.pollSeconds });

export class JobRegistry {
  private readonly definitions = new Map<JobName, AnyJobDefinition>();

  define(...definitions: AnyJobDefinition[]): void {
    for (const definition of definitions) {
      if (this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice`);
      this.definitions.set(definition.name, definition);
    }
  }

  get<N extends JobName>(name: N): JobDefinition<N> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`No job named ${name} is defined`);
    return definition as unknown as JobDefinition<N>;
  }

  all(): JobDefinition[] {
    return [...this.definitions.values()] as unknown as JobDefinition[];
  }

  /** Every registered queue with its policy, dead-letter queues before the queues that name them. */
  queues(config: Config): { name: JobName; policy: QueuePolicy }[] {
    const all = this.all().map((d) => ({ name: d.name, policy: d.policy(config) }));
    const deadLetters = new Set(all.map((q) => q.policy.deadLetter).filter(Boolean));
    return [...all.filter((q) => deadLetters.has(q.name)), ...all.filter((q) => !deadLetters.has(q.name))];
  }
}
