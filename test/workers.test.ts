// Worker processes sharing one PostgreSQL: the per-tier limit holds across them, a worker killed with
// SIGKILL mid-task has its task finished exactly once by another, and SIGTERM drains gracefully.
// The API runs in the test process without workers (FOLIO_WORKERS=0). PostgreSQL suite only: an
// embedded PGlite database belongs to one process (its restart is covered by test/restart.test.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVICES, startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { startAgentWorker, type AgentProcess } from './helpers/agent-processes.ts';
import { count, generate, script, waitForTask, withRuns } from './helpers/runs.ts';
import { eventually } from './helpers/storage.ts';

describe.runIf(SERVICES.databaseUrl)('worker processes on PostgreSQL', () => {
  let t: TestApp;
  const workers: AgentProcess[] = [];
  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: t.config.databaseUrl!,
    FOLIO_DATA_DIR: t.config.dataDir, // the local blob store and its link-signing secret are shared
    FOLIO_TASK_HEARTBEAT_SECONDS: '10',
    FOLIO_QUEUE_MONITOR_SECONDS: '1',
    FOLIO_SHUTDOWN_GRACE_SECONDS: '10',
    FOLIO_CONCURRENT_RUNS_FREE: '2',
    ...extra,
  });
  const worker = async (extra: Record<string, string> = {}) => {
    const w = await startAgentWorker(env(extra));
    workers.push(w);
    return w;
  };
  const db = () => t.app.ctx.database.db;

  beforeAll(async () => {
    t = await startTestApp(withRuns({ workers: 0, heartbeatSeconds: 10, monitorSeconds: 1 }), { agents: scriptedAgents() });
  });
  // A test that failed before stopping its workers must not leave them claiming the next test's tasks.
  afterEach(async () => {
    const left = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
    for (const w of left) w.kill('SIGKILL');
    await Promise.all(left.map((w) => w.exited));
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await t?.close();
  });

  it('never runs more than the tier limit of one organization across two worker processes', async () => {
    // Worker a takes the organization's first task, a long one, before worker b exists; b then runs the
    // rest while a's task holds one of the two slots. Each worker could run 4 at once, so a limit kept
    // per process would show 3 or more tasks of the organization running at the same time.
    const a = await worker({ TEST_WORKER_CONCURRENCY: '1' });
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: script({ sleep_ms: 4000 }), async: true })).json();
    await waitForTask(t, org.secret, first.task_id, (x) => x.status === 'running');
    const rest = await Promise.all(Array.from({ length: 11 }, () => generate(t, org.secret, { prompt: script({ sleep_ms: 700 }), async: true })));
    const b = await worker({ TEST_WORKER_CONCURRENCY: '4' });
    const done = await Promise.all([first, ...rest.map((r) => r.json())].map((r) => waitForTask(t, org.secret, r.task_id, undefined, 40_000)));
    expect(done.map((x) => x.status)).toEqual(Array(12).fill('completed'));
    const rows = (await sql<{ started_at: Date; finished_at: Date; pid: number }>`
      select started_at, finished_at, (usage->>'pid')::int as pid from tasks where org_id = ${org.org_id}`.execute(db())).rows;
    const edges = rows.flatMap((r) => [[r.started_at.getTime(), 1], [r.finished_at.getTime(), -1]]).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    let now = 0;
    let max = 0;
    for (const [, d] of edges) max = Math.max(max, (now += d));
    expect(max).toBe(2);
    expect(new Set(rows.map((r) => r.pid))).toEqual(new Set([a.pid, b.pid]));
    await Promise.all([a.stop(), b.stop()]);
  }, 90_000);

  it('finishes the task of a worker killed with SIGKILL exactly once: one version, one charge, one event', async () => {
    const doomed = await worker();
    const org = await t.signup();
    const task = (await generate(t, org.secret, { prompt: script({ sleep_ms: 3000, credits: 2 }), async: true })).json();
    await waitForTask(t, org.secret, task.task_id, (x) => x.status === 'running' && x.phase === 'writing');
    doomed.kill('SIGKILL');
    await doomed.exited;
    const rescuer = await worker();
    const done = await waitForTask(t, org.secret, task.task_id, undefined, 45_000);
    expect(done).toMatchObject({ status: 'completed', credits_used: 2 });
    const row = (await sql<{ attempt: number; pid: number }>`select attempt, (usage->>'pid')::int as pid from tasks where task_id = ${task.task_id}`.execute(db())).rows[0];
    expect(row).toEqual({ attempt: 1, pid: rescuer.pid });
    expect(await count(t, sql`select count(*) as n from artifact_versions where task_id = ${task.task_id}`)).toBe(1);
    expect(await count(t, sql`select count(*) as n from credit_ledger where task_id = ${task.task_id} and kind = 'charge'`)).toBe(1);
    expect(await count(t, sql`select count(*) as n from credit_ledger where task_id = ${task.task_id}`)).toBe(3);
    expect(await count(t, sql`select count(*) as n from events where task_id = ${task.task_id}`)).toBe(1);
    // The slot came back: the next task of the organization runs.
    const next = await generate(t, org.secret, { prompt: 'after the crash' });
    expect(next.statusCode).toBe(200);
    await rescuer.stop();
  }, 90_000);

  it('drains on SIGTERM: finishes the running task, claims nothing new, exits 0', async () => {
    const draining = await worker();
    const org = await t.signup();
    const running = (await generate(t, org.secret, { prompt: script({ sleep_ms: 2000 }), async: true })).json();
    await waitForTask(t, org.secret, running.task_id, (x) => x.status === 'running');
    draining.kill('SIGTERM');
    // The worker has taken the signal (a loaded machine may schedule the child late), then a moment to stop claiming.
    await eventually(() => draining.output().includes('worker shutting down'), 15_000, 'the worker to take SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const later = (await generate(t, org.secret, { prompt: 'after SIGTERM', async: true })).json();
    expect(await draining.exited).toBe(0);
    const finished = (await sql<{ status: string; pid: number }>`select status, (usage->>'pid')::int as pid from tasks where task_id = ${running.task_id}`.execute(db())).rows[0];
    expect(finished).toEqual({ status: 'completed', pid: draining.pid });
    expect((await waitForTask(t, org.secret, later.task_id, (x) => true)).status).toBe('queued');
    const next = await worker();
    expect((await waitForTask(t, org.secret, later.task_id)).status).toBe('completed');
    await next.stop();
  }, 60_000);

  it('hands a task still running at the end of the grace period back to the queue, for another worker to take over', async () => {
    const leaving = await worker({ FOLIO_SHUTDOWN_GRACE_SECONDS: '1' });
    const org = await t.signup();
    const task = (await generate(t, org.secret, { prompt: script({ sleep_ms: 4000 }), async: true })).json();
    await waitForTask(t, org.secret, task.task_id, (x) => x.status === 'running' && x.phase === 'writing');
    leaving.kill('SIGTERM');
    expect(await leaving.exited).toBe(0);
    expect((await waitForTask(t, org.secret, task.task_id, () => true)).status).toBe('running');
    const taker = await worker();
    expect((await waitForTask(t, org.secret, task.task_id, undefined, 30_000)).status).toBe('completed');
    const row = (await sql<{ attempt: number; pid: number }>`select attempt, (usage->>'pid')::int as pid from tasks where task_id = ${task.task_id}`.execute(db())).rows[0];
    expect(row).toEqual({ attempt: 1, pid: taker.pid });
    expect(await count(t, sql`select count(*) as n from artifact_versions where task_id = ${task.task_id}`)).toBe(1);
    await taker.stop();
  }, 60_000);
});
