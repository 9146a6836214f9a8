// Folio with a WOPI client configured (FOLIO_WOPI_DISCOVERY_URL): a local server plays Collabora CODE or
// ONLYOFFICE Docs and publishes a discovery document with RSA proof keys. The edit page must embed the
// client's editor for each format with WOPISrc pointing at our host, and every WOPI request must carry a
// proof signed the way the client signs it (over the URL it called, which it took from WOPISrc).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { expireTokens, tokenOf } from './helpers/editor.ts';
import { FakeWopiClient, rsaPair, signProof, ticksOf, type ClientStyle, type RsaPair } from './helpers/fake-wopi-client.ts';

const EXT = { word: 'docx', excel: 'xlsx', slides: 'pptx' } as const;
type Format = keyof typeof EXT;

async function appFor(client: FakeWopiClient): Promise<TestApp> {
  return startTestApp(withRuns({ concurrentRuns: { free: 10, pro: 10, enterprise: 10 } }), { agents: scriptedAgents(), env: { FOLIO_WOPI_DISCOVERY_URL: client.discoveryUrl } });
}

async function openRun(t: TestApp, format: Format = 'word') {
  const org = await t.signup();
  const res = await generate(t, org.secret, { prompt: 'document', file_name: `report.${EXT[format]}` }, format);
  expect(res.statusCode, res.body).toBe(200);
  const run = res.json();
  return { org, runId: run.run_id as string, token: tokenOf(run.edit_url), editUrl: run.edit_url as string };
}

const unescapeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The host page of the edit URL, and what it hands the client: the form's action and the posted token. */
async function hostPage(t: TestApp, runId: string, token: string) {
  const res = await t.inject({ method: 'GET', url: `/api/v1/edit/${runId}?token=${encodeURIComponent(token)}` });
  const form = /<form id="office_form"[^>]*>/.exec(res.body)?.[0] ?? '';
  const attr = (name: string) => { const m = new RegExp(`${name}="([^"]*)"`).exec(form); return m ? unescapeHtml(m[1]) : null; };
  const hidden = (name: string) => { const m = new RegExp(`<input name="${name}" value="([^"]*)" type="hidden">`).exec(res.body); return m ? unescapeHtml(m[1]) : null; };
  const action = attr('action');
  return { res, action, method: attr('method'), target: attr('target'), accessToken: hidden('access_token'), wopiSrc: action ? new URL(action).searchParams.get('WOPISrc') : null };
}

interface Proof {
  /** Signs X-WOPI-Proof (null: header left out). */
  proof?: RsaPair | null;
  proofOld?: RsaPair | null;
  /** How old the timestamp is (ms). */
  age?: number;
  /** What the signature covers, when it is not the called URL and the request's token. */
  signedUrl?: string;
  signedToken?: string;
  /** X-WOPI-TimeStamp left out. */
  noTimestamp?: boolean;
}

/**
 * The WOPI client's side: calls `{WOPISrc}{suffix}?access_token=...&access_token_ttl=0` (as Collabora
 * does) and signs that absolute URL; the request reaches the app by its path and query.
 */
function wopiAt(t: TestApp, wopiSrc: string, token: string) {
  return async (method: 'GET' | 'POST', suffix: string, p: Proof, headers: Record<string, string> = {}, body?: Buffer) => {
    const url = `${wopiSrc}${suffix}?access_token=${encodeURIComponent(token)}&access_token_ttl=0`;
    const ticks = ticksOf(Date.now() - (p.age ?? 0));
    const signed = (k: RsaPair) => signProof(k, p.signedToken ?? token, p.signedUrl ?? url, ticks);
    const h: Record<string, string> = { ...headers };
    if (!p.noTimestamp) h['x-wopi-timestamp'] = ticks.toString();
    if (p.proof) h['x-wopi-proof'] = signed(p.proof);
    if (p.proofOld) h['x-wopi-proofold'] = signed(p.proofOld);
    const u = new URL(url);
    if (body) h['content-type'] = 'application/octet-stream';
    const res = await t.inject({ method, url: u.pathname + u.search, headers: h, payload: body });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload, json: () => res.json() };
  };
}

async function clientAndApp(style: ClientStyle) {
  const client = await new FakeWopiClient(style, { current: rsaPair(), old: rsaPair() }).start();
  return { client, t: await appFor(client) };
}

