// GET /api/v1/verify over a real socket goes through the fast path in front of Fastify (app.inject never
// does). These tests check that it answers exactly like the Fastify route, and that everything it does
// not answer reaches the route counted once.
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrganizationsRepository } from '../src/identity/organizations.repository.ts';
import { Redis } from 'ioredis';
import { redisEpoch } from '../src/identity/auth-epoch.ts';
import { SERVICES, startTestApp, type TestApp } from './helpers/test-app.ts';

// The fast path answers every admitted request, on every backend: at once when admission is synchronous
// (a cached key and the in-memory limiter, the embedded default), after the database or Redis otherwise.
// Redis (the services suite) also counts the requests of one event-loop turn for a key together.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { free: 5, pro: 1000, enterprise: 1000 } }, { listen: true });
});
afterAll(async () => t?.close());

const VERIFY = '/api/v1/verify';
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${t.url}${path}`, { method, headers });
const answered = () => t.app.verifyFastPath.answered;

/** Response headers, without the ones that differ between any two responses or between socket and inject. */
function stableHeaders(headers: Headers | Record<string, unknown>): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers).map(([k, v]) => [k, String(v)]);
  const skip = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
  return Object.fromEntries(entries.filter(([k]) => !skip.has(k.toLowerCase())).map(([k, v]) => [k.toLowerCase(), v]));
}

describe('GET /verify fast path', () => {
  it('answers a cached key with the same status, body and headers as the Fastify route', async () => {
    const org = await t.signup('fast-same', { org_name: 'Quote " and ünïcödé 🚀 \\ Org', tier: 'pro' });
    const framework = await t.inject({ method: 'GET', url: VERIFY, headers: { 'x-api-key': org.secret } }); // caches the key
    expect(framework.statusCode).toBe(200);
    const before = answered();
    const res = await get(VERIFY, { 'x-api-key': org.secret });
    expect(answered() - before).toBe(1);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toBe(framework.body);
    expect(JSON.parse(body)).toEqual({ org_id: org.org_id, org_name: 'Quote " and ünïcödé 🚀 \\ Org', tier: 'pro', webhook_secret: org.webhook_secret, key_prefix: org.secret.slice(0, 12) });
    expect(stableHeaders(res.headers)).toEqual(stableHeaders(framework.headers));
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(Number(framework.headers['x-ratelimit-remaining']) - 1);
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('takes the key from Authorization: Bearer too, and echoes a sane X-Request-Id', async () => {
    const org = await t.signup('fast-bearer', { tier: 'pro' });
    expect((await get(VERIFY, { 'x-api-key': org.secret! })).status).toBe(200);
    const before = answered();
    const res = await get(VERIFY, { authorization: `Bearer ${org.secret}`, 'x-request-id': 'client-id.42' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('client-id.42');
    expect(answered() - before).toBe(1);
    const minted = (await get(VERIFY, { 'x-api-key': org.secret, 'x-request-id': 'bad id with spaces' })).headers.get('x-request-id');
    expect(minted).toMatch(/^req_/);
  });

  it('hands every error to the Fastify route: same envelope, same status as through inject', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'x-api-key': 'sk_live_short' },
      { 'x-api-key': `sk_live_${'Z'.repeat(28)}` },
      { authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' },
    ];
    const before = answered();
    for (const headers of cases) {
      const res = await get(VERIFY, headers);
      const framework = await t.inject({ method: 'GET', url: VERIFY, headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(framework.json());
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    }
    expect(answered()).toBe(before);
  });

  it('counts each request once, whichever way it goes, and answers the first request over the limit 429', async () => {
    const org = await t.signup('fast-limit'); // free: 5 a minute here
    const remaining: number[] = [];
    let before = answered();
    for (let i = 0; i < 5; i++) { // the first is a cache miss, answered once the key is loaded
      const res = await get(VERIFY, { 'x-api-key': org.secret });
      expect(res.status).toBe(200);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    expect(answered() - before).toBe(5);
    before = answered();
    const limited = await get(VERIFY, { 'x-api-key': org.secret });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ success: false, error: 'rate_limit_exceeded' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('5');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(answered()).toBe(before);
  });

  it('hands a suspended organization to the route (403), and answers again once it is reactivated', async () => {
    const org = await t.signup('fast-suspended', { tier: 'pro' });
    expect((await get(VERIFY, { 'x-api-key': org.secret! })).status).toBe(200);
    await t.app.ctx.organizations.setStatus(org.org_id, 'suspended');
    const res = await get(VERIFY, { 'x-api-key': org.secret });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('forbidden');
    await t.app.ctx.organizations.setStatus(org.org_id, 'active');
    const before = answered();
    expect((await get(VERIFY, { 'x-api-key': org.secret! })).status).toBe(200);
    // Right after a change the key is loaded again (a cache miss); then it is cached. Both answered here.
    expect((await get(VERIFY, { 'x-api-key': org.secret! })).status).toBe(200);
    expect(answered() - before).toBe(2);
  });

  it('answers with the new tier and its limit right after a tier change, counted on that tier', async () => {
    const org = await t.signup('fast-tier'); // free: 5 a minute here
    expect((await get(VERIFY, { 'x-api-key': org.secret! })).headers.get('x-ratelimit-remaining')).toBe('4');
    expect((await get(VERIFY, { 'x-api-key': org.secret! })).headers.get('x-ratelimit-remaining')).toBe('3');
    const { redis, database, config } = t.app.ctx;
    if (redis) {
      // As another process would: its bump reaches this one's pushed epoch before the bump resolves.
      await new OrganizationsRepository(database.db).setTier(org.org_id, 'pro');
      const other = new Redis(SERVICES.redisUrl!);
      const epoch = redisEpoch(other, `${config.redisPrefix}auth-epoch`);
      try {
        await epoch.bump();
      } finally {
        epoch.close?.();
        other.disconnect();
      }
    } else {
      await t.app.ctx.organizations.setTier(org.org_id, 'pro');
    }
    const before = answered();
    const res = await get(VERIFY, { 'x-api-key': org.secret! });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { tier: string }).tier).toBe('pro');
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('999');
    expect(answered() - before).toBe(1);
  });

  it('leaves a revoked key to the route: 401 at once', async () => {
    const before = answered();
    const org = await t.signup('fast-revoked', { tier: 'pro' });
    const minted = (await t.inject({ method: 'POST', url: `/api/v1/organizations/${org.org_id}/api-keys`, headers: { authorization: `Bearer ${org.token}` }, payload: { name: 'temp' } })).json();
    expect((await get(VERIFY, { 'x-api-key': minted.secret })).status).toBe(200);
    expect((await get(VERIFY, { 'x-api-key': minted.secret })).status).toBe(200);
    const del = await t.inject({ method: 'DELETE', url: `/api/v1/organizations/${org.org_id}/api-keys/${minted.key_id}`, headers: { authorization: `Bearer ${org.token}` } });
    expect(del.statusCode).toBe(204);
    const res = await get(VERIFY, { 'x-api-key': minted.secret });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_api_key');
    expect(answered() - before).toBe(2);
  });

  it('leaves a query string, a trailing slash, HEAD and other methods to Fastify', async () => {
    const org = await t.signup('fast-other', { tier: 'pro' });
    const key = { 'x-api-key': org.secret };
    expect((await get(VERIFY, key)).status).toBe(200);
    const before = answered();
    expect((await get(`${VERIFY}?probe=1`, key)).status).toBe(200);
    expect((await get(`${VERIFY}/`, key)).status).toBe(200);
    const head = await get(VERIFY, key, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-ratelimit-limit')).toBe('1000');
    const post = await get(VERIFY, key, 'POST');
    expect(post.status).toBe(404);
    expect(answered()).toBe(before);
  });
});

type RawAnswer = { status: number; headers: Record<string, string>; body: string };
type RawConnection = { send(requests: string[]): Promise<RawAnswer[]>; close(): void };

/** An open keep-alive HTTP/1.1 connection; send() writes raw requests in one write and resolves with their answers, in order. */
async function rawConnection(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffer = Buffer.alloc(0);
  let answers: RawAnswer[] = [];
  let waiting: { count: number; resolve(a: RawAnswer[]): void; reject(e: Error): void } | null = null;
  socket.on('error', (err) => waiting?.reject(err));
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) break;
      const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length']);
      if (buffer.length < end + 4 + length) break;
      answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: buffer.subarray(end + 4, end + 4 + length).toString('utf8') });
      buffer = buffer.subarray(end + 4 + length);
    }
    if (waiting && answers.length >= waiting.count) {
      const done = waiting;
      waiting = null;
      done.resolve(answers.splice(0, done.count));
    }
  });
  return {
    send: (requests) => new Promise((resolve, reject) => {
      waiting = { count: requests.length, resolve, reject };
      socket.write(requests.join(''));
    }),
    close: () => socket.end(),
  };
}

const rawGet = (path: string, key: string, id: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\nX-Request-Id: ${id}\r\n\r\n`;

