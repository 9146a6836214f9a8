// Tasks: polling, the sync ceiling, cancellation, timeout_ms, and the terminal event outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents, type AgentCall } from './helpers/scripted-agent.ts';
import { count, credits, generate, getTask, key, ledger, script, waitForTask, withRuns } from './helpers/runs.ts';
import { eventually } from './helpers/storage.ts';

const calls: AgentCall[] = [];
let t: TestApp;
// The default sync ceiling: a sync call in these tests must not turn into a 408 because a loaded machine
// took more than a second to run it. The ceiling test has its own app with a 1 s ceiling.
beforeAll(async () => { t = await startTestApp(withRuns({}), { agents: scriptedAgents(calls) }); });
afterAll(async () => t?.close());

const cancel = (secret: string, taskId: string) => t.inject({ method: 'POST', url: `/api/v1/tasks/${taskId}/cancel`, headers: key(secret) });
const events = (taskId: string) => sql<any>`select type, payload, webhook_url from events where task_id = ${taskId}`.execute(t.app.ctx.database.db).then((r) => r.rows);

describe('the sync ceiling', () => {
  it('answers 408 with task_id and run_id while the task keeps running; async resubmission returns the same task', async () => {
    const ceiling = await startTestApp(withRuns({ syncCeilingMs: 1000 }), { agents: scriptedAgents(calls) });
    try {
      const org = await ceiling.signup();
      // The task outlasts the 1 s ceiling by far, so that a loaded machine still answers at the ceiling
      // and finds the task running afterwards.
      const body = { prompt: script({ sleep_ms: 8000 }), idempotency_key: 'ceiling-1' };
      const started = Date.now();
      const res = await generate(ceiling, org.secret, body);
      const held = Date.now() - started;
      expect(res.statusCode).toBe(408);
      expect(held).toBeGreaterThanOrEqual(950);
      expect(held).toBeLessThan(5000); // at the ceiling, not at the task's end (8 s)
      const err = res.json();
      expect(err).toMatchObject({ success: false, error: 'sync_timeout_upgrade_async', task_id: expect.stringMatching(/^task_/), run_id: expect.stringMatching(/^run_/), poll_url: expect.stringContaining(err.task_id) });
      expect((await getTask(ceiling, org.secret, err.task_id)).json().status).toBe('running');
      const again = await generate(ceiling, org.secret, { ...body, async: true });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toMatchObject({ task_id: err.task_id, run_id: err.run_id });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await waitForTask(ceiling, org.secret, err.task_id)).status).toBe('completed');
      expect(calls.filter((c) => c.task_id === err.task_id)).toHaveLength(1);
    } finally {
      await ceiling.close();
    }
  });

  it('answers a held sync caller (408, with the ids to poll) when the server shuts down, instead of dropping it', async () => {
    const other = await startTestApp(withRuns({}), { agents: scriptedAgents() });
    const org = await other.signup();
    const held = other.inject({ method: 'POST', url: '/api/v1/word/generate', headers: key(org.secret), payload: { prompt: script({ sleep_ms: 8000 }) } });
    // Close once the call's task exists (the caller is then held for it), not after a guessed delay.
    const taskRows = () => sql<any>`select task_id from tasks where org_id = ${org.org_id}`.execute(other.app.ctx.database.db).then((r) => r.rows);
    await eventually(async () => (await taskRows()).length === 1, 15_000, 'the held call\'s task');
    const closing = other.close();
    const res = await held;
    expect(res.statusCode).toBe(408);
    expect(res.json()).toMatchObject({ error: 'sync_timeout_upgrade_async', task_id: expect.stringMatching(/^task_/), run_id: expect.stringMatching(/^run_/) });
    await closing;
  });

  it('wakes a sync caller when its task ends, through the notification and not the backstop poll', async () => {
    const org = await t.signup();
    const waiter = t.app.ctx.runs.waiter;
    // With the backstop poll at 2 minutes, only the task-done notification can answer within the 60 s test timeout.
    waiter.pollMs = 120_000;
    try {
      const res = await generate(t, org.secret, { prompt: script({ sleep_ms: 200 }) });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('completed');
    } finally {
      waiter.pollMs = 1000;
    }
  }, 60_000);
});

