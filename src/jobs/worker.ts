// Worker bootstrap: binds the catalog's jobs to their handlers and starts the periodic sweeps.
// `folio serve` starts it in-process (FOLIO_WORKERS > 0); `folio worker` runs only this. Stopping is
// graceful (see JobQueue.stop): claim nothing new, let running tasks finish for the grace period,
// then hand what is left back to the queue.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { RunsSweeper } from '../runs/runs-sweeper.ts';
import type { TaskRunner } from '../runs/task-runner.ts';
import type { JobQueue } from './queue.ts';

/** Another module's jobs (webhook deliveries), run wherever task workers run. */
export interface WorkerPart {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export class WorkerRuntime {
  private readonly config: Config;
  private readonly jobs: JobQueue;
  private readonly runner: TaskRunner;
  private readonly sweeper: RunsSweeper;
  private readonly log: FastifyBaseLogger;
  private started = false;
  private readonly parts: WorkerPart[] = [];

  constructor(config: Config, jobs: JobQueue, runner: TaskRunner, sweeper: RunsSweeper, log: FastifyBaseLogger) {
    this.config = config;
    this.jobs = jobs;
    this.runner = runner;
    this.sweeper = sweeper;
    this.log = log;
  }

  get running(): boolean {
    return this.started;
  }

  /** Starts `part` with the task workers (and stops it with them). */
  attach(part: WorkerPart): void {
    this.parts.push(part);
  }

  /** Runs up to `concurrency` tasks at once in this process. */
  async start(concurrency = this.config.runs.workers): Promise<void> {
    if (this.started || concurrency < 1) return;
    this.started = true;
    const { concurrentRuns, pollSeconds } = this.config.runs;
    const polling = { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: pollSeconds };
    await this.jobs.work('task.run', {
      ...polling,
      localConcurrency: concurrency,
      // Keeps workers from claiming an organization's jobs beyond its tier's limit; SlotGate is exact.
      groupConcurrency: { default: concurrentRuns.free, tiers: { ...concurrentRuns } },
    }, (job) => this.runner.handle(job));
    await this.jobs.work('task.dead', { ...polling, localConcurrency: 1 }, (job) => this.runner.handleDead(job));
    this.sweeper.start();
    for (const part of this.parts) await part.start();
    this.log.info({ concurrency }, 'task workers started');
  }

  /** Stops the sweeps; the queue's own stop (JobQueue.stop) drains and hands back running tasks. */
  async stop(): Promise<void> {
    for (const part of this.parts) await part.stop();
    await this.sweeper.stop();
  }
}
