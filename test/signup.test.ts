import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp({ signupTiers: ['free', 'pro'] }); });
afterAll(async () => t?.close());

const signup = async (token: string, payload: unknown) =>
  t.inject({ method: 'POST', url: '/api/v1/signup', headers: bearer(token), payload: payload as any });

describe('POST /signup: new organization', () => {
  it('creates an organization owned by the caller and returns org_id, secret and webhook_secret', async () => {
    const token = await t.token('alice');
    const res = await signup(token, { org_name: 'Acme Corp' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.org_id).toMatch(/^org_[0-9A-Z]{26}$/);
    expect(body.secret).toMatch(/^sk_live_[A-Za-z0-9]{28}$/);
    expect(body.webhook_secret).toMatch(/^whsec_/);
    expect(body.key_prefix).toBe(body.secret.slice(0, 12));
    expect(body).toMatchObject({ org_name: 'Acme Corp', tier: 'free' });

    const verify = await t.inject({ method: 'GET', url: '/api/v1/verify', headers: { 'x-api-key': body.secret } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ org_id: body.org_id, org_name: 'Acme Corp', tier: 'free', webhook_secret: body.webhook_secret, key_prefix: body.key_prefix });

    const me = (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).json();
    expect(me.organizations).toContainEqual({ org_id: body.org_id, org_name: 'Acme Corp', tier: 'free', status: 'active', role: 'owner' });
  });

  it('honours tier and key_name', async () => {
    const token = await t.token('bob');
    const res = await signup(token, { org_name: 'Bob Pro', tier: 'pro', key_name: 'ci' });
    expect(res.statusCode).toBe(201);
    expect(res.json().tier).toBe('pro');
    const keys = await t.inject({ method: 'GET', url: `/api/v1/organizations/${res.json().org_id}/api-keys`, headers: bearer(token) });
    expect(keys.json().items.map((k: any) => k.name)).toEqual(['ci']);
  });

  it('names the first key "default" when key_name is omitted', async () => {
    const token = await t.token('carol');
    const res = await signup(token, { org_name: 'Carol Co' });
    const keys = await t.inject({ method: 'GET', url: `/api/v1/organizations/${res.json().org_id}/api-keys`, headers: bearer(token) });
    expect(keys.json().items[0].name).toBe('default');
  });

  it('refuses tiers the deployment does not offer at signup with 403', async () => {
    const res = await signup(await t.token('dave'), { org_name: 'Dave Inc', tier: 'enterprise' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: 'forbidden' });
  });

  it('requires org_name for a new organization', async () => {
    const res = await signup(await t.token('erin'), {});
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'org_name'], type: 'missing' })]);
  });

  it.each([
    [{ org_name: 'A' }, ['body', 'org_name'], 'string_too_short'],
    [{ org_name: 'x'.repeat(121) }, ['body', 'org_name'], 'string_too_long'],
    [{ org_name: '   ' }, ['body', 'org_name'], 'string_pattern_mismatch'],
    [{ org_name: 42 }, ['body', 'org_name'], 'string_type'],
    [{ org_name: 'Okay', key_name: 'k'.repeat(81) }, ['body', 'key_name'], 'string_too_long'],
    [{ org_name: 'Okay', key_name: '' }, ['body', 'key_name'], 'string_too_short'],
    [{ org_name: 'Okay', tier: 'platinum' }, ['body', 'tier'], 'enum'],
    [{ org_name: 'Okay', tier: 1 }, ['body', 'tier'], 'string_type'],
    [{ org_name: 'Okay', admin: true }, ['body', 'admin'], 'extra_forbidden'],
    [{ org_name: 'Okay', existing_org_id: ['org_1'] }, ['body', 'existing_org_id'], 'string_type'],
  ])('rejects %j with 422 at %j', async (payload, loc, type) => {
    const res = await signup(await t.token('frank'), payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('validation_error');
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc, type }));
  });

  it('accepts 2 and 120 character names', async () => {
    const token = await t.token('gina');
    expect((await signup(token, { org_name: 'ab' })).statusCode).toBe(201);
    expect((await signup(token, { org_name: 'y'.repeat(120) })).statusCode).toBe(201);
  });

  it('requires an ID token, not an API key', async () => {
    const { secret } = await t.signup();
    const res = await t.inject({ method: 'POST', url: '/api/v1/signup', headers: { authorization: `Bearer ${secret}` }, payload: { org_name: 'Nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_token');
    const viaHeader = await t.inject({ method: 'POST', url: '/api/v1/signup', headers: { 'x-api-key': secret }, payload: { org_name: 'Nope' } });
    expect(viaHeader.statusCode).toBe(401);
  });
});

