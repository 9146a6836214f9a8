// Credits: signup grants, GET /credits, the ledger (the balance is always its sum), reservations,
// charges and releases, 402 before any work, and no overspending under parallel load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVICES, startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents, type AgentCall } from './helpers/scripted-agent.ts';
import { runCli, startServer } from './helpers/processes.ts';
import { count, credits, generate, key, ledger, script, setBalance, waitForTask, withRuns } from './helpers/runs.ts';

const calls: AgentCall[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(withRuns({
    signupCredits: { free: 40, pro: 400, enterprise: 0 },
    minBalance: { word: 5, excel: 7, slides: 10 },
    concurrentRuns: { free: 2, pro: 10, enterprise: 100 },
  }), { agents: scriptedAgents(calls) });
});
afterAll(async () => t?.close());

const sum = (entries: { amount: number }[]) => entries.reduce((s, e) => s + e.amount, 0);

describe('balance and ledger', () => {
  it('grants each tier its configured signup credits, in the ledger', async () => {
    for (const [tier, amount] of [['free', 40], ['pro', 400], ['enterprise', 0]] as const) {
      const org = await t.signup(undefined, { tier });
      const res = await t.inject({ method: 'GET', url: '/api/v1/credits', headers: key(org.secret) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ org_id: org.org_id, balance: amount, reserved: 0, minimum_balance: { word: 5, excel: 7, slides: 10 } });
      const entries = await ledger(t, org.secret);
      expect(entries.map((e) => [e.kind, e.amount, e.balance_after])).toEqual(amount ? [['signup_grant', amount, amount]] : []);
    }
  });

  it('reserves at creation, then releases the reservation and charges the usage (at most the reservation)', async () => {
    const org = await t.signup();
    const running = (await generate(t, org.secret, { prompt: script({ sleep_ms: 600, credits: 3 }), async: true })).json();
    expect(await credits(t, org.secret)).toEqual({ balance: 35, reserved: 5 });
    await waitForTask(t, org.secret, running.task_id);
    expect(await credits(t, org.secret)).toEqual({ balance: 37, reserved: 0 });
    const greedy = (await generate(t, org.secret, { prompt: script({ credits: 50 }) }, 'excel')).json();
    expect(greedy.credits_used).toBe(7);
    const failed = await generate(t, org.secret, { prompt: script({ fail: 'upstream_error', credits: 4 }) });
    expect(failed.statusCode).toBe(502);
    const entries = await ledger(t, org.secret);
    expect(entries[0]).toMatchObject({ kind: 'release', amount: 5, task_id: failed.json().task_id, run_id: failed.json().run_id });
    const byTask = (id: string) => entries.filter((e) => e.task_id === id).map((e) => `${e.kind}:${e.amount}`).sort();
    expect(byTask(running.task_id)).toEqual(['charge:-3', 'release:5', 'reservation:-5']);
    expect(byTask(greedy.task_id)).toEqual(['charge:-7', 'release:7', 'reservation:-7']);
    expect(byTask(failed.json().task_id)).toEqual(['release:5', 'reservation:-5']);
    const { balance } = await credits(t, org.secret);
    expect(balance).toBe(40 - 3 - 7);
    expect(sum(entries)).toBe(balance);
    expect(entries[0].balance_after).toBe(balance);
  });

  it('pages the ledger newest first with an opaque cursor', async () => {
    const org = await t.signup();
    for (let i = 0; i < 3; i++) await generate(t, org.secret, { prompt: script({ credits: 1 }) });
    const all = await ledger(t, org.secret);
    expect(all).toHaveLength(1 + 3 * 3);
    const first = (await t.inject({ method: 'GET', url: '/api/v1/credits/ledger?limit=4', headers: key(org.secret) })).json();
    expect(first.items.map((e: any) => e.entry_id)).toEqual(all.slice(0, 4).map((e) => e.entry_id));
    const second = (await t.inject({ method: 'GET', url: `/api/v1/credits/ledger?limit=4&cursor=${first.next_cursor}`, headers: key(org.secret) })).json();
    expect(second.items.map((e: any) => e.entry_id)).toEqual(all.slice(4, 8).map((e) => e.entry_id));
    expect(all.at(-1).kind).toBe('signup_grant');
    for (let i = 0; i < all.length - 1; i++) expect(all[i].balance_after - all[i].amount).toBe(all[i + 1].balance_after);
    expect((await t.inject({ method: 'GET', url: '/api/v1/credits/ledger?cursor=nope', headers: key(org.secret) })).statusCode).toBe(422);
    expect((await t.inject({ method: 'GET', url: '/api/v1/credits/ledger?limit=101', headers: key(org.secret) })).statusCode).toBe(422);
    const other = await t.signup();
    expect((await ledger(t, other.secret)).some((e) => e.task_id)).toBe(false);
  });
});

