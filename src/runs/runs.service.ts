// GET /runs, GET /runs/{id}, GET /runs/{id}/download, and the views (rows plus fresh links) that the
// presenters of runs and tasks turn into public shapes.
import { AppError, errors } from '../errors.ts';
import { decodeCursor, toPage } from '../http/pagination.ts';
import type { Format } from '../config.ts';
import type { RunStatus } from '../db/schema.ts';
import type { RunLinks } from './run-links.ts';
import type { RunWithVersion, RunsRepository, VersionRow } from './runs.repository.ts';
import type { TaskRow } from './tasks.repository.ts';

export interface RunView {
  run: RunWithVersion;
  downloadUrl: string | null;
  editUrl: string | null;
}

export interface TaskView {
  task: TaskRow;
  downloadUrl: string | null;
  editUrl: string | null;
}

export class RunsService {
  private readonly runs: RunsRepository;
  private readonly links: RunLinks;

  constructor(runs: RunsRepository, links: RunLinks) {
    this.runs = runs;
    this.links = links;
  }

  async list(orgId: string, q: { limit: number; cursor?: string; format?: Format; status?: RunStatus }): Promise<{ items: RunView[]; next_cursor: string | null }> {
    const rows = await this.runs.listByOrg(orgId, q.limit, decodeCursor(q.cursor), q.format, q.status);
    const page = toPage(rows, q.limit, (r) => r.run_id);
    return { items: await Promise.all(page.items.map((r) => this.view(r))), next_cursor: page.next_cursor };
  }

  async get(orgId: string, runId: string): Promise<RunView> {
    return this.view(await this.find(orgId, runId));
  }

  /** A fresh signed link to the run's current document. */
  async downloadUrl(orgId: string, runId: string): Promise<string> {
    const run = await this.find(orgId, runId);
    if (!run.version) throw errors.conflict(`Run ${runId} has no document yet (status ${run.status}).`);
    return (await this.links.download(run.version))!;
  }

  /** Version `n` of the run, or its current one without `n` (404 when it has no such version, 409 when none yet). */
  async versionOf(orgId: string, runId: string, n?: number): Promise<{ run: RunWithVersion; version: VersionRow }> {
    const run = await this.find(orgId, runId);
    if (n === undefined) {
      if (!run.version) throw errors.conflict(`Run ${runId} has no document yet (status ${run.status}).`);
      return { run, version: run.version };
    }
    const version = await this.runs.findVersionByNumber(orgId, runId, n);
    if (!version) throw errors.notFound(`Version ${n} of run ${runId}`);
    return { run, version };
  }

  /** A task with the links of the document it produced. */
  async taskView(task: TaskRow): Promise<TaskView> {
    const version = task.status === 'completed' && task.version_id ? await this.runs.findVersion(task.version_id) : undefined;
    // A completed task without a version of its own (ask mode, an async outline) has an edit link only
    // when its run holds a document from before: the editor has nothing to open otherwise.
    const editable = task.status === 'completed' && (task.version_id !== null || (await this.runs.findWithVersion(task.org_id, task.run_id))?.version);
    return { task, downloadUrl: await this.links.download(version), editUrl: editable ? await this.links.edit(task.org_id, task.run_id) : null };
  }

  private async view(run: RunWithVersion): Promise<RunView> {
    return { run, downloadUrl: await this.links.download(run.version), editUrl: run.version ? await this.links.edit(run.org_id, run.run_id) : null };
  }

  private async find(orgId: string, runId: string): Promise<RunWithVersion> {
    const run = await this.runs.findWithVersion(orgId, runId);
    if (run) return run;
    if ((await this.runs.tombstone(orgId, runId)) === 'run') throw new AppError('gone', `Run ${runId} expired and was deleted after the retention period.`);
    throw runNotFound(runId);
  }
}

/**
 * 404 for a run id the organization does not hold. POST /excel/analyze answers an `analyze_` id that
 * names one answer and is never stored; a client that passes it on as a run gets told why.
 */
export function runNotFound(runId: string): AppError {
  if (!runId.startsWith('analyze_')) return errors.notFound(`Run ${runId}`);
  return new AppError('not_found', `Run ${runId} not found: the run_id of POST /excel/analyze names one answer and is not stored as a run, so it cannot be read, resumed or exported.`);
}
