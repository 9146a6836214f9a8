// A periodic task: runs `run` every `intervalMs` on a timer that does not keep the process alive, one
// pass at a time (the next is scheduled when the last ends, however it ended). The sweeps of runs,
// stored bytes, the export cache and the webhook log are each one of these.
import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicTaskOptions {
  /** Names the task in the log line of a failed pass. */
  name: string;
  /** 0 (or less): never on a timer in this process; `run` can still be called directly. */
  intervalMs: number;
  run: () => Promise<unknown>;
  log: FastifyBaseLogger;
  /** The level of a failed pass's log line (default error). */
  failureLevel?: 'warn' | 'error';
  /** The clock (tests drive their own); default the process's timers. */
  timers?: Timers;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): { unref(): unknown };
  clearTimeout(timer: unknown): void;
}

const processTimers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout) };

export class PeriodicTask {
  private readonly o: PeriodicTaskOptions;
  private timer: { unref(): unknown } | null = null;
  private readonly timers: Timers;
  private pass: Promise<unknown> | null = null;
  private started = false;

  constructor(options: PeriodicTaskOptions) {
    this.o = options;
    this.timers = options.timers ?? processTimers;
  }

  /** True between start and stop (a pass may check it to stop early). */
  get running(): boolean {
    return this.started;
  }

  start(): void {
    if (this.started || this.o.intervalMs <= 0) return;
    this.started = true;
    this.schedule();
  }

  /** Stops the timer and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) this.timers.clearTimeout(this.timer);
    this.timer = null;
    await this.pass?.catch(() => {});
  }

  private schedule(): void {
    if (!this.started) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.pass = this.o.run()
        .catch((err) => this.o.log[this.o.failureLevel ?? 'error']({ err }, `${this.o.name} failed`))
        .finally(() => { this.pass = null; this.schedule(); });
    }, this.o.intervalMs);
    this.timer.unref();
  }
}
