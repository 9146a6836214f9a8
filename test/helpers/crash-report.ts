// A vitest reporter that writes down which test files were lost because their worker process died on a
// signal (the Node runtime itself crashed: V8 ends a process with SIGTRAP on an internal CHECK failure),
// and whether anything else went wrong. scripts/test.ts reads it to run those files once more; nothing is
// written unless FOLIO_TEST_CRASH_REPORT names the file to write.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

type SerializedError = { message?: string; cause?: { message?: string } };

const CRASH = /Worker exited unexpectedly with signal (SIG[A-Z0-9]+) .*?while running test files? (.+)$/;

export type CrashReport = {
  /** Test files whose worker died on a signal before they finished, with the signal. */
  crashed: Array<{ file: string; signal: string }>;
  /** Test files that failed, and unhandled errors that are not a worker's death: either fails the run. */
  failedFiles: string[];
  otherErrors: string[];
};

export function crashReport(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>): CrashReport {
  const crashed: CrashReport['crashed'] = [];
  const otherErrors: string[] = [];
  for (const error of errors) {
    const match = CRASH.exec(error.cause?.message ?? error.message ?? '');
    if (match) for (const file of match[2].split(', ')) crashed.push({ file, signal: match[1] });
    else otherErrors.push(error.message ?? String(error));
  }
  const lost = new Set(crashed.map((c) => c.file));
  const failedFiles = modules
    .filter((m) => m.state() !== 'passed' && m.state() !== 'skipped' && !lost.has(m.moduleId))
    .map((m) => m.moduleId);
  return { crashed, failedFiles, otherErrors };
}

export default class CrashReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>) {
    const path = process.env.FOLIO_TEST_CRASH_REPORT;
    if (path) writeFileSync(path, JSON.stringify(crashReport(modules, errors)));
  }
}
