// Drop-in compatibility (issue 32), identifiers and links: webhook subscription ids are `whk_` and
// subscriptions created before (with `wh_` ids) keep working on every lookup; `edit_url` is
// `<base>/api/v1/edit/{run_id}?token=...`, the page and its assets are served there, the editor's
// API is reachable relative to it, and the old `/edit/{run_id}` path redirects with the token kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { generate, key, withRuns } from '../helpers/runs.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { webhookEnv } from '../helpers/webhooks.ts';

let t: TestApp;
let r: WebhookReceiver;
beforeAll(async () => {
  // A generous attempt timeout: the ping below must succeed on a loaded machine too.
  t = await startTestApp(withRuns({}), { env: webhookEnv({ FOLIO_WEBHOOK_TIMEOUT_MS: '10000' }) });
  r = await startWebhookReceiver();
});
afterAll(async () => {
  await t?.close();
  await r?.close();
});

const api = (secret: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.inject({ method, url: `/api/v1${url}`, headers: key(secret), ...(payload === undefined ? {} : { payload }) });

describe('webhook subscription ids', () => {
  it('mints whk_ ids', async () => {
    const org = await t.signup();
    const res = await api(org.secret, 'POST', '/webhooks', { url: `${r.url}/new`, events: ['run.completed'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().webhook_id).toMatch(/^whk_[0-9A-Z]{26}$/);
    expect((await api(org.secret, 'GET', `/webhooks/${res.json().webhook_id}`)).json()).toMatchObject({ webhook_id: res.json().webhook_id, active: true });
  });

  it('keeps accepting the wh_ ids of subscriptions created before, on every lookup, listed newest first beside whk_ ones', async () => {
    const org = await t.signup();
    // A subscription stored before the prefix changed, as the database holds it.
    const legacy = 'wh_01HZY5K4Q8M2N6P0R3S7T9V1WX';
    await t.app.ctx.database.db.insertInto('webhooks').values({
      webhook_id: legacy, org_id: org.org_id, url: `${r.url}/legacy`, events: ['run.completed'], description: 'from before', secret: 'whsec_legacylegacylegacylegacylegacy00',
    }).execute();
    const fresh = (await api(org.secret, 'POST', '/webhooks', { url: `${r.url}/fresh`, events: ['run.failed'] })).json();

    const read = await api(org.secret, 'GET', `/webhooks/${legacy}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ webhook_id: legacy, url: `${r.url}/legacy`, description: 'from before' });
    const list = (await api(org.secret, 'GET', '/webhooks')).json();
    expect(list.items.map((w: any) => w.webhook_id)).toEqual([fresh.webhook_id, legacy]);
    const page = (await api(org.secret, 'GET', '/webhooks?limit=1')).json();
    expect((await api(org.secret, 'GET', `/webhooks?limit=1&cursor=${page.next_cursor}`)).json().items.map((w: any) => w.webhook_id)).toEqual([legacy]);

    const ping = await api(org.secret, 'POST', `/webhooks/${legacy}/test`);
    expect(ping.statusCode, ping.body).toBe(200);
    expect(ping.json()).toMatchObject({ webhook_id: legacy, event: 'ping', status: 'succeeded' });
    expect(r.requests.find((q) => q.path === '/legacy')!.body).toMatchObject({ event: 'ping', webhook_id: legacy });
    const log = await api(org.secret, 'GET', `/webhooks/${legacy}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json().items).toHaveLength(1);
    const again = await api(org.secret, 'POST', `/webhooks/${legacy}/deliveries/${ping.json().delivery_id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);

    expect((await api(org.secret, 'DELETE', `/webhooks/${legacy}`)).statusCode).toBe(204);
    expect((await api(org.secret, 'GET', `/webhooks/${legacy}`)).statusCode).toBe(404);
    // Another organization cannot reach it by either prefix.
    const other = await t.signup();
    expect((await api(other.secret, 'GET', `/webhooks/${fresh.webhook_id}`)).statusCode).toBe(404);
  });
});

describe('edit_url', () => {
  it('is <base>/api/v1/edit/{run_id}?token=..., serves the editor there, and the old /edit path redirects keeping the token', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: 'A one-page memo titled Field Review about the spring site visits' }, 'word');
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json();
    const editUrl = new URL(run.edit_url);
    expect(`${editUrl.origin}${editUrl.pathname}`).toBe(`${t.config.publicUrl}/api/v1/edit/${run.run_id}`);
    const token = editUrl.searchParams.get('token')!;
    expect(token).toMatch(/^fet_/);
    expect((await api(org.secret, 'GET', `/runs/${run.run_id}`)).json().edit_url).toMatch(new RegExp(`^${t.config.publicUrl}/api/v1/edit/${run.run_id}\\?token=fet_`));

    const page = await t.inject({ method: 'GET', url: `${editUrl.pathname}${editUrl.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`data-run-id="${run.run_id}"`);
    // The page's relative links: its assets, and the editor API as web/editor/common.js resolves it.
    const asset = new URL('assets/word-editor.js', editUrl);
    expect(asset.pathname).toBe('/api/v1/edit/assets/word-editor.js');
    expect((await t.inject({ method: 'GET', url: asset.pathname })).statusCode).toBe(200);
    const doc = new URL(`../editor/${run.run_id}/document`, editUrl);
    expect(doc.pathname).toBe(`/api/v1/editor/${run.run_id}/document`);
    expect((await t.inject({ method: 'GET', url: doc.pathname, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

    const old = await t.inject({ method: 'GET', url: `/edit/${run.run_id}?token=${token}` });
    expect(old.statusCode).toBe(301);
    // Relative to the old link, so it lands on the page whether or not Folio is served under a path prefix.
    expect(old.headers.location).toBe(`../api/v1/edit/${run.run_id}?token=${token}`);
    const target = new URL(String(old.headers.location), `${t.config.publicUrl}/edit/${run.run_id}?token=${token}`);
    expect(target.href).toBe(run.edit_url);
    expect(new URL(String(old.headers.location), `https://docs.example.com/folio/edit/${run.run_id}`).pathname).toBe(`/folio/api/v1/edit/${run.run_id}`);
    expect(old.headers['referrer-policy']).toBe('no-referrer');
    expect((await t.inject({ method: 'GET', url: `${target.pathname}${target.search}` })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/v1/edit/${run.run_id}?token=fet_nope` })).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('shows whk_ webhook ids and the edit_url form, with examples', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const created = doc.paths['/api/v1/webhooks'].post.responses['201'].content['application/json'].schema;
    expect(created.properties.webhook_id.examples[0]).toMatch(/^whk_[0-9A-Z]{26}$/);
    const editForm = /^https:\/\/[^/]+\/api\/v1\/edit\/run_[0-9A-Z]{26}\?token=fet_[A-Za-z0-9_-]{43}$/;
    for (const format of ['word', 'excel', 'slides']) {
      const ok = doc.paths[`/api/v1/${format}/generate`].post.responses['200'].content['application/json'];
      expect(ok.schema.properties.edit_url.description).toContain('/api/v1/edit/{run_id}?token=');
      expect(ok.schema.properties.edit_url.examples[0]).toMatch(editForm);
      expect(ok.example.edit_url).toMatch(editForm);
    }
    expect(doc.paths['/api/v1/runs/{run_id}'].get.responses['200'].content['application/json'].schema.properties.edit_url.examples[0]).toMatch(editForm);
    expect(doc.paths['/api/v1/tasks/{task_id}'].get.responses['200'].content['application/json'].schema.properties.result.properties.edit_url.examples[0]).toMatch(editForm);
  });
});
