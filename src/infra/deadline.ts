// A call's abort signal: the caller's signal plus a time limit, released as soon as the call ends.
//
// Why not `AbortSignal.any([signal, AbortSignal.timeout(ms)])`: Node keeps a timeout signal, and a
// composite signal that has an 'abort' listener (fetch and the AI SDK add them and do not always take
// them off), alive until the timer fires. Each model call then left an AbortSignal, a Timeout, a
// closure, a context and WeakRefs on the heap for the whole time limit (minutes), whether or not the
// call had long finished: a heap snapshot of a 1,000-generation soak showed 2,000 of each, and at
// 2,000 LLM calls a second it is hundreds of thousands. Here the timer is cleared and the listener on
// the caller's signal removed when the call ends, so nothing outlives it.

export interface Deadline {
  /** Aborted when the caller's signal aborts (with its reason) or the time limit passes (a TimeoutError). */
  readonly signal: AbortSignal;
  /** True when the time limit, not the caller, aborted the signal. */
  readonly timedOut: boolean;
  /** Clears the timer and the listener on the caller's signal; call it when the call ends (a finally). */
  dispose(): void;
}

export function deadline(parent: AbortSignal, ms: number): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(parent.reason);
  let timer: NodeJS.Timeout | undefined;
  if (parent.aborted) {
    controller.abort(parent.reason);
  } else {
    parent.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, ms);
    timer.unref();
  }
  return {
    signal: controller.signal,
    get timedOut() { return timedOut; },
    dispose() {
      if (timer) clearTimeout(timer);
      parent.removeEventListener('abort', onAbort);
    },
  };
}