describe('Collabora CODE as the WOPI client', () => {
  let client: FakeWopiClient;
  let t: TestApp;
  beforeAll(async () => ({ client, t } = await clientAndApp('collabora')));
  afterAll(async () => { await t?.close(); await client?.close(); });

  it('the edit page of each format posts the token to the client\'s editor URL, with WOPISrc pointing at our WOPI host', async () => {
    for (const format of ['word', 'excel', 'slides'] as const) {
      const { runId, token } = await openRun(t, format);
      const page = await hostPage(t, runId, token);
      expect(page.res.statusCode, page.res.body).toBe(200);
      const wopiSrc = `${t.config.publicUrl}/api/v1/embed-wopi/files/${runId}`;
      expect(page.action).toBe(`${client.urlsrc(EXT[format])}WOPISrc=${encodeURIComponent(wopiSrc)}`);
      expect(page.wopiSrc).toBe(wopiSrc);
      expect(page.method).toBe('post');
      expect(page.target).toBe('office_frame');
      expect(page.accessToken).toBe(token);
      expect(page.action).not.toContain(token);
      expect(page.res.body).toContain('src="assets/wopi-host.js"');
      const csp = String(page.res.headers['content-security-policy']);
      expect(csp).toContain(`frame-src ${client.origin}`);
      expect(csp).toContain(`form-action ${client.origin}`);
      expect(page.res.headers['referrer-policy']).toBe('no-referrer');
      expect(page.res.headers['cache-control']).toBe('no-store');
    }
    expect((await t.inject({ method: 'GET', url: '/api/v1/edit/assets/wopi-host.js' })).statusCode).toBe(200);
  });

  it('a bad or expired token gets the 401 error page, never the client\'s editor', async () => {
    const { runId, token } = await openRun(t);
    for (const bad of ['', 'nope', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      const page = await hostPage(t, runId, bad);
      expect(page.res.statusCode).toBe(401);
      expect(page.res.body).toContain('This edit link has expired');
      expect(page.res.body).not.toContain(client.origin);
      expect(page.action).toBeNull();
    }
    await expireTokens(t, runId);
    const expired = await hostPage(t, runId, token);
    expect(expired.res.statusCode).toBe(401);
    expect(expired.res.body).not.toContain(client.origin);
  });

  it('requests signed with the current key go through: CheckFileInfo, GetFile, Lock, PutFile (new Version), Unlock', async () => {
    const { org, runId, token } = await openRun(t);
    const { wopiSrc } = await hostPage(t, runId, token);
    const wopi = wopiAt(t, wopiSrc!, token);
    const p = { proof: client.current, proofOld: client.old };
    const info = await wopi('GET', '', p);
    expect(info.status, info.body.toString()).toBe(200);
    expect(info.json()).toMatchObject({ BaseFileName: 'report.docx', UserCanWrite: true, SupportsLocks: true });
    const file = await wopi('GET', '/contents', p);
    expect(file.status).toBe(200);
    expect(file.body.length).toBe(info.json().Size);
    expect((await wopi('POST', '', p, { 'x-wopi-override': 'LOCK', 'x-wopi-lock': 'cool-lock' })).status).toBe(200);
    const put = await wopi('POST', '/contents', p, { 'x-wopi-override': 'PUT', 'x-wopi-lock': 'cool-lock' }, Buffer.from('edited in Collabora'));
    expect(put.status, put.body.toString()).toBe(200);
    expect((await wopi('GET', '/contents', p)).body.toString()).toBe('edited in Collabora');
    const after = (await wopi('GET', '', p)).json();
    expect(after.Version).not.toBe(info.json().Version);
    expect(put.headers['x-wopi-itemversion']).toBe(after.Version);
    expect((await wopi('POST', '', p, { 'x-wopi-override': 'UNLOCK', 'x-wopi-lock': 'cool-lock' })).status).toBe(200);
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: key(org.secret) })).json();
    expect(run.version).toBe(2);
  });

  it('keys in rotation: X-WOPI-Proof with the old key passes, and X-WOPI-ProofOld with the current key passes', async () => {
    const { runId, token } = await openRun(t);
    const wopi = wopiAt(t, (await hostPage(t, runId, token)).wopiSrc!, token);
    const stranger = rsaPair();
    expect((await wopi('GET', '', { proof: client.old })).status).toBe(200);
    expect((await wopi('GET', '', { proof: client.old, proofOld: stranger })).status).toBe(200);
    expect((await wopi('GET', '', { proof: stranger, proofOld: client.current })).status).toBe(200);
    expect((await wopi('GET', '', { proof: client.current })).status).toBe(200);
    // X-WOPI-ProofOld is only ever checked against the current key.
    const r = await wopi('GET', '', { proof: stranger, proofOld: client.old });
    expect(r.status).toBe(401);
  });

  it('a wrong signature, a missing proof and a stale timestamp are refused with 401 invalid_token, before the token does anything', async () => {
    const { org, runId, token } = await openRun(t);
    const wopi = wopiAt(t, (await hostPage(t, runId, token)).wopiSrc!, token);
    const stranger = rsaPair();
    const refused: Array<[string, Proof, RegExp]> = [
      ['a key the client never published', { proof: stranger, proofOld: rsaPair() }, /does not verify/],
      ['another URL (no query)', { proof: client.current, signedUrl: `${t.config.publicUrl}/api/v1/embed-wopi/files/${runId}` }, /does not verify/],
      ['another host', { proof: client.current, signedUrl: `http://collabora.internal:9980/api/v1/embed-wopi/files/${runId}?access_token=${token}&access_token_ttl=0` }, /does not verify/],
      ['another token', { proof: client.current, signedToken: `${token}x` }, /does not verify/],
      ['no X-WOPI-Proof', { proofOld: client.current }, /carries no proof/],
      ['no X-WOPI-TimeStamp', { proof: client.current, noTimestamp: true }, /carries no proof/],
      ['no proof headers at all', {}, /carries no proof/],
      ['a timestamp 21 minutes old', { proof: client.current, age: 21 * 60_000 }, /more than 20 minutes old/],
      ['a timestamp 21 minutes ahead', { proof: client.current, age: -21 * 60_000 }, /more than 20 minutes old/],
    ];
    for (const [what, p, message] of refused) {
      const r = await wopi('GET', '', p);
      expect(r.status, what).toBe(401);
      expect(r.json(), what).toMatchObject({ success: false, error: 'invalid_token', message: expect.stringMatching(message) });
    }
    expect((await wopi('GET', '', { proof: client.current, age: 19 * 60_000 })).status).toBe(200);
    // An unproven PutFile stores nothing.
    const put = await wopi('POST', '/contents', { proof: stranger }, { 'x-wopi-override': 'PUT' }, Buffer.from('forged'));
    expect(put.status).toBe(401);
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: key(org.secret) })).json();
    expect(run.version).toBe(1);
    // The client's genuine requests without a valid token are still refused by the token check.
    expect((await wopiAt(t, (await hostPage(t, runId, token)).wopiSrc!, 'not-a-token')('GET', '', { proof: client.current })).status).toBe(401);
  });

  it('the WOPI endpoints document the proof requirement and its 401', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const ops = [doc.paths['/api/v1/embed-wopi/files/{run_id}'].get, doc.paths['/api/v1/embed-wopi/files/{run_id}/contents'].post];
    for (const op of ops) {
      expect(op.description).toMatch(/X-WOPI-Proof/);
      expect(op.description).toMatch(/more than 20 minutes old proof answers 401 `invalid_token`/);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '502']));
    }
  });
});

