// Streamed turns through the direct wire clients (src/llm/direct-calls.ts, direct-streams.ts) against
// the AI SDK they replace: for every OpenAI catalog model and the OpenAI-compatible provider the
// provider receives the same body through both paths, and the same text arrives in the same deltas with
// the same token counts. The event-stream reader is held to what real servers send (events cut at any
// byte, CRLF, comments, `event:` lines, data over several lines), and to what goes wrong: a failure
// event, a stream that stops before the provider says it is complete, an HTTP error, a server that
// ignores `stream: true`, a stall past the time limit. Over HTTP, /llm/invoke with `stream: true` takes
// the direct path by default and answers the same events and charge as through the SDK.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ModelsFailed } from '../src/llm/model-caller.ts';
import { MODEL_CATALOG } from '../src/llm/model-catalog.ts';
import { ModelRegistry } from '../src/llm/model-registry.ts';
import { StreamBroken, streamAnswer } from '../src/llm/model-streamer.ts';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { providerEnv, usageRecords } from './helpers/llm.ts';
import { credits } from './helpers/runs.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let fake: FakeLlmServer;
beforeAll(async () => { fake = await startFakeLlmServer(); });
afterAll(async () => { await fake?.close(); });
beforeEach(() => fake.reset());

function registries(baseUrl: string, timeoutMs = 2000) {
  const env = { OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: baseUrl, FOLIO_OPENAI_COMPATIBLE_BASE_URL: baseUrl, FOLIO_OPENAI_COMPATIBLE_MODELS: 'local-llama' };
  const make = (direct: boolean) => new ModelRegistry(loadConfig({ ...env, FOLIO_LLM_DIRECT_CALLS: String(direct) }).llm, async () => { throw new Error('no builtin here'); });
  return { direct: make(true), sdk: make(false), timeoutMs };
}

const CONVERSATION = [
  { role: 'system' as const, content: 'You answer about cities.' },
  { role: 'user' as const, content: 'Which city? <b>&amp;</b> "quoted" \u00e9\u{1F600}' },
  { role: 'assistant' as const, content: 'Lyon.' },
  { role: 'user' as const, content: 'Again, please.' },
];

/** Streams one answer: the deltas as delivered, and the answer or the failure. */
async function streamed(registry: ModelRegistry, chain: string[], timeoutMs = 2000, signal = new AbortController().signal) {
  const deltas: string[] = [];
  const starts: string[] = [];
  const sink = { start: (m: string) => starts.push(m), delta: (d: string) => deltas.push(d) };
  const outcome = await streamAnswer(registry, timeoutMs, chain, { messages: CONVERSATION, signal }, sink).then(
    (a) => ({ text: a.text, tokens: [a.inputTokens, a.outputTokens], attempts: a.attempts.map((x) => [x.model, x.outcome, x.status ?? null]) }),
    (err) => {
      if (err instanceof StreamBroken) return { broken: err.message, attempts: err.partial.attempts.map((x) => [x.model, x.outcome, x.status ?? null]) };
      if (err instanceof ModelsFailed) return { failed: err.kind, attempts: err.attempts.map((x) => [x.model, x.outcome, x.status ?? null]) };
      throw err;
    },
  );
  return { deltas, starts, outcome };
}

describe('the same streamed request and the same text as the AI SDK', () => {
  const models = [...MODEL_CATALOG.filter((m) => m.provider === 'openai').map((m) => m.id), 'local-llama'];
  it.each(models)('%s', async (model) => {
    const { direct, sdk } = registries(fake.baseUrl);
    const seen = [];
    for (const registry of [direct, sdk]) {
      fake.reset();
      fake.setDefault({ text: 'Lyon is in France, é\u{1F600}.', chunks: ['Lyon', ' is in', ' France, é', '\u{1F600}.'], usage: { input: 31, output: 7 } });
      const run = await streamed(registry, [model]);
      expect(fake.requests).toHaveLength(1);
      seen.push({ ...run, body: fake.requests[0].body, agent: String(fake.requests[0].headers['user-agent']) });
    }
    expect(seen[0].agent).toMatch(/^folio /);
    expect(seen[1].agent).toMatch(/^ai[/-]/);
    expect(seen[0].body).toEqual(seen[1].body);
    expect(seen[0].body.stream).toBe(true);
    expect(seen[0].deltas).toEqual(['Lyon', ' is in', ' France, é', '\u{1F600}.']);
    expect([seen[0].deltas, seen[0].starts, seen[0].outcome]).toEqual([seen[1].deltas, seen[1].starts, seen[1].outcome]);
    expect(seen[0].outcome).toEqual({ text: 'Lyon is in France, é\u{1F600}.', tokens: [31, 7], attempts: [[model, 'ok', null]] });
  });
});

