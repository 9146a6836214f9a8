// Tasks: get, cancel, the live event stream (SSE) and `wait`, which follows a task to its end through the
// stream and falls back to polling GET /tasks/{id} where the server has no stream (404/501).
import { FolioError, NotFoundError, TaskFailedError } from './errors.ts';
import type { HttpClient } from './http.ts';
import { readSse } from './sse.ts';
import type { Task, TaskEvent } from './types.ts';

const TERMINAL = new Set(['completed', 'failed', 'cancelled', 'expired']);
const EVENT_TYPES = new Set(['progress', 'step', 'heartbeat', 'done']);
/** Reconnections of one `events()` call after the stream drops without its `done` event. */
const MAX_RECONNECTS = 5;

/** Thrown by `events()` when the server offers no event stream for tasks (so `wait` polls instead). */
export class EventsUnavailableError extends FolioError {}

export interface WaitOptions {
  onProgress?: (event: TaskEvent) => void;
  signal?: AbortSignal;
  /** Polling only: first interval (grows to 2 s). Default 250 ms. */
  pollIntervalMs?: number;
  /** Skip the event stream and poll (default false). */
  poll?: boolean;
}

export class TasksApi {
  #http: HttpClient;

  constructor(http: HttpClient) {
    this.#http = http;
  }

  get(taskId: string, opts: { signal?: AbortSignal } = {}): Promise<Task> {
    return this.#http.request<Task>('GET', `/tasks/${encodeURIComponent(taskId)}`, opts);
  }

  cancel(taskId: string): Promise<Task> {
    return this.#http.request<Task>('POST', `/tasks/${encodeURIComponent(taskId)}/cancel`, { replayable: true }); // cancelling twice is harmless
  }

  /** The task's events, resuming after `lastEventId`; ends after `done`. Reconnects (with Last-Event-ID) when the stream drops. */
  async *events(taskId: string, opts: { lastEventId?: string; signal?: AbortSignal } = {}): AsyncGenerator<TaskEvent, void, undefined> {
    let lastId = opts.lastEventId;
    for (let reconnects = 0; ; reconnects++) {
      const response = await this.#http.send('GET', `/tasks/${encodeURIComponent(taskId)}/events`, {
        headers: { accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) },
        signal: opts.signal,
        timeoutMs: 0,
        acceptStatuses: [404, 501],
      });
      if (response.status === 404 || response.status === 501) {
        const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
        const message = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
        // A 404 of the route itself (older server) reads "No route GET ..."; a 404 of the task is a real NotFound.
        if (response.status === 501 || message.startsWith('No route')) {
          throw new EventsUnavailableError({ code: body?.error ?? 'not_implemented', status: response.status, message, requestId: response.headers.get('x-request-id') ?? undefined, body });
        }
        throw new NotFoundError({ code: body?.error ?? 'not_found', status: 404, message, requestId: response.headers.get('x-request-id') ?? undefined, body });
      }
      if (!response.body) throw new EventsUnavailableError({ code: 'no_stream', status: response.status, message: 'The event stream has no body.' });
      try {
        for await (const message of readSse(response.body, opts.signal)) {
          if (message.id !== undefined) lastId = message.id;
          if (!EVENT_TYPES.has(message.event)) continue;
          let data: unknown = message.data;
          try { data = JSON.parse(message.data); } catch { /* keep the text */ }
          yield { type: message.event as TaskEvent['type'], ...(message.id !== undefined ? { id: message.id } : {}), data };
          if (message.event === 'done') return;
        }
      } catch (err) {
        // A dropped connection mid-stream: reconnect below with Last-Event-ID. An abort ends here.
        if (opts.signal?.aborted) throw opts.signal.reason ?? err;
      }
      if (opts.signal?.aborted) return;
      if (reconnects >= MAX_RECONNECTS) throw new FolioError({ code: 'stream_ended', status: 0, message: `The event stream of ${taskId} kept ending before the task did.` });
    }
  }

  /** Follows the task to its end (stream, else polling) and returns the terminal task; throws TaskFailedError unless completed. */
  async wait(taskId: string, opts: WaitOptions = {}): Promise<Task> {
    let task: Task | undefined;
    if (!opts.poll) {
      try {
        for await (const event of this.events(taskId, { signal: opts.signal })) {
          opts.onProgress?.(event);
          if (event.type === 'done') task = event.data as Task;
        }
      } catch (err) {
        if (!(err instanceof EventsUnavailableError) && !(err instanceof FolioError && err.code === 'stream_ended')) throw err;
      }
    }
    task ??= await this.#poll(taskId, opts);
    return finished(task);
  }

  async #poll(taskId: string, opts: WaitOptions): Promise<Task> {
    let interval = opts.pollIntervalMs ?? 250;
    let last = '';
    for (;;) {
      const task = await this.get(taskId, { signal: opts.signal });
      const progress = (task as { progress?: number }).progress;
      const key = `${task.status}|${task.phase}|${progress}`;
      if (key !== last) {
        last = key;
        opts.onProgress?.({ type: 'progress', data: { task_id: task.task_id, status: task.status, phase: task.phase, progress: progress ?? null } });
      }
      if (TERMINAL.has(task.status)) {
        opts.onProgress?.({ type: 'done', data: task });
        return task;
      }
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, interval);
        opts.signal?.addEventListener('abort', () => { clearTimeout(timer); reject(opts.signal!.reason); }, { once: true });
      });
      interval = Math.min(2000, interval * 1.5);
    }
  }
}

/** The task if it completed, else a TaskFailedError carrying its error code. */
export function finished(task: Task): Task {
  if (task.status === 'completed') return task;
  const code = task.error?.code ?? task.status;
  throw new TaskFailedError({ code, status: 0, message: task.error?.message ?? `Task ${task.task_id} ended ${task.status}.`, body: task });
}