describe('402 insufficient_credits', () => {
  it('answers 402 below the format minimum before any work: no run, no task, no ledger row, no agent call', async () => {
    const org = await t.signup();
    await setBalance(t, org.org_id, 9);
    const before = await ledger(t, org.secret);
    const res = await generate(t, org.secret, { prompt: 'p', async: true, context_files: ['file_does_not_exist'] }, 'slides');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, error: 'insufficient_credits', message: expect.stringContaining('10'), balance: 9, minimum_balance: 10 });
    expect(await count(t, sql`select count(*) as n from tasks where org_id = ${org.org_id}`)).toBe(0);
    expect(await count(t, sql`select count(*) as n from runs where org_id = ${org.org_id}`)).toBe(0);
    expect(await ledger(t, org.secret)).toEqual(before);
    expect((await generate(t, org.secret, { prompt: 'p' }, 'word')).statusCode).toBe(200); // 9 >= 5
  });

  it('starts at most what the balance covers under a hundred parallel calls, and never overspends', async () => {
    const org = await t.signup(undefined, { tier: 'enterprise' });
    await setBalance(t, org.org_id, 50); // covers ten word reservations of 5
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => generate(t, org.secret, { prompt: script({ sleep_ms: 100, credits: 5 }), async: true, file_name: `f${i}.docx` })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(90);
    expect(await count(t, sql`select count(*) as n from tasks where org_id = ${org.org_id}`)).toBe(10);
    for (const r of answers.filter((a) => a.statusCode === 202)) await waitForTask(t, org.secret, r.json().task_id);
    const { balance, reserved } = await credits(t, org.secret);
    expect([balance, reserved]).toEqual([0, 0]);
    const entries = await ledger(t, org.secret);
    expect(sum(entries)).toBe(0);
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
  });
});

describe('folio credits grant', () => {
  it('grants credits from the command line, recorded in the ledger; refuses bad input', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-credits-'));
    const env: Record<string, string> = { FOLIO_DATA_DIR: dataDir, FOLIO_SIGNUP_CREDITS_FREE: '3', ...(SERVICES.databaseUrl ? { DATABASE_URL: t.config.databaseUrl! } : {}) };
    try {
      const server = await startServer(env);
      const token = (await runCli(['token', '--sub', 'granted', '--email', 'g@example.com'], env)).stdout.trim();
      const signup = await fetch(`${server.url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: 'Granted', tier: 'free' }) });
      const org = (await signup.json()) as { org_id: string; secret: string };
      await server.stop(); // the embedded database belongs to one process at a time
      const res = await runCli(['credits', 'grant', '--org', org.org_id, '--amount', '25', '--reason', 'pilot customer'], env);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toContain('balance 28');
      for (const bad of [['--amount', '0'], ['--amount', '-4'], ['--amount', 'ten']]) {
        const r = await runCli(['credits', 'grant', '--org', org.org_id, ...bad, '--reason', 'x'], env);
        expect(r.code).toBe(2);
        expect(r.stderr).toContain('--amount');
      }
      const unknown = await runCli(['credits', 'grant', '--org', 'org_nope', '--amount', '1', '--reason', 'x'], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('not found');
      const again = await startServer(env);
      const ledgerRes = await fetch(`${again.url}/api/v1/credits/ledger`, { headers: { 'x-api-key': org.secret } });
      const items = ((await ledgerRes.json()) as { items: any[] }).items;
      await again.stop();
      expect(items.map((e) => [e.kind, e.amount, e.balance_after, e.reason])).toEqual([['grant', 25, 28, 'pilot customer'], ['signup_grant', 3, 3, 'Signup grant, free tier']]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
