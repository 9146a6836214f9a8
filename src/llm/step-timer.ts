// Timing marks of one gateway call, for the `Server-Timing` header that FOLIO_LLM_TIMINGS turns on
// (bench/llm-invoke.bench.ts reads it to print where the gateway's added latency goes). Off, none is made.
export class StepTimer {
  private last: number;
  private readonly steps: [string, number][] = [];

  /** `elapsedMs`: time already spent on the request before the timer starts (parsing, validation, auth). */
  constructor(first: string, elapsedMs: number) {
    this.last = performance.now();
    this.steps.push([first, elapsedMs]);
  }

  /** Closes the step that ends now. */
  mark(step: string): void {
    const now = performance.now();
    this.steps.push([step, now - this.last]);
    this.last = now;
  }

  header(): string {
    return this.steps.map(([name, ms]) => `${name};dur=${ms.toFixed(3)}`).join(', ');
  }
}
