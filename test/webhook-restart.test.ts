// Deliveries are durable jobs: a server killed with SIGKILL in the middle of a retry schedule, and
// while a task runs, is started again on the same database. The pending retry goes out on schedule
// from the new process, and the task (its job redelivered to the new process, which takes it over)
// fires exactly one run.completed. On the embedded default this is the same PGlite data directory;
// in the PostgreSQL suite, the same database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';
import { runCli } from './helpers/processes.ts';
import { startAgentServer, type AgentProcess } from './helpers/agent-processes.ts';
import { script } from './helpers/runs.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';
import { verifyWebhook } from '../src/webhooks/verify.js';

const DELAYS = [200, 200, 3000, 200, 200, 200, 200];

describe('webhook delivery across a server restart', () => {
  let env: Record<string, string>;
  let dataDir: string;
  let drop = async () => {};
  let r: WebhookReceiver;
  const servers: AgentProcess[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-webhook-restart-'));
    env = {
      FOLIO_DATA_DIR: dataDir,
      FOLIO_ALLOW_PRIVATE_URLS: 'true',
      FOLIO_WEBHOOK_RETRY_DELAYS_MS: DELAYS.join(','),
      FOLIO_WEBHOOK_TIMEOUT_MS: '2000',
      FOLIO_TASK_HEARTBEAT_SECONDS: '10',
      FOLIO_QUEUE_MONITOR_SECONDS: '1',
      FOLIO_QUEUE_POLL_SECONDS: '1',
      FOLIO_RATE_LIMIT_FREE: '1000',
    };
    if (SERVICES.databaseUrl) {
      const created = await createPostgresDatabase();
      env.DATABASE_URL = created.url;
      drop = created.drop;
    }
    r = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const s of servers) s.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await r?.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (s: AgentProcess, secret: string, url: string, body?: unknown) => {
    const res = await fetch(`${s.url}/api/v1${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'x-api-key': secret, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as any;
  };

  async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((res) => setTimeout(res, 100));
    }
  }

  it('sends the pending retry from the restarted server, and one run.completed for a task taken over after the crash', async () => {
    const first = await startAgentServer(env);
    servers.push(first);
    const token = (await runCli(['token', '--sub', 'webhook-restart', '--email', 'w@example.com'], env)).stdout.trim();
    const signup = await fetch(`${first.url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: 'Restart', tier: 'free' }) });
    const org = (await signup.json()) as { secret: string };
    const sub = await api(first, org.secret, '/webhooks', { url: `${r.url}/hook`, events: ['run.completed'] });

    const quick = await api(first, org.secret, '/word/generate', { prompt: 'quick', async: true });
    // The quick task's delivery fails three times; its fourth attempt is due 3 s after the third.
    r.respond((req) => (req.body?.task_id === quick.task_id && r.requests.filter((q) => q.body?.task_id === quick.task_id).length < 3 ? { status: 500 } : { status: 200 }));
    const slow = await api(first, org.secret, '/word/generate', { prompt: script({ sleep_ms: 4000 }), async: true });
    await until('the third attempt to be logged', async () => {
      const [d] = (await api(first, org.secret, `/webhooks/deliveries?task_id=${quick.task_id}`)).items;
      return d?.attempt_count === 3 && d.status === 'pending';
    }, 15_000);
    const task = await api(first, org.secret, `/tasks/${slow.task_id}`);
    expect(task.status).toBe('running');
    first.kill('SIGKILL');
    await first.exited;

    const second = await startAgentServer(env);
    servers.push(second);
    const [delivered] = await until('the quick delivery to succeed', async () => {
      const items = (await api(second, org.secret, `/webhooks/deliveries?task_id=${quick.task_id}`)).items;
      return items[0]?.status === 'succeeded' && items;
    }, 20_000);
    expect(delivered.attempts.map((a: any) => [a.attempt, a.status_code, a.outcome])).toEqual([[1, 500, 'retrying'], [2, 500, 'retrying'], [3, 500, 'retrying'], [4, 200, 'succeeded']]);
    const quickRequests = r.requests.filter((q) => q.body?.task_id === quick.task_id);
    expect(quickRequests).toHaveLength(4);
    expect(quickRequests[3].at - quickRequests[2].at).toBeGreaterThanOrEqual(DELAYS[2]);

    const slowDone = await until('the slow task to be taken over and completed', async () => {
      const x = await api(second, org.secret, `/tasks/${slow.task_id}`);
      return x.status === 'completed' && x;
    }, 45_000);
    expect(slowDone.status).toBe('completed');
    await until('the slow delivery', async () => r.requests.some((q) => q.body?.task_id === slow.task_id), 10_000);
    await new Promise((res) => setTimeout(res, 1000));
    const slowRequests = r.requests.filter((q) => q.body?.task_id === slow.task_id);
    expect(slowRequests).toHaveLength(1);
    expect(verifyWebhook(sub.secret, slowRequests[0].headers, slowRequests[0].raw)).toMatchObject({ event: 'run.completed', task_id: slow.task_id });
    // The sender logs the attempt after the receiver's answer: wait until no delivery is pending, then check it.
    const slowLog = await until('the slow delivery to be logged', async () => {
      const items = (await api(second, org.secret, `/webhooks/deliveries?task_id=${slow.task_id}`)).items;
      return items.length > 0 && items.every((d: any) => d.status !== 'pending') && items;
    }, 15_000);
    expect(slowLog.map((d: any) => [d.status, d.attempt_count])).toEqual([['succeeded', 1]]);
    await second.stop();
  }, 120_000);
});
