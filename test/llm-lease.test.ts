// LLM credit leases (src/llm/credit-leases.ts): concurrent calls are paid from a lease in memory and each
// is charged exactly once when its usage record is written; the unspent part comes back when the
// organization goes idle; a lease left by a process that died elsewhere holds its credits until its TTL,
// then they come back; and with leases the balance is never overspent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { invoke, providerEnv, usageRecords, user } from './helpers/llm.ts';
import { credits, ledger, setBalance } from './helpers/runs.ts';
import { ROWS_PER_STATEMENT } from '../src/db/database.ts';
import { LlmUsageRepository, monthOf, type PendingUsage } from '../src/llm/llm-usage.repository.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let fake: FakeLlmServer;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  t = await startTestApp({}, { env: providerEnv(fake, { FOLIO_LLM_FALLBACK_MODELS: '', FOLIO_LLM_LEASE_IDLE_MS: '300', FOLIO_LLM_LEASE_TTL_MS: '1500' }) });
});
afterAll(async () => { await t?.close(); await fake?.close(); });
beforeEach(() => fake.reset());

async function leaseState(orgId: string): Promise<{ leased: number; leases: number; held: number }> {
  const db = t.app.ctx.database.db;
  const a = (await sql<{ leased: number }>`select leased from credit_accounts where org_id = ${orgId}`.execute(db)).rows[0];
  const l = (await sql<{ n: number; held: number }>`select count(*)::int as n, coalesce(sum(held), 0)::int as held from credit_leases where org_id = ${orgId}`.execute(db)).rows[0];
  return { leased: Number(a.leased), leases: Number(l.n), held: Number(l.held) };
}

