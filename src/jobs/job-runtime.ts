// The job queue, its notification listener and the workers, built once by the composition root and shared by every module.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { Notifications } from './notifications.ts';
import { JobQueue } from './queue.ts';
import type { AnyJobDefinition } from './registry.ts';
import { WorkerRuntime } from './worker.ts';

export interface JobRuntime {
  queue: JobQueue;
  notifications: Notifications;
  /** Runs the registered jobs and the attached periodic work in this process, once started. */
  workers: WorkerRuntime;
  /** Defines the jobs of a module in the one registry (before `open`). */
  define(jobs: readonly AnyJobDefinition[]): void;
  /** Starts the notification listener and the queue client, which creates the queue of every defined job. */
  open(): Promise<void>;
  /** Drains the workers (graceful, FOLIO_SHUTDOWN_GRACE_SECONDS), then stops the queue and the listener. */
  close(): Promise<void>;
}

export function createJobRuntime(config: Config, database: Database, log: FastifyBaseLogger): JobRuntime {
  const queue = new JobQueue(config, database, log);
  const notifications = new Notifications(database, config.databaseUrl, log);
  const workers = new WorkerRuntime(config, queue, log);
  return {
    queue,
    notifications,
    workers,
    define: (jobs) => queue.registry.define(...jobs),
    async open() {
      await notifications.start();
      await queue.start();
    },
    async close() {
      await workers.stop();
      await queue.stop({ graceful: true, timeoutMs: config.runs.shutdownGraceSeconds * 1000 });
      await notifications.stop();
    },
  };
}
