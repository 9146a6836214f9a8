// Webhook subscriptions and the delivery log over HTTP: create (secret once), list, read, delete,
// validation, tenancy, the log's contents and filters, the test ping, redelivery and log retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';
import { deliveries, FAST_DELAYS_MS, sleep, subscribe, waitForDeliveries, webhookEnv } from './helpers/webhooks.ts';
import { verifyWebhook } from '../src/webhooks/verify.js';

let t: TestApp;
let r: WebhookReceiver;
beforeAll(async () => {
  t = await startTestApp(withRuns({}), { agents: scriptedAgents(), env: webhookEnv() });
  r = await startWebhookReceiver();
});
afterAll(async () => {
  await t?.close();
  await r?.close();
});

const api = (secret: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.inject({ method, url: `/api/v1${url}`, headers: key(secret), ...(payload === undefined ? {} : { payload }) });

describe('subscriptions', () => {
  it('creates a subscription (201) whose secret is shown once; lists and reads it without the secret', async () => {
    const org = await t.signup();
    const res = await api(org.secret, 'POST', '/webhooks', { url: `${r.url}/a`, events: ['run.completed'], description: 'CRM sync' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      webhook_id: expect.stringMatching(/^whk_[0-9A-Z]{26}$/), url: `${r.url}/a`, events: ['run.completed'], description: 'CRM sync', active: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{32}$/), created_at: expect.any(String),
    });
    expect(created.secret).not.toBe(org.webhook_secret);
    const { secret: _secret, ...shown } = created;
    expect((await api(org.secret, 'GET', `/webhooks/${created.webhook_id}`)).json()).toEqual(shown);
    const list = (await api(org.secret, 'GET', '/webhooks')).json();
    expect(list).toEqual({ items: [shown], next_cursor: null });
    expect(JSON.stringify(list)).not.toContain('whsec_');
    expect((await subscribe(t, org.secret, `${r.url}/b`, ['run.failed'])).description).toBe('test');
  });

  it('pages newest first with limit and cursor', async () => {
    const org = await t.signup();
    const ids = [];
    for (const p of ['1', '2', '3']) ids.push((await subscribe(t, org.secret, `${r.url}/page${p}`)).webhook_id);
    const first = (await api(org.secret, 'GET', '/webhooks?limit=2')).json();
    expect(first.items.map((w: any) => w.webhook_id)).toEqual([ids[2], ids[1]]);
    const second = (await api(org.secret, 'GET', `/webhooks?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second).toEqual({ items: [expect.objectContaining({ webhook_id: ids[0] })], next_cursor: null });
    expect((await api(org.secret, 'GET', '/webhooks?cursor=garbage')).statusCode).toBe(422);
  });

  it('answers 422 for unknown events, missing or unknown fields and URLs that are not absolute http(s)', async () => {
    const org = await t.signup();
    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [{ url: `${r.url}/x`, events: ['run.started'] }, ['body', 'events', 0], 'enum'],
      [{ url: `${r.url}/x`, events: [] }, ['body', 'events'], 'too_short'],
      [{ url: `${r.url}/x`, events: ['run.failed', 'run.failed'] }, ['body', 'events'], ''],
      [{ events: ['run.failed'] }, ['body', 'url'], 'missing'],
      [{ url: `${r.url}/x`, events: ['run.failed'], secret: 'mine' }, ['body', 'secret'], 'extra_forbidden'],
      [{ url: 'ftp://example.com/hook', events: ['run.failed'] }, ['body', 'url'], 'url_not_allowed'],
      [{ url: '/relative', events: ['run.failed'] }, ['body', 'url'], 'url_not_allowed'],
    ];
    for (const [body, loc, type] of cases) {
      const res = await api(org.secret, 'POST', '/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const detail = res.json().detail;
      expect(detail.map((d: any) => d.loc), JSON.stringify(body)).toContainEqual(loc);
      if (type) expect(detail.find((d: any) => JSON.stringify(d.loc) === JSON.stringify(loc)).type, JSON.stringify(body)).toContain(type);
    }
    expect((await t.inject({ method: 'POST', url: '/api/v1/webhooks', payload: { url: `${r.url}/x`, events: ['run.failed'] } })).statusCode).toBe(401);
    expect((await api(org.secret, 'GET', '/webhooks')).json().items).toEqual([]);
  });

  it("deletes (204, then 404), and treats another organization's subscription exactly like a missing one", async () => {
    const org = await t.signup();
    const other = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/mine`);
    for (const [method, path] of [['GET', ''], ['DELETE', ''], ['GET', '/deliveries'], ['POST', '/test'], ['POST', '/deliveries/dlv_x/redeliver']] as const) {
      const theirs = await api(other.secret, method, `/webhooks/${sub.webhook_id}${path}`);
      const missing = await api(other.secret, method, `/webhooks/wh_01HZZZZZZZZZZZZZZZZZZZZZZZ${path}`);
      expect([theirs.statusCode, theirs.json().error], `${method} ${path}`).toEqual([404, 'not_found']);
      expect(missing.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await api(other.secret, 'GET', '/webhooks')).json().items).toEqual([]);
    const del = await api(org.secret, 'DELETE', `/webhooks/${sub.webhook_id}`);
    expect([del.statusCode, del.body]).toEqual([204, '']);
    expect((await api(org.secret, 'DELETE', `/webhooks/${sub.webhook_id}`)).statusCode).toBe(404);
    expect((await api(org.secret, 'GET', `/webhooks/${sub.webhook_id}`)).statusCode).toBe(404);
    expect((await api(org.secret, 'GET', '/webhooks')).json().items).toEqual([]);
  });

  it('is documented in the OpenAPI document with every response status', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/v1/webhooks'].post.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '409', '422', '429', '500']));
    expect(doc.paths['/api/v1/webhooks'].post.tags).toEqual(['Webhooks']);
    expect(Object.keys(doc.paths['/api/v1/webhooks/{webhook_id}'].delete.responses)).toEqual(expect.arrayContaining(['204', '404']));
    expect(doc.paths['/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver'].post.responses['202']).toBeDefined();
  });
});

