// A real `folio serve` on the backend this test run uses: a fresh data directory and, with
// PostgreSQL + Redis, a scratch database and Redis prefix. Each is added to `cleanups` (run them after
// the tests, last first), so nothing is left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from './processes.ts';
import { createPostgresDatabase, SERVICES } from './test-app.ts';

export type Cleanups = (() => Promise<void>)[];

export async function serveOnTestBackend(label: string, extra: Record<string, string>, cleanups: Cleanups): Promise<ServerProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `folio-${label}-`));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const env: Record<string, string> = { FOLIO_DATA_DIR: dir, ...extra };
  if (SERVICES.databaseUrl) {
    const created = await createPostgresDatabase();
    env.DATABASE_URL = created.url;
    cleanups.push(created.drop);
  }
  if (SERVICES.redisUrl) Object.assign(env, { REDIS_URL: SERVICES.redisUrl, FOLIO_REDIS_PREFIX: `folio-${label}-${process.pid}-${Date.now()}:` });
  const server = await startServer(env, { bootTimeoutMs: 240_000 });
  cleanups.push(() => server.stop());
  return server;
}
