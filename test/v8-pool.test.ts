// `folio serve` on the embedded PGlite re-executes itself with one V8 background thread (bin/v8-pool.js):
// the same process, with `--v8-pool-size=1` among its node arguments. FOLIO_V8_POOL_SIZE sets any size,
// 0 keeps Node's default, and an explicit --v8-pool-size wins.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';
import { ROOT, runCli, startServer, type ServerProcess } from './helpers/processes.ts';

type PoolSize = (command: string | undefined, env: Record<string, string | undefined>, execArgv: string[]) => number | null;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

async function serve(extra: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-v8-pool-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const env: Record<string, string> = { FOLIO_DATA_DIR: dir, ...extra };
  if (SERVICES.databaseUrl) {
    const created = await createPostgresDatabase();
    env.DATABASE_URL = created.url;
    cleanups.push(created.drop);
  }
  if (SERVICES.redisUrl) Object.assign(env, { REDIS_URL: SERVICES.redisUrl, FOLIO_REDIS_PREFIX: `folio-v8-pool-${process.pid}-${Date.now()}:` });
  const server = await startServer(env, { bootTimeoutMs: 240_000 });
  cleanups.push(() => server.stop());
  return server;
}

/** The node arguments of the running process with this id (the spawned one: execve keeps the id). */
const nodeArgs = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe('the V8 thread pool', () => {
  it('chooses 1 for serve on PGlite only, the setting otherwise, and never overrides an explicit flag', async () => {
    const { v8PoolSize } = (await import(path.join(ROOT, 'bin', 'v8-pool.js'))) as { v8PoolSize: PoolSize };
    expect(v8PoolSize('serve', {}, [])).toBe(1);
    expect(v8PoolSize('serve', { DATABASE_URL: 'postgres://db/folio' }, [])).toBeNull();
    expect(v8PoolSize('worker', {}, [])).toBeNull();
    expect(v8PoolSize('serve', { FOLIO_V8_POOL_SIZE: '0' }, [])).toBeNull();
    expect(v8PoolSize('worker', { FOLIO_V8_POOL_SIZE: '3', DATABASE_URL: 'postgres://db/folio' }, [])).toBe(3);
    expect(v8PoolSize('serve', {}, ['--v8-pool-size=2'])).toBeNull();
    expect(v8PoolSize('serve', { NODE_OPTIONS: '--max-old-space-size=512 --v8-pool-size=2' }, [])).toBeNull();
    expect(v8PoolSize('serve', { FOLIO_V8_POOL_SIZE: 'two' }, [])).toBeNull(); // the config check reports it
  });

  it(`runs folio serve on ${SERVICES.databaseUrl ? 'PostgreSQL with Node\'s default' : 'PGlite with one thread'}, in the process it was started as`, async () => {
    const server = await serve();
    expect((await fetch(`${server.url}/api/v1/health/live`)).status).toBe(200);
    const args = nodeArgs(server.child.pid!);
    if (SERVICES.databaseUrl) expect(args.some((a) => a.startsWith('--v8-pool-size'))).toBe(false);
    else expect(args).toContain('--v8-pool-size=1');
    expect(args.slice(-2)).toEqual([path.join(ROOT, 'bin', 'folio.js'), 'serve']);
  }, 240_000);

  it('takes FOLIO_V8_POOL_SIZE on any backend, and 0 keeps Node\'s default', async () => {
    const two = await serve({ FOLIO_V8_POOL_SIZE: '2' });
    expect(nodeArgs(two.child.pid!)).toContain('--v8-pool-size=2');
    const zero = await serve({ FOLIO_V8_POOL_SIZE: '0' });
    expect(nodeArgs(zero.child.pid!).some((a) => a.startsWith('--v8-pool-size'))).toBe(false);
  }, 240_000);

  it('refuses a FOLIO_V8_POOL_SIZE that is not a number from 0 to 64, naming it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-v8-pool-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    for (const value of ['two', '65']) {
      const res = await runCli(['serve'], { FOLIO_DATA_DIR: dir, FOLIO_V8_POOL_SIZE: value, PORT: '0' });
      expect(res.code).not.toBe(0);
      expect(res.stderr + res.stdout).toContain('FOLIO_V8_POOL_SIZE');
    }
  }, 120_000);
});
