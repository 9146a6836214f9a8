// The web console's cookie sessions over HTTP (no browser): development sign-in, the cookie's attributes,
// the CSRF header every cookie-authenticated API call needs, tenancy (another organization's resources
// are invisible; switching only to one's own), sign-out, expiry, and API keys working unchanged beside it.
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => t?.close());

/** Signs in through the development form; returns the cookie header and the CSRF token. */
async function devSignIn(email: string) {
  const res = await t.inject({ method: 'POST', url: '/api/v1/console/session/dev', payload: { email }, remoteAddress: '127.0.0.1' });
  expect(res.statusCode, res.body).toBe(201);
  const setCookie = String(res.headers['set-cookie']);
  const token = /^folio_session=([^;]+);/.exec(setCookie)![1];
  return { res, setCookie, token, cookie: `folio_session=${token}`, csrf: res.json().csrf_token as string, body: res.json() };
}

const as = (s: { cookie: string; csrf: string }, extra: Record<string, string> = {}) => ({ cookie: s.cookie, 'x-csrf-token': s.csrf, ...extra });

describe('console sessions', () => {
  it('signs in with an HttpOnly, SameSite cookie holding an opaque token stored only as its hash', async () => {
    const s = await devSignIn('carol@example.com');
    expect(s.setCookie).toMatch(/HttpOnly/);
    expect(s.setCookie).toMatch(/SameSite=Lax/);
    expect(s.setCookie).toMatch(/Path=\//);
    expect(s.setCookie).not.toMatch(/Secure/); // http public URL in tests; https sets Secure (unit-checked below)
    expect(s.body).toMatchObject({ user: { email: 'carol@example.com', issuer: 'folio-local' }, org_id: null, organizations: [] });
    const rows = await sql<any>`select * from console_sessions where session_id = ${s.body.session_id}`.execute(t.app.ctx.database.db);
    expect(rows.rows[0].token_hash).toBe(createHash('sha256').update(s.token).digest('hex'));
    expect(JSON.stringify(rows.rows)).not.toContain(s.token);
    expect(t.app.ctx.consoleSessions.cookie('x')).not.toMatch(/Secure/);
  });

  it('refuses the development sign-in from another machine', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/console/session/dev', payload: { email: 'x@example.com' }, remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: 'forbidden' });
  });

  it('acts for its organization on API-key routes, only with the CSRF header (403 in the envelope without it)', async () => {
    const s = await devSignIn('dave@example.com');
    const signup = await t.inject({ method: 'POST', url: '/api/v1/signup', headers: as(s), payload: { org_name: 'Dave Co' } });
    expect(signup.statusCode, signup.body).toBe(201);
    const orgId = signup.json().org_id;
    const switched = await t.inject({ method: 'PUT', url: '/api/v1/console/session/organization', headers: as(s), payload: { org_id: orgId } });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().org_id).toBe(orgId);

    const noCsrf = await t.inject({ method: 'GET', url: '/api/v1/credits', headers: { cookie: s.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toEqual({ success: false, error: 'forbidden', message: expect.stringContaining('X-CSRF-Token') });
    const wrongCsrf = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: { cookie: s.cookie, 'x-csrf-token': 'nope' }, payload: { url: 'https://example.com/h', events: ['run.completed'] } });
    expect(wrongCsrf.statusCode).toBe(403);
    const otherSessionsCsrf = (await devSignIn('eve@example.com')).csrf;
    expect((await t.inject({ method: 'GET', url: '/api/v1/credits', headers: { cookie: s.cookie, 'x-csrf-token': otherSessionsCsrf } })).statusCode).toBe(403);

    const credits = await t.inject({ method: 'GET', url: '/api/v1/credits', headers: as(s) });
    expect(credits.statusCode, credits.body).toBe(200);
    const verify = await t.inject({ method: 'GET', url: '/api/v1/verify', headers: as(s) });
    expect(verify.json()).toMatchObject({ org_id: orgId, key_prefix: 'console' });
    // ID-token routes take the session's user: key management of the session's organization.
    const keys = await t.inject({ method: 'GET', url: `/api/v1/organizations/${orgId}/api-keys`, headers: as(s) });
    expect(keys.statusCode).toBe(200);
    expect(keys.json().items).toHaveLength(1);
    expect((await t.inject({ method: 'GET', url: `/api/v1/organizations/${orgId}/api-keys`, headers: { cookie: s.cookie } })).statusCode).toBe(403);
  });

  it('never sees another organization: its resources are 404 and switching to it is 404', async () => {
    const other = await t.signup('frank');
    const hook = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: { 'x-api-key': other.secret }, payload: { url: 'https://example.com/frank', events: ['run.completed'] } });
    expect(hook.statusCode, hook.body).toBe(201);
    const s = await devSignIn('grace@example.com');
    await t.inject({ method: 'POST', url: '/api/v1/signup', headers: as(s), payload: { org_name: 'Grace Co' } });
    const session = (await t.inject({ method: 'GET', url: '/api/v1/console/session', headers: { cookie: s.cookie } })).json();
    expect(session.organizations.map((o: any) => o.org_name)).toEqual(['Grace Co']);
    expect(session.org_id).toBe(session.organizations[0].org_id); // the first organization is adopted

    const list = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: as(s) });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([]);
    const theirs = await t.inject({ method: 'GET', url: `/api/v1/webhooks/${hook.json().webhook_id}`, headers: as(s) });
    expect(theirs.statusCode).toBe(404);
    const gone = await t.inject({ method: 'DELETE', url: `/api/v1/webhooks/${hook.json().webhook_id}`, headers: as(s) });
    expect(gone.statusCode).toBe(404);
    const keys = await t.inject({ method: 'GET', url: `/api/v1/organizations/${other.org_id}/api-keys`, headers: as(s) });
    expect(keys.statusCode).toBe(404);
    const sw = await t.inject({ method: 'PUT', url: '/api/v1/console/session/organization', headers: as(s), payload: { org_id: other.org_id } });
    expect(sw.statusCode).toBe(404);
    expect(sw.json()).toMatchObject({ success: false, error: 'not_found' });

    // The other organization's API key works unchanged, and sees its webhook.
    const mine = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: { 'x-api-key': other.secret } });
    expect(mine.json().items.map((h: any) => h.webhook_id)).toEqual([hook.json().webhook_id]);
    // A key and a cookie together: the key decides (the cookie is ignored).
    const both = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: { 'x-api-key': other.secret, cookie: s.cookie } });
    expect(both.json().items).toHaveLength(1);
  });

  it('switches between the organizations the user belongs to', async () => {
    const s = await devSignIn('heidi@example.com');
    const a = (await t.inject({ method: 'POST', url: '/api/v1/signup', headers: as(s), payload: { org_name: 'Heidi A' } })).json();
    const b = (await t.inject({ method: 'POST', url: '/api/v1/signup', headers: as(s), payload: { org_name: 'Heidi B' } })).json();
    for (const org of [a, b, a]) {
      const sw = await t.inject({ method: 'PUT', url: '/api/v1/console/session/organization', headers: as(s), payload: { org_id: org.org_id } });
      expect(sw.json().org_id).toBe(org.org_id);
      const verify = await t.inject({ method: 'GET', url: '/api/v1/verify', headers: as(s) });
      expect(verify.json()).toMatchObject({ org_id: org.org_id, org_name: org.org_name });
    }
  });

  it('signs out (the cookie is cleared and the session no longer works) and expires', async () => {
    const s = await devSignIn('ivan@example.com');
    await t.inject({ method: 'POST', url: '/api/v1/signup', headers: as(s), payload: { org_name: 'Ivan Co' } });
    expect((await t.inject({ method: 'DELETE', url: '/api/v1/console/session', headers: { cookie: s.cookie } })).statusCode).toBe(403); // CSRF here too
    const out = await t.inject({ method: 'DELETE', url: '/api/v1/console/session', headers: as(s) });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^folio_session=; Max-Age=0/);
    const after = await t.inject({ method: 'GET', url: '/api/v1/credits', headers: as(s) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, error: 'invalid_api_key' });
    expect((await t.inject({ method: 'GET', url: '/api/v1/console/session', headers: { cookie: s.cookie } })).statusCode).toBe(401);

    const e = await devSignIn('judy@example.com');
    await t.inject({ method: 'POST', url: '/api/v1/signup', headers: as(e), payload: { org_name: 'Judy Co' } });
    expect((await t.inject({ method: 'GET', url: '/api/v1/console/session', headers: { cookie: e.cookie } })).statusCode).toBe(200);
    await sql`update console_sessions set expires_at = now() - interval '1 second' where session_id = ${e.body.session_id}`.execute(t.app.ctx.database.db);
    expect((await t.inject({ method: 'GET', url: '/api/v1/console/session', headers: { cookie: e.cookie } })).statusCode).toBe(401);
    const expired = await t.inject({ method: 'GET', url: '/api/v1/credits', headers: as(e) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/);
    const keys = await t.inject({ method: 'GET', url: '/api/v1/me', headers: as(e) });
    expect(keys.json()).toMatchObject({ success: false, error: 'invalid_token' });
  });

  it('signs in with an ID token (POST /console/session) and sets Secure on an https public URL', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/console/session', headers: bearer(await t.token('kim')) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.email).toBe('kim@example.com');
    expect((await t.inject({ method: 'POST', url: '/api/v1/console/session' })).statusCode).toBe(401);
    const https = new (t.app.ctx.consoleSessions.constructor as any)({ repo: null, orgs: null, users: null, ttlSeconds: 60, publicUrl: 'https://folio.example.com' });
    expect(https.cookie('abc')).toBe('folio_session=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax; Secure');
  });
});
