// `npm test` and `npm run test:services`: runs vitest with the arguments given and, when the only thing
// that went wrong is that a worker process died on a signal while it ran a test file (the Node runtime
// crashed: V8 ends a process with SIGTRAP on an internal CHECK failure, which a test cannot cause or
// catch), runs those files once more on their own and takes that result. A failed test, an unhandled
// error of any other kind, or a second crash fails the run as it is. test/helpers/crash-report.ts is the
// reporter that tells which files were lost; docs/development.md says why this exists.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { CrashReport } from '../test/helpers/crash-report.ts';

const vitest = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const dir = mkdtempSync(join(tmpdir(), 'folio-test-'));
const reportPath = join(dir, 'crash-report.json');

function run(args: string[], rerun?: string[]): { status: number; report?: CrashReport } {
  rmSync(reportPath, { force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, FOLIO_TEST_CRASH_REPORT: reportPath };
  // The config includes only these files then (vitest.config.ts, rerunInclude); the same arguments keep
  // their options (--config, --reporter, ...), and a filter among them matched the lost files already.
  if (rerun) env.FOLIO_TEST_RERUN = JSON.stringify(rerun);
  const child = spawnSync(vitest, ['run', ...args], { stdio: 'inherit', env });
  const status = child.status ?? 1;
  let report: CrashReport | undefined;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8')) as CrashReport;
  } catch {
    report = undefined;
  }
  return { status, report };
}

function main(): number {
  const args = process.argv.slice(2);
  const first = run(args);
  const report = first.report;
  if (first.status === 0 || !report || report.crashed.length === 0) return first.status;
  if (report.failedFiles.length > 0 || report.otherErrors.length > 0) return first.status;
  const files = [...new Set(report.crashed.map((c) => relative(process.cwd(), c.file)))];
  for (const { file, signal } of report.crashed) {
    console.error(`\ntest: the worker process running ${relative(process.cwd(), file)} died on ${signal} before the file finished; no test failed.`);
  }
  console.error('test: that is the Node runtime crashing, not a test failing; running the lost file(s) once more, on their own:\n');
  const again = run(args, files);
  if (again.status === 0) console.error(`\ntest: the re-run of ${files.length} file(s) passed; the run passes, with the crash above on record.`);
  return again.status;
}

let status = 1;
try {
  status = main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
