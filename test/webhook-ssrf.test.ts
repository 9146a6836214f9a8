// SSRF refusals with FOLIO_ALLOW_PRIVATE_URLS off: private, loopback, link-local, unique-local, CGNAT
// and metadata addresses (literal, IPv4-mapped IPv6, or behind a DNS name) at subscription and at
// generation, and the re-check at delivery time (a name that resolved to a public address when the
// subscription was made and to loopback later never gets a connection). DNS is a lookup function
// injected into the app, so names resolve to what each test needs without a resolver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';
import { sleep, waitForDeliveries, webhookEnv } from './helpers/webhooks.ts';
import type { DnsLookup } from '../src/net/outbound.ts';

const PUBLIC = '93.184.216.34';
let flipped = false;
const lookups: string[] = [];
const dns: DnsLookup = async (host) => {
  lookups.push(host);
  const table: Record<string, string[]> = {
    'rebind.test': ['127.0.0.1'],
    'mapped.test': ['::ffff:10.1.1.1'],
    'mixed.test': [PUBLIC, '192.168.1.20'],
    'metadata.test': ['169.254.169.254'],
    'public.test': [PUBLIC],
    // Public while the subscription is made, loopback afterwards: DNS rebinding.
    'flip.test': [flipped ? '127.0.0.1' : PUBLIC],
  };
  const addresses = table[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let t: TestApp;
let r: WebhookReceiver;
beforeAll(async () => {
  t = await startTestApp(withRuns({}), { agents: scriptedAgents(), dnsLookup: dns, env: webhookEnv({ FOLIO_ALLOW_PRIVATE_URLS: 'false' }) });
  r = await startWebhookReceiver();
});
afterAll(async () => {
  await t?.close();
  await r?.close();
});

const create = (secret: string, url: string) => t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: key(secret), payload: { url, events: ['run.completed'] } });

describe('SSRF guard with FOLIO_ALLOW_PRIVATE_URLS off', () => {
  it('refuses subscriptions to private, loopback, link-local, unique-local, CGNAT and metadata targets, and plain http', async () => {
    const org = await t.signup();
    const refused: [string, string][] = [
      [`https://127.0.0.1:${r.port}/hook`, 'loopback'],
      ['https://10.0.0.5/hook', 'private'],
      ['https://172.20.1.1/hook', 'private'],
      ['https://192.168.0.10/hook', 'private'],
      ['https://100.64.1.1/hook', 'carrier-grade NAT'],
      ['https://169.254.169.254/latest/meta-data/', 'link-local'],
      ['https://[::1]/hook', 'loopback'],
      ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
      ['https://[fd00:ec2::254]/hook', 'unique-local'],
      ['https://[fe80::1]/hook', 'link-local'],
      ['https://0.0.0.0/hook', 'unspecified'],
      [`https://rebind.test:${r.port}/hook`, 'rebind.test resolves to 127.0.0.1'],
      ['https://mapped.test/hook', 'embedded in an IPv6 address'],
      ['https://mixed.test/hook', '192.168.1.20'],
      ['https://metadata.test/hook', '169.254.169.254'],
      [`http://public.test/hook`, 'must use https'],
    ];
    for (const [url, why] of refused) {
      const res = await create(org.secret, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail[0], url).toMatchObject({ loc: ['body', 'url'], type: 'url_not_allowed', msg: expect.stringContaining(why), input: url });
    }
    const unknown = await create(org.secret, 'https://nowhere.test/hook');
    expect(unknown.json().detail[0]).toMatchObject({ loc: ['body', 'url'], type: 'url_unresolvable' });
    expect((await create(org.secret, 'https://public.test/hook')).statusCode).toBe(201);
    expect(r.connections()).toBe(0);
  });

  it("refuses a generation call's webhook_url that is plain http or a private literal, before any work", async () => {
    const org = await t.signup();
    for (const url of ['https://127.0.0.1/cb', 'https://[::ffff:a9fe:a9fe]/cb', 'http://public.test/cb']) {
      const res = await generate(t, org.secret, { prompt: 'p', webhook_url: url, async: true });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail[0], url).toMatchObject({ loc: ['body', 'webhook_url'], type: 'url_not_allowed' });
    }
    const runs = (await t.inject({ method: 'GET', url: '/api/v1/runs', headers: key(org.secret) })).json();
    expect(runs.items).toEqual([]);
  });

  it('checks the resolved address again at every delivery: a name rebound to loopback gets no connection', async () => {
    const org = await t.signup();
    flipped = false;
    const sub = (await create(org.secret, `https://flip.test:${r.port}/hook`)).json();
    // Public when the call arrives (the URL policy resolves it then), loopback by the time it is delivered.
    const task = (await generate(t, org.secret, { prompt: JSON.stringify({ sleep_ms: 300 }), async: true, webhook_url: `https://flip.test:${r.port}/callback` })).json();
    flipped = true;
    const logged = await waitForDeliveries(t, org.secret, undefined, `&task_id=${task.task_id}`, (d) => d.length === 2 && d.every((x) => x.status === 'failed'));
    for (const d of logged) {
      expect(d.attempts, d.url).toEqual([expect.objectContaining({ attempt: 1, status_code: null, outcome: 'failed', error: expect.stringMatching(/^Refused: .*127\.0\.0\.1.*loopback/), remaining_schedule_ms: [] })]);
    }
    expect(logged.map((d) => d.webhook_id).sort()).toEqual([null, sub.webhook_id].sort());
    const ping = (await t.inject({ method: 'POST', url: `/api/v1/webhooks/${sub.webhook_id}/test`, headers: key(org.secret) })).json();
    expect(ping).toMatchObject({ status: 'failed', attempts: [{ status_code: null, error: expect.stringContaining('Refused') }] });
    await sleep(300);
    expect(r.connections()).toBe(0);
    expect(lookups.filter((h) => h === 'flip.test').length).toBeGreaterThanOrEqual(3);
  });
});
