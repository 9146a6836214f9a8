// Shared steps of the runs, tasks and credits tests.
import { sql } from 'kysely';
import type { Config, RunsConfig } from '../../src/config.ts';
import { loadConfig } from '../../src/config.ts';
import type { TestApp } from './test-app.ts';

/** Config overrides for the engine (the `runs` block is replaced whole, so start from the defaults). */
export function withRuns(runs: Partial<RunsConfig>, base: Partial<Config> = {}): Partial<Config> {
  return { ...base, runs: { ...loadConfig({}).runs, shutdownGraceSeconds: 1, ...runs } };
}

export const key = (secret: string) => ({ 'x-api-key': secret });

export async function generate(t: TestApp, secret: string, body: Record<string, unknown>, format = 'word') {
  return t.inject({ method: 'POST', url: `/api/v1/${format}/generate`, headers: key(secret), payload: body });
}

export async function getTask(t: TestApp, secret: string, taskId: string) {
  return t.inject({ method: 'GET', url: `/api/v1/tasks/${taskId}`, headers: key(secret) });
}

/** Polls the task until `done` holds (default: a terminal status). */
export async function waitForTask(t: TestApp, secret: string, taskId: string, done: (task: any) => boolean = (x) => !['queued', 'running'].includes(x.status), timeoutMs = 20_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await getTask(t, secret, taskId);
    const task = res.json();
    if (res.statusCode === 200 && done(task)) return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} did not get there: ${res.body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function credits(t: TestApp, secret: string): Promise<{ balance: number; reserved: number }> {
  const { balance, reserved } = (await t.inject({ method: 'GET', url: '/api/v1/credits', headers: key(secret) })).json();
  return { balance, reserved };
}

/** Every ledger entry of the organization, through the paginated endpoint. */
export async function ledger(t: TestApp, secret: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const res = await t.inject({ method: 'GET', url: `/api/v1/credits/ledger?limit=100${cursor ? `&cursor=${cursor}` : ''}`, headers: key(secret) });
    const page = res.json();
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

export async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const r = await query.execute(t.app.ctx.database.db);
  return Number((r.rows[0] as { n: number }).n);
}

/** Sets an organization's balance exactly, through a grant or the rows (tests only). */
export async function setBalance(t: TestApp, orgId: string, balance: number): Promise<void> {
  const current = (await sql<{ balance: number }>`select balance from credit_accounts where org_id = ${orgId}`.execute(t.app.ctx.database.db)).rows[0].balance;
  const delta = balance - Number(current);
  if (delta > 0) await t.app.ctx.credits.grant(orgId, delta, 'test top-up');
  if (delta < 0) {
    await sql`update credit_accounts set balance = balance + ${delta} where org_id = ${orgId}`.execute(t.app.ctx.database.db);
    await sql`insert into credit_ledger (entry_id, org_id, kind, amount, balance_after, reason) values (${`led_test${Date.now()}${Math.random().toString(36).slice(2, 8)}`}, ${orgId}, 'grant', ${delta}, ${balance}, 'test debit')`.execute(t.app.ctx.database.db);
  }
}

export const script = (s: Record<string, unknown>) => JSON.stringify(s);
