// Generation (slides, word, excel) and runs: `generate` returns a RunHandle once the document is ready, whichever
// of the sync answer, the async task or the 408 upgrade happened; RunHandle downloads, exports and resumes.
import { FolioError } from './errors.ts';
import type { HttpClient } from './http.ts';
import { writeLocalFile } from './local-files.ts';
import { PageIterator, type Page } from './pagination.ts';
import type { TasksApi } from './tasks.ts';
import type { AskAnswer, ExportResult, Format, GenerateAccepted, GenerateBody, GenerateResult, ListRunsParams, Run, RunExport, RunPreview, RunTask, RunVersion, Task, TaskEvent } from './types.ts';

export interface GenerateOptions {
  /** Called with each progress/step/heartbeat/done event; given, the task runs async and is followed live. */
  onProgress?: (event: TaskEvent) => void;
  /** Default: the body's `idempotency_key`, else a random UUID, reused across retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface RunHandle extends Run {
  /** The current document: its bytes, or, given a path (Node), the path written. */
  download(path?: string): Promise<Uint8Array | string>;
  /** POST /runs/{id}/export; with `path` (Node) the rendition is also saved there. */
  export(format: string, opts?: { path?: string; sheet?: string }): Promise<ExportResult>;
  /** A new task on this run (same format): edits the current document. */
  resume(prompt: string, body?: Partial<GenerateBody>, opts?: GenerateOptions): Promise<RunHandle>;
}

/** Shared by every DocumentsApi: turns a run id into a RunHandle. */
export interface RunsContext {
  http: HttpClient;
  tasks: TasksApi;
  documents(format: Format): DocumentsApi;
}

async function fetchBytes(http: HttpClient, url: string, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await http.options.fetch(url, { signal });
  if (!response.ok) throw new FolioError({ code: `http_${response.status}`, status: response.status, message: `Downloading ${new URL(url).pathname} answered ${response.status}.`, requestId: response.headers.get('x-request-id') ?? undefined });
  return new Uint8Array(await response.arrayBuffer());
}

export function runHandle(ctx: RunsContext, run: Run): RunHandle {
  return {
    ...run,
    async download(path?: string) {
      // GET /runs/{id} mints a fresh signed link (the one held may have expired).
      const fresh = await ctx.http.request<Run>('GET', `/runs/${encodeURIComponent(run.run_id)}`);
      if (!fresh.download_url) throw new FolioError({ code: 'conflict', status: 409, message: `Run ${run.run_id} has no document yet.` });
      const bytes = await fetchBytes(ctx.http, fresh.download_url);
      return path ? writeLocalFile(path, bytes) : bytes;
    },
    async export(format: string, opts: { path?: string; sheet?: string } = {}) {
      const result = await ctx.http.request<ExportResult>('POST', `/runs/${encodeURIComponent(run.run_id)}/export`, { body: { format, ...(opts.sheet ? { sheet: opts.sheet } : {}) }, replayable: true }); // cached: a repeat returns the same rendition
      if (opts.path) await writeLocalFile(opts.path, await fetchBytes(ctx.http, result.download_url));
      return result;
    },
    resume(prompt: string, body: Partial<GenerateBody> = {}, opts?: GenerateOptions) {
      return ctx.documents(run.format).generate({ ...body, prompt, run_id: run.run_id } as GenerateBody, opts);
    },
  };
}

const newKey = () => globalThis.crypto.randomUUID();

export class DocumentsApi {
  #ctx: RunsContext;
  readonly format: Format;

  constructor(ctx: RunsContext, format: Format) {
    this.#ctx = ctx;
    this.format = format;
  }

