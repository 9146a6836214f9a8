import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { bearer, startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ lastUsedFlushMs: 60_000 }); });
afterAll(async () => t?.close());

const keysUrl = (orgId: string) => `/api/v1/organizations/${orgId}/api-keys`;

describe('API key management', () => {
  it('mints a key (201) whose secret is shown once, and lists keys without secrets', async () => {
    const org = await t.signup('km-owner');
    const minted = await t.inject({ method: 'POST', url: keysUrl(org.org_id), headers: bearer(org.token), payload: { name: 'deploy' } });
    expect(minted.statusCode).toBe(201);
    const key = minted.json();
    expect(key).toMatchObject({ org_id: org.org_id, name: 'deploy', webhook_secret: org.webhook_secret, revoked_at: null, last_used_at: null });
    expect(key.secret).toMatch(/^sk_live_[A-Za-z0-9]{28}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 12));
    expect(key.key_id).toMatch(/^key_/);

    const list = await t.inject({ method: 'GET', url: keysUrl(org.org_id), headers: bearer(org.token) });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.next_cursor).toBeNull();
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toEqual({ key_id: key.key_id, name: 'deploy', prefix: key.prefix, created_at: expect.any(String), last_used_at: null, revoked_at: null });
    expect(list.body).not.toContain(key.secret);
    expect(list.body).not.toContain(org.secret);
    expect(list.body).not.toContain('secret');
  });

  it('stores only the SHA-256 of the key', async () => {
    const org = await t.signup('hash-owner');
    const rows = await sql<any>`select * from api_keys where org_id = ${org.org_id}`.execute(t.app.ctx.database.db);
    expect(rows.rows).toHaveLength(1);
    const row = rows.rows[0];
    expect(row.key_hash).toBe(createHash('sha256').update(org.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(org.secret);
    expect(JSON.stringify(row)).not.toContain(org.secret.slice(12));
  });

  it('generates distinct keys from a CSPRNG', async () => {
    const org = await t.signup('many-owner');
    const secrets = new Set<string>([org.secret]);
    for (let i = 0; i < 20; i++) {
      const res = await t.inject({ method: 'POST', url: keysUrl(org.org_id), headers: bearer(org.token), payload: { name: `k${i}` } });
      secrets.add(res.json().secret);
    }
    expect(secrets.size).toBe(21);
    const chars = new Set([...secrets].flatMap((s) => [...s.slice(8)]));
    expect(chars.size).toBeGreaterThan(50);
  });

  it('paginates newest first with an opaque cursor', async () => {
    const org = await t.signup('page-owner');
    for (let i = 0; i < 4; i++) await t.inject({ method: 'POST', url: keysUrl(org.org_id), headers: bearer(org.token), payload: { name: `k${i}` } });
    const first = (await t.inject({ method: 'GET', url: `${keysUrl(org.org_id)}?limit=2`, headers: bearer(org.token) })).json();
    expect(first.items.map((k: any) => k.name)).toEqual(['k3', 'k2']);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await t.inject({ method: 'GET', url: `${keysUrl(org.org_id)}?limit=2&cursor=${first.next_cursor}`, headers: bearer(org.token) })).json();
    expect(second.items.map((k: any) => k.name)).toEqual(['k1', 'k0']);
    const third = (await t.inject({ method: 'GET', url: `${keysUrl(org.org_id)}?limit=2&cursor=${second.next_cursor}`, headers: bearer(org.token) })).json();
    expect(third.items.map((k: any) => k.name)).toEqual(['default']);
    expect(third.next_cursor).toBeNull();
    const bad = await t.inject({ method: 'GET', url: `${keysUrl(org.org_id)}?cursor=garbage`, headers: bearer(org.token) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['query', 'cursor']);
    const tooMany = await t.inject({ method: 'GET', url: `${keysUrl(org.org_id)}?limit=101`, headers: bearer(org.token) });
    expect(tooMany.statusCode).toBe(422);
  });

  it('revokes a key (204): effective immediately, listed with revoked_at, idempotent', async () => {
    const org = await t.signup('revoke-owner');
    const minted = (await t.inject({ method: 'POST', url: keysUrl(org.org_id), headers: bearer(org.token), payload: { name: 'temp' } })).json();
    // Warm the key cache first, so revocation must invalidate it.
    expect((await t.inject({ method: 'GET', url: '/api/v1/verify', headers: { 'x-api-key': minted.secret } })).statusCode).toBe(200);
    const del = await t.inject({ method: 'DELETE', url: `${keysUrl(org.org_id)}/${minted.key_id}`, headers: bearer(org.token) });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const after = await t.inject({ method: 'GET', url: '/api/v1/verify', headers: { 'x-api-key': minted.secret } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, error: 'invalid_api_key' });
    const viaBearer = await t.inject({ method: 'GET', url: '/api/v1/verify', headers: { authorization: `Bearer ${minted.secret}` } });
    expect(viaBearer.statusCode).toBe(401);
    // Other keys of the org keep working.
    expect((await t.inject({ method: 'GET', url: '/api/v1/verify', headers: { 'x-api-key': org.secret } })).statusCode).toBe(200);
    const list = (await t.inject({ method: 'GET', url: keysUrl(org.org_id), headers: bearer(org.token) })).json();
    expect(list.items.find((k: any) => k.key_id === minted.key_id).revoked_at).toEqual(expect.any(String));
    const again = await t.inject({ method: 'DELETE', url: `${keysUrl(org.org_id)}/${minted.key_id}`, headers: bearer(org.token) });
    expect(again.statusCode).toBe(204);
    const missing = await t.inject({ method: 'DELETE', url: `${keysUrl(org.org_id)}/key_00000000000000000000000000`, headers: bearer(org.token) });
    expect(missing.statusCode).toBe(404);
  });

  it('records last_used_at (batched, flushed before listing)', async () => {
    const org = await t.signup('used-owner');
    const before = (await t.inject({ method: 'GET', url: keysUrl(org.org_id), headers: bearer(org.token) })).json();
    expect(before.items[0].last_used_at).toBeNull();
    const start = Date.now();
    await t.inject({ method: 'GET', url: '/api/v1/verify', headers: { 'x-api-key': org.secret } });
    const after = (await t.inject({ method: 'GET', url: keysUrl(org.org_id), headers: bearer(org.token) })).json();
    const used = Date.parse(after.items[0].last_used_at);
    expect(used).toBeGreaterThanOrEqual(start - 1000);
    expect(used).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('flushes pending last_used_at on shutdown', async () => {
    const other = await startTestApp({ lastUsedFlushMs: 3_600_000 });
    try {
      const org = await other.signup('flush-owner');
      await other.inject({ method: 'GET', url: '/api/v1/verify', headers: { 'x-api-key': org.secret } });
      const db = other.app.ctx.database.db;
      const pending = await sql<any>`select last_used_at from api_keys where org_id = ${org.org_id}`.execute(db);
      expect(pending.rows[0].last_used_at).toBeNull();
      await other.app.ctx.close();
      const done = await sql<any>`select last_used_at from api_keys where org_id = ${org.org_id}`.execute(db);
      expect(done.rows[0].last_used_at).not.toBeNull();
    } finally {
      await other.close();
    }
  });

  it('validates the key name', async () => {
    const org = await t.signup('name-owner');
    const long = await t.inject({ method: 'POST', url: keysUrl(org.org_id), headers: bearer(org.token), payload: { name: 'n'.repeat(81) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_too_long' });
    const extra = await t.inject({ method: 'POST', url: keysUrl(org.org_id), headers: bearer(org.token), payload: { name: 'ok', scopes: ['all'] } });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().detail[0]).toMatchObject({ loc: ['body', 'scopes'], type: 'extra_forbidden' });
  });
});

describe('cross-organization access', () => {
  it("hides another organization's keys: list, mint and revoke answer 404", async () => {
    const a = await t.signup('tenant-a');
    const b = await t.signup('tenant-b');
    const list = await t.inject({ method: 'GET', url: keysUrl(b.org_id), headers: bearer(a.token) });
    expect(list.statusCode).toBe(404);
    expect(list.json().error).toBe('not_found');
    const mint = await t.inject({ method: 'POST', url: keysUrl(b.org_id), headers: bearer(a.token), payload: { name: 'x' } });
    expect(mint.statusCode).toBe(404);
    const revoke = await t.inject({ method: 'DELETE', url: `${keysUrl(b.org_id)}/${b.key_id}`, headers: bearer(a.token) });
    expect(revoke.statusCode).toBe(404);
    // B's key, addressed through A's own organization, is not found either, and stays valid.
    const viaOwnOrg = await t.inject({ method: 'DELETE', url: `${keysUrl(a.org_id)}/${b.key_id}`, headers: bearer(a.token) });
    expect(viaOwnOrg.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/v1/verify', headers: { 'x-api-key': b.secret } })).statusCode).toBe(200);
    // Not found looks the same as a missing organization.
    const missing = await t.inject({ method: 'GET', url: keysUrl('org_00000000000000000000000000'), headers: bearer(a.token) });
    expect(missing.json()).toEqual(list.json());
  });

  it('lets a plain member list keys but not mint or revoke them (403)', async () => {
    const owner = await t.signup('roles-owner');
    const memberToken = await t.token('roles-member');
    const memberId = (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(memberToken) })).json().user_id;
    await t.inject({ method: 'PUT', url: `/api/v1/organizations/${owner.org_id}/members/${memberId}`, headers: bearer(owner.token), payload: { role: 'member' } });
    expect((await t.inject({ method: 'GET', url: keysUrl(owner.org_id), headers: bearer(memberToken) })).statusCode).toBe(200);
    const mint = await t.inject({ method: 'POST', url: keysUrl(owner.org_id), headers: bearer(memberToken), payload: { name: 'x' } });
    expect(mint.statusCode).toBe(403);
    expect(mint.json().error).toBe('forbidden');
    const revoke = await t.inject({ method: 'DELETE', url: `${keysUrl(owner.org_id)}/${owner.key_id}`, headers: bearer(memberToken) });
    expect(revoke.statusCode).toBe(403);
  });

  it('refuses key management with an API key', async () => {
    const a = await t.signup('apikey-mgmt');
    const res = await t.inject({ method: 'GET', url: keysUrl(a.org_id), headers: { authorization: `Bearer ${a.secret}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_token');
  });
});
