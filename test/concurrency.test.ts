// Per-tier concurrent runs within one process: tasks beyond the limit wait in `queued`, are never
// rejected, never exceed the limit, and every way a task ends frees its slot.
// (Across worker processes: test/workers.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { generate, key, script, waitForTask, withRuns } from './helpers/runs.ts';
import { eventually } from './helpers/storage.ts';
import { TasksRepository } from '../src/runs/tasks.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(withRuns({ workers: 8, concurrentRuns: { free: 2, pro: 3, enterprise: 50 } }), { agents: scriptedAgents() });
});
afterAll(async () => t?.close());

/** The most tasks of the organization that were ever running at the same moment. */
async function maxOverlap(orgId: string): Promise<number> {
  const rows = (await sql<{ started_at: Date; finished_at: Date }>`select started_at, finished_at from tasks where org_id = ${orgId} and started_at is not null`.execute(t.app.ctx.database.db)).rows;
  const edges = rows.flatMap((r) => [[r.started_at.getTime(), 1], [r.finished_at.getTime(), -1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let max = 0;
  for (const [, d] of edges) max = Math.max(max, (now += d));
  return max;
}

async function watchRunning(orgId: string, until: Promise<unknown>): Promise<number> {
  let max = 0;
  let done = false;
  void until.finally(() => { done = true; });
  while (!done) {
    const r = await sql<{ n: number }>`select count(*) as n from tasks where org_id = ${orgId} and status = 'running'`.execute(t.app.ctx.database.db);
    max = Math.max(max, Number(r.rows[0].n));
    await new Promise((res) => setTimeout(res, 20));
  }
  return max;
}

describe('concurrent runs per tier', () => {
  for (const [tier, limit] of [['free', 2], ['pro', 3]] as const) {
    it(`runs at most ${limit} tasks of a ${tier} organization at once; the rest wait queued and all complete`, async () => {
      const org = await t.signup(undefined, { tier });
      const accepted = await Promise.all(Array.from({ length: limit * 3 }, () => generate(t, org.secret, { prompt: script({ sleep_ms: 1200 }), async: true })));
      expect(accepted.map((r) => r.statusCode)).toEqual(Array(limit * 3).fill(202));
      const read = async () => (await sql<{ status: string }>`select status from tasks where org_id = ${org.org_id}`.execute(t.app.ctx.database.db)).rows.map((r) => r.status);
      let statuses = await read(); // the workers claim within moments; a loaded machine may need a few polls
      for (let i = 0; i < 50 && statuses.filter((s) => s === 'running').length < limit; i++) {
        await new Promise((r) => setTimeout(r, 30));
        statuses = await read();
      }
      expect(statuses.filter((s) => s === 'running')).toHaveLength(limit);
      expect(statuses.filter((s) => s === 'queued').length).toBeGreaterThanOrEqual(limit); // the rest wait; none is refused
      expect(statuses.filter((s) => !['running', 'queued', 'completed'].includes(s))).toEqual([]);
      const all = Promise.all(accepted.map((r) => waitForTask(t, org.secret, r.json().task_id)));
      const observed = await watchRunning(org.org_id, all);
      expect((await all).map((x) => x.status)).toEqual(Array(limit * 3).fill('completed'));
      expect(observed).toBeLessThanOrEqual(limit);
      expect(await maxOverlap(org.org_id)).toBe(limit);
    });
  }

  it('stamps started_at and finished_at when the row changes, not when its transaction began', async () => {
    // A claim can wait on the organization's slot lock while another task ends; a start time taken from
    // the transaction's beginning would then fall before that end, and the history would show one task
    // too many running at once (CI saw maxOverlap 4 for a limit of 3 on PostgreSQL).
    const org = await t.signup(undefined, { tier: 'free' });
    // The two running tasks must still hold the slots while the test starts and ends the third by hand
    // (two 0.3 s transactions): 5 s leaves room for a loaded machine's slow claims.
    const ids = (await Promise.all(Array.from({ length: 3 }, () => generate(t, org.secret, { prompt: script({ sleep_ms: 5000 }), async: true })))).map((r) => r.json().task_id as string);
    const db = t.app.ctx.database.db;
    const queued = async () => (await sql<{ task_id: string }>`select task_id from tasks where org_id = ${org.org_id} and status = 'queued'`.execute(db)).rows.map((r) => r.task_id);
    await eventually(async () => (await queued()).length === 1, 15_000, 'two of the three tasks to be claimed');
    const [waiting] = await queued();
    expect(ids).toContain(waiting);
    const repo = new TasksRepository(db);
    const clock = async () => (await sql<{ c: Date }>`select clock_timestamp() as c`.execute(db)).rows[0].c.getTime();
    const beforeStart = await clock();
    const started = await db.transaction().execute(async (trx) => {
      await sql`select pg_sleep(0.3)`.execute(trx);
      return repo.start(trx, waiting, 99);
    });
    expect(started!.started_at!.getTime() - beforeStart).toBeGreaterThanOrEqual(280);
    const beforeEnd = await clock();
    const ended = await db.transaction().execute(async (trx) => {
      await sql`select pg_sleep(0.3)`.execute(trx);
      return repo.end(trx, waiting, { from: ['running'], attempt: 99 }, { status: 'cancelled' });
    });
    expect(ended!.finished_at!.getTime() - beforeEnd).toBeGreaterThanOrEqual(280);
    for (const id of ids) await waitForTask(t, org.secret, id, (x) => x.status !== 'queued' && x.status !== 'running');
  });

  it('does not let one organization hold back another', async () => {
    const [busy, idle] = [await t.signup(), await t.signup()];
    const queued = await Promise.all(Array.from({ length: 4 }, () => generate(t, busy.secret, { prompt: script({ sleep_ms: 2500 }), async: true })));
    const res = await generate(t, idle.secret, { prompt: 'quick' });
    expect(res.statusCode).toBe(200);
    // Ordered by what happened, not by the wall clock (the machine may be slow): the idle organization's
    // task ran to the end while the busy organization's last two tasks still waited for a slot.
    const starts = async (orgId: string) => (await sql<{ started_at: Date | null; finished_at: Date | null }>`select started_at, finished_at from tasks where org_id = ${orgId}`.execute(t.app.ctx.database.db)).rows;
    const [idleTask] = await starts(idle.org_id);
    const busyStarts = (await starts(busy.org_id)).map((r) => r.started_at?.getTime() ?? Infinity).sort((a, b) => a - b);
    expect(idleTask.finished_at!.getTime()).toBeLessThan(busyStarts[2]);
    for (const r of queued) await waitForTask(t, busy.secret, r.json().task_id);
  });

  it('frees the slot however a task ends: failure, crash, cancellation while queued and while running', async () => {
    const org = await t.signup();
    const failing = (await generate(t, org.secret, { prompt: script({ sleep_ms: 200, fail: 'upstream_error' }), async: true })).json();
    const crashing = (await generate(t, org.secret, { prompt: script({ sleep_ms: 200, crash: true }), async: true })).json();
    const cancelled = (await generate(t, org.secret, { prompt: script({ sleep_ms: 200 }), async: true })).json();
    const waiting = (await generate(t, org.secret, { prompt: script({ sleep_ms: 5000 }), async: true })).json();
    const last = (await generate(t, org.secret, { prompt: 'after everything', async: true })).json();
    await t.inject({ method: 'POST', url: `/api/v1/tasks/${cancelled.task_id}/cancel`, headers: key(org.secret) });
    expect((await waitForTask(t, org.secret, failing.task_id)).status).toBe('failed');
    expect((await waitForTask(t, org.secret, crashing.task_id)).status).toBe('failed');
    await waitForTask(t, org.secret, waiting.task_id, (x) => x.status === 'running');
    await t.inject({ method: 'POST', url: `/api/v1/tasks/${waiting.task_id}/cancel`, headers: key(org.secret) });
    expect((await waitForTask(t, org.secret, last.task_id)).status).toBe('completed');
    expect(await maxOverlap(org.org_id)).toBeLessThanOrEqual(2);
  });
});
