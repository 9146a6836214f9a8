// Gives memory back once a `folio serve` or `folio worker` process goes quiet.
//
// V8 grows its young generation with the allocation of a busy spell, the start included, and keeps
// those pages committed afterwards: an idle `folio serve` on PostgreSQL held 64 MB of young generation
// with 14 MB in use, and gave back about 34 MB of resident memory (docs/performance.md). One full,
// memory-reducing collection (V8's "last resort" flavour, what it runs itself under memory pressure)
// shrinks the young generation and returns the freed pages to the system. The young generation's
// maximum size is unchanged, so it grows again under load: full-load throughput is not traded for it,
// as with `--max-semi-space-size`.
//
// When: once the start has settled (the first whole second under 5% busy after the process is ready), and then
// after every `quietSeconds` during which the main thread was at least 95% idle (event-loop
// utilization), but only while the JS heap holds at least `minSlackMb` of committed space it does not
// use. A busy process never pays for it; an idle one pays one collection (tens of ms) after a burst.
// The memory-reducing collection also drops compiled code that V8 can rebuild, so the next busy spell
// starts slower for a few seconds (docs/performance.md); hence a period of a minute by default.
// FOLIO_IDLE_MEMORY_RELEASE_SECONDS=0 turns it off.
import v8 from 'node:v8';
import vm from 'node:vm';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

type GcFunction = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' }) => void;

export interface IdleMemoryOptions {
  /** Seconds of quiet after busy work before memory is released; 0 disables. */
  quietSeconds: number;
  /** Committed but unused JS heap below which nothing is done. */
  minSlackMb?: number;
  log: { info(obj: object, msg: string): void; debug(obj: object, msg: string): void };
}

export interface IdleMemoryRelease {
  stop(): void;
}

export interface ReleaseResult {
  reason: string;
  heapBeforeMb: number;
  heapAfterMb: number;
  ms: number;
}

const QUIET_UTILIZATION = 0.05;
const TICK_MS = 1000;

/** The collector with options, without `--expose-gc` on the command line: the flag applies to new contexts. */
function gcFunction(): GcFunction | null {
  const existing = (globalThis as { gc?: GcFunction }).gc;
  if (typeof existing === 'function') return existing;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as GcFunction;
    v8.setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? gc : null;
  } catch {
    return null;
  }
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** Whether a window was quiet and the heap holds enough unused space to be worth a collection. */
export function shouldRelease(utilization: number, slackBytes: number, minSlackMb: number): boolean {
  return utilization < QUIET_UTILIZATION && slackBytes >= minSlackMb * 1048576;
}

export function startIdleMemoryRelease(options: IdleMemoryOptions): IdleMemoryRelease {
  const minSlackMb = options.minSlackMb ?? 16;
  const gc = options.quietSeconds > 0 ? gcFunction() : null;
  if (!gc) {
    if (options.quietSeconds > 0) options.log.debug({}, 'idle memory release unavailable: no collector function');
    return { stop() {} };
  }
  const release = (reason: string, before: v8.HeapInfo): void => {
    const t0 = performance.now();
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const after = v8.getHeapStatistics();
    const result: ReleaseResult = { reason, heapBeforeMb: mb(before.total_heap_size), heapAfterMb: mb(after.total_heap_size), ms: Math.round((performance.now() - t0) * 10) / 10 };
    options.log.info({ idle_memory: result }, 'released idle memory');
  };

  // Windows of one tick until the start has settled (the first quiet second), then of `quietSeconds`.
  let settled = false;
  let ticks = 0;
  let mark: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    ticks++;
    if (settled && ticks < options.quietSeconds) return;
    const now = performance.eventLoopUtilization();
    const window = performance.eventLoopUtilization(now, mark);
    mark = now;
    ticks = 0;
    const quiet = window.utilization < QUIET_UTILIZATION;
    const heap = v8.getHeapStatistics();
    if (shouldRelease(window.utilization, heap.total_heap_size - heap.used_heap_size, minSlackMb)) {
      release(settled ? 'quiet' : 'settled', heap);
      mark = performance.eventLoopUtilization(); // the collection itself is not the next window's work
    }
    if (quiet) settled = true;
  }, TICK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
