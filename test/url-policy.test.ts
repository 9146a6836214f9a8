// One URL policy: every URL a caller gives (webhook_url on generation, preflight and report calls,
// brand.logo_url, POST /webhooks' url) is checked by one function when the request arrives, and a
// refused URL gets 422 naming its field. FOLIO_ALLOW_PRIVATE_URLS lifts the address rules everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { createProject } from './helpers/projects.ts';
import type { DnsLookup } from '../src/net/outbound.ts';

const PUBLIC = '93.184.215.14';
const dns: DnsLookup = async (host) => {
  const table: Record<string, string[]> = { localhost: ['127.0.0.1'], 'hooks.public.test': [PUBLIC], 'intranet.test': ['10.0.0.7'] };
  const addresses = table[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: 4 }));
};

let strict: TestApp;
let open: TestApp;
beforeAll(async () => {
  [strict, open] = await Promise.all([
    startTestApp(withRuns({}), { agents: scriptedAgents(), dnsLookup: dns, env: { FOLIO_ALLOW_PRIVATE_URLS: 'false' } }),
    startTestApp(withRuns({}), { agents: scriptedAgents(), dnsLookup: dns, env: { FOLIO_ALLOW_PRIVATE_URLS: 'true' } }),
  ]);
});
afterAll(async () => Promise.all([strict?.close(), open?.close()]));

type Call = (t: TestApp, secret: string, url: string) => Promise<{ statusCode: number; json(): any; body: string }>;
const CALLS: [string, string[], Call][] = [
  ['POST /word/generate webhook_url', ['body', 'webhook_url'], (t, s, url) => generate(t, s, { prompt: 'p', async: true, webhook_url: url })],
  ['POST /slides/generate brand.logo_url', ['body', 'brand', 'logo_url'], (t, s, url) => generate(t, s, { prompt: 'p', async: true, brand: { logo_url: url } }, 'slides')],
  ['POST /preflight webhook_url', ['body', 'webhook_url'], (t, s, url) => t.inject({ method: 'POST', url: '/api/v1/preflight', headers: key(s), payload: { format: 'excel', prompt: 'p', webhook_url: url } })],
  ['POST /projects/{id}/reports webhook_url', ['body', 'webhook_url'], async (t, s, url) => {
    const project = await createProject(t, s);
    return t.inject({ method: 'POST', url: `/api/v1/projects/${project.project_id}/reports`, headers: key(s), payload: { async: true, webhook_url: url } });
  }],
  ['POST /webhooks url', ['body', 'url'], (t, s, url) => t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: key(s), payload: { url, events: ['run.completed'] } })],
];

describe('with FOLIO_ALLOW_PRIVATE_URLS=false', () => {
  const REFUSED: [string, string][] = [
    ['https://localhost/hook', 'url_not_allowed'],
    ['https://intranet.test/hook', 'url_not_allowed'],
    ['https://169.254.169.254/latest', 'url_not_allowed'],
    ['http://hooks.public.test/hook', 'url_not_allowed'],
    ['https://nowhere.test/hook', 'url_unresolvable'],
  ];
  for (const [name, loc, call] of CALLS) {
    it(`${name}: the same refusals, 422 naming the field`, async () => {
      const org = await strict.signup();
      for (const [url, type] of REFUSED) {
        const res = await call(strict, org.secret, url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
        expect(res.json().detail, url).toEqual([expect.objectContaining({ loc, type, input: url })]);
      }
      const ok = await call(strict, org.secret, 'https://hooks.public.test/hook');
      expect(ok.statusCode, ok.body).toBeLessThan(300);
    });
  }

  it('both URLs of one generation call are reported together', async () => {
    const org = await strict.signup();
    const res = await generate(strict, org.secret, { prompt: 'p', webhook_url: 'https://localhost/h', brand: { logo_url: 'https://10.1.2.3/logo.png' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.map((d: any) => d.loc.join('.'))).toEqual(['body.webhook_url', 'body.brand.logo_url']);
  });

  it('a refused URL costs nothing and creates no task', async () => {
    const org = await strict.signup();
    const before = (await strict.inject({ method: 'GET', url: '/api/v1/credits', headers: key(org.secret) })).json();
    await generate(strict, org.secret, { prompt: 'p', webhook_url: 'https://localhost/h' });
    const runs = (await strict.inject({ method: 'GET', url: '/api/v1/runs', headers: key(org.secret) })).json();
    expect(runs.items).toEqual([]);
    expect((await strict.inject({ method: 'GET', url: '/api/v1/credits', headers: key(org.secret) })).json()).toEqual(before);
  });
});

describe('with FOLIO_ALLOW_PRIVATE_URLS=true', () => {
  for (const [name, loc, call] of CALLS) {
    it(`${name}: private addresses and http are accepted; an unresolvable name is still refused`, async () => {
      const org = await open.signup();
      for (const url of ['https://localhost/hook', 'http://intranet.test/hook']) {
        const res = await call(open, org.secret, url);
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      }
      const res = await call(open, org.secret, 'https://nowhere.test/hook');
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc, type: 'url_unresolvable' });
    });
  }
});
