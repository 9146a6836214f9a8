// Webhook delivery against a real receiver on loopback: signature and headers, the contract's bodies, both
// patterns (subscriptions and a generation call's webhook_url), retries (500, slow receiver, 3xx),
// no retry on 4xx, the full schedule in milliseconds, deletion, and one event per task and target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { generate, key, script, waitForTask, withRuns } from './helpers/runs.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';
import { deliveries, expectedSignature, FAST_DELAYS_MS, sleep, subscribe, waitForDeliveries, webhookEnv } from './helpers/webhooks.ts';
import { verifyWebhook } from '../src/webhooks/verify.js';

let t: TestApp;
const receivers: WebhookReceiver[] = [];
const receiver = async (...args: Parameters<typeof startWebhookReceiver>) => {
  const r = await startWebhookReceiver(...args);
  receivers.push(r);
  return r;
};
beforeAll(async () => { t = await startTestApp(withRuns({}), { agents: scriptedAgents(), env: webhookEnv() }); });
afterAll(async () => {
  await t?.close();
  await Promise.all(receivers.map((r) => r.close()));
});

const COMPLETED_FIELDS = ['event', 'run_id', 'task_id', 'agent_name', 'format', 'status', 'download_url', 'edit_url', 'summary', 'occurred_at_ms'];
const FAILED_FIELDS = ['event', 'run_id', 'task_id', 'agent_name', 'format', 'error', 'occurred_at_ms'];

describe('signature, headers and bodies', () => {
  it('signs a subscription delivery with its own secret, with exactly the SPEC headers and body', async () => {
    const r = await receiver();
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/hook`);
    const before = Date.now();
    const done = (await generate(t, org.secret, { prompt: 'a report' })).json();
    const [req] = await r.waitFor((x) => x.length >= 1);
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/hook');
    const h = req.headers;
    expect(h['content-type']).toBe('application/json');
    expect(h['user-agent']).toBe('Service-Webhook/1.0');
    expect(h['x-service-event']).toBe('run.completed');
    expect(Object.keys(h).filter((k) => k.startsWith('x-')).sort()).toEqual(['x-service-event', 'x-service-signature', 'x-service-timestamp']);
    // Standard Webhooks' message id: the delivery's id in the log.
    const [logged] = await deliveries(t, org.secret, sub.webhook_id);
    expect(h['webhook-id']).toBe(logged.delivery_id);
    const ts = Number(h['x-service-timestamp']);
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(10);
    expect(h['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(h['x-service-signature']).toBe(expectedSignature(sub.secret, String(h['x-service-timestamp']), req.raw));
    expect(Object.keys(req.body)).toEqual(COMPLETED_FIELDS);
    expect(req.body).toMatchObject({
      event: 'run.completed', run_id: done.run_id, task_id: done.task_id, agent_name: 'test-word-agent', format: 'word', status: 'completed',
      download_url: expect.stringMatching(/^http/), summary: expect.stringContaining(done.task_id),
    });
    expect(req.body.occurred_at_ms).toBeGreaterThanOrEqual(before);
    expect(verifyWebhook(sub.secret, h, req.raw).event).toBe('run.completed');
    expect(() => verifyWebhook(org.webhook_secret, h, req.raw)).toThrow(/signature/);
  });

  it('sends run.failed with the task error, only to subscriptions that opted in', async () => {
    const r = await receiver();
    const org = await t.signup();
    await subscribe(t, org.secret, `${r.url}/completed-only`, ['run.completed']);
    const failedSub = await subscribe(t, org.secret, `${r.url}/failed-only`, ['run.failed']);
    const res = await generate(t, org.secret, { prompt: script({ fail: 'upstream_error' }) });
    expect(res.statusCode).toBe(502);
    const [req] = await r.waitFor((x) => x.length >= 1);
    await sleep(300);
    expect(r.requests.map((x) => x.path)).toEqual(['/failed-only']);
    expect(Object.keys(req.body)).toEqual(FAILED_FIELDS);
    expect(req.body).toMatchObject({ event: 'run.failed', task_id: res.json().task_id, format: 'word', error: { code: 'upstream_error', message: 'scripted failure: upstream_error' } });
    expect(req.headers['x-service-event']).toBe('run.failed');
    expect(verifyWebhook(failedSub.secret, req.headers, req.raw).event).toBe('run.failed');
  });

  it("fires a generation call's webhook_url once for its task, signed with the organization's webhook_secret", async () => {
    const r = await receiver();
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/subscription`, ['run.completed']);
    const task = (await generate(t, org.secret, { prompt: 'with callback', async: true, webhook_url: `${r.url}/callback?ref=42` })).json();
    await generate(t, org.secret, { prompt: 'without callback' });
    await r.waitFor((x) => x.filter((q) => q.path.startsWith('/subscription')).length === 2 && x.some((q) => q.path.startsWith('/callback')));
    await sleep(300);
    const callbacks = r.on('/callback');
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0].path).toBe('/callback?ref=42');
    expect(callbacks[0].body).toMatchObject({ event: 'run.completed', task_id: task.task_id });
    expect(verifyWebhook(org.webhook_secret, callbacks[0].headers, callbacks[0].raw)).toMatchObject({ task_id: task.task_id });
    expect(() => verifyWebhook(sub.secret, callbacks[0].headers, callbacks[0].raw)).toThrow();
    const logged = await deliveries(t, org.secret, undefined, `&task_id=${task.task_id}`);
    expect(logged.map((d) => [d.webhook_id, d.status])).toEqual(expect.arrayContaining([[null, 'succeeded'], [sub.webhook_id, 'succeeded']]));
  });
});

