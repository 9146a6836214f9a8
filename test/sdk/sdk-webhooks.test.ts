// @folio/sdk's webhook helpers against real deliveries: subscribe through the SDK, let the server sign and
// deliver run.completed to a loopback receiver, verify the raw bytes with verifyWebhook; list, log, redeliver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { withRuns } from '../helpers/runs.ts';
import { scriptedAgents } from '../helpers/scripted-agent.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { webhookEnv } from '../helpers/webhooks.ts';
import { Folio, FolioError, verifyWebhook } from '../../packages/sdk/src/index.ts';

let t: TestApp;
let receiver: WebhookReceiver;
let folio: Folio;
let hookSecret: string;
beforeAll(async () => {
  t = await startTestApp(withRuns({}), { agents: scriptedAgents(), env: webhookEnv(), listen: true });
  receiver = await startWebhookReceiver();
  folio = new Folio({ apiKey: (await t.signup()).secret, baseUrl: t.url! });
}, 180_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('webhooks', { timeout: 120_000 }, () => {
  it('verifies a delivery signed by the server, and refuses a tampered, stale or foreign one', async () => {
    const hook = await folio.webhooks.create({ url: `${receiver.url}/hooks`, events: ['run.completed'], description: 'sdk test' });
    expect(hook).toMatchObject({ webhook_id: expect.stringMatching(/^whk_/), secret: expect.any(String) });
    hookSecret = hook.secret;
    const run = await folio.word.generate({ prompt: 'webhook me' });
    const [delivery] = await receiver.waitFor((r) => r.some((x) => x.path === '/hooks'));
    const headers = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));

    const event = await verifyWebhook(delivery.raw.toString('utf8'), headers, hook.secret);
    expect(event).toMatchObject({ event: 'run.completed' });
    expect(JSON.stringify(event)).toContain(run.run_id);
    // Bytes and a Headers object work the same.
    expect(await verifyWebhook(new Uint8Array(delivery.raw), new Headers(headers), hook.secret)).toEqual(event);

    const tampered = await verifyWebhook(delivery.raw.toString('utf8').replace('run.completed', 'run.failed'), headers, hook.secret).catch((e) => e);
    expect(tampered).toBeInstanceOf(FolioError);
    expect(tampered).toMatchObject({ code: 'invalid_signature', reason: 'signature_mismatch' });
    const foreign = await verifyWebhook(delivery.raw, headers, 'whsec_not_it').catch((e) => e);
    expect(foreign).toMatchObject({ code: 'invalid_signature', reason: 'signature_mismatch' });
    const stale = await verifyWebhook(delivery.raw, headers, hook.secret, { now: Number(headers['x-service-timestamp']) + 301 }).catch((e) => e);
    expect(stale).toMatchObject({ code: 'invalid_signature', reason: 'timestamp_out_of_tolerance' });
    const unsigned = await verifyWebhook(delivery.raw, {}, hook.secret).catch((e) => e);
    expect(unsigned).toMatchObject({ code: 'invalid_signature', reason: 'missing_header' });
    // A rotated secret list accepts the delivery when one of them signed it.
    expect(await verifyWebhook(delivery.raw, headers, ['old-secret', hook.secret])).toEqual(event);
  });

  it('lists subscriptions, reads the delivery log and redelivers (the copy verifies too)', async () => {
    const hooks = await folio.webhooks.list().toArray();
    expect(hooks.map((h) => h.url)).toContain(`${receiver.url}/hooks`);
    const hook = hooks.find((h) => h.url === `${receiver.url}/hooks`)!;
    const log = await folio.webhooks.deliveries(hook.webhook_id).toArray();
    expect(log.length).toBeGreaterThanOrEqual(1);
    const before = receiver.on('/hooks').length;
    const again = await folio.webhooks.redeliver(hook.webhook_id, log[0].delivery_id);
    expect(again).toMatchObject({ delivery_id: expect.any(String) });
    const copies = await receiver.waitFor((r) => r.filter((x) => x.path === '/hooks').length > before);
    const mine = copies.filter((x) => x.path === '/hooks');
    expect(mine.length).toBe(before + 1);
    const copy = mine.at(-1)!;
    const headers = Object.fromEntries(Object.entries(copy.headers).map(([k, v]) => [k, String(v)]));
    expect(await verifyWebhook(copy.raw, headers, hookSecret)).toMatchObject({ event: 'run.completed' });
  });
});