describe('the delivery log', () => {
  it('records every attempt: status, the first 1 KB of the answer, latency and the remaining schedule', async () => {
    const org = await t.signup();
    r.respond((req) => (req.path === '/log' && r.on('/log').length === 0 ? { status: 500, body: 'é'.repeat(1500) } : { status: 200, body: 'fine' }));
    const sub = await subscribe(t, org.secret, `${r.url}/log`);
    const done = (await generate(t, org.secret, { prompt: 'logged' })).json();
    const [log] = await waitForDeliveries(t, org.secret, sub.webhook_id, '', (d) => d[0]?.status === 'succeeded');
    r.respond(() => ({ status: 200, body: 'ok' }));
    expect(log).toMatchObject({
      delivery_id: expect.stringMatching(/^dlv_/), webhook_id: sub.webhook_id, event: 'run.completed', run_id: done.run_id, task_id: done.task_id,
      url: `${r.url}/log`, status: 'succeeded', attempt_count: 2, next_attempt_at: null, redelivery_of: null, completed_at: expect.any(String),
    });
    expect(log.payload).toEqual(r.on('/log')[1].body);
    const [first, second] = log.attempts;
    expect(first).toMatchObject({ attempt: 1, status_code: 500, error: null, response_truncated: true, outcome: 'retrying', next_attempt_at: expect.any(String), remaining_schedule_ms: FAST_DELAYS_MS });
    expect(Buffer.byteLength(first.response_body)).toBeLessThanOrEqual(1024);
    expect(first.response_body.startsWith('ééé')).toBe(true);
    expect(Date.parse(first.next_attempt_at) - Date.parse(first.started_at)).toBeGreaterThanOrEqual(FAST_DELAYS_MS[0]);
    expect(second).toMatchObject({ attempt: 2, status_code: 200, response_body: 'fine', response_truncated: false, outcome: 'succeeded', next_attempt_at: null, remaining_schedule_ms: [] });
    for (const a of log.attempts) expect(Number.isInteger(a.latency_ms) && a.latency_ms >= 0).toBe(true);
  });

  it('filters by event and outcome, pages, and lists per-request callbacks with the organization log', async () => {
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/filters`);
    const ok = (await generate(t, org.secret, { prompt: 'fine', webhook_url: `${r.url}/cb` })).json();
    await generate(t, org.secret, { prompt: JSON.stringify({ fail: 'upstream_error' }) });
    await waitForDeliveries(t, org.secret, undefined, '', (d) => d.length === 3 && d.every((x) => x.status === 'succeeded'));
    expect((await deliveries(t, org.secret, sub.webhook_id)).map((d) => d.event)).toEqual(['run.failed', 'run.completed']);
    expect((await deliveries(t, org.secret, sub.webhook_id, '&event=run.failed')).map((d) => d.event)).toEqual(['run.failed']);
    expect(await deliveries(t, org.secret, sub.webhook_id, '&outcome=failed')).toEqual([]);
    expect(await deliveries(t, org.secret, sub.webhook_id, '&outcome=succeeded')).toHaveLength(2);
    const callbacks = await deliveries(t, org.secret, undefined, `&run_id=${ok.run_id}`);
    expect(callbacks.map((d) => [d.webhook_id, d.url]).sort()).toEqual([[null, `${r.url}/cb`], [sub.webhook_id, `${r.url}/filters`]].sort());
    const page = (await api(org.secret, 'GET', `/webhooks/${sub.webhook_id}/deliveries?limit=1`)).json();
    expect(page.items).toHaveLength(1);
    const next = (await api(org.secret, 'GET', `/webhooks/${sub.webhook_id}/deliveries?limit=1&cursor=${page.next_cursor}`)).json();
    expect([next.items[0].event, next.next_cursor]).toEqual(['run.completed', null]);
    expect((await api(org.secret, 'GET', `/webhooks/${sub.webhook_id}/deliveries?outcome=lost`)).statusCode).toBe(422);
    expect((await api(org.secret, 'GET', `/webhooks/${sub.webhook_id}/deliveries?event=run.started`)).statusCode).toBe(422);
    // Another organization sees none of it.
    const other = await t.signup();
    expect(await deliveries(t, other.secret, undefined, `&run_id=${ok.run_id}`)).toEqual([]);
  });

  it('purges deliveries and their attempts, and deleted subscriptions, after the retention period', async () => {
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/retention`);
    const gone = await subscribe(t, org.secret, `${r.url}/retention-deleted`);
    await generate(t, org.secret, { prompt: 'old' });
    await waitForDeliveries(t, org.secret, undefined, '', (d) => d.length === 2 && d.every((x) => x.status === 'succeeded'));
    await api(org.secret, 'DELETE', `/webhooks/${gone.webhook_id}`);
    const db = t.app.ctx.database.db;
    await sql`update webhook_deliveries set created_at = now() - interval '31 days' where org_id = ${org.org_id}`.execute(db);
    await sql`update webhooks set deleted_at = now() - interval '31 days' where webhook_id = ${gone.webhook_id}`.execute(db);
    await generate(t, org.secret, { prompt: 'recent' });
    await waitForDeliveries(t, org.secret, sub.webhook_id, '', (d) => d.length === 2 && d[0].status === 'succeeded');
    await t.app.ctx.webhooks.worker.sweepOnce();
    const left = await deliveries(t, org.secret, undefined, '');
    expect(left).toHaveLength(1);
    expect(left[0].payload.summary).toContain(left[0].task_id);
    const counts = (await sql<{ attempts: number; webhooks: number }>`select
      (select count(*) from webhook_attempts where org_id = ${org.org_id})::int as attempts,
      (select count(*) from webhooks where org_id = ${org.org_id})::int as webhooks`.execute(db)).rows[0];
    expect(counts).toEqual({ attempts: 1, webhooks: 1 });
  });
});

