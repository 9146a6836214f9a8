// A run's history for the console's run page: its document versions (generation turns and editor saves,
// each with the prompt of the turn that made it) and its tasks, oldest first.
import type { RunLinks } from './run-links.ts';
import type { RunsRepository, VersionRow } from './runs.repository.ts';
import type { RunsService, TaskView } from './runs.service.ts';
import type { TaskRow, TasksRepository } from './tasks.repository.ts';

export interface VersionView {
  version: VersionRow;
  /** The generation task that wrote the version; null for an editor save. */
  task: TaskRow | null;
  current: boolean;
  downloadUrl: string | null;
}

export class RunHistory {
  private readonly runs: RunsService;
  private readonly runsRepo: RunsRepository;
  private readonly tasksRepo: TasksRepository;
  private readonly links: RunLinks;

  constructor(runs: RunsService, runsRepo: RunsRepository, tasksRepo: TasksRepository, links: RunLinks) {
    this.runs = runs;
    this.runsRepo = runsRepo;
    this.tasksRepo = tasksRepo;
    this.links = links;
  }

  /** The run's versions, newest first (404 / 410 like GET /runs/{id}). */
  async versions(orgId: string, runId: string): Promise<VersionView[]> {
    const { run } = await this.runs.get(orgId, runId);
    const [versions, tasks] = await Promise.all([this.runsRepo.listVersions(orgId, runId), this.tasksRepo.listByRun(orgId, runId)]);
    const byId = new Map(tasks.map((t) => [t.task_id, t]));
    return Promise.all(versions.map(async (v) => ({
      version: v,
      task: v.task_id ? byId.get(v.task_id) ?? null : null,
      current: v.version_id === run.current_version_id,
      downloadUrl: await this.links.download(v),
    })));
  }

  /** Every task of the run (each generation turn, failed and cancelled ones too), oldest first. */
  async tasks(orgId: string, runId: string): Promise<TaskView[]> {
    await this.runs.get(orgId, runId);
    const tasks = await this.tasksRepo.listByRun(orgId, runId);
    return Promise.all(tasks.map((t) => this.runs.taskView(t)));
  }
}

/** The prompt a task was asked, as the caller sent it. */
export function promptOf(task: TaskRow | null): string | null {
  const prompt = task?.request?.prompt;
  return typeof prompt === 'string' ? prompt : null;
}
