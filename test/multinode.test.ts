// Two real server processes sharing one PostgreSQL database and one Redis: what one node changes,
// the other sees at once. Runs in the PostgreSQL + Redis suite (npm run test:services); a single
// embedded PGlite database cannot be shared by two processes, by design.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';
import { runCli, startServer, type ServerProcess } from './helpers/processes.ts';

describe.runIf(SERVICES.databaseUrl && SERVICES.redisUrl)('two server processes on PostgreSQL + Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    const db = await createPostgresDatabase();
    drop = db.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-multi-'));
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: SERVICES.redisUrl!,
      FOLIO_REDIS_PREFIX: `folio-multi-${randomBytes(4).toString('hex')}:`,
      FOLIO_DATA_DIR: dataDir,
      FOLIO_RATE_LIMIT_FREE: '6',
      FOLIO_RATE_LIMIT_PRO: '1000',
    };
    // Started together: migrations must serialize on their own.
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined!)); // afterAll stops whichever started
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const redis = new Redis(SERVICES.redisUrl!);
    const keys = await redis.keys(`${env.FOLIO_REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function token(sub: string) {
    const res = await runCli(['token', '--sub', sub, '--email', `${sub}@example.com`], env);
    expect(res.code).toBe(0);
    return res.stdout.trim();
  }

  async function signup(sub: string, tier = 'free') {
    const t = await token(sub);
    const res = await fetch(`${a.url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: `Org ${sub}`, tier }) });
    expect(res.status).toBe(201);
    return { ...((await res.json()) as object), token: t } as { org_id: string; secret: string; key_id: string; token: string };
  }

  const verify = (node: ServerProcess, key: string) => fetch(`${node.url}/api/v1/verify`, { headers: { 'x-api-key': key } });

  it('revocation on one node is effective on the other at once, even with a warm cache', async () => {
    const org = await signup('multi-revoke', 'pro');
    for (let i = 0; i < 3; i++) {
      expect((await verify(a, org.secret)).status).toBe(200);
      expect((await verify(b, org.secret)).status).toBe(200);
    }
    const del = await fetch(`${a.url}/api/v1/organizations/${org.org_id}/api-keys/${org.key_id}`, { method: 'DELETE', headers: { authorization: `Bearer ${org.token}` } });
    expect(del.status).toBe(204);
    const onB = await verify(b, org.secret);
    expect(onB.status).toBe(401);
    expect(((await onB.json()) as { error: string }).error).toBe('invalid_api_key');
    expect((await verify(a, org.secret)).status).toBe(401);
  });

  it('shares the per-key rate limit across processes', async () => {
    const org = await signup('multi-rate');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await verify(i % 2 ? b : a, org.secret)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const limited = await verify(b, org.secret);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('sees an operator suspension from the CLI on every node', async () => {
    const org = await signup('multi-suspend', 'pro');
    expect((await verify(a, org.secret)).status).toBe(200);
    expect((await verify(b, org.secret)).status).toBe(200);
    const res = await runCli(['org', 'suspend', '--org', org.org_id], env);
    expect(res.code, res.stderr).toBe(0);
    expect((await verify(a, org.secret)).status).toBe(403);
    expect((await verify(b, org.secret)).status).toBe(403);
    expect((await runCli(['org', 'activate', '--org', org.org_id], env)).code).toBe(0);
    expect((await verify(b, org.secret)).status).toBe(200);
  });

  it('logs one start-up line naming the backends, without secrets', () => {
    const lines = a.output().split('\n').filter((l) => l.includes('Folio listening'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('postgresql');
    expect(lines[0]).toContain('redis');
  });
});