describe('POST /signup with existing_org_id', () => {
  it('mints a new key on an organization the caller owns, keeping its tier and secret', async () => {
    const owner = await t.signup('owner-1', { tier: 'pro' });
    const res = await signup(owner.token, { existing_org_id: owner.org_id, key_name: 'second', tier: 'free' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.org_id).toBe(owner.org_id);
    expect(body.webhook_secret).toBe(owner.webhook_secret);
    expect(body.tier).toBe('pro');
    expect(body.secret).not.toBe(owner.secret);
    const verify = await t.inject({ method: 'GET', url: '/api/v1/verify', headers: { 'x-api-key': body.secret } });
    expect(verify.json().org_id).toBe(owner.org_id);
  });

  it('lets an admin enable API access, forbids a plain member (403) and hides the org from strangers (404)', async () => {
    const owner = await t.signup('owner-2');
    const adminToken = await t.token('admin-2');
    const memberToken = await t.token('member-2');
    const strangerToken = await t.token('stranger-2');
    const adminId = (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(adminToken) })).json().user_id;
    const memberId = (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(memberToken) })).json().user_id;
    const put = (userId: string, role: string) =>
      t.inject({ method: 'PUT', url: `/api/v1/organizations/${owner.org_id}/members/${userId}`, headers: bearer(owner.token), payload: { role } });
    expect((await put(adminId, 'admin')).statusCode).toBe(200);
    expect((await put(memberId, 'member')).statusCode).toBe(200);

    const asAdmin = await signup(adminToken, { existing_org_id: owner.org_id });
    expect(asAdmin.statusCode).toBe(201);
    const asMember = await signup(memberToken, { existing_org_id: owner.org_id });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error).toBe('forbidden');
    const asStranger = await signup(strangerToken, { existing_org_id: owner.org_id });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json().error).toBe('not_found');
    const unknown = await signup(strangerToken, { existing_org_id: 'org_00000000000000000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(asStranger.json());
  });

  it('refuses to mint on a suspended organization', async () => {
    const owner = await t.signup('owner-3');
    await t.app.ctx.organizations.setStatus(owner.org_id, 'suspended');
    const res = await signup(owner.token, { existing_org_id: owner.org_id });
    expect(res.statusCode).toBe(403);
  });
});

describe('members', () => {
  it('only owners grant admin; admins add members; the owner cannot be removed', async () => {
    const owner = await t.signup('owner-4');
    const ids: Record<string, string> = {};
    const tokens: Record<string, string> = {};
    for (const who of ['adm', 'mem', 'new']) {
      tokens[who] = await t.token(`${who}-4`);
      ids[who] = (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(tokens[who]) })).json().user_id;
    }
    const put = (token: string, userId: string, role: string) =>
      t.inject({ method: 'PUT', url: `/api/v1/organizations/${owner.org_id}/members/${userId}`, headers: bearer(token), payload: { role } });
    expect((await put(owner.token, ids.adm, 'admin')).json()).toMatchObject({ user_id: ids.adm, role: 'admin' });
    expect((await put(tokens.adm, ids.mem, 'member')).statusCode).toBe(200);
    expect((await put(tokens.adm, ids.new, 'admin')).statusCode).toBe(403);
    expect((await put(tokens.mem, ids.new, 'member')).statusCode).toBe(403);
    expect((await put(owner.token, 'usr_00000000000000000000000000', 'member')).statusCode).toBe(404);
    expect((await put(owner.token, ids.new, 'owner')).statusCode).toBe(422);

    const ownerId = (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(owner.token) })).json().user_id;
    const removeOwner = await t.inject({ method: 'DELETE', url: `/api/v1/organizations/${owner.org_id}/members/${ownerId}`, headers: bearer(tokens.adm) });
    expect(removeOwner.statusCode).toBe(409);

    const list = await t.inject({ method: 'GET', url: `/api/v1/organizations/${owner.org_id}/members`, headers: bearer(tokens.mem) });
    expect(list.json().items.map((m: any) => m.role).sort()).toEqual(['admin', 'member', 'owner']);

    const remove = await t.inject({ method: 'DELETE', url: `/api/v1/organizations/${owner.org_id}/members/${ids.mem}`, headers: bearer(tokens.adm) });
    expect(remove.statusCode).toBe(204);
    const after = await t.inject({ method: 'GET', url: `/api/v1/organizations/${owner.org_id}/members`, headers: bearer(tokens.mem) });
    expect(after.statusCode).toBe(404);
  });
});