describe('test ping and redelivery', () => {
  it('sends a signed ping now, once, and logs it whatever the receiver answers', async () => {
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/ping`);
    const res = await api(org.secret, 'POST', `/webhooks/${sub.webhook_id}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ event: 'ping', status: 'succeeded', run_id: null, task_id: null, attempts: [{ attempt: 1, status_code: 200, outcome: 'succeeded' }] });
    const [ping] = r.on('/ping');
    expect(ping.headers['x-service-event']).toBe('ping');
    expect(verifyWebhook(sub.secret, ping.headers, ping.raw)).toEqual({ event: 'ping', webhook_id: sub.webhook_id, occurred_at_ms: expect.any(Number) });
    r.respond(() => ({ status: 503, body: 'maintenance' }));
    const failed = (await api(org.secret, 'POST', `/webhooks/${sub.webhook_id}/test`)).json();
    r.respond(() => ({ status: 200, body: 'ok' }));
    expect(failed).toMatchObject({ status: 'failed', attempts: [{ status_code: 503, response_body: 'maintenance', outcome: 'failed', remaining_schedule_ms: [] }] });
    await sleep(FAST_DELAYS_MS[0] * 4);
    expect(r.on('/ping')).toHaveLength(2);
    expect((await deliveries(t, org.secret, sub.webhook_id, '&event=ping')).map((d) => d.status)).toEqual(['failed', 'succeeded']);
  });

  it('redelivers a logged event as a new delivery with the same body (202)', async () => {
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/again`);
    await generate(t, org.secret, { prompt: 'deliver twice' });
    const [original] = await waitForDeliveries(t, org.secret, sub.webhook_id, '', (d) => d[0]?.status === 'succeeded');
    const res = await api(org.secret, 'POST', `/webhooks/${sub.webhook_id}/deliveries/${original.delivery_id}/redeliver`);
    expect(res.statusCode).toBe(202);
    const copy = res.json();
    expect(copy).toMatchObject({ redelivery_of: original.delivery_id, event: 'run.completed', task_id: original.task_id });
    // (The answer is the new delivery as it is when read back: on a busy machine the dispatcher may have sent it already.)
    expect(copy.status === 'pending' ? copy.attempts : copy.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(copy.status === 'pending' ? [] : ['succeeded']);
    expect(copy.delivery_id).not.toBe(original.delivery_id);
    await waitForDeliveries(t, org.secret, sub.webhook_id, '', (d) => d.length === 2 && d.every((x) => x.status === 'succeeded'));
    const [a, b] = r.on('/again');
    expect(b.raw.equals(a.raw)).toBe(true);
    expect(verifyWebhook(sub.secret, b.headers, b.raw).event).toBe('run.completed');
    expect((await api(org.secret, 'POST', `/webhooks/${sub.webhook_id}/deliveries/dlv_01HZZZZZZZZZZZZZZZZZZZZZZZ/redeliver`)).statusCode).toBe(404);
    const otherSub = await subscribe(t, org.secret, `${r.url}/elsewhere`);
    expect((await api(org.secret, 'POST', `/webhooks/${otherSub.webhook_id}/deliveries/${original.delivery_id}/redeliver`)).statusCode).toBe(404);
  });
});
