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
}

export class PeriodicTask {
  private readonly o: PeriodicTaskOptions;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<unknown> | null = null;
  private started = false;

  constructor(options: PeriodicTaskOptions) {
    this.o = options;
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
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.pass?.catch(() => {});
  }

  private schedule(): void {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pass = this.o.run()
        .catch((err) => this.o.log[this.o.failureLevel ?? 'error']({ err }, `${this.o.name} failed`))
        .finally(() => { this.pass = null; this.schedule(); });
    }, this.o.intervalMs);
    this.timer.unref();
  }
}
