// POST /llm/invoke: request validation (exact `loc` paths), credits (hold, charge, ledger, 402, no
// overspending), the monthly LLM budget (402 budget_exceeded), and 502 when usage accounting fails.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { invoke, providerEnv, usageRecords, user } from './helpers/llm.ts';
import { credits, key, ledger, setBalance } from './helpers/runs.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let fake: FakeLlmServer;
let t: TestApp;
let budgeted: TestApp;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  [t, budgeted] = await Promise.all([
    startTestApp({}, { env: providerEnv(fake, { FOLIO_LLM_FALLBACK_MODELS: '' }) }),
    startTestApp({}, { env: { FOLIO_LLM_MONTHLY_BUDGET: '3', FOLIO_LLM_MIN_CREDITS: '2' } }),
  ]);
});
afterAll(async () => { await Promise.all([t?.close(), budgeted?.close()]); await fake?.close(); });
beforeEach(() => fake.reset());

describe('validation (422 with exact loc paths)', () => {
  const M = [{ role: 'user', content: 'hi' }];
  const cases: [string, unknown, (string | number)[], string][] = [
    ['missing messages', {}, ['body', 'messages'], 'missing'],
    ['empty messages', { messages: [] }, ['body', 'messages'], 'too_short'],
    ['empty content', { messages: [{ role: 'user', content: '' }] }, ['body', 'messages', 0, 'content'], 'string_too_short'],
    ['missing content', { messages: [M[0], { role: 'user' }] }, ['body', 'messages', 1, 'content'], 'missing'],
    ['bad role', { messages: [{ role: 'tool', content: 'x' }] }, ['body', 'messages', 0, 'role'], 'enum'],
    ['unknown top-level property', { messages: M, temperature: 0 }, ['body', 'temperature'], 'extra_forbidden'],
    ['unknown message property', { messages: [{ role: 'user', content: 'x', name: 'bob' }] }, ['body', 'messages', 0, 'name'], 'extra_forbidden'],
    ['unknown response_format property', { messages: M, response_format: { type: 'json', strict: true } }, ['body', 'response_format', 'strict'], 'extra_forbidden'],
    ['bad response_format type', { messages: M, response_format: { type: 'xml' } }, ['body', 'response_format', 'type'], 'enum'],
    ['json_schema missing for json_schema', { messages: M, response_format: { type: 'json_schema' } }, ['body', 'response_format', 'json_schema'], 'missing'],
    ['json_schema null for json_schema', { messages: M, response_format: { type: 'json_schema', json_schema: null } }, ['body', 'response_format', 'json_schema'], 'dict_type'],
    ['invalid JSON Schema', { messages: M, response_format: { type: 'json_schema', json_schema: { type: 'object', properties: { a: { type: 'strin' } } } } }, ['body', 'response_format', 'json_schema', 'properties', 'a', 'type'], 'json_schema_invalid'],
    ['unresolvable $ref', { messages: M, response_format: { type: 'json_schema', json_schema: { $ref: '#/$defs/nope' } } }, ['body', 'response_format', 'json_schema'], 'json_schema_invalid'],
    ['another draft', { messages: M, response_format: { type: 'json_schema', json_schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } } }, ['body', 'response_format', 'json_schema', '$schema'], 'json_schema_invalid'],
    ['unknown model', { messages: M, model: 'gpt-5-ultra' }, ['body', 'model'], 'enum'],
    ['empty user_id', { messages: M, user_id: '' }, ['body', 'user_id'], 'string_too_short'],
    ['empty session_id', { messages: M, session_id: '' }, ['body', 'session_id'], 'string_too_short'],
  ];
  for (const [name, body, loc, type] of cases) {
    it(`rejects ${name} at ${loc.join('.')}`, async () => {
      const org = await t.signup();
      const res = await invoke(t, org.secret, body);
      expect(res.statusCode, res.body).toBe(422);
      const detail = res.json().detail as { loc: unknown[]; type: string }[];
      expect(detail.map((d) => [d.loc, d.type])).toContainEqual([loc, type]);
      expect(fake.requests).toHaveLength(0);
    });
  }

  it('rejects a model whose provider is not configured on this deployment', async () => {
    const org = await budgeted.signup();
    const res = await invoke(budgeted, org.secret, { messages: M, model: 'claude-opus-4-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([{ loc: ['body', 'model'], type: 'model_unavailable', input: 'claude-opus-4-1', msg: 'Model claude-opus-4-1 is not configured on this deployment; available: auto, builtin' }]);
  });

  it('accepts the documented optional fields as null', async () => {
    const org = await t.signup();
    const res = await invoke(t, org.secret, { messages: M, model: null, user_id: null, session_id: null, response_format: { type: 'text', json_schema: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await invoke(t, org.secret, { messages: M, model: 'auto' })).headers['x-llm-model']).toBe('gpt-4.1');
  });
});

describe('credits', () => {
  it('charges the minimum up front, then the rest of the usage: ledger rows name the call', async () => {
    const org = await t.signup();
    fake.enqueue({ text: 'priced', usage: { input: 40_000, output: 10_000 }, delayMs: 300 });
    const pending = invoke(t, org.secret, user('price me'));
    await expect.poll(() => fake.requests.length).toBe(1);
    expect(await credits(t, org.secret)).toMatchObject({ balance: 99 });
    const res = await pending;
    expect(res.headers['x-credits-used']).toBe('16'); // 40k x 200/M + 10k x 800/M
    expect(await credits(t, org.secret)).toMatchObject({ balance: 84 });
    const [record] = await usageRecords(t, org.secret);
    const rows = (await ledger(t, org.secret)).filter((e) => e.reason === `LLM call ${record.usage_id}`);
    expect(rows.map((e) => [e.kind, e.amount])).toEqual([['charge', -15], ['charge', -1]]);
  });

  it('answers 402 insufficient_credits below the minimum, before calling any model', async () => {
    const org = await t.signup();
    await setBalance(t, org.org_id, 0);
    const res = await invoke(t, org.secret, user('hi'));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'insufficient_credits', balance: 0, minimum_balance: 1 });
    expect(fake.requests).toHaveLength(0);
  });

  it('never overspends: parallel calls start only while the balance covers their hold, and a charge never goes below zero', async () => {
    const org = await t.signup(undefined, { tier: 'enterprise' });
    await setBalance(t, org.org_id, 3);
    fake.setDefault({ text: 'costly', usage: { input: 100_000, output: 0 }, delayMs: 200 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => invoke(t, org.secret, user('go'))));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    const { balance } = await credits(t, org.secret);
    expect(balance).toBe(0);
    const charged = answers.filter((a) => a.statusCode === 200).reduce((s, a) => s + Number(a.headers['x-credits-used']), 0);
    expect(charged).toBe(3);
    const entries = await ledger(t, org.secret);
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
  });

  it('charges concurrent calls one ledger row each, with consecutive balances, however they are grouped', async () => {
    const org = await t.signup();
    fake.setDefault({ text: 'cheap', usage: { input: 10, output: 5 }, delayMs: 50 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => invoke(t, org.secret, user(`call ${i}`))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const charges = (await ledger(t, org.secret)).filter((e) => e.reason?.startsWith('LLM call'));
    expect(charges.map((e) => e.amount)).toEqual(Array(20).fill(-1));
    expect(charges.map((e) => e.balance_after).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 80 + i));
    const records = await usageRecords(t, org.secret);
    expect(new Set(charges.map((e) => e.reason))).toEqual(new Set(records.map((r) => `LLM call ${r.usage_id}`)));
    expect(await credits(t, org.secret)).toMatchObject({ balance: 80 });
  });

  it('answers 502 and charges nothing when a call costing more than its minimum cannot be accounted for', async () => {
    const org = await t.signup();
    const db = t.app.ctx.database.db;
    await sql`alter table llm_usage rename to llm_usage_off`.execute(db);
    try {
      fake.enqueue({ text: 'an answer that cannot be paid for', usage: { input: 40_000, output: 10_000 } });
      const res = await invoke(t, org.secret, user('hi'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: 'upstream_error', message: expect.stringContaining('accounting') });
      expect(res.body).not.toContain('cannot be paid for');
    } finally {
      await sql`alter table llm_usage_off rename to llm_usage`.execute(db);
    }
    expect(fake.requests).toHaveLength(1);
    expect(await credits(t, org.secret)).toMatchObject({ balance: 100 });
    expect((await ledger(t, org.secret)).slice(0, 2).map((e) => [e.kind, e.amount])).toEqual([['release', 1], ['charge', -1]]);
    expect(await usageRecords(t, org.secret)).toEqual([]);
  });

  it('delivers a minimum-cost call while the usage table is unavailable, and records it exactly once when it is back', async () => {
    const org = await t.signup();
    const db = t.app.ctx.database.db;
    await sql`alter table llm_usage rename to llm_usage_off`.execute(db);
    let res;
    try {
      fake.enqueue({ text: 'paid up front', usage: { input: 10, output: 5 } });
      res = await invoke(t, org.secret, user('hi'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('paid up front');
      expect(await credits(t, org.secret)).toMatchObject({ balance: 99 });
    } finally {
      await sql`alter table llm_usage_off rename to llm_usage`.execute(db);
    }
    const records = await usageRecords(t, org.secret); // waits for the outbox's retry
    expect(records.map((r) => [r.status, r.credits, r.input_tokens, r.output_tokens])).toEqual([['succeeded', 1, 10, 5]]);
    expect((await t.inject({ method: 'GET', url: '/api/v1/llm/budget', headers: key(org.secret) })).json()).toMatchObject({ used_credits: 1, calls: 1 });
    expect((await ledger(t, org.secret)).filter((e) => e.reason === `LLM call ${records[0].usage_id}`).map((e) => [e.kind, e.amount])).toEqual([['charge', -1]]);
  });
});

describe('monthly LLM budget', () => {
  it('answers 402 budget_exceeded once the organization\'s own budget is used up, and shows it', async () => {
    const org = await t.signup();
    const set = await t.inject({ method: 'PUT', url: '/api/v1/llm/budget', headers: key(org.secret), payload: { monthly_budget: 20 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ monthly_budget: 20, source: 'organization', used_credits: 0, remaining_credits: 20 });
    fake.setDefault({ text: 'x', usage: { input: 60_000, output: 0 } }); // 12 credits a call
    expect((await invoke(t, org.secret, user('1'))).statusCode).toBe(200);
    expect((await invoke(t, org.secret, user('2'))).statusCode).toBe(200);
    const over = await invoke(t, org.secret, user('3'));
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ error: 'budget_exceeded', monthly_budget: 20, used_credits: 24, message: expect.stringContaining('PUT /llm/budget') });
    expect(fake.requests).toHaveLength(2);
    const state = (await t.inject({ method: 'GET', url: '/api/v1/llm/budget', headers: key(org.secret) })).json();
    expect(state).toEqual({ monthly_budget: 20, source: 'organization', month: expect.stringMatching(/^\d{4}-\d{2}-01$/), used_credits: 24, remaining_credits: 0, calls: 2, input_tokens: 120_000, output_tokens: 0 });
    await t.inject({ method: 'PUT', url: '/api/v1/llm/budget', headers: key(org.secret), payload: { monthly_budget: null } });
    expect((await invoke(t, org.secret, user('4'))).statusCode).toBe(200);
    expect((await t.inject({ method: 'PUT', url: '/api/v1/llm/budget', headers: key(org.secret), payload: { monthly_budget: -1 } })).statusCode).toBe(422);
  });

  it('applies the deployment default (FOLIO_LLM_MONTHLY_BUDGET) to every organization, per organization', async () => {
    const [a, b] = [await budgeted.signup(), await budgeted.signup()];
    for (let i = 0; i < 2; i++) expect((await invoke(budgeted, a.secret, user(`call ${i}`))).statusCode).toBe(200);
    const res = await invoke(budgeted, a.secret, user('one more'));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'budget_exceeded', monthly_budget: 3, used_credits: 4 });
    expect((await invoke(budgeted, b.secret, user('other org'))).statusCode).toBe(200);
    expect((await budgeted.inject({ method: 'GET', url: '/api/v1/llm/budget', headers: key(b.secret) })).json()).toMatchObject({ monthly_budget: 3, source: 'default', used_credits: 2 });
  });
});
