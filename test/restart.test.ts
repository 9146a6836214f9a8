// A server with in-process workers killed with SIGKILL and started again on the same database: its
// queued and running async tasks resume, and each completes exactly once. On the embedded default this
// is the same PGlite data directory; in the PostgreSQL suite, the same database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';
import { runCli } from './helpers/processes.ts';
import { startAgentServer, type AgentProcess } from './helpers/agent-processes.ts';
import { script } from './helpers/runs.ts';

describe('server restart', () => {
  let env: Record<string, string>;
  let dataDir: string;
  let drop = async () => {};
  const servers: AgentProcess[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-restart-'));
    env = {
      FOLIO_DATA_DIR: dataDir,
      FOLIO_TASK_HEARTBEAT_SECONDS: '10',
      FOLIO_QUEUE_MONITOR_SECONDS: '1',
      FOLIO_CONCURRENT_RUNS_FREE: '1',
      FOLIO_WORKERS: '2',
      FOLIO_RATE_LIMIT_FREE: '1000',
    };
    if (SERVICES.databaseUrl) {
      const created = await createPostgresDatabase();
      env.DATABASE_URL = created.url;
      drop = created.drop;
    }
  });
  afterAll(async () => {
    for (const s of servers) s.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (s: AgentProcess, url: string, secret: string, body?: unknown) =>
    fetch(`${s.url}/api/v1${url}`, { method: body ? 'POST' : 'GET', headers: { 'x-api-key': secret, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });

  async function poll(s: AgentProcess, secret: string, taskId: string, done: (x: any) => boolean, timeoutMs: number): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const task = await (await api(s, `/tasks/${taskId}`, secret)).json();
      if (done(task)) return task;
      if (Date.now() > deadline) throw new Error(`task ${taskId}: ${JSON.stringify(task)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('resumes queued and running async tasks after a SIGKILL, completing each exactly once', async () => {
    const first = await startAgentServer(env);
    servers.push(first);
    const token = (await runCli(['token', '--sub', 'restart', '--email', 'r@example.com'], env)).stdout.trim();
    const signup = await fetch(`${first.url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: 'Restart', tier: 'free' }) });
    const org = (await signup.json()) as { org_id: string; secret: string };
    const running = (await (await api(first, '/word/generate', org.secret, { prompt: script({ sleep_ms: 2500, credits: 2 }), async: true })).json()) as any;
    const queued = (await (await api(first, '/word/generate', org.secret, { prompt: script({ credits: 1 }), async: true })).json()) as any;
    await poll(first, org.secret, running.task_id, (x) => x.status === 'running' && x.phase === 'writing', 10_000);
    expect(((await (await api(first, `/tasks/${queued.task_id}`, org.secret)).json()) as any).status).toBe('queued');
    first.kill('SIGKILL');
    await first.exited;

    const second = await startAgentServer(env);
    servers.push(second);
    const a = await poll(second, org.secret, running.task_id, (x) => !["queued", "running"].includes(x.status), 45_000);
    const b = await poll(second, org.secret, queued.task_id, (x) => !['queued', 'running'].includes(x.status), 20_000);
    expect([a.status, a.credits_used, b.status, b.credits_used]).toEqual(['completed', 2, 'completed', 1]);
    const file = await fetch(a.result.download_url);
    expect(JSON.parse(await file.text())).toMatchObject({ task_id: running.task_id, attempt: 1, pid: second.pid });
    const ledger = ((await (await api(second, '/credits/ledger', org.secret)).json()) as { items: any[] }).items;
    expect(ledger.filter((e) => e.task_id === running.task_id).map((e) => e.kind).sort()).toEqual(['charge', 'release', 'reservation']);
    const credits = (await (await api(second, '/credits', org.secret)).json()) as { balance: number };
    expect(credits.balance).toBe(100 - 3);
    const run = (await (await api(second, `/runs/${running.run_id}`, org.secret)).json()) as { version: number };
    expect(run.version).toBe(1);
    await second.stop();
    await checkExactlyOnce(env, dataDir, running.task_id);
  }, 120_000);
});

/** Counts rows once the server is gone (the embedded database admits one process at a time). */
async function checkExactlyOnce(env: Record<string, string>, dataDir: string, taskId: string): Promise<void> {
  let rows: Record<string, number>;
  const q = `select (select count(*) from artifact_versions where task_id = $1)::int as versions,
                    (select count(*) from credit_ledger where task_id = $1 and kind = 'charge')::int as charges,
                    (select count(*) from events where task_id = $1)::int as events`;
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    rows = (await c.query(q, [taskId])).rows[0];
    await c.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    rows = (await db.query<Record<string, number>>(q, [taskId])).rows[0];
    await db.close();
  }
  expect(rows).toEqual({ versions: 1, charges: 1, events: 1 });
}