type Responder = (res: http.ServerResponse) => Promise<void> | void;

/** An event stream written as these byte chunks, `pauseMs` apart; `hold`: then stays open. */
const sse = (chunks: (string | Buffer)[], pauseMs = 5, hold = false): Responder => async (res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const c of chunks) {
    if (res.destroyed) return;
    res.write(c);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  if (!hold) res.end();
};
const canned = (status: number, body: string): Responder => (res) => { res.writeHead(status, { 'content-type': 'application/json' }).end(body); };

/** A provider that answers its requests with the scripted responders, in order (the last one repeats); notes which requests were cut. */
async function rawProvider() {
  let script: Responder[] = [canned(404, '{}')];
  const aborted: boolean[] = [];
  const server = http.createServer((req, res) => {
    req.resume().on('end', () => {
      const i = aborted.push(false) - 1;
      res.on('close', () => { if (!res.writableFinished) aborted[i] = true; });
      void (script.length > 1 ? script.shift()! : script[0])(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    aborted,
    script(...responders: Responder[]) { script = responders; },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

const ev = (e: object) => `data: ${JSON.stringify(e)}\n\n`;
const delta = (d: string) => ev({ type: 'response.output_text.delta', item_id: 'm', output_index: 0, delta: d });
const completed = (input: number, output: number) => ev({ type: 'response.completed', response: { id: 'r', status: 'completed', usage: { input_tokens: input, output_tokens: output } } });

describe('the event stream as real servers write it', () => {
  let raw: Awaited<ReturnType<typeof rawProvider>>;
  beforeAll(async () => { raw = await rawProvider(); });
  afterAll(async () => { await raw?.close(); });

  it('events cut at every byte (inside a UTF-8 character, between CR and LF), CRLF lines, comments, event: lines and data over two lines', async () => {
    const stream = Buffer.from([
      ': keep-alive\r\n\r\n',
      `event: response.created\r\ndata: ${JSON.stringify({ type: 'response.created', response: { id: 'r' } })}\r\n\r\n`,
      'event: response.output_text.delta\r\n', delta('Ly').replace(/\n/g, '\r\n'),
      // One event's JSON over two data: lines (joined with a newline, which JSON reads as whitespace).
      'data: {"type":"response.output_text.delta",\ndata: "delta":"on é\u{1F600}"}\n\n',
      delta(' !'), completed(12, 3),
    ].join(''));
    raw.script(sse([...stream].map((b) => Buffer.from([b])), 0));
    const run = await streamed(registries(raw.url).direct, ['gpt-4.1']);
    expect(run.deltas).toEqual(['Ly', 'on é\u{1F600}', ' !']);
    expect(run.outcome).toEqual({ text: 'Lyon é\u{1F600} !', tokens: [12, 3], attempts: [['gpt-4.1', 'ok', null]] });
  });

  it('Chat Completions chunks: role chunk, content, finish reason, the usage chunk and [DONE]', async () => {
    const chunk = (delta: object, finish: string | null = null) => ev({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
    raw.script(sse([chunk({ role: 'assistant', content: '' }), chunk({ content: 'Ly' }), chunk({ content: 'on' }), chunk({}, 'stop'), ev({ id: 'c', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 9, completion_tokens: 2 } }), 'data: [DONE]\n\n']));
    const run = await streamed(registries(raw.url).direct, ['local-llama']);
    expect(run.deltas).toEqual(['Ly', 'on']);
    expect(run.outcome).toEqual({ text: 'Lyon', tokens: [9, 2], attempts: [['local-llama', 'ok', null]] });
  });

  it('a failure event before any text: a failed attempt, and the next model of the chain answers', async () => {
    raw.script(
      sse([ev({ type: 'response.created', response: { id: 'r' } }), ev({ type: 'response.failed', response: { id: 'r', status: 'failed', error: { code: 'server_error', message: 'boom' } } })]),
      sse([delta('Lyon'), completed(5, 1)]),
    );
    const result = await streamed(registries(raw.url).direct, ['gpt-4.1', 'gpt-4.1-mini']);
    expect(result.starts).toEqual(['gpt-4.1-mini']);
    expect(result.outcome).toEqual({ text: 'Lyon', tokens: [5, 1], attempts: [['gpt-4.1', 'error', null], ['gpt-4.1-mini', 'ok', null]] });
  });

  it('a stream that stops after some text without the completion event is broken, not passed off as whole', async () => {
    raw.script(sse([delta('Lyo')]));
    const run = await streamed(registries(raw.url).direct, ['gpt-4.1']);
    expect(run.deltas).toEqual(['Lyo']);
    expect(run.outcome).toEqual({ broken: 'gpt-4.1 failed', attempts: [['gpt-4.1', 'error', null]] });
  });

  it('an error event after some text is broken; an event that is not JSON too', async () => {
    raw.script(sse([delta('Ly'), ev({ type: 'error', code: 'server_error', message: 'overloaded' })]));
    expect((await streamed(registries(raw.url).direct, ['gpt-4.1'])).outcome).toMatchObject({ broken: 'gpt-4.1 failed' });
    raw.script(sse([delta('Ly'), 'data: {not json\n\n', completed(1, 1)]));
    expect((await streamed(registries(raw.url).direct, ['gpt-4.1'])).outcome).toMatchObject({ broken: 'gpt-4.1 failed' });
  });

  it('an HTTP error keeps its status; a server that ignores stream: true answers its text as one delta', async () => {
    raw.script(canned(429, JSON.stringify({ error: { message: 'slow down', type: 'rate_limit' } })));
    expect((await streamed(registries(raw.url).direct, ['gpt-4.1'])).outcome).toEqual({ failed: 'error', attempts: [['gpt-4.1', 'error', 429]] });
    raw.script(canned(200, JSON.stringify({ id: 'r', object: 'response', status: 'completed', error: null, output: [{ type: 'message', id: 'm', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Lyon', annotations: [] }] }], usage: { input_tokens: 9, output_tokens: 1 } })));
    const whole = await streamed(registries(raw.url).direct, ['gpt-4.1']);
    expect([whole.deltas, whole.outcome]).toEqual([['Lyon'], { text: 'Lyon', tokens: [9, 1], attempts: [['gpt-4.1', 'ok', null]] }]);
  });

  it('an endless event (more than 8 MiB without an end of line) is refused and the request cut, not buffered until the time limit', async () => {
    const before = raw.aborted.length;
    const mib = `data: {"type":"response.output_text.delta","delta":"${'x'.repeat(1024 * 1024)}`;
    raw.script(sse(Array.from({ length: 12 }, () => mib), 1, true));
    const t0 = performance.now();
    expect((await streamed(registries(raw.url).direct, ['gpt-4.1'], 10_000)).outcome).toEqual({ failed: 'error', attempts: [['gpt-4.1', 'error', null]] });
    expect(performance.now() - t0).toBeLessThan(8000);
    // (The scripted server sees the cut when its socket closes: soon, later on a busy machine.)
    for (let i = 0; i < 100 && !raw.aborted.slice(before).every(Boolean); i++) await new Promise((r) => setTimeout(r, 50));
    expect(raw.aborted.slice(before)).toEqual([true]);
  });

  it('the time limit covers the whole stream: a stall before the first token times out, one after it breaks the answer, and the request is cut', async () => {
    raw.script(sse([ev({ type: 'response.created', response: { id: 'r' } })], 5, true));
    const before = raw.aborted.length;
    expect((await streamed(registries(raw.url).direct, ['gpt-4.1'], 300)).outcome).toEqual({ failed: 'timeout', attempts: [['gpt-4.1', 'timeout', null]] });
    raw.script(sse([delta('Ly')], 5, true));
    const t0 = performance.now();
    const run = await streamed(registries(raw.url).direct, ['gpt-4.1'], 300);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(run.outcome).toEqual({ broken: 'gpt-4.1 did not answer within 300 ms', attempts: [['gpt-4.1', 'timeout', null]] });
    for (let i = 0; i < 100 && !raw.aborted.slice(before).every(Boolean); i++) await new Promise((r) => setTimeout(r, 50));
    expect(raw.aborted.slice(before)).toEqual([true, true]);
  });
});

describe('/llm/invoke with stream: true over HTTP', () => {
  let direct: TestApp;
  let sdk: TestApp;
  beforeAll(async () => {
    [direct, sdk] = await Promise.all([
      startTestApp({}, { listen: true, env: providerEnv(fake, { FOLIO_LLM_FALLBACK_MODELS: '' }) }),
      startTestApp({}, { listen: true, env: providerEnv(fake, { FOLIO_LLM_FALLBACK_MODELS: '', FOLIO_LLM_DIRECT_CALLS: 'false' }) }),
    ]);
  });
  afterAll(async () => { await Promise.all([direct?.close(), sdk?.close()]); });

  const post = (app: TestApp, secret: string, body: object) => fetch(`${app.url}/api/v1/llm/invoke`, { method: 'POST', headers: { 'x-api-key': secret, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** The SSE events' data, ids and timestamps left out. */
  const events = async (res: Response) => (await res.text()).split('\n\n').filter(Boolean).map((e) => {
    const data = e.replace(/^data: /, '');
    if (data === '[DONE]') return data;
    const { id: _id, created: _created, usage_id: usageId, ...rest } = JSON.parse(data);
    return { ...rest, ...(usageId ? { usage_id: 'llm_…' } : {}) };
  });

  it.each([['gpt-4.1'], ['local-llama']])('%s: the direct path by default, the SDK with FOLIO_LLM_DIRECT_CALLS=false: same body to the provider, same events and charge', async (model) => {
    const seen = [];
    for (const app of [direct, sdk]) {
      const org = await app.signup();
      fake.reset();
      fake.enqueue({ text: 'Hello there', chunks: ['Hello', ' there'], usage: { input: 30_000, output: 10_000 } });
      const res = await post(app, org.secret, { model, messages: [{ role: 'user', content: 'hi' }], stream: true });
      expect(res.status).toBe(200);
      seen.push({ agent: String(fake.requests[0].headers['user-agent']), body: fake.requests[0].body, events: await events(res), balance: (await credits(app, org.secret)).balance, records: (await usageRecords(app, org.secret)).map((r) => [r.status, r.credits, r.input_tokens, r.output_tokens]) });
    }
    expect(seen[0].agent).toMatch(/^folio /);
    expect(seen[1].agent).toMatch(/^ai[/-]/);
    const { agent: _a, ...first } = seen[0];
    const { agent: _b, ...second } = seen[1];
    expect(first).toEqual(second);
    expect(first.events.filter((e) => typeof e === 'object' && e.choices?.[0]?.delta?.content).map((e: any) => e.choices[0].delta.content)).toEqual(['Hello', ' there']);
    expect(first.records).toEqual([['succeeded', 100 - first.balance, 30_000, 10_000]]);
    // Priced by its tokens: more than the minimum on OpenAI; a local model costs the minimum.
    expect(100 - first.balance).toBe(model === 'gpt-4.1' ? 14 : 1);
  });

  it('a provider that breaks off after the first token: the client gets that token and an error event; refunded and recorded failed', async () => {
    const raw = await rawProvider();
    const app = await startTestApp({}, { listen: true, env: { OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: raw.url, FOLIO_LLM_DEFAULT_MODEL: 'gpt-4.1', FOLIO_LLM_FALLBACK_MODELS: '' } });
    try {
      raw.script(sse([delta('Hel')]));
      const org = await app.signup();
      const res = await post(app, org.secret, { messages: [{ role: 'user', content: 'hi' }], stream: true });
      expect(res.status).toBe(200);
      const got = await events(res);
      expect(got.some((e: any) => e.choices?.[0]?.delta?.content === 'Hel')).toBe(true);
      expect(got.at(-1)).toEqual({ error: { type: 'upstream_error', message: 'The model provider failed after the answer had started: gpt-4.1 failed.' } });
      expect(await credits(app, org.secret)).toMatchObject({ balance: 100 });
      expect((await usageRecords(app, org.secret)).map((r) => [r.status, r.error_code, r.credits])).toEqual([['failed', 'upstream_error', 0]]);
    } finally {
      await app.close();
      await raw.close();
    }
  });

  it('a client that hangs up mid-stream: the provider request is cut and the call recorded as client_closed, not charged', async () => {
    const org = await direct.signup();
    fake.enqueue({ text: 'one two three four', chunks: ['one', ' two', ' three', ' four'], chunkDelayMs: 300 });
    const res = await post(direct, org.secret, { messages: [{ role: 'user', content: 'hi' }], stream: true });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    for (let i = 0; i < 100 && !fake.requests[0]?.aborted; i++) await new Promise((r) => setTimeout(r, 20));
    expect(fake.requests[0].aborted).toBe(true);
    let records: any[] = [];
    for (let i = 0; i < 100 && !records.length; i++) {
      records = await usageRecords(direct, org.secret);
      if (!records.length) await new Promise((r) => setTimeout(r, 20));
    }
    expect(records.map((r) => [r.status, r.error_code, r.credits])).toEqual([['failed', 'client_closed', 0]]);
    expect(await credits(direct, org.secret)).toMatchObject({ balance: 100 });
  });
});
