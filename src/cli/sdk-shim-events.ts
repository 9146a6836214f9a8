// Part of the temporary `@folio/sdk` stand-in (see sdk-shim.ts): a task's events as an async iterator.
// It reads the SSE stream GET /tasks/{id}/events when the server answers it with 200 (resuming with
// Last-Event-ID when the connection drops), and otherwise polls GET /tasks/{id}, turning status and
// phase changes into `progress` events and the terminal body into `done`.
import type { Folio } from './sdk-shim.ts';

export type TaskEvent = { type: 'progress' | 'step' | 'heartbeat' | 'done'; id?: string; data: any };

const TERMINAL = new Set(['completed', 'failed', 'cancelled', 'expired']);

/**
 * Without the stream, the task body has a phase but no percentage: this places each phase the agents
 * report on the way to the end, so the bar moves with the task's real state (never with a timer).
 */
const PHASE_PROGRESS: Record<string, number> = { queued: 0, starting: 5, planning: 15, reading: 20, writing: 40, correcting: 70, rendering: 85, checking: 90, saving: 95 };

export async function* openTaskEvents(client: Folio, taskId: string, opts: { lastEventId?: string; signal?: AbortSignal } = {}): AsyncGenerator<TaskEvent> {
  let lastEventId = opts.lastEventId;
  for (let reconnects = 0; reconnects < 5; reconnects++) {
    const res = await openStream(client, taskId, lastEventId, opts.signal);
    if (!res) break;
    try {
      for await (const event of parseStream(res, opts.signal)) {
        if (event.id) lastEventId = event.id;
        yield event;
        if (event.type === 'done') return;
      }
    } catch (err) {
      if (opts.signal?.aborted) throw err; // a dropped or timed-out connection is resumed below
    }
    if (opts.signal?.aborted) return;
  }
  yield* poll(client, taskId, opts.signal);
}

async function openStream(client: Folio, taskId: string, lastEventId: string | undefined, signal?: AbortSignal): Promise<Response | null> {
  try {
    const res = await client.raw('GET', `/tasks/${encodeURIComponent(taskId)}/events`, {
      headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal,
    });
    if (res.status === 200 && (res.headers.get('content-type') ?? '').includes('text/event-stream')) return res;
    await res.body?.cancel();
    return null;
  } catch (err) {
    if (signal?.aborted) throw err;
    return null; // no stream here (404 before the endpoint exists, or a proxy refusing it): poll instead
  }
}

async function* parseStream(res: Response, signal?: AbortSignal): AsyncGenerator<TaskEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event: { type?: string; id?: string; data: string[] } = { data: [] };
  const reader = res.body!.getReader();
  const onAbort = () => { reader.cancel().catch(() => {}); };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        if (line === '') {
          if (event.data.length) {
            let data: any = event.data.join('\n');
            try { data = JSON.parse(data); } catch { /* keep the text */ }
            yield { type: (event.type ?? 'message') as TaskEvent['type'], id: event.id, data };
          }
          event = { data: [] };
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event.type = value;
          else if (field === 'id') event.id = value;
          else if (field === 'data') event.data.push(value);
        }
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

async function* poll(client: Folio, taskId: string, signal?: AbortSignal): AsyncGenerator<TaskEvent> {
  let last = '';
  let delay = 250;
  for (;;) {
    signal?.throwIfAborted();
    const task = await client.request('GET', `/tasks/${encodeURIComponent(taskId)}`, { signal });
    if (TERMINAL.has(task.status)) {
      yield { type: 'progress', data: { task_id: taskId, status: task.status, phase: task.phase ?? null, progress: task.status === 'completed' ? 100 : progressOf(task) } };
      yield { type: 'done', data: task };
      return;
    }
    const key = `${task.status}/${task.phase}`;
    if (key !== last) {
      last = key;
      delay = 250;
      yield { type: 'progress', data: { task_id: taskId, status: task.status, phase: task.phase ?? task.status, progress: progressOf(task) } };
    }
    await sleep(delay, signal);
    delay = Math.min(1000, delay * 1.5);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
  });
}

function progressOf(task: any): number {
  if (typeof task.progress === 'number') return task.progress;
  const phase = String(task.phase ?? task.status).split(':')[0];
  return PHASE_PROGRESS[phase] ?? PHASE_PROGRESS[task.status] ?? 50;
}
