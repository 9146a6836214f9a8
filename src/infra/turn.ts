// Work deferred to the end of the current event-loop turn and run together: after the poll phase has
// read every request that arrived, in the same check phase (one setImmediate for all of it).
//
// The hot request path uses it to batch: fast-path answers are written back to back, and the Redis
// commands of a turn (one auth epoch read, one rate-limit count per key) are sent once for all the
// requests read in it. A request waits at most for the rest of its own turn.
let queue: (() => void)[] = [];

function runQueued(): void {
  const jobs = queue;
  queue = [];
  for (const job of jobs) {
    try {
      job();
    } catch (err) {
      // One failing job must not hold back the others; the error still surfaces as uncaught.
      queueMicrotask(() => { throw err; });
    }
  }
}

/** Runs `job` at the end of this event-loop turn, after everything already queued. */
export function atTurnEnd(job: () => void): void {
  queue.push(job);
  if (queue.length === 1) setImmediate(runQueued);
}
