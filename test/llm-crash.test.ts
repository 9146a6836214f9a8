// A real `folio serve` killed with SIGKILL right after it answered LLM calls whose usage records were
// still in the outbox (never written to the database), most of them paid from a credit lease the process
// held: after a restart every answered call is charged and recorded exactly once, the dead process's lease
// is back in the balance, and replaying the same journal again counts nothing twice. PGlite on disk, or
// PostgreSQL with DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { runCli, startServer, type ServerProcess } from './helpers/processes.ts';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';

const CALLS = 12;
let fake: FakeLlmServer;
let dataDir: string;
let dropDb: (() => Promise<void>) | null = null;
let env: Record<string, string>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  fake = await startFakeLlmServer();
  fake.setDefault({ text: 'answered', usage: { input: 12, output: 4 }, delayMs: 100 }); // costs the minimum: the outbox path; concurrent: a lease
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-llm-crash-'));
  env = {
    FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'info', FOLIO_WORKERS: '0',
    OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrl, FOLIO_LLM_DEFAULT_MODEL: 'gpt-4.1', FOLIO_LLM_FALLBACK_MODELS: '',
    FOLIO_SIGNUP_CREDITS_PRO: '1000',
    // The records wait in the journal: none reaches the database before the kill.
    FOLIO_LLM_USAGE_FLUSH_DELAY_MS: '600000',
  };
  if (SERVICES.databaseUrl) {
    const created = await createPostgresDatabase();
    dropDb = created.drop;
    env.DATABASE_URL = created.url;
  }
});

afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) await s.stop();
  await fake?.close();
  await dropDb?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const s = await startServer(env);
  servers.push(s);
  return s;
}

/** The organization's credits held by leases, and the lease rows, read from the database of a stopped server. */
async function leases(orgId: string): Promise<{ leased: number; rows: number }> {
  const q = `select (select leased from credit_accounts where org_id = $1)::int as leased, (select count(*) from credit_leases where org_id = $1)::int as rows`;
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    try { return (await c.query(q, [orgId])).rows[0]; } finally { await c.end(); }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try { return (await db.query<{ leased: number; rows: number }>(q, [orgId])).rows[0]; } finally { await db.close(); }
}

async function get(s: ServerProcess, secret: string, url: string): Promise<any> {
  const res = await fetch(`${s.url}/api/v1${url}`, { headers: { 'x-api-key': secret } });
  expect(res.status, url).toBe(200);
  return res.json();
}

async function accounts(s: ServerProcess, secret: string) {
  const usage = (await get(s, secret, '/llm/usage?limit=100')).items as { usage_id: string; status: string; credits: number }[];
  const ledger = (await get(s, secret, '/credits/ledger?limit=100')).items as { kind: string; amount: number; reason: string | null }[];
  return { usage, ledger, budget: await get(s, secret, '/llm/budget'), balance: (await get(s, secret, '/credits')).balance as number };
}

describe('a crash right after answers were sent', () => {
  it('charges and records every answered call exactly once after a restart', async () => {
    const first = await start();
    const token = (await runCli(['token', '--sub', 'crash', '--email', 'crash@example.com'], env)).stdout.trim();
    const signup = await fetch(`${first.url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: 'Crash', tier: 'pro' }) });
    expect(signup.status).toBe(201);
    const { secret, org_id: orgId } = (await signup.json()) as { secret: string; org_id: string };

    const answers = await Promise.all(Array.from({ length: CALLS }, (_, i) => fetch(`${first.url}/api/v1/llm/invoke`, {
      method: 'POST', headers: { 'x-api-key': secret, 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ role: 'user', content: `call ${i}` }] }),
    }).then(async (r) => [r.status, await r.text()])));
    const killed = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await killed;
    expect(answers).toEqual(Array.from({ length: CALLS }, () => [200, 'answered']));

    // The records were only in the journal when the process died.
    const outbox = path.join(dataDir, 'llm-usage-outbox');
    const journals = fs.readdirSync(outbox).filter((f) => f.endsWith('.jsonl'));
    const lines = journals.flatMap((f) => fs.readFileSync(path.join(outbox, f), 'utf8').split('\n').filter(Boolean));
    expect(lines).toHaveLength(CALLS);
    const paidFromLease = lines.filter((l) => JSON.parse(l).lease_id).length;
    expect(paidFromLease).toBeGreaterThan(0); // the calls the kill must not lose were paid from the lease, in memory only
    const saved = journals.map((f) => [f, fs.readFileSync(path.join(outbox, f))] as const);

    const check = async (s: ServerProcess) => {
      const { usage, ledger, budget, balance } = await accounts(s, secret);
      expect(usage).toHaveLength(CALLS);
      expect(new Set(usage.map((u) => u.usage_id)).size).toBe(CALLS);
      expect(usage.every((u) => u.status === 'succeeded' && u.credits === 1)).toBe(true);
      for (const u of usage) {
        expect(ledger.filter((e) => e.reason === `LLM call ${u.usage_id}`).map((e) => [e.kind, e.amount])).toEqual([['charge', -1]]);
      }
      expect(ledger.filter((e) => e.reason?.startsWith('LLM call'))).toHaveLength(CALLS);
      expect(budget).toMatchObject({ used_credits: CALLS, calls: CALLS, input_tokens: 12 * CALLS, output_tokens: 4 * CALLS });
      expect(balance).toBe(1000 - CALLS);
    };

    const second = await start();
    expect(fs.readdirSync(outbox).filter((f) => saved.some(([name]) => name === f))).toEqual([]); // replayed, then removed
    await check(second);
    await second.stop();
    expect(await leases(orgId)).toEqual({ leased: 0, rows: 0 }); // the dead process's lease came back at the restart

    // The same journal replayed once more (as if the replay had died before removing it): nothing doubles.
    for (const [name, bytes] of saved) fs.writeFileSync(path.join(outbox, name), bytes);
    const third = await start();
    await check(third);
    await third.stop();
  }, 240_000);
});
