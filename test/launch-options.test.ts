// Launch options (bin/launch-options.js), applied by `folio` re-executing itself (same process id):
// - `folio serve` on the embedded PGlite runs with one V8 background thread (`--v8-pool-size=1` among its
//   node arguments); FOLIO_V8_POOL_SIZE sets any size, 0 keeps Node's default, an explicit flag wins;
// - `folio serve` and `folio worker` on Linux run with glibc malloc's mmap threshold fixed at 32 KB
//   (GLIBC_TUNABLES in the process's environment), unless GLIBC_TUNABLES was already set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICES } from './helpers/test-app.ts';
import { serveOnTestBackend, type Cleanups } from './helpers/backend-server.ts';
import { ROOT, runCli, type ServerProcess } from './helpers/processes.ts';

type PoolSize = (command: string | undefined, env: Record<string, string | undefined>, execArgv: string[]) => number | null;
type Tunables = (command: string | undefined, env: Record<string, string | undefined>, platform: string) => string | null;

const cleanups: Cleanups = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

async function serve(extra: Record<string, string> = {}): Promise<ServerProcess> {
  return serveOnTestBackend('launch', extra, cleanups);
}

/** The node arguments of the running process with this id (the spawned one: execve keeps the id). */
const nodeArgs = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
/** The environment the running process was (re-)executed with. */
const processEnv = (pid: number) => Object.fromEntries(fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));

describe('the V8 thread pool', () => {
  it('chooses 1 for serve on PGlite only, the setting otherwise, and never overrides an explicit flag', async () => {
    const { v8PoolSize } = (await import(path.join(ROOT, 'bin', 'launch-options.js'))) as { v8PoolSize: PoolSize };
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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-launch-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    for (const value of ['two', '65']) {
      const res = await runCli(['serve'], { FOLIO_DATA_DIR: dir, FOLIO_V8_POOL_SIZE: value, PORT: '0' });
      expect(res.code).not.toBe(0);
      expect(res.stderr + res.stdout).toContain('FOLIO_V8_POOL_SIZE');
    }
  }, 120_000);
});

describe("malloc's mmap threshold", () => {
  it('is set for serve and worker on Linux only, and an operator\'s GLIBC_TUNABLES (even empty) is left alone', async () => {
    const { mallocTunables } = (await import(path.join(ROOT, 'bin', 'launch-options.js'))) as { mallocTunables: Tunables };
    expect(mallocTunables('serve', {}, 'linux')).toBe('glibc.malloc.mmap_threshold=32768');
    expect(mallocTunables('worker', { DATABASE_URL: 'postgres://db/folio' }, 'linux')).toBe('glibc.malloc.mmap_threshold=32768');
    expect(mallocTunables('migrate', {}, 'linux')).toBeNull();
    expect(mallocTunables('serve', {}, 'darwin')).toBeNull();
    expect(mallocTunables('serve', { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, 'linux')).toBeNull();
    expect(mallocTunables('serve', { GLIBC_TUNABLES: '' }, 'linux')).toBeNull();
  });

  it('runs folio serve with it, in the process it was started as; an operator\'s value is kept', async () => {
    const server = await serve();
    expect((await fetch(`${server.url}/api/v1/health/live`)).status).toBe(200);
    expect(processEnv(server.child.pid!).GLIBC_TUNABLES).toBe('glibc.malloc.mmap_threshold=32768');
    expect(nodeArgs(server.child.pid!).slice(-2)).toEqual([path.join(ROOT, 'bin', 'folio.js'), 'serve']);
    const own = await serve({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' });
    expect(processEnv(own.child.pid!).GLIBC_TUNABLES).toBe('glibc.malloc.arena_max=2');
  }, 240_000);
});
