// Temporary stand-in for `@folio/sdk` (packages/sdk, issue 23): the subset of its public surface the CLI
// uses, with the same names and signatures, built on plain fetch. The CLI imports the SDK only from this
// file, so on merge this file becomes `export * from '../../packages/sdk/src/index.ts'` (or the package).
// Progress: the task's SSE stream when the server answers it, else polling GET /tasks/{id}.
import { openTaskEvents, type TaskEvent } from './sdk-shim-events.ts';

export type { TaskEvent };
type Json = any;

export class FolioError extends Error {
  code: string; status: number; requestId?: string; detail?: unknown; retryAfter?: number;
  constructor(message: string, init: { code: string; status: number; requestId?: string; detail?: unknown; retryAfter?: number }) {
    super(message);
    this.name = new.target.name;
    this.code = init.code; this.status = init.status; this.requestId = init.requestId; this.detail = init.detail; this.retryAfter = init.retryAfter;
  }
}
export class AuthenticationError extends FolioError {}
export class PermissionError extends FolioError {}
export class NotFoundError extends FolioError {}
export class ConflictError extends FolioError {}
export class ValidationError extends FolioError {}
export class RateLimitError extends FolioError {}
export class InsufficientCreditsError extends FolioError {}
export class ServerError extends FolioError {}
export class ConnectionError extends FolioError {}
export class TimeoutError extends FolioError {}

function errorClass(status: number): typeof FolioError {
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 400 || status === 422) return ValidationError;
  if (status === 429) return RateLimitError;
  if (status === 402) return InsufficientCreditsError;
  if (status >= 500) return ServerError;
  return FolioError;
}

export interface PageIterator<T> extends AsyncIterable<T> {
  firstPage(): Promise<{ items: T[]; next_cursor: string | null }>;
  pages(): AsyncIterable<{ items: T[]; next_cursor: string | null }>;
}

export interface FolioOptions { apiKey?: string; baseUrl?: string; maxRetries?: number; timeoutMs?: number; fetch?: typeof fetch }
interface RequestOptions { body?: unknown; query?: Record<string, unknown>; headers?: Record<string, string>; signal?: AbortSignal }

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Waits, or rejects as soon as the signal aborts (at once when it already has). */
const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  if (signal?.aborted) return reject(signal.reason);
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
});

export class Folio {
  readonly baseUrl: string;
  readonly apiKey?: string;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  slides: DocumentsApi; word: DocumentsApi; excel: DocumentsApi;

