// idempotency_key: per organization, kept for the TTL; same body replays, another body is 409, and
// concurrent requests with one key create exactly one task.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents, type AgentCall } from './helpers/scripted-agent.ts';
import { count, generate, ledger, script, waitForTask, withRuns } from './helpers/runs.ts';
import { eventually } from './helpers/storage.ts';

const calls: AgentCall[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(withRuns({ idempotencyTtlMs: 2000, sweepIntervalMs: 200, concurrentRuns: { free: 50, pro: 50, enterprise: 50 } }), { agents: scriptedAgents(calls) });
});
afterAll(async () => t?.close());

const tasksOf = (orgId: string) => count(t, sql`select count(*) as n from tasks where org_id = ${orgId}`);

describe('idempotency_key', () => {
  it('returns the original task and response for the same key and body, and starts no new work', async () => {
    const org = await t.signup();
    const body = { prompt: script({ credits: 3 }), idempotency_key: 'same-1', file_name: 'a.docx' };
    const first = await generate(t, org.secret, body);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await generate(t, org.secret, body);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    // Signed links and edit tokens are minted fresh on every read, so they differ between the answers.
    const { download_url: _a, edit_url: ea, ...a } = first.json();
    const { download_url: _b, edit_url: eb, ...b } = second.json();
    expect(eb.split('?')[0]).toBe(ea.split('?')[0]);
    expect(b).toEqual(a);
    expect(await tasksOf(org.org_id)).toBe(1);
    expect(calls.filter((c) => c.task_id === a.task_id)).toHaveLength(1);
    expect((await ledger(t, org.secret)).filter((e) => e.kind === 'reservation')).toHaveLength(1);
    // Field order and async do not matter; the key's body is compared, not its bytes.
    const reordered = await generate(t, org.secret, { file_name: 'a.docx', idempotency_key: 'same-1', prompt: body.prompt, async: true });
    expect(reordered.statusCode).toBe(202);
    expect(reordered.json()).toMatchObject({ task_id: a.task_id, status: 'completed' });
  });

  it('answers 409 conflict for the same key with a different body, and changes nothing', async () => {
    const org = await t.signup();
    await generate(t, org.secret, { prompt: 'one', idempotency_key: 'k' });
    for (const other of [{ prompt: 'two', idempotency_key: 'k' }, { prompt: 'one', idempotency_key: 'k', timeout_ms: 20_000 }]) {
      const res = await generate(t, org.secret, other);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, error: 'conflict', message: expect.stringContaining('idempotency_key') });
    }
    // The same key on another format is another request too.
    expect((await generate(t, org.secret, { prompt: 'one', idempotency_key: 'k' }, 'excel')).statusCode).toBe(409);
    expect(await tasksOf(org.org_id)).toBe(1);
  });

  it('creates exactly one task for concurrent requests with the same key', async () => {
    const org = await t.signup();
    const body = { prompt: script({ sleep_ms: 300 }), idempotency_key: 'race', async: true };
    const answers = await Promise.all(Array.from({ length: 20 }, () => generate(t, org.secret, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    expect(new Set(answers.map((r) => r.json().task_id)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await tasksOf(org.org_id)).toBe(1);
    await waitForTask(t, org.secret, answers[0].json().task_id);
    expect(calls.filter((c) => c.task_id === answers[0].json().task_id)).toHaveLength(1);
    expect((await ledger(t, org.secret)).filter((e) => e.kind === 'reservation')).toHaveLength(1);
  });

  it('holds a concurrent sync replay until the one task ends', async () => {
    const org = await t.signup();
    const body = { prompt: script({ sleep_ms: 400 }), idempotency_key: 'sync-race' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => generate(t, org.secret, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(new Set(answers.map((r) => r.json().task_id)).size).toBe(1);
  });

  it('is scoped per organization', async () => {
    const [a, b] = [await t.signup(), await t.signup()];
    const ra = (await generate(t, a.secret, { prompt: 'p', idempotency_key: 'shared' })).json();
    const rb = await generate(t, b.secret, { prompt: 'other body', idempotency_key: 'shared' });
    expect(rb.statusCode).toBe(200);
    expect(rb.json().task_id).not.toBe(ra.task_id);
  });

  it('forgets a key after the TTL: the same key then starts a new task', async () => {
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: 'p', idempotency_key: 'ttl' })).json();
    await new Promise((r) => setTimeout(r, 2300));
    const second = await generate(t, org.secret, { prompt: 'another body is fine now', idempotency_key: 'ttl' });
    expect(second.statusCode).toBe(200);
    expect(second.json().task_id).not.toBe(first.task_id);
    // Swept by the periodic sweep (every 200 ms here) once the second key's TTL has passed.
    await eventually(async () => (await count(t, sql`select count(*) as n from idempotency_keys where org_id = ${org.org_id}`)) === 0, 15_000, 'the expired keys to be swept');
  });
});
