// The one job binder: binds every registered job (jobs/registry.ts) to its handler and starts the
// periodic work attached to the workers (sweeps). `folio serve` starts it in-process (FOLIO_WORKERS > 0);
// `folio worker` runs only this. Stopping is graceful (see JobQueue.stop): claim nothing new, let
// running tasks finish for the grace period, then hand what is left back to the queue.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { JobQueue } from './queue.ts';

/** Work that runs wherever job workers run, started and stopped with them (a PeriodicTask, a listener). */
export interface WorkerPart {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export class WorkerRuntime {
  private readonly config: Config;
  private readonly jobs: JobQueue;
  private readonly log: FastifyBaseLogger;
  private started = false;
  private readonly parts: WorkerPart[] = [];

  constructor(config: Config, jobs: JobQueue, log: FastifyBaseLogger) {
    this.config = config;
    this.jobs = jobs;
    this.log = log;
  }

  get running(): boolean {
    return this.started;
  }

  /** Starts `part` with the workers (and stops it with them). */
  attach(part: WorkerPart): void {
    this.parts.push(part);
  }

  /** Binds every registered job; `slots` is how many tasks this process runs at once. */
  async start(slots = this.config.runs.workers): Promise<void> {
    if (this.started || slots < 1) return;
    this.started = true;
    for (const definition of this.jobs.registry.all()) {
      const work = (options: Parameters<JobQueue['work']>[1], handler: typeof definition.handler) => this.jobs.work(definition.name, options, handler);
      if (definition.bind) await definition.bind(work, this.config);
      else await work(definition.work(this.config, slots), definition.handler);
    }
    for (const part of this.parts) await part.start();
    this.log.info({ concurrency: slots, jobs: this.jobs.registry.all().map((d) => d.name) }, 'workers started');
  }

  /** Stops the attached parts; the queue's own stop (JobQueue.stop) drains and hands back running jobs. */
  async stop(): Promise<void> {
    for (const part of [...this.parts].reverse()) await part.stop();
  }
}