  constructor(opts: FolioOptions = {}) {
    this.baseUrl = (opts.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.apiKey = opts.apiKey;
    this.maxRetries = opts.maxRetries ?? 2;
    this.timeoutMs = opts.timeoutMs ?? 600_000;
    this.fetchImpl = opts.fetch ?? fetch;
    this.slides = new DocumentsApi(this, 'slides');
    this.word = new DocumentsApi(this, 'word');
    this.excel = new DocumentsApi(this, 'excel');
  }

  url(path: string): string {
    return path.startsWith('http') ? path : `${this.baseUrl}${path.startsWith('/api/') ? '' : '/api/v1'}${path}`;
  }

  /** Low-level typed escape hatch: JSON in, JSON out, FolioError on any non-2xx. */
  async request<T = Json>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await this.raw(method, path, opts);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** One call with retries on 429/502/503/504 and network errors (exponential backoff with jitter, Retry-After honoured). */
  async raw(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
    let url = this.url(path);
    if (opts.query) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.query)) if (v !== undefined && v !== null) q.set(k, String(v));
      if ([...q].length) url += `?${q}`;
    }
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    let body: FormData | string | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) { body = JSON.stringify(opts.body); headers['content-type'] = 'application/json'; }
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        const signals = [AbortSignal.timeout(this.timeoutMs), ...(opts.signal ? [opts.signal] : [])];
        res = await this.fetchImpl(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.any(signals) });
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        const timedOut = (err as Error).name === 'TimeoutError';
        if (attempt < this.maxRetries && !timedOut) { await sleep(backoff(attempt), opts.signal); continue; }
        const Cls = timedOut ? TimeoutError : ConnectionError;
        throw new Cls(`${timedOut ? 'Timed out' : 'Could not connect'}: ${method} ${url} (${(err as Error).cause ?? (err as Error).message})`, { code: timedOut ? 'timeout' : 'connection_error', status: 0 });
      }
      if (res.ok || (res.status >= 300 && res.status < 400)) return res;
      const retryAfter = res.headers.get('retry-after') ? Number(res.headers.get('retry-after')) : undefined;
      if (RETRY_STATUSES.has(res.status) && attempt < this.maxRetries) {
        await res.body?.cancel();
        await sleep(retryAfter !== undefined && Number.isFinite(retryAfter) ? retryAfter * 1000 : backoff(attempt), opts.signal);
        continue;
      }
      const text = await res.text();
      let parsed: Json = {};
      try { parsed = JSON.parse(text); } catch { /* not JSON */ }
      const Cls = errorClass(res.status);
      const message = parsed.message ?? (Array.isArray(parsed.detail) ? parsed.detail.map((d: Json) => `${(d.loc ?? []).join('.')}: ${d.msg}`).join('; ') : `HTTP ${res.status}`);
      throw new Cls(message, { code: parsed.error ?? (res.status === 422 ? 'validation_error' : 'http_error'), status: res.status, requestId: res.headers.get('x-request-id') ?? undefined, detail: parsed.detail ?? parsed, retryAfter });
    }
  }

  /** A cursor-paginated list (`{items, next_cursor}`) as an async iterator. */
  paginate<T>(path: string, params: Record<string, unknown> = {}): PageIterator<T> {
    const pages = async function* (this: Folio) {
      let cursor: string | null | undefined;
      do {
        const page = await this.request<{ items: T[]; next_cursor: string | null }>('GET', path, { query: { ...params, cursor } });
        yield page;
        cursor = page.next_cursor;
      } while (cursor);
    }.bind(this);
    return {
      firstPage: () => this.request('GET', path, { query: params }),
      pages,
      async *[Symbol.asyncIterator]() { for await (const page of pages()) yield* page.items; },
    };
  }

  files = {
    upload: async (input: string | Blob | Uint8Array, opts: { purpose?: string; filename?: string } = {}): Promise<Json> => {
      const form = await formOf(input, opts.filename);
      if (opts.purpose) form.append('purpose', opts.purpose);
      return this.request('POST', '/files', { body: form });
    },
    list: (params: Record<string, unknown> = {}): PageIterator<Json> => this.paginate('/files', params),
    get: (id: string): Promise<Json> => this.request('GET', `/files/${enc(id)}`),
  };

  runs = {
    list: (params: { format?: string; status?: string; limit?: number } = {}): PageIterator<Json> => this.paginate('/runs', params),
    get: async (runId: string): Promise<RunHandle> => runHandle(this, await this.request('GET', `/runs/${enc(runId)}`)),
  };

  tasks = {
    get: (id: string): Promise<Json> => this.request('GET', `/tasks/${enc(id)}`),
    cancel: (id: string): Promise<Json> => this.request('POST', `/tasks/${enc(id)}/cancel`),
    events: (id: string, opts: { lastEventId?: string; signal?: AbortSignal } = {}): AsyncIterable<TaskEvent> => openTaskEvents(this, id, opts),
    wait: async (id: string, opts: { onProgress?: (e: TaskEvent) => void; signal?: AbortSignal } = {}): Promise<Json> => {
      let last: Json;
      for await (const event of openTaskEvents(this, id, { signal: opts.signal })) {
        opts.onProgress?.(event);
        if (event.type === 'done') last = event.data;
      }
      return last ?? this.tasks.get(id);
    },
  };

  webhooks = {
    list: (): PageIterator<Json> => this.paginate('/webhooks'),
    create: (body: Json): Promise<Json> => this.request('POST', '/webhooks', { body }),
    deliveries: (webhookId: string, params: Record<string, unknown> = {}): PageIterator<Json> => this.paginate(`/webhooks/${enc(webhookId)}/deliveries`, params),
    redeliver: (webhookId: string, deliveryId: string): Promise<Json> => this.request('POST', `/webhooks/${enc(webhookId)}/deliveries/${enc(deliveryId)}/redeliver`),
  };

  credits = { get: (): Promise<Json> => this.request('GET', '/credits') };
}