describe('GET /verify fast path: answers written once per event-loop turn', () => {
  it('keeps pipelined answers on one connection in request order, fast path and route mixed', async () => {
    const org = await t.signup('fast-pipeline', { tier: 'pro' });
    expect((await get(VERIFY, { 'x-api-key': org.secret! })).status).toBe(200); // caches the key
    const paths = [VERIFY, `${VERIFY}?via=route`, VERIFY, '/api/v1/no-such-route', VERIFY, VERIFY];
    const before = answered();
    const connection = await rawConnection(t.url!);
    const answers = await connection.send(paths.map((path, i) => rawGet(path, org.secret!, `pipe-${i}`)));
    connection.close();
    expect(answers.map((a) => a.headers['x-request-id'])).toEqual(paths.map((_, i) => `pipe-${i}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404, 200, 200]);
    for (const i of [0, 1, 2, 4, 5]) expect(JSON.parse(answers[i].body)).toMatchObject({ org_id: org.org_id });
    // Each answer counted once against the limit, in order (the unknown route is not rate limited).
    const remaining = [0, 1, 2, 4, 5].map((i) => Number(answers[i].headers['x-ratelimit-remaining']));
    expect(remaining).toEqual([...remaining].sort((a, b) => b - a));
    expect(new Set(remaining).size).toBe(5);
    expect(answered() - before).toBe(4);
  });

  it('gives each of many connections its own answer when their requests arrive together', async () => {
    const orgs = await Promise.all([0, 1, 2].map((i) => t.signup(`fast-concurrent-${i}`, { tier: 'pro' })));
    for (const org of orgs) expect((await get(VERIFY, { 'x-api-key': org.secret! })).status).toBe(200);
    // Every connection is open and has been answered once, then every request is written in the same
    // tick: the server reads many of them in one event-loop turn and answers them in one batch.
    const connections = await Promise.all(Array.from({ length: 40 }, () => rawConnection(t.url!)));
    await Promise.all(connections.map((c, i) => c.send([rawGet(VERIFY, orgs[i % 3].secret!, `warm-${i}`)])));
    const before = answered();
    const results = await Promise.all(connections.map((c, i) => c.send([rawGet(VERIFY, orgs[i % 3].secret!, `conc-${i}`)])));
    for (const c of connections) c.close();
    results.forEach(([answer], i) => {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-request-id']).toBe(`conc-${i}`);
      expect(JSON.parse(answer.body).org_id).toBe(orgs[i % 3].org_id);
    });
    // Each key's requests got distinct, consecutive counts (with Redis, many were counted in one increment).
    orgs.forEach((_, o) => {
      const remaining = results.filter((_, i) => i % 3 === o).map(([a]) => Number(a.headers['x-ratelimit-remaining'])).sort((a, b) => b - a);
      expect(remaining).toEqual(remaining.map((_, j) => remaining[0] - j));
    });
    expect(answered() - before).toBe(40);
  });
});

describe('GET /verify fast path: clients that hang up', () => {
  it('keeps serving when clients close their connection before their answer is written', async () => {
    const org = await t.signup('fast-hangup', { tier: 'pro' });
    expect((await get(VERIFY, { 'x-api-key': org.secret! })).status).toBe(200);
    const { hostname, port } = new URL(t.url!);
    const before = answered();
    await Promise.all(Array.from({ length: 20 }, (_, i) => new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(rawGet(VERIFY, org.secret!, `hangup-${i}`));
        // Gone before the answer: at once (often before the request is read) or a moment later.
        if (i % 2 === 0) socket.destroy();
        else setImmediate(() => socket.destroy());
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    })));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await get(VERIFY, { 'x-api-key': org.secret! });
    expect(res.status).toBe(200);
    expect(answered() - before).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /verify on a closing server', () => {
  it('stops answering when the app starts closing, leaving new requests to Fastify (503 while closing)', async () => {
    const own = await startTestApp({}, { listen: true });
    const org = await own.signup('fast-close', { tier: 'pro' });
    const headers = { 'x-api-key': org.secret };
    expect((await fetch(`${own.url}${VERIFY}`, { headers })).status).toBe(200);
    const fastPath = own.app.verifyFastPath;
    const request = { url: VERIFY, method: 'GET', headers } as unknown as IncomingMessage;
    let written = 0;
    const response = { writeHead: () => response, end: () => { written++; return response; } } as unknown as ServerResponse;
    const toFastify = () => { throw new Error('handed to Fastify'); };
    expect(fastPath.handle(request, response, toFastify)).toBe(true);
    await own.close();
    await vi.waitFor(() => expect(written).toBe(1), { timeout: 10_000 }); // a request taken before closing is still answered
    expect(fastPath.handle(request, response, toFastify)).toBe(false);
  });
});
