// Serves GET /tasks/{task_id}/events: a task's stored progress events as Server-Sent Events, then the
// terminal task body as `done`, then the end of the stream. Events come from the database, so any API
// process serves any task. Each stream subscribes to the task's notifications (new events, task ended,
// listener reconnected) before it reads, then reads after every wake-up, so nothing written between a
// read and a wait is missed; a slow poll backs the notifications up. While nothing is sent for
// FOLIO_SSE_HEARTBEAT_MS a `heartbeat` goes out. One process-wide subscription fans out to the streams;
// `stats()` counts open streams and their wake-up listeners (a client that leaves frees both at once).
import type http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { CHANNELS, type Notifications } from '../jobs/notifications.ts';
import { READ_BATCH, type StoredTaskEvent, type TaskEventsRepository } from './task-events.repository.ts';
import { isTerminal, type TaskRow, type TasksRepository } from './tasks.repository.ts';

/**
 * Backstop read while no notification arrives, spread over POLL_MS-2*POLL_MS per stream. Notifications
 * are not lost on PGlite (in process), and on PostgreSQL a listener reconnect wakes every stream, so this
 * only covers what neither sees.
 */
const POLL_MS = 10_000;
/** A client this far behind in reading is dropped (it may reconnect with Last-Event-ID). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface TaskEventStreamsDeps {
  tasks: TasksRepository;
  events: TaskEventsRepository;
  notifications: Notifications;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

export interface StreamRequest {
  orgId: string;
  task: TaskRow;
  /** Events after this number are sent (0: all). */
  after: number;
  /** The terminal task as GET /tasks/{task_id} answers it. */
  present(task: TaskRow): Promise<unknown>;
}

export class TaskEventStreams {
  private readonly d: TaskEventStreamsDeps;
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly open = new Set<http.ServerResponse>();
  private readonly off: (() => void)[];
  /** Reads in flight, shared by the streams of one task that wake up together at the same point. */
  private readonly reads = new Map<string, Promise<{ task: TaskRow | undefined; events: StoredTaskEvent[] }>>();
  private closing = false;

  constructor(deps: TaskEventStreamsDeps) {
    this.d = deps;
    const wakeTask = (taskId: string) => { for (const wake of this.waiting.get(taskId) ?? []) wake(); };
    const wakeAll = () => { for (const set of this.waiting.values()) for (const wake of set) wake(); };
    this.off = [
      deps.notifications.on(CHANNELS.taskEvent, wakeTask),
      deps.notifications.on(CHANNELS.taskDone, wakeTask),
      deps.notifications.on('reconnect', wakeAll),
    ];
  }

  /** Open streams and registered wake-up listeners of this process. */
  stats(): { streams: number; listeners: number } {
    let listeners = 0;
    for (const set of this.waiting.values()) listeners += set.size;
    return { streams: this.open.size, listeners };
  }

  /** Ends every open stream (the server is closing; clients reconnect with Last-Event-ID elsewhere). */
  closeAll(): void {
    this.closing = true;
    for (const res of this.open) res.end();
    for (const set of this.waiting.values()) for (const wake of set) wake();
  }

  /** The task, then its events after `after` (in that order: once the task is seen ended, every event it wrote is readable). */
  private read(orgId: string, taskId: string, after: number): Promise<{ task: TaskRow | undefined; events: StoredTaskEvent[] }> {
    const key = `${orgId}/${taskId}/${after}`;
    let pending = this.reads.get(key);
    if (!pending) {
      pending = (async () => {
        const task = await this.d.tasks.findInOrg(orgId, taskId);
        return { task, events: task ? await this.d.events.after(orgId, taskId, after) : [] };
      })().finally(() => this.reads.delete(key));
      this.reads.set(key, pending);
    }
    return pending;
  }

  /** Streams the task's events on `res` (headers not yet sent) until the task ends or the client leaves. */
  async serve(req: StreamRequest, res: http.ServerResponse, headers: Record<string, string | number | string[] | undefined> = {}): Promise<void> {
    const { orgId, task } = req;
    const taskId = task.task_id;
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    let last = req.after;
    let woken = false;
    let wake: () => void = () => { woken = true; };
    const listener = () => wake();
    const set = this.waiting.get(taskId) ?? new Set();
    set.add(listener);
    this.waiting.set(taskId, set);
    this.open.add(res);
    let gone = false;
    const onClose = () => { gone = true; listener(); };
    res.on('close', onClose);
    const send = (type: string, id: number, data: unknown) => {
      if (gone || res.writableEnded) return;
      res.write(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
    };
    try {
      let lastSent = Date.now();
      let first = true;
      for (;;) {
        if (gone || this.closing || res.writableEnded) return;
        woken = false;
        const read = first ? { task, events: await this.d.events.after(orgId, taskId, last) } : await this.read(orgId, taskId, last);
        const now = read.task;
        if (!now) return; // the run was purged meanwhile
        const events = read.events;
        for (const e of events) {
          send(e.type, e.seq, e.data);
          last = e.seq;
        }
        if (events.length) lastSent = Date.now();
        if (events.length >= READ_BATCH) { first = false; continue; }
        if (isTerminal(now.status)) return void (await this.end(req, now, last, send));
        if (first && last === 0 && !events.length) {
          // Nothing recorded yet (the task is queued): where it stands, so the client need not wait.
          send('progress', 0, { task_id: taskId, status: now.status, phase: now.phase ?? now.status, progress: 0 });
          lastSent = Date.now();
        }
        first = false;
        // Wait for a wake-up; heartbeats go out meanwhile without touching the database.
        const readAt = Date.now() + POLL_MS + Math.floor(Math.random() * POLL_MS);
        while (!woken && !gone && !this.closing && Date.now() < readAt) {
          if (Date.now() - lastSent >= this.d.heartbeatMs) {
            send('heartbeat', last, { at: new Date().toISOString() });
            lastSent = Date.now();
          }
          const waitMs = Math.max(1, Math.min(readAt - Date.now(), this.d.heartbeatMs - (Date.now() - lastSent)));
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => { wake = () => { woken = true; }; resolve(); }, waitMs);
            wake = () => { woken = true; clearTimeout(timer); wake = () => { woken = true; }; resolve(); };
          });
        }
      }
    } catch (err) {
      this.d.log.warn({ err, task_id: taskId }, 'task event stream failed');
    } finally {
      res.off('close', onClose);
      set.delete(listener);
      if (!set.size && this.waiting.get(taskId) === set) this.waiting.delete(taskId);
      this.open.delete(res);
      if (!res.writableEnded) res.end();
    }
  }

  /**
   * The end of a finished task's stream: a last `progress` with its final status, then `done` with the
   * task body. Their ids follow the stored events, so a replay gives them the same ids.
   */
  private async end(req: StreamRequest, task: TaskRow, last: number, send: (type: string, id: number, data: unknown) => void): Promise<void> {
    const tail = await this.d.events.tail(req.orgId, task.task_id);
    const body = await req.present(task);
    if (last < tail.seq + 1) {
      send('progress', tail.seq + 1, { task_id: task.task_id, status: task.status, phase: 'done', progress: task.status === 'completed' ? 100 : tail.progress });
    }
    send('done', tail.seq + 2, body);
  }
}