describe('ONLYOFFICE Docs as the WOPI client: discovery caching and key rotation', () => {
  let client: FakeWopiClient;
  let t: TestApp;
  beforeAll(async () => ({ client, t } = await clientAndApp('onlyoffice')));
  afterAll(async () => { await t?.close(); await client?.close(); });

  it('reads discovery once, embeds the edit action per format (placeholders dropped), re-reads it only when a proof fails, at most once a minute', async () => {
    expect(client.hits).toBe(0);
    const runs = [];
    for (const format of ['word', 'excel', 'slides'] as const) {
      const run = await openRun(t, format);
      const page = await hostPage(t, run.runId, run.token);
      expect(page.res.statusCode, page.res.body).toBe(200);
      const app = { word: 'word', excel: 'cell', slides: 'slide' }[format];
      expect(page.action).toBe(`${client.origin}/hosting/wopi/${app}/edit?&&WOPISrc=${encodeURIComponent(`${t.config.publicUrl}/api/v1/embed-wopi/files/${run.runId}`)}`);
      runs.push({ ...run, wopi: wopiAt(t, page.wopiSrc!, run.token) });
    }
    const { wopi } = runs[0];
    for (let i = 0; i < 3; i++) expect((await wopi('GET', '', { proof: client.current, proofOld: client.old })).status).toBe(200);
    expect(client.hits).toBe(1);

    // The client rotates its keys: it signs with the new key, and with the previous one as the old proof.
    const previous = client.current;
    client.rotate();
    expect((await wopi('GET', '', { proof: client.current, proofOld: previous })).status).toBe(200);
    expect(client.hits).toBe(1); // X-WOPI-ProofOld verified with the cached current key: no need to re-read

    // A second rotation: neither proof verifies with the cached keys, so discovery is read again, once.
    const middle = client.current;
    client.rotate();
    expect((await wopi('GET', '', { proof: client.current, proofOld: middle })).status).toBe(200);
    expect(client.hits).toBe(2);
    expect((await wopi('GET', '', { proof: middle })).status).toBe(200); // the old key of the new document
    expect((await runs[1].wopi('GET', '/contents', { proof: client.current })).status).toBe(200);
    expect(client.hits).toBe(2);

    // Bad proofs right after that do not make Folio re-read the client's discovery again.
    for (let i = 0; i < 5; i++) expect((await wopi('GET', '', { proof: rsaPair() })).status).toBe(401);
    expect(client.hits).toBe(2);
  });
});

