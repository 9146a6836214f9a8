// scripts/test.ts (`npm test`): a test file whose worker process died on a signal (the Node runtime
// crashed) runs once more on its own, and the run passes only if it passes then; a failed test beside
// the crash, or a second crash, fails the run. Run on the small files of test/fixtures/test-runner.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runner(mode: string): Promise<{ status: number | null; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-runner-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['scripts/test.ts', '--config', 'test/fixtures/test-runner/vitest.config.ts'], {
    env: { ...process.env, FOLIO_RUNNER_CASE: mode, FOLIO_RUNNER_DIR: dir, NO_COLOR: '1', FORCE_COLOR: '0', FOLIO_TEST_CRASH_REPORT: '', FOLIO_TEST_RERUN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, out })));
}

describe('the test runner (scripts/test.ts)', () => {
  it('passes a clean run as vitest does, running nothing twice', async () => {
    const r = await runner('');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/Test Files\s+3 passed \(3\)/);
    expect(r.out).not.toMatch(/once more/);
  });

  it('runs the file a dead worker lost once more, on its own, and passes when it passes then', async () => {
    const r = await runner('once');
    expect(r.out).toMatch(/Worker exited unexpectedly with signal SIGTRAP/);
    expect(r.out).toMatch(/the worker process running test\/fixtures\/test-runner\/dies\.check\.ts died on SIGTRAP/);
    const [, rerun] = r.out.split(/running the lost file\(s\) once more/);
    expect(rerun).toMatch(/Test Files\s+1 passed \(1\)/);
    expect(rerun).toMatch(/dies\.check\.ts/);
    expect(rerun).not.toMatch(/passes\.check\.ts|fails\.check\.ts/);
    expect(r.status).toBe(0);
  });

  it('fails when the file dies again', async () => {
    const r = await runner('always');
    expect(r.out).toMatch(/once more/);
    expect(r.status).not.toBe(0);
  });

  it('fails without running anything again when a test failed beside the crash', async () => {
    const r = await runner('once+fail');
    expect(r.out).toMatch(/Worker exited unexpectedly with signal SIGTRAP/);
    expect(r.out).toMatch(/fails\.check\.ts/);
    expect(r.out).not.toMatch(/once more/);
    expect(r.status).not.toBe(0);
  });
});