describe('retries', () => {
  it('retries a 500 and a timed-out attempt, then stops at the first 2xx', async () => {
    const r = await receiver((req, n) => (n === 0 ? { status: 500, body: 'boom' } : n === 1 ? { status: 200, delayMs: 1500 } : { status: 204 }));
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/flaky`);
    await generate(t, org.secret, { prompt: 'retry me' });
    const [log] = await waitForDeliveries(t, org.secret, sub.webhook_id, '', (d) => d[0]?.status === 'succeeded');
    expect(log.attempts.map((a: any) => [a.attempt, a.status_code, a.outcome])).toEqual([[1, 500, 'retrying'], [2, null, 'retrying'], [3, 204, 'succeeded']]);
    expect(log.attempts[1].error).toMatch(/^Timed out/);
    expect(log.attempts[1].latency_ms).toBeGreaterThanOrEqual(390);
    expect(r.requests).toHaveLength(3);
    // Every attempt of one delivery carries the same Webhook-Id: the receiver can drop a copy it has seen.
    expect(r.requests.map((q) => q.headers['webhook-id'])).toEqual([log.delivery_id, log.delivery_id, log.delivery_id]);
    // Each retry waits its delay after the previous attempt ended (its answer, or its 400 ms timeout).
    // Timed on the sender's own clock: the receiver stamps a request only once its body has arrived,
    // after the sender's timeout has already started, so receiver-side gaps can be a few ms short.
    for (const i of [0, 1]) {
      const ended = Date.parse(log.attempts[i].started_at) + log.attempts[i].latency_ms;
      expect(Date.parse(log.attempts[i + 1].started_at) - ended, `wait before attempt ${i + 2}`).toBeGreaterThanOrEqual(FAST_DELAYS_MS[i] - 2);
      expect(r.requests[i + 1].at, `arrival of attempt ${i + 2}`).toBeGreaterThanOrEqual(Date.parse(log.attempts[i].next_attempt_at) - 2);
    }
    // Every attempt sends the same bytes, each signed with its own timestamp.
    expect(new Set(r.requests.map((q) => q.raw.toString())).size).toBe(1);
    for (const q of r.requests) expect(verifyWebhook(sub.secret, q.headers, q.raw).event).toBe('run.completed');
  });

  it('does not retry a 4xx', async () => {
    const r = await receiver(() => ({ status: 400, body: 'bad' }));
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/strict`);
    await generate(t, org.secret, { prompt: 'refused' });
    const [log] = await waitForDeliveries(t, org.secret, sub.webhook_id, '', (d) => d[0]?.status === 'failed');
    await sleep(FAST_DELAYS_MS[0] * 6);
    expect(r.requests).toHaveLength(1);
    expect(log.attempts).toEqual([expect.objectContaining({ attempt: 1, status_code: 400, outcome: 'failed', response_body: 'bad', next_attempt_at: null, remaining_schedule_ms: [] })]);
  });

  it('runs the whole schedule in milliseconds, then stops; the run keeps its status', async () => {
    const r = await receiver(() => ({ status: 503, body: 'down' }));
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/down`);
    const done = (await generate(t, org.secret, { prompt: 'nobody home' })).json();
    const [log] = await waitForDeliveries(t, org.secret, sub.webhook_id, '', (d) => d[0]?.status === 'failed');
    await sleep(FAST_DELAYS_MS.at(-1)! + 400);
    expect(r.requests).toHaveLength(1 + FAST_DELAYS_MS.length);
    const gaps = r.requests.slice(1).map((q, i) => q.at - r.requests[i].at);
    gaps.forEach((gap, i) => expect(gap, `gap before attempt ${i + 2}`).toBeGreaterThanOrEqual(FAST_DELAYS_MS[i] - 5));
    expect(log.attempts.map((a: any) => a.outcome)).toEqual([...Array(7).fill('retrying'), 'failed']);
    log.attempts.forEach((a: any, i: number) => expect(a.remaining_schedule_ms, `attempt ${i + 1}`).toEqual(FAST_DELAYS_MS.slice(i)));
    expect(log).toMatchObject({ status: 'failed', attempt_count: 8, next_attempt_at: null, completed_at: expect.any(String) });
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${done.run_id}`, headers: key(org.secret) })).json();
    expect(run.status).toBe('completed');
  });

  it('does not follow redirects: a 302 to another address is logged and retried, never followed', async () => {
    const target = await receiver();
    const r = await receiver((req, n) => (n === 0 ? { status: 302, headers: { location: `${target.url}/internal` } } : { status: 200 }));
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/moved`);
    await generate(t, org.secret, { prompt: 'redirected' });
    const [log] = await waitForDeliveries(t, org.secret, sub.webhook_id, '', (d) => d[0]?.status === 'succeeded');
    expect(log.attempts[0]).toMatchObject({ status_code: 302, outcome: 'retrying', error: expect.stringContaining('Redirects are not followed') });
    expect(target.requests).toHaveLength(0);
  });
});

describe('deletion and duplicates', () => {
  it('deleting a subscription stops its deliveries, pending retries included, and its secret with it', async () => {
    const r = await receiver(() => ({ status: 500, delayMs: 300 }));
    const org = await t.signup();
    const old = await subscribe(t, org.secret, `${r.url}/gone`);
    await generate(t, org.secret, { prompt: 'first' });
    await r.waitFor((x) => x.length === 1);
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/webhooks/${old.webhook_id}`, headers: key(org.secret) })).statusCode).toBe(204);
    await generate(t, org.secret, { prompt: 'after deletion' });
    await sleep(800);
    expect(r.requests).toHaveLength(1);
    const [cancelled] = await deliveries(t, org.secret, undefined, '');
    expect(cancelled).toMatchObject({ webhook_id: old.webhook_id, status: 'cancelled', next_attempt_at: null });
    // A new subscription to the same URL has a new secret; the old one verifies nothing it sends.
    r.respond(() => ({ status: 200 }));
    const fresh = await subscribe(t, org.secret, `${r.url}/gone`);
    expect(fresh.secret).not.toBe(old.secret);
    await generate(t, org.secret, { prompt: 'new subscription' });
    const [, req] = await r.waitFor((x) => x.length === 2);
    expect(verifyWebhook(fresh.secret, req.headers, req.raw).event).toBe('run.completed');
    expect(() => verifyWebhook(old.secret, req.headers, req.raw)).toThrow(/signature/);
  });

  it('sends exactly one run.completed per task and target, even when the task job is delivered again', async () => {
    const r = await receiver();
    const org = await t.signup();
    const sub = await subscribe(t, org.secret, `${r.url}/once`);
    const task = (await generate(t, org.secret, { prompt: script({ sleep_ms: 800 }), async: true, webhook_url: `${r.url}/once-callback` })).json();
    const jobs = t.app.ctx.jobs.queue;
    await waitForTask(t, org.secret, task.task_id, (x) => x.status === 'running');
    await jobs.send('task.run', { task_id: task.task_id }); // a second copy while the first runs
    await waitForTask(t, org.secret, task.task_id);
    await jobs.send('task.run', { task_id: task.task_id }); // and one after the end
    await r.waitFor((x) => x.length >= 2);
    // The event's run.event job again (a redelivered job): the unique (event, target) index keeps it at one.
    const db = t.app.ctx.database.db;
    const event = (await sql<any>`select * from events where task_id = ${task.task_id}`.execute(db)).rows[0];
    await db.transaction().execute((trx) => t.app.ctx.webhooks.dispatcher.dispatch(trx, { event_id: event.event_id, org_id: event.org_id, type: event.type, run_id: event.run_id, task_id: event.task_id, payload: event.payload, webhook_url: event.webhook_url }));
    await sleep(800);
    expect(r.on('/once').filter((q) => q.path === '/once')).toHaveLength(1);
    expect(r.on('/once-callback')).toHaveLength(1);
    const logged = await deliveries(t, org.secret, undefined, `&task_id=${task.task_id}`);
    expect(logged.map((d) => d.webhook_id).sort()).toEqual([null, sub.webhook_id].sort());
  });
});
