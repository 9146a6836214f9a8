// How /llm/invoke reaches a provider (src/llm/provider-fetch.ts): one pooled keep-alive connection
// reused across calls, a compressed answer decoded, an unreachable provider handled as a model error
// (the fallback model answers). The provider is the scripted one behind a front that counts TCP
// connections and can gzip its answers.
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { invoke, providerEnv, usageRecords, user } from './helpers/llm.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let fake: FakeLlmServer;
let front: http.Server;
let connections = 0;
let gzip = false;
let t: TestApp;
let unreachable: TestApp;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

beforeAll(async () => {
  fake = await startFakeLlmServer();
  const upstream = new URL(fake.url);
  front = http.createServer((req, res) => {
    const up = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (!gzip) {
        // The front's own keep-alive terms, not the scripted provider's (its 1 s makes clients close at once).
        const { connection: _c, 'keep-alive': _k, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c) => chunks.push(c)).on('end', () => {
        const body = zlib.gzipSync(Buffer.concat(chunks));
        res.writeHead(answer.statusCode ?? 502, { 'content-type': String(answer.headers['content-type']), 'content-encoding': 'gzip', 'content-length': body.length }).end(body);
      });
    });
    req.pipe(up);
  });
  front.keepAliveTimeout = 65_000; // as a provider's load balancer
  front.on('connection', () => { connections++; });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}/v1`;
  [t, unreachable] = await Promise.all([
    startTestApp({}, { env: providerEnv(fake, { OPENAI_BASE_URL: frontUrl }) }),
    startTestApp({}, { env: providerEnv(fake, { OPENAI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` }) }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), unreachable?.close()]);
  front?.closeAllConnections();
  await new Promise((r) => front?.close(r));
  await fake?.close();
});
beforeEach(() => { fake.reset(); gzip = false; });

describe('the connection to the provider', () => {
  it('reuses one pooled keep-alive connection for consecutive calls', async () => {
    const org = await t.signup();
    await invoke(t, org.secret, user('warm up')); // the pool may already hold a connection from another test
    const before = connections;
    for (let i = 0; i < 5; i++) {
      fake.enqueue({ text: `answer ${i}` });
      const res = await invoke(t, org.secret, user(`call ${i}`));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe(`answer ${i}`);
    }
    expect(connections - before).toBe(0);
    expect(fake.requests.filter((r) => r.api === 'openai-responses')).toHaveLength(6);
  });

  it('decodes an answer the provider compressed', async () => {
    const org = await t.signup();
    gzip = true;
    fake.enqueue({ json: { city: 'Lyon' }, usage: { input: 7, output: 3 } });
    const res = await invoke(t, org.secret, { ...user('Where?'), response_format: { type: 'json' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ city: 'Lyon' });
    expect(res.headers['x-llm-model']).toBe('gpt-4.1');
  });

  it('treats a provider that cannot be reached as a failed model: the fallback answers, the attempt is recorded', async () => {
    const org = await unreachable.signup();
    fake.enqueue({ text: 'from the fallback' });
    const res = await invoke(unreachable, org.secret, user('hello'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('from the fallback');
    expect(res.headers['x-llm-model']).toBe('claude-sonnet-4-5');
    const [record] = await usageRecords(unreachable, org.secret);
    expect(record.attempts.map((a: { model: string; outcome: string }) => [a.model, a.outcome])).toEqual([['gpt-4.1', 'error'], ['claude-sonnet-4-5', 'ok']]);
  });
});
