// @folio/sdk never sends a request twice when the first may have been acted on and a second would act again:
// an upload, a project or an LLM call whose answer was lost (the app did the work, the connection dropped),
// or that a gateway answered 502/504, is not repeated, and the error says why. What proves the server did
// nothing (429, 503, a refused connection) is still retried, and so are idempotent requests: GET, a
// generate with its idempotency_key, export and cancel. Against the real app behind a scripted front proxy.
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, Folio, ServerError } from '../../packages/sdk/src/index.ts';
import { count, withRuns } from '../helpers/runs.ts';
import { scriptedAgents } from '../helpers/scripted-agent.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFrontProxy, type FrontProxy, type Rule } from './helpers/front-proxy.ts';

let t: TestApp;
let proxy: FrontProxy;
beforeAll(async () => {
  t = await startTestApp(withRuns({}), { agents: scriptedAgents(), listen: true });
  proxy = await startFrontProxy(t.url!);
}, 180_000);
afterAll(async () => {
  await proxy?.close();
  await t?.close();
});

const filesOf = (orgId: string) => count(t, sql`select count(*)::int as n from files where org_id = ${orgId}`);
const projectsOf = (orgId: string) => count(t, sql`select count(*)::int as n from projects where org_id = ${orgId}`);
/** The first request to `path` gets `first`; everything else is forwarded. */
const once = (path: string, first: ReturnType<Rule>): Rule => {
  let done = false;
  return (req) => (!done && req.path === path ? ((done = true), first) : { kind: 'forward' });
};
const sent = (start: number, path: string) => proxy.requests.slice(start).filter((r) => r.path === path).length;
const envelope = (code: string) => `{"success":false,"error":"${code}","message":"${code}"}`;

describe('requests that are not idempotent', { timeout: 60_000 }, () => {
  it('an upload whose answer is lost after the app stored it is not sent again: one file, and the error says why', async () => {
    const org = await t.signup();
    const folio = new Folio({ apiKey: org.secret, baseUrl: proxy.url, maxRetries: 3 });
    const start = proxy.requests.length;
    proxy.rule(once('/api/v1/files', { kind: 'forward-then-reset' }));
    const err = await folio.files.upload(new TextEncoder().encode('quarterly numbers'), { filename: 'q3.txt' }).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message).toMatch(/^POST \/files failed: .*It was not sent again: the server may have acted on it/);
    expect(sent(start, '/api/v1/files')).toBe(1);
    expect(await filesOf(org.org_id)).toBe(1);
  });

  it('a POST answered 502 or 504 by a gateway is not sent again; 429 and 503 are, and the work is done once', async () => {
    const org = await t.signup();
    const folio = new Folio({ apiKey: org.secret, baseUrl: proxy.url, maxRetries: 3 });
    for (const status of [502, 504]) {
      const start = proxy.requests.length;
      proxy.rule(once('/api/v1/projects', { kind: 'answer', status, body: envelope(`s${status}`) }));
      const err = await folio.api.createProject({ body: { name: `Gateway ${status}` } }).catch((e) => e);
      expect(err, String(status)).toBeInstanceOf(ServerError);
      expect(err).toMatchObject({ status, code: `s${status}` });
      expect(sent(start, '/api/v1/projects'), String(status)).toBe(1);
    }
    expect(await projectsOf(org.org_id)).toBe(0);
    for (const status of [429, 503]) {
      const start = proxy.requests.length;
      proxy.rule(once('/api/v1/projects', { kind: 'answer', status, headers: { 'retry-after': '0' }, body: envelope(`s${status}`) }));
      const project = await folio.api.createProject({ body: { name: `Refused ${status}` } });
      expect(project.name).toBe(`Refused ${status}`);
      expect(sent(start, '/api/v1/projects'), String(status)).toBe(2);
    }
    expect(await projectsOf(org.org_id)).toBe(2);
    // Through `request` too, and an upload answered 503 is sent again with its bytes.
    const start = proxy.requests.length;
    proxy.rule(once('/api/v1/files', { kind: 'answer', status: 503, headers: { 'retry-after': '0' }, body: envelope('busy') }));
    const file = await folio.files.upload(new TextEncoder().encode('abc'), { filename: 'a.txt' });
    expect(file.size).toBe(3);
    expect(sent(start, '/api/v1/files')).toBe(2);
    expect(await filesOf(org.org_id)).toBe(1);
    proxy.rule(() => ({ kind: 'forward' }));
  });

  it('a connection that was refused is retried even for an upload (the request never left)', async () => {
    const org = await t.signup();
    // A port nothing listens on yet: the first attempt is refused; the proxy starts there before the retry (0.25 s at least).
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const folio = new Folio({ apiKey: org.secret, baseUrl: `http://127.0.0.1:${port}`, maxRetries: 3 });
    const uploading = folio.files.upload(new TextEncoder().encode('late server'), { filename: 'late.txt' });
    await new Promise((r) => setTimeout(r, 60));
    const late = await startFrontProxy(t.url!, undefined, port);
    try {
      const file = await uploading;
      expect(file.size).toBe(11);
      expect(late.requests.filter((r) => r.path === '/api/v1/files')).toHaveLength(1);
      expect(await filesOf(org.org_id)).toBe(1);
    } finally {
      await late.close();
    }
  });

  it('idempotent requests are still retried after a lost answer: GET, a generate with its key, cancel', async () => {
    const org = await t.signup();
    const folio = new Folio({ apiKey: org.secret, baseUrl: proxy.url, maxRetries: 3 });
    let start = proxy.requests.length;
    proxy.rule(once('/api/v1/credits', { kind: 'forward-then-reset' }));
    expect((await folio.credits.get()).balance).toEqual(expect.any(Number));
    expect(sent(start, '/api/v1/credits')).toBe(2);
    // The generic table: a generate whose body carries an idempotency_key is sent again and makes one run.
    start = proxy.requests.length;
    proxy.rule(once('/api/v1/word/generate', { kind: 'forward-then-reset' }));
    const run = await folio.api.generateWord({ body: { prompt: JSON.stringify({ sleep_ms: 50 }), idempotency_key: 'retry-me-once' } });
    expect(run).toMatchObject({ status: 'completed' });
    expect(sent(start, '/api/v1/word/generate')).toBe(2);
    expect(await count(t, sql`select count(*)::int as n from runs where org_id = ${org.org_id}`)).toBe(1);
    // Without a key, the same loss is not repeated.
    start = proxy.requests.length;
    proxy.rule(once('/api/v1/word/generate', { kind: 'forward-then-reset' }));
    const lost = await folio.api.generateWord({ body: { prompt: JSON.stringify({ sleep_ms: 50 }) } }).catch((e) => e);
    expect(lost).toBeInstanceOf(ConnectionError);
    expect(sent(start, '/api/v1/word/generate')).toBe(1);
    // Cancel is idempotent.
    const queued = await folio.api.generateWord({ body: { prompt: JSON.stringify({ sleep_ms: 3000 }), async: true } });
    start = proxy.requests.length;
    const cancelPath = `/api/v1/tasks/${queued.task_id}/cancel`;
    proxy.rule(once(cancelPath, { kind: 'forward-then-reset' }));
    const cancelled = await folio.tasks.cancel(queued.task_id!);
    expect(cancelled.status).toBe('cancelled');
    expect(sent(start, cancelPath)).toBe(2);
    proxy.rule(() => ({ kind: 'forward' }));
  });
});
