// GET /tasks/{id} and POST /tasks/{id}/cancel.
import { AppError, errors } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { RunsRepository } from './runs.repository.ts';
import type { TaskFinalizer } from './task-finalizer.ts';
import type { TaskWaiter } from './task-waiter.ts';
import { isTerminal, type TaskRow, type TasksRepository } from './tasks.repository.ts';

/** How long a cancel of a running task waits for its worker to stop it before answering 202. */
const CANCEL_WAIT_MS = 5000;

export class TasksService {
  private readonly tasks: TasksRepository;
  private readonly runs: RunsRepository;
  private readonly finalizer: TaskFinalizer;
  private readonly waiter: TaskWaiter;
  private readonly jobs: JobQueue;

  constructor(tasks: TasksRepository, runs: RunsRepository, finalizer: TaskFinalizer, waiter: TaskWaiter, jobs: JobQueue) {
    this.tasks = tasks;
    this.runs = runs;
    this.finalizer = finalizer;
    this.waiter = waiter;
    this.jobs = jobs;
  }

  async get(orgId: string, taskId: string): Promise<TaskRow> {
    return (await this.tasks.findInOrg(orgId, taskId)) ?? this.missing(orgId, taskId);
  }

  /**
   * Stops a queued or running task; it ends as `cancelled` and its reservation is released. A queued
   * task ends at once; a running one is stopped by its worker (on any process, told through
   * LISTEN/NOTIFY), which this waits for briefly. Cancelling a cancelled task is a no-op; a task that
   * already ended otherwise is 409.
   */
  async cancel(orgId: string, taskId: string): Promise<TaskRow> {
    let task = (await this.tasks.requestCancel(orgId, taskId)) ?? (await this.missing(orgId, taskId));
    if (task.status === 'cancelled') return task;
    if (isTerminal(task.status)) throw errors.conflict(`The task already ended (${task.status}); only queued and running tasks can be cancelled.`);
    if (task.status === 'queued') {
      const ended = await this.finalizer.cancel(task, { from: ['queued'] });
      if (ended) {
        if (ended.job_id) await this.jobs.cancel('task.run', ended.job_id).catch(() => {});
        return ended;
      }
      task = await this.get(orgId, taskId); // a worker started it meanwhile
      if (isTerminal(task.status)) return task;
    }
    await this.tasks.notifyCancel(taskId);
    return (await this.waiter.untilEnded(orgId, taskId, Date.now() + CANCEL_WAIT_MS)) ?? this.get(orgId, taskId);
  }

  private async missing(orgId: string, taskId: string): Promise<never> {
    if ((await this.runs.tombstone(orgId, taskId)) === 'task') throw new AppError('gone', `Task ${taskId} belonged to a run that expired and was deleted after the retention period.`);
    throw errors.notFound(`Task ${taskId}`);
  }
}