  #post<T>(body: GenerateBody, opts: GenerateOptions, extra: Partial<GenerateBody>): Promise<T> {
    const idempotency_key = opts.idempotencyKey ?? body.idempotency_key ?? newKey();
    return this.#ctx.http.request<T>('POST', `/${this.format}/generate`, { body: { ...body, ...extra, idempotency_key }, signal: opts.signal, replayable: true });
  }

  /** Generates (or with `run_id`, edits) a document and returns its run when ready. */
  async generate(body: GenerateBody, opts: GenerateOptions = {}): Promise<RunHandle> {
    // One key for the whole call: the 408 follow-up and every retry name the same task.
    const key = opts.idempotencyKey ?? body.idempotency_key ?? newKey();
    const o = { ...opts, idempotencyKey: key };
    let runId: string;
    if (opts.onProgress || body.async) {
      const accepted = await this.#post<GenerateAccepted>(body, o, { async: true });
      await this.#ctx.tasks.wait(accepted.task_id, { onProgress: opts.onProgress, signal: opts.signal });
      runId = accepted.run_id;
    } else {
      runId = (await this.#sync(body, o)).run_id;
    }
    return runHandle(this.#ctx, await this.#ctx.http.request<Run>('GET', `/runs/${encodeURIComponent(runId)}`));
  }

  /** Starts the task and returns it at once (status `queued` or `running`). */
  async generateAsync(body: GenerateBody, opts: Omit<GenerateOptions, 'onProgress'> = {}): Promise<Task> {
    const accepted = await this.#post<GenerateAccepted>(body, opts, { async: true });
    return this.#ctx.tasks.get(accepted.task_id);
  }

  /** `mode: "ask"`: a question about the document of `run_id` or `init_file`; the text is `summary`. */
  async ask(body: GenerateBody, opts: Omit<GenerateOptions, 'onProgress'> = {}): Promise<AskAnswer> {
    return this.#sync({ ...body, mode: 'ask' }, { ...opts, idempotencyKey: opts.idempotencyKey ?? body.idempotency_key ?? newKey() });
  }

  /** A sync call; a 408 `sync_timeout_upgrade_async` is followed to the task's end. */
  async #sync(body: GenerateBody, opts: GenerateOptions): Promise<GenerateResult> {
    try {
      return await this.#post<GenerateResult>(body, opts, { async: false });
    } catch (err) {
      if (!(err instanceof FolioError) || err.code !== 'sync_timeout_upgrade_async') throw err;
      const { task_id } = err.body as { task_id: string };
      const task = await this.#ctx.tasks.wait(task_id, { signal: opts.signal });
      return {
        run_id: task.run_id, task_id: task.task_id, status: 'completed',
        download_url: task.result?.download_url ?? null, edit_url: task.result?.edit_url ?? null,
        summary: task.result?.summary ?? '', credits_used: task.credits_used, duration_ms: task.duration_ms,
        ...(task.result?.answer ? { answer: task.result.answer } : {}),
      };
    }
  }
}

export class RunsApi {
  #ctx: RunsContext;

  constructor(ctx: RunsContext) {
    this.#ctx = ctx;
  }

  /** Newest first; iterate with `for await`, or `.firstPage()` / `.pages()`. */
  list(params: ListRunsParams = {}): PageIterator<Run> {
    return new PageIterator((cursor) => this.#ctx.http.request<Page<Run>>('GET', '/runs', { query: { ...params, cursor } }));
  }

  async get(runId: string): Promise<RunHandle> {
    return runHandle(this.#ctx, await this.#ctx.http.request<Run>('GET', `/runs/${encodeURIComponent(runId)}`));
  }

  /** The run's document versions, newest first: generation turns (with their prompts) and editor saves. */
  async versions(runId: string): Promise<RunVersion[]> {
    return (await this.#ctx.http.request<{ items: RunVersion[] }>('GET', `/runs/${encodeURIComponent(runId)}/versions`)).items;
  }

  /** Every task of the run, oldest first, with the prompt each was asked. */
  async tasks(runId: string): Promise<RunTask[]> {
    return (await this.#ctx.http.request<{ items: RunTask[] }>('GET', `/runs/${encodeURIComponent(runId)}/tasks`)).items;
  }

  /** Page images (signed PNG links) of the current version, or of `version`; rendered on first request. */
  preview(runId: string, version?: number): Promise<RunPreview> {
    return this.#ctx.http.request<RunPreview>('GET', `/runs/${encodeURIComponent(runId)}/preview`, { query: version === undefined ? {} : { version } });
  }

  /** The renditions stored for the run's versions, newest first. */
  async exports(runId: string): Promise<RunExport[]> {
    return (await this.#ctx.http.request<{ items: RunExport[] }>('GET', `/runs/${encodeURIComponent(runId)}/exports`)).items;
  }
}
