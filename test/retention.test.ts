// Time: tasks queued too long expire; runs past retention are purged with their documents and
// answer 410 gone. Both are swept by the worker process; the test app sweeps every 100 ms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents, type AgentCall } from './helpers/scripted-agent.ts';
import { download } from './helpers/storage.ts';
import { count, credits, generate, key, ledger, script, waitForTask, withRuns } from './helpers/runs.ts';

const calls: AgentCall[] = [];
let expiry: TestApp;
let retention: TestApp;
beforeAll(async () => {
  [expiry, retention] = await Promise.all([
    startTestApp(withRuns({ queuedExpiryMs: 1500, sweepIntervalMs: 100, concurrentRuns: { free: 1, pro: 1, enterprise: 1 } }), { agents: scriptedAgents(calls) }),
    startTestApp(withRuns({ retentionMs: 2500, sweepIntervalMs: 100 }), { agents: scriptedAgents(calls) }),
  ]);
});
afterAll(async () => Promise.all([expiry?.close(), retention?.close()]));

describe('expiry of queued tasks', () => {
  it('expires a task still queued after the expiry period and releases its credits; it never runs', async () => {
    const t = expiry;
    const org = await t.signup();
    const blocker = (await generate(t, org.secret, { prompt: script({ sleep_ms: 3500 }), async: true })).json();
    const stuck = (await generate(t, org.secret, { prompt: 'waits for the slot', async: true })).json();
    expect(await credits(t, org.secret)).toEqual({ balance: 90, reserved: 10 });
    const task = await waitForTask(t, org.secret, stuck.task_id, undefined, 5000);
    expect(task).toMatchObject({ status: 'expired', started_at: null, credits_used: 0, error: null, result: null });
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${stuck.run_id}`, headers: key(org.secret) })).json();
    expect(run.status).toBe('expired');
    expect((await ledger(t, org.secret)).filter((e) => e.task_id === stuck.task_id).map((e) => e.kind).sort()).toEqual(['release', 'reservation']);
    expect((await waitForTask(t, org.secret, blocker.task_id)).status).toBe('completed');
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.task_id === stuck.task_id)).toBe(false);
    expect(await count(t, sql`select count(*) as n from events where task_id = ${stuck.task_id}`)).toBe(0);
  });
});

describe('retention', () => {
  it('purges a run and its documents after the retention period; its ids answer 410, other organizations still get 404', async () => {
    const t = retention;
    const [org, other] = [await t.signup(), await t.signup()];
    const first = (await generate(t, org.secret, { prompt: 'v1' })).json();
    const second = (await generate(t, org.secret, { prompt: 'v2', run_id: first.run_id })).json();
    const keys = (await sql<{ blob_key: string }>`select blob_key from artifact_versions where run_id = ${first.run_id}`.execute(t.app.ctx.database.db)).rows.map((r) => r.blob_key);
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(await t.app.ctx.blobs.size(k)).toBeGreaterThan(0);
    expect((await t.inject({ method: 'GET', url: `/api/v1/runs/${first.run_id}`, headers: key(org.secret) })).statusCode).toBe(200);

    const deadline = Date.now() + 6000;
    while ((await t.inject({ method: 'GET', url: `/api/v1/runs/${first.run_id}`, headers: key(org.secret) })).statusCode !== 410) {
      if (Date.now() > deadline) throw new Error('run was not purged');
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const url of [`/runs/${first.run_id}`, `/runs/${first.run_id}/download`, `/tasks/${first.task_id}`, `/tasks/${second.task_id}`]) {
      const res = await t.inject({ method: 'GET', url: `/api/v1${url}`, headers: key(org.secret) });
      expect(res.statusCode, url).toBe(410);
      expect(res.json().error).toBe('gone');
      expect((await t.inject({ method: 'GET', url: `/api/v1${url}`, headers: key(other.secret) })).statusCode, url).toBe(404);
    }
    const resume = await generate(t, org.secret, { prompt: 'v3', run_id: first.run_id });
    expect(resume.statusCode).toBe(410);
    expect((await t.inject({ method: 'POST', url: `/api/v1/tasks/${second.task_id}/cancel`, headers: key(org.secret) })).statusCode).toBe(410);
    expect((await t.inject({ method: 'GET', url: '/api/v1/runs', headers: key(org.secret) })).json().items).toEqual([]);
    for (const k of keys) expect(await t.app.ctx.blobs.size(k)).toBeNull();
    expect((await download(t, second.download_url)).status).not.toBe(200);
    expect(await count(t, sql`select count(*) as n from tasks where run_id = ${first.run_id}`)).toBe(0);
    // The ledger keeps its history.
    expect((await ledger(t, org.secret)).filter((e) => e.run_id === first.run_id)).toHaveLength(6);
  });

  it('keeps a run while a task of it is still running, and counts retention from its last change', async () => {
    const t = retention;
    const org = await t.signup();
    const long = (await generate(t, org.secret, { prompt: script({ sleep_ms: 3500 }), async: true })).json();
    await new Promise((r) => setTimeout(r, 3000));
    expect((await t.inject({ method: 'GET', url: `/api/v1/runs/${long.run_id}`, headers: key(org.secret) })).statusCode).toBe(200);
    await waitForTask(t, org.secret, long.task_id);
    expect((await t.inject({ method: 'GET', url: `/api/v1/runs/${long.run_id}`, headers: key(org.secret) })).statusCode).toBe(200);
  });
});
