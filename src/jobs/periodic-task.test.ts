// PeriodicTask: one pass at a time on an unref'd timer, the next scheduled when the last ends, failures
// logged and the loop kept, stop waiting for the pass in progress. A manual clock drives it: no waiting
// on real time, and nothing else in the process shares the clock.
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicTask, type Timers } from './periodic-task.ts';

class ManualClock implements Timers {
  now = 0;
  private next = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();

  setTimeout(fn: () => void, ms: number) {
    const id = ++this.next;
    this.pending.set(id, { at: this.now + ms, fn });
    return { id, unref: () => undefined };
  }

  clearTimeout(timer: unknown): void {
    this.pending.delete((timer as { id: number }).id);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => { this.setTimeout(resolve, ms); });
  }

  /** Moves the clock forward, firing due timers in order and letting the promises they start settle. */
  async advance(ms: number): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      await settle();
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = until;
    await settle();
  }
}

const settle = async () => { for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r)); };

function fakeLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg: string) => void lines.push({ level, msg });
  return { lines, log: { warn: at('warn'), error: at('error'), info: at('info') } as unknown as FastifyBaseLogger };
}

describe('PeriodicTask', () => {
  it('runs every interval once started, and never after stop', async () => {
    const clock = new ManualClock();
    let passes = 0;
    const task = new PeriodicTask({ name: 'sweep', intervalMs: 1000, run: async () => { passes++; }, log: fakeLog().log, timers: clock });
    await clock.advance(5000);
    expect(passes).toBe(0); // not started
    task.start();
    task.start(); // a second start changes nothing
    expect(task.running).toBe(true);
    await clock.advance(999);
    expect(passes).toBe(0);
    await clock.advance(1);
    expect(passes).toBe(1);
    await clock.advance(2000);
    expect(passes).toBe(3);
    await task.stop();
    expect(task.running).toBe(false);
    await clock.advance(10_000);
    expect(passes).toBe(3);
  });

  it('never starts with an interval of 0', async () => {
    const clock = new ManualClock();
    let passes = 0;
    const task = new PeriodicTask({ name: 'sweep', intervalMs: 0, run: async () => { passes++; }, log: fakeLog().log, timers: clock });
    task.start();
    expect(task.running).toBe(false);
    await clock.advance(10_000);
    expect(passes).toBe(0);
  });

  it('runs one pass at a time: the next interval counts from the end of a slow pass', async () => {
    const clock = new ManualClock();
    const starts: number[] = [];
    let inFlight = 0;
    let most = 0;
    const task = new PeriodicTask({
      name: 'sweep', intervalMs: 1000, log: fakeLog().log, timers: clock,
      run: async () => {
        starts.push(clock.now);
        most = Math.max(most, ++inFlight);
        await clock.sleep(2500);
        inFlight--;
      },
    });
    task.start();
    await clock.advance(8000);
    const stopped = task.stop(); // the third pass is under way: stop waits for it
    await clock.advance(2500);
    await stopped;
    expect(most).toBe(1);
    expect(starts).toEqual([1000, 4500, 8000]);
  });

  it('logs a failed pass at its level and keeps going', async () => {
    const clock = new ManualClock();
    const { log, lines } = fakeLog();
    let passes = 0;
    const task = new PeriodicTask({ name: 'storage purge sweep', intervalMs: 100, log, failureLevel: 'warn', timers: clock, run: async () => { if (++passes === 1) throw new Error('disk gone'); } });
    task.start();
    await clock.advance(300);
    await task.stop();
    expect(passes).toBe(3);
    expect(lines).toEqual([{ level: 'warn', msg: 'storage purge sweep failed' }]);
  });

  it('stop waits for the pass in progress', async () => {
    const clock = new ManualClock();
    let finished = false;
    const task = new PeriodicTask({ name: 'sweep', intervalMs: 100, log: fakeLog().log, timers: clock, run: async () => { await clock.sleep(1000); finished = true; } });
    task.start();
    await clock.advance(150); // the pass is under way
    let done = false;
    const stopped = task.stop().then(() => { done = true; });
    await clock.advance(500);
    expect(done).toBe(false);
    await clock.advance(500);
    await stopped;
    expect(finished).toBe(true);
  });
});