describe('cancellation', () => {
  it('cancels a queued task at once and releases its reservation', async () => {
    const org = await t.signup();
    // Long enough that the blockers still hold both slots when the status is read on a loaded machine.
    const blockers = await Promise.all([1, 2].map(() => generate(t, org.secret, { prompt: script({ sleep_ms: 5000 }), async: true })));
    const queued = (await generate(t, org.secret, { prompt: 'never runs', async: true })).json();
    await new Promise((r) => setTimeout(r, 200));
    expect((await getTask(t, org.secret, queued.task_id)).json().status).toBe('queued');
    const res = await cancel(org.secret, queued.task_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancel_requested: true, credits_used: 0, started_at: null, duration_ms: 0 });
    expect((await cancel(org.secret, queued.task_id)).statusCode).toBe(200); // idempotent
    for (const b of blockers) await waitForTask(t, org.secret, b.json().task_id);
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.task_id === queued.task_id)).toBe(false);
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${queued.run_id}`, headers: key(org.secret) })).json();
    expect(run.status).toBe('cancelled');
    const entries = (await ledger(t, org.secret)).filter((e) => e.task_id === queued.task_id).map((e) => [e.kind, e.amount]);
    expect(entries.sort()).toEqual([['release', 5], ['reservation', -5]]);
    expect(await events(queued.task_id)).toEqual([]);
  });

  it('stops a running task: the agent is aborted, a sync caller gets 409 with the ids, credits come back', async () => {
    const org = await t.signup();
    const before = await credits(t, org.secret);
    const sync = generate(t, org.secret, { prompt: script({ sleep_ms: 20_000 }) }, 'excel');
    const task = await (async () => {
      for (;;) {
        const row = (await sql<any>`select task_id from tasks where org_id = ${org.org_id} and status = 'running'`.execute(t.app.ctx.database.db)).rows[0];
        if (row) return row.task_id as string;
        await new Promise((r) => setTimeout(r, 30));
      }
    })();
    const started = Date.now();
    const res = await cancel(org.secret, task);
    expect(res.statusCode).toBe(200);
    // Well before the agent's own end (20 s): the cancel stopped it, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.json()).toMatchObject({ status: 'cancelled', credits_used: 0, result: null });
    const answer = await sync;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ error: 'conflict', task_id: task });
    expect(calls.find((c) => c.task_id === task)?.outcome).toBe('aborted');
    expect(await credits(t, org.secret)).toEqual(before);
  });

  it('refuses to cancel a task that already ended (409), and hides other organizations\' tasks (404)', async () => {
    const [org, other] = [await t.signup(), await t.signup()];
    const done = (await generate(t, org.secret, { prompt: 'p' })).json();
    const res = await cancel(org.secret, done.task_id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('conflict');
    expect((await cancel(other.secret, done.task_id)).statusCode).toBe(404);
    expect((await getTask(t, other.secret, done.task_id)).statusCode).toBe(404);
    expect((await cancel(org.secret, 'task_nope')).statusCode).toBe(404);
  });
});

describe('timeout_ms', () => {
  it('stops a task that runs longer and fails it with task_timeout, even if the agent ignores the signal', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: script({ sleep_ms: 14_000, ignore_abort: true }), timeout_ms: 10_000, async: true });
    const task = await waitForTask(t, org.secret, res.json().task_id, undefined, 15_000);
    expect(task).toMatchObject({ status: 'failed', error: { code: 'task_timeout', message: expect.stringContaining('10000 ms') }, credits_used: 0 });
    expect(task.duration_ms).toBeGreaterThanOrEqual(10_000);
    expect(task.duration_ms).toBeLessThan(12_000);
    const [event] = await events(task.task_id);
    expect(event.payload.error).toEqual({ code: 'task_timeout', message: task.error.message });
  }, 30_000);
});

describe('terminal events', () => {
  it('writes exactly one run.completed or run.failed row, with the contract body, in the terminal transaction', async () => {
    const org = await t.signup();
    const ok = (await generate(t, org.secret, { prompt: 'p', webhook_url: 'https://example.com/hook' })).json();
    const bad = (await generate(t, org.secret, { prompt: script({ fail: 'preflight_failed' }) })).json();
    const [completed] = await events(ok.task_id);
    expect(completed.type).toBe('run.completed');
    expect(completed.webhook_url).toBe('https://example.com/hook');
    expect(completed.payload).toEqual({
      event: 'run.completed', run_id: ok.run_id, task_id: ok.task_id, agent_name: 'test-word-agent', format: 'word', status: 'completed',
      download_url: expect.stringContaining('/api/v1/blobs/'), edit_url: expect.stringContaining(`/edit/${ok.run_id}?token=fet_`), summary: ok.summary, occurred_at_ms: expect.any(Number),
    });
    const [failed] = await events(bad.task_id);
    expect(failed.payload).toEqual({
      event: 'run.failed', run_id: bad.run_id, task_id: bad.task_id, agent_name: 'test-word-agent', format: 'word',
      error: { code: 'preflight_failed', message: 'scripted failure: preflight_failed' }, occurred_at_ms: expect.any(Number),
    });
    expect(await count(t, sql`select count(*) as n from events where org_id = ${org.org_id}`)).toBe(2);
  });
});