describe('a WOPI client that cannot be reached', () => {
  let client: FakeWopiClient;
  let t: TestApp;
  beforeAll(async () => ({ client, t } = await clientAndApp('collabora')));
  afterAll(async () => { await t?.close(); await client?.close(); });

  it('gives an error page (502) and WOPI 502 upstream_error, keeps refusing bad tokens with 401, and recovers once the client is back', async () => {
    const { runId, token } = await openRun(t, 'excel');
    const wopiSrc = `${t.config.publicUrl}/api/v1/embed-wopi/files/${runId}`;
    const wopi = wopiAt(t, wopiSrc, token);
    for (const mode of ['http-500', 'not-discovery'] as const) {
      client.mode = mode;
      const page = await hostPage(t, runId, token);
      expect(page.res.statusCode, mode).toBe(502);
      expect(page.res.headers['content-type']).toMatch(/^text\/html/);
      expect(page.res.body).toContain('The editor could not open this document');
      expect(page.res.body).toContain('discovery document');
      const r = await wopi('GET', '', { proof: client.current });
      expect(r.status, mode).toBe(502);
      expect(r.json()).toMatchObject({ success: false, error: 'upstream_error' });
      expect((await hostPage(t, runId, 'nope')).res.statusCode).toBe(401);
    }
    // Failures are not cached: the next page load reads discovery again and works.
    client.mode = 'ok';
    const page = await hostPage(t, runId, token);
    expect(page.res.statusCode).toBe(200);
    expect(page.wopiSrc).toBe(wopiSrc);
    expect((await wopi('GET', '', { proof: client.current })).status).toBe(200);

    // The client goes away altogether (connection refused): the cached document still serves the page,
    // and a proof that fails is refused with 401 even though discovery cannot be re-read.
    await client.close();
    expect((await hostPage(t, runId, token)).res.statusCode).toBe(200);
    expect((await wopi('GET', '', { proof: client.current })).status).toBe(200);
    expect((await wopi('GET', '', { proof: rsaPair() })).status).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('a client that publishes no proof keys: pages work and WOPI requests need only the token', async () => {
    const bare = await new FakeWopiClient('collabora', { current: rsaPair(), old: rsaPair() }).start();
    bare.mode = 'no-proof-keys';
    const t2 = await appFor(bare);
    try {
      const { runId, token } = await openRun(t2, 'slides');
      const page = await hostPage(t2, runId, token);
      expect(page.res.statusCode).toBe(200);
      const wopi = wopiAt(t2, page.wopiSrc!, token);
      expect((await wopi('GET', '', {})).status).toBe(200);
      expect((await wopiAt(t2, page.wopiSrc!, 'nope')('GET', '', {})).status).toBe(401);
    } finally {
      await t2.close();
      await bare.close();
    }
  });
});
