// `folio worker` and `folio credits` as real commands: usage, refusal of bad input, clean SIGTERM.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';
import { ROOT, runCli } from './helpers/processes.ts';

describe('folio worker', () => {
  let env: Record<string, string>;
  let dataDir: string;
  let drop = async () => {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-worker-cli-'));
    env = { FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    if (SERVICES.databaseUrl) {
      const created = await createPostgresDatabase();
      env.DATABASE_URL = created.url;
      drop = created.drop;
    }
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is listed in the usage, with credits grant', async () => {
    const res = await runCli(['help'], env);
    expect(res.stdout).toContain('worker [--concurrency <n>]');
    expect(res.stdout).toContain('credits grant --org <org_id> --amount <n> --reason <text>');
  });

  it('refuses a bad --concurrency, and credits without a subcommand', async () => {
    for (const value of ['0', '-1', 'many', '1000']) {
      const res = await runCli(['worker', '--concurrency', value], env);
      expect(res.code, value).toBe(2);
      expect(res.stderr).toContain('--concurrency');
    }
    // `folio credits` alone is the client command (the balance, through the SDK); `credits grant` is the operator's.
    const credits = await runCli(['credits', 'grant'], env);
    expect(credits.code).toBe(2);
    expect(credits.stderr).toContain('Usage: folio credits grant');
  });

  it('runs workers only, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'folio.js'), 'worker', '--concurrency', '3'], {
      cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 90_000; // a fresh PGlite directory migrates first; generous for loaded machines
    while (!out.includes('Folio worker running')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(out).toContain('3 task slots');
    expect(out).not.toContain('listening');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('worker stopped');
  }, 120_000);
});
