// Records a running task's progress as the agent works: the phase, a progress figure (0-100) and one
// step per visible change ("Added slide 4: Market size"), stored as task events for the SSE stream
// (task-event-stream.ts). Writes never slow the agent down: events are buffered and written in one
// statement per flush (at most every FLUSH_MS, and at once on a phase change); a failed write is logged
// and dropped, never the task's failure.
//
// Progress is computed from the work itself. Phases hold fixed marks (starting 5, planning 10, writing
// from 15, rendering 90, saving 95); while writing, each model turn's tool calls take a share of what
// is left below 85 (the whole of it when the plan is known in advance, as with the builtin engine's
// plan), and each call done moves the figure by its part of that share. It never goes down.
import type { FastifyBaseLogger } from 'fastify';
import type { NewTaskEvent, TaskEventsRepository } from './task-events.repository.ts';

const FLUSH_MS = 50;
const MARKS: Record<string, number> = { queued: 0, starting: 5, planning: 10, writing: 15, rendering: 90, saving: 95 };
const WRITING_END = 85;
/** Share of the remaining writing range one turn of a model takes when its plan is not known ahead. */
const TURN_SHARE = 0.6;

/** What the agent reports through (AgentInput.progress): steps, and the tool calls of each turn. */
export interface ProgressSink {
  /** A visible change, in the words the tool recorded; `tool` is the tool that made it. */
  step(change: string, tool: string | null): void;
  /** A turn is about to run `calls` tool calls; `planned`: they are the whole plan of the work. */
  beginTurn(calls: number, planned: boolean): void;
  /** One call of the current turn ended. */
  callDone(): void;
}

export class TaskProgress implements ProgressSink {
  private readonly repo: TaskEventsRepository;
  private readonly taskId: string;
  private readonly orgId: string;
  private readonly log: FastifyBaseLogger;
  private pending: NewTaskEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  private phaseName = 'starting';
  private progress = 0;
  private sent = { phase: '', progress: -1 };
  private turn = { from: 0, to: 0, calls: 0, done: 0 };

  constructor(repo: TaskEventsRepository, task: { task_id: string; org_id: string }, log: FastifyBaseLogger) {
    this.repo = repo;
    this.taskId = task.task_id;
    this.orgId = task.org_id;
    this.log = log;
  }

  /** The task entered `phase` (the task's `phase` column says the same): recorded and written at once. */
  async phase(phase: string): Promise<void> {
    this.phaseName = phase;
    const mark = MARKS[phase];
    if (mark !== undefined) this.advance(mark);
    this.noteProgress();
    await this.flush();
  }

  step(change: string, tool: string | null): void {
    if (this.closed) return;
    this.pending.push({ type: 'step', data: { task_id: this.taskId, message: stepMessage(change), tool, at: new Date().toISOString() } });
    this.schedule();
  }

  beginTurn(calls: number, planned: boolean): void {
    const from = Math.max(this.progress, MARKS.writing);
    this.turn = { from, to: planned ? WRITING_END : from + (WRITING_END - from) * TURN_SHARE, calls, done: 0 };
  }

  callDone(): void {
    const t = this.turn;
    if (!t.calls || t.done >= t.calls) return;
    t.done++;
    this.advance(Math.floor(t.from + ((t.to - t.from) * t.done) / t.calls));
    this.noteProgress();
    this.schedule();
  }

  /** Writes what is buffered and stops recording (before the task's terminal move). */
  async close(): Promise<void> {
    if (this.closed) return this.writing;
    await this.flush();
    this.closed = true;
    await this.writing;
  }

  private advance(to: number): void {
    this.progress = Math.max(this.progress, Math.min(100, to));
  }

  /** A progress event when phase or figure changed; one still unwritten is replaced, not added to. */
  private noteProgress(): void {
    if (this.closed || (this.sent.phase === this.phaseName && this.sent.progress === this.progress)) return;
    this.sent = { phase: this.phaseName, progress: this.progress };
    const event: NewTaskEvent = { type: 'progress', data: { task_id: this.taskId, status: 'running', phase: this.phaseName, progress: this.progress } };
    const last = this.pending.at(-1);
    if (last?.type === 'progress') this.pending[this.pending.length - 1] = event;
    else this.pending.push(event);
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => { this.timer = null; void this.flush(); }, FLUSH_MS);
  }

  /** Hands the buffer to the write chain (writes stay in order) and waits for it. */
  private flush(): Promise<void> {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    if (this.closed || !this.pending.length) return this.writing;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(() => this.repo.append(this.orgId, this.taskId, batch)).catch((err) => {
      this.log.warn({ err, task_id: this.taskId }, 'could not record task progress events');
    });
    return this.writing;
  }
}

/**
 * A recorded change as a step message: sentence case, and a new slide told as "Added slide 4: Title"
 * (the layout it used is a detail for the summary, not for a progress line).
 */
export function stepMessage(change: string): string {
  const text = change.replace(/^added slide (\d+) "(.*)" \(layout "[^"]*"\)$/s, 'added slide $1: $2').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