export interface GenerateOptions { onProgress?: (e: TaskEvent) => void; idempotencyKey?: string; signal?: AbortSignal }

export class DocumentsApi {
  private readonly client: Folio;
  private readonly format: string;
  constructor(client: Folio, format: string) { this.client = client; this.format = format; }

  /** Returns when the document is ready: the sync answer, or the task (async or 408-upgraded) followed to its end. */
  async generate(body: Json, opts: GenerateOptions = {}): Promise<RunHandle> {
    const key = opts.idempotencyKey ?? body.idempotency_key ?? crypto.randomUUID();
    let runId: string; let taskId: string;
    try {
      const res = await this.client.request('POST', `/${this.format}/generate`, { body: { ...body, idempotency_key: key, async: Boolean(opts.onProgress) }, signal: opts.signal });
      ({ run_id: runId, task_id: taskId } = res);
      if (res.status === 'completed') return this.client.runs.get(runId);
    } catch (err) {
      if (!(err instanceof FolioError) || err.code !== 'sync_timeout_upgrade_async') throw err;
      ({ run_id: runId, task_id: taskId } = err.detail as Json);
    }
    const task = await this.client.tasks.wait(taskId, { onProgress: opts.onProgress, signal: opts.signal });
    if (task.status !== 'completed') throw taskError(task);
    return this.client.runs.get(runId);
  }

  generateAsync(body: Json, opts: GenerateOptions = {}): Promise<Json> {
    const key = opts.idempotencyKey ?? body.idempotency_key ?? crypto.randomUUID();
    return this.client.request('POST', `/${this.format}/generate`, { body: { ...body, idempotency_key: key, async: true }, signal: opts.signal });
  }

  ask(body: Json): Promise<Json> {
    return this.client.request('POST', `/${this.format}/generate`, { body: { ...body, mode: 'ask', idempotency_key: body.idempotency_key ?? crypto.randomUUID() } });
  }
}

export type RunHandle = Json & {
  download(path?: string): Promise<Uint8Array | string>;
  export(format: string, opts?: { path?: string }): Promise<Json>;
  resume(prompt: string, body?: Json, opts?: GenerateOptions): Promise<RunHandle>;
};

function runHandle(client: Folio, run: Json): RunHandle {
  const fetchBytes = async (url: string) => {
    const res = await client.raw('GET', url);
    return new Uint8Array(await res.arrayBuffer());
  };
  const save = async (bytes: Uint8Array, path?: string) => {
    if (!path) return bytes;
    const fs = await import('node:fs/promises');
    await fs.writeFile(path, bytes);
    return path;
  };
  return {
    ...run,
    download: async (path?: string) => {
      const fresh = await client.request('GET', `/runs/${enc(run.run_id)}`);
      if (!fresh.download_url) throw new FolioError('The run has no document yet', { code: 'conflict', status: 409 });
      return save(await fetchBytes(fresh.download_url), path);
    },
    export: async (format: string, opts: { path?: string } = {}) => {
      const result = await client.request('POST', `/runs/${enc(run.run_id)}/export`, { body: { format } });
      if (opts.path) await save(await fetchBytes(result.download_url), opts.path);
      return opts.path ? { ...result, path: opts.path } : result;
    },
    resume: (prompt: string, body: Json = {}, opts: GenerateOptions = {}) =>
      (client as Json)[run.format].generate({ ...body, prompt, run_id: run.run_id }, opts),
  };
}

function taskError(task: Json): FolioError {
  const code = task.error?.code ?? task.status;
  return new FolioError(task.error?.message ?? `The task ended ${task.status}`, { code, status: 0, detail: task });
}

async function formOf(input: string | Blob | Uint8Array, filename?: string): Promise<FormData> {
  const form = new FormData();
  if (typeof input === 'string') {
    const fs = await import('node:fs');
    const path = await import('node:path');
    form.append('file', await fs.openAsBlob(input), filename ?? path.basename(input));
  } else {
    form.append('file', input instanceof Blob ? input : new Blob([input as Uint8Array<ArrayBuffer>]), filename ?? 'file');
  }
  return form;
}

function backoff(attempt: number): number {
  return Math.min(8000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

const enc = encodeURIComponent;
