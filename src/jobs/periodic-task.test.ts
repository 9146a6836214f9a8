// PeriodicTask: one pass at a time on an unref'd timer, the next scheduled when the last ends, failures
// logged and the loop kept, stop waiting for the pass in progress. Fake timers: no waiting on the clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicTask } from './periodic-task.ts';

function fakeLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg: string) => void lines.push({ level, msg });
  return { lines, log: { warn: at('warn'), error: at('error'), info: at('info') } as unknown as FastifyBaseLogger };
}

describe('PeriodicTask', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('runs every interval once started, and never after stop', async () => {
    const { log } = fakeLog();
    let passes = 0;
    const task = new PeriodicTask({ name: 'sweep', intervalMs: 1000, run: async () => { passes++; }, log });
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(0); // not started
    task.start();
    task.start(); // a second start changes nothing
    expect(task.running).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(passes).toBe(3);
    await task.stop();
    expect(task.running).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toBe(3);
  });

  it('never starts with an interval of 0', async () => {
    const { log } = fakeLog();
    let passes = 0;
    const task = new PeriodicTask({ name: 'sweep', intervalMs: 0, run: async () => { passes++; }, log });
    task.start();
    expect(task.running).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toBe(0);
  });

  it('runs one pass at a time: the next interval counts from the end of a slow pass', async () => {
    const { log } = fakeLog();
    const starts: number[] = [];
    let inFlight = 0;
    let most = 0;
    const task = new PeriodicTask({
      name: 'sweep', intervalMs: 1000, log,
      run: async () => {
        starts.push(Date.now());
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 2500));
        inFlight--;
      },
    });
    const t0 = Date.now();
    task.start();
    await vi.advanceTimersByTimeAsync(8000);
    const stopped = task.stop(); // the third pass is under way: stop waits for it
    await vi.advanceTimersByTimeAsync(2500);
    await stopped;
    expect(most).toBe(1);
    expect(starts.map((t) => t - t0)).toEqual([1000, 4500, 8000]);
  });

  it('logs a failed pass at its level and keeps going', async () => {
    const { log, lines } = fakeLog();
    let passes = 0;
    const task = new PeriodicTask({ name: 'storage purge sweep', intervalMs: 100, log, failureLevel: 'warn', run: async () => { if (++passes === 1) throw new Error('disk gone'); } });
    task.start();
    await vi.advanceTimersByTimeAsync(300);
    await task.stop();
    expect(passes).toBe(3);
    expect(lines).toEqual([{ level: 'warn', msg: 'storage purge sweep failed' }]);
  });

  it('stop waits for the pass in progress', async () => {
    const { log } = fakeLog();
    let finished = false;
    const task = new PeriodicTask({ name: 'sweep', intervalMs: 100, log, run: async () => { await new Promise((r) => setTimeout(r, 1000)); finished = true; } });
    task.start();
    await vi.advanceTimersByTimeAsync(150); // the pass is under way
    const stopped = task.stop();
    let done = false;
    void stopped.then(() => { done = true; });
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    await stopped;
    expect(finished).toBe(true);
  });
});
