// Binds the pipeline's jobs to their handlers wherever task workers run (`folio serve` with workers,
// `folio worker`): attached to the worker runtime, started and stopped with it.
import type { FastifyBaseLogger } from 'fastify';
import type { ProjectsConfig, RunsConfig } from '../../config.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { WorkerPart } from '../../jobs/worker.ts';
import type { ProjectPipeline } from './pipeline.ts';

export class PipelineWorker implements WorkerPart {
  private readonly jobs: JobQueue;
  private readonly pipeline: ProjectPipeline;
  private readonly config: ProjectsConfig;
  private readonly runs: RunsConfig;
  private readonly log: FastifyBaseLogger;
  private started = false;

  constructor(jobs: JobQueue, pipeline: ProjectPipeline, config: { projects: ProjectsConfig; runs: RunsConfig }, log: FastifyBaseLogger) {
    this.jobs = jobs;
    this.pipeline = pipeline;
    this.config = config.projects;
    this.runs = config.runs;
    this.log = log;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const poll = { pollingIntervalSeconds: this.runs.pollSeconds, notifyPollingIntervalSeconds: this.runs.pollSeconds };
    const concurrency = this.config.pipelineConcurrency;
    await this.jobs.work('project.index', { ...poll, localConcurrency: concurrency }, (job) => this.pipeline.index(job));
    await this.jobs.work('project.facts', { ...poll, localConcurrency: concurrency }, (job) => this.pipeline.facts(job));
    await this.jobs.work('project.reconcile', { ...poll, localConcurrency: concurrency }, (job) => this.pipeline.reconcile(job));
    await this.jobs.work('project.dead', { ...poll, localConcurrency: 1 }, (job) => this.pipeline.dead(job));
    this.log.info({ concurrency }, 'project analysis workers started');
  }

  async stop(): Promise<void> {
    // The queue's own graceful stop drains and hands back running jobs (JobQueue.stop).
  }
}