describe('credit leases', () => {
  it('pays concurrent calls from a lease, charges each exactly once, and gives the rest back when the organization goes idle', async () => {
    const org = await t.signup();
    fake.setDefault({ text: 'leased', usage: { input: 10, output: 5 }, delayMs: 100 });
    let sawLease = false;
    const watch = setInterval(() => { void leaseState(org.org_id).then((s) => { if (s.leased > 0) sawLease = true; }, () => {}); }, 20);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => invoke(t, org.secret, user(`call ${i}`))));
    clearInterval(watch);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(answers.every((a) => a.headers['x-credits-used'] === '1')).toBe(true);
    expect(sawLease).toBe(true);
    const records = await usageRecords(t, org.secret);
    expect(records).toHaveLength(30);
    const charges = (await ledger(t, org.secret)).filter((e) => e.reason?.startsWith('LLM call'));
    expect(charges.map((e) => [e.kind, e.amount])).toEqual(Array(30).fill(['charge', -1]));
    expect(new Set(charges.map((e) => e.reason))).toEqual(new Set(records.map((r) => `LLM call ${r.usage_id}`)));
    expect(charges.map((e) => e.balance_after).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => 70 + i));
    expect(await credits(t, org.secret)).toMatchObject({ balance: 70 });
    await expect.poll(() => leaseState(org.org_id), { timeout: 10_000 }).toEqual({ leased: 0, leases: 0, held: 0 });
  });

  it('never overspends a small balance with leases: exactly the balance worth of calls is answered', async () => {
    const org = await t.signup();
    await setBalance(t, org.org_id, 7);
    fake.setDefault({ text: 'cheap', usage: { input: 10, output: 5 }, delayMs: 100 });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => invoke(t, org.secret, user(`call ${i}`))));
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 402 && a.json().error === 'insufficient_credits')).toBe(true);
    await expect.poll(() => leaseState(org.org_id), { timeout: 10_000 }).toMatchObject({ leased: 0 });
    const { balance } = await credits(t, org.secret);
    expect(balance).toBe(7 - ok);
    const entries = await ledger(t, org.secret);
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
    expect(entries.filter((e) => e.reason?.startsWith('LLM call')).length).toBe(ok);
    // Every credit was spendable: what a lease held and did not spend came back, so the calls after it get it.
    if (balance > 0) expect((await invoke(t, org.secret, user('after'))).statusCode).toBe(200);
  });

  it('holds the credits of a lease whose process died elsewhere until its TTL, then gives them back', async () => {
    const org = await t.signup();
    await setBalance(t, org.org_id, 5);
    const leases = t.app.ctx.credits.leases;
    const granted = await leases.grant({ leaseId: 'lse_deadprocess', orgId: org.org_id, holder: 'another-host~4242-gone', want: 5, minimum: 1, ttlMs: 1500, topUp: false }, { month: '2000-01-01', defaultBudget: null, pendingCredits: 0 });
    expect(granted).toBe(5);
    const held = await invoke(t, org.secret, user('while held'));
    expect(held.statusCode).toBe(402);
    expect(held.json()).toMatchObject({ error: 'insufficient_credits', balance: 0 });
    expect(fake.requests).toHaveLength(0);
    // The sweep of expired leases runs every TTL in every process.
    await expect.poll(() => leaseState(org.org_id), { timeout: 15_000, interval: 200 }).toEqual({ leased: 0, leases: 0, held: 0 });
    fake.enqueue({ text: 'back', usage: { input: 1, output: 1 } });
    const after = await invoke(t, org.secret, user('after the TTL'));
    expect(after.statusCode, after.body).toBe(200);
    expect(await credits(t, org.secret)).toMatchObject({ balance: 4 });
  });

  it('writes a usage batch larger than one statement with its leased charges: each call recorded, counted and charged once, in order', async () => {
    const org = await t.signup();
    await setBalance(t, org.org_id, 1000);
    const db = t.app.ctx.database.db;
    const granted = await t.app.ctx.credits.leases.grant({ leaseId: 'lse_bigbatch', orgId: org.org_id, holder: 'another-host~1-test', want: 400, minimum: 1, ttlMs: 600_000, topUp: false }, { month: '2000-01-01', defaultBudget: null, pendingCredits: 0 });
    expect(granted).toBe(400);
    const n = 2 * ROWS_PER_STATEMENT + 44; // three statements of records, three of ledger rows
    const now = new Date();
    const rows: PendingUsage[] = Array.from({ length: n }, (_, i) => ({
      usage_id: `llm_bigbatch${String(i).padStart(4, '0')}`, org_id: org.org_id, key_id: null, request_id: `req-${i}`, operation: 'llm.invoke', requested_model: null,
      model: 'gpt-4.1', provider: 'openai', response_format: 'text', status: 'succeeded', error_code: null, input_tokens: 10, output_tokens: 5, credits: 1,
      user_id: null, session_id: null, attempts: [], duration_ms: 3, created_at: now.toISOString(), month: monthOf(now), lease_id: 'lse_bigbatch', lease_credits: 1,
    }));
    // What the usage outbox's writer does with a batch (src/llm/llm.module.ts).
    const usage = new LlmUsageRepository(db);
    const write = (batch: PendingUsage[]) => db.transaction().execute(async (trx) => {
      const fresh = await usage.recordBatch(batch, trx);
      const short = await t.app.ctx.credits.settleLeased(trx, batch.filter((r) => fresh.has(r.usage_id)).map((r) => ({ orgId: r.org_id, leaseId: r.lease_id!, amount: r.lease_credits!, reason: `LLM call ${r.usage_id}` })));
      return { fresh: fresh.size, short };
    });
    expect(await write(rows)).toEqual({ fresh: n, short: 0 });
    // Replayed (a crash before the journal was removed), across the statements' boundaries, with new records among them.
    const more = rows.slice(0, 30).map((r) => ({ ...r, usage_id: r.usage_id.replace('bigbatch', 'bigbatcx') }));
    expect(await write([...rows.slice(ROWS_PER_STATEMENT - 10), ...more])).toEqual({ fresh: 30, short: 0 });
    const total = n + 30;
    const counted = (await sql<{ calls: number; credits: number }>`select calls, credits from llm_monthly_usage where org_id = ${org.org_id}`.execute(db)).rows[0];
    expect({ calls: Number(counted.calls), credits: Number(counted.credits) }).toEqual({ calls: total, credits: total });
    const recorded = (await sql<{ n: number }>`select count(*)::int as n from llm_usage where org_id = ${org.org_id}`.execute(db)).rows[0];
    expect(recorded.n).toBe(total);
    const charges = (await sql<{ amount: number; balance_after: number; reason: string }>`
      select amount, balance_after, reason from credit_ledger where org_id = ${org.org_id} and reason like 'LLM call %' order by seq`.execute(db)).rows;
    expect(charges).toHaveLength(total);
    expect(charges.map((c) => Number(c.amount))).toEqual(Array(total).fill(-1));
    expect(charges.map((c) => Number(c.balance_after))).toEqual(Array.from({ length: total }, (_, i) => 999 - i));
    expect(charges.map((c) => c.reason)).toEqual([...rows, ...more].map((r) => `LLM call ${r.usage_id}`));
    expect(await leaseState(org.org_id)).toEqual({ leased: 400 - total, leases: 1, held: 400 - total });
    expect(await credits(t, org.secret)).toMatchObject({ balance: 1000 - total });
  });
});
