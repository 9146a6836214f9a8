// The direct wire clients (src/llm/direct-calls.ts) against the AI SDK they replace for plain-text
// calls: for every OpenAI catalog model and the OpenAI-compatible provider (with and without native JSON
// Schema), in every output mode, the provider receives the same body through both paths and Folio reads
// the same answer out of it; odd answers (an error object in a 200, no output, a refusal, a body that is
// not JSON, an HTTP error) end the same way. Over HTTP: /llm/invoke takes the direct path by default (the
// provider sees Folio's User-Agent) and the SDK's with FOLIO_LLM_DIRECT_CALLS=false, with equal results.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SchemaCompiler } from '../src/llm/json-schema.ts';
import { ModelCaller, ModelsFailed, type OutputMode } from '../src/llm/model-caller.ts';
import { ModelRegistry } from '../src/llm/model-registry.ts';
import { MODEL_CATALOG } from '../src/llm/model-catalog.ts';
import { MAX_ANSWER_BYTES } from '../src/llm/provider-fetch.ts';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { invoke, providerEnv, usageRecords } from './helpers/llm.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let fake: FakeLlmServer;
beforeAll(async () => { fake = await startFakeLlmServer(); });
afterAll(async () => { await fake?.close(); });
beforeEach(() => fake.reset());

function callers(baseUrl: string, extra: Record<string, string> = {}) {
  const env = { OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: baseUrl, FOLIO_OPENAI_COMPATIBLE_BASE_URL: baseUrl, FOLIO_OPENAI_COMPATIBLE_MODELS: 'local-llama', ...extra };
  const make = (direct: boolean) => {
    const registry = new ModelRegistry(loadConfig({ ...env, FOLIO_LLM_DIRECT_CALLS: String(direct) }).llm, async () => { throw new Error('no builtin here'); });
    return { registry, caller: new ModelCaller(registry, 2000) };
  };
  return { direct: make(true), sdk: make(false) };
}

const compiler = new SchemaCompiler();
const compiled = (schema: Record<string, unknown>) => (compiler.check(schema, []) as { compiled: any }).compiled;
const STRICT = compiled({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false });
const LOOSE = compiled({ type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } }, required: ['city'] });
const MODES: [string, OutputMode][] = [['text', { type: 'text' }], ['json', { type: 'json' }], ['strict schema', { type: 'json_schema', compiled: STRICT }], ['loose schema', { type: 'json_schema', compiled: LOOSE }]];
const CONVERSATION = [
  { role: 'system' as const, content: 'You answer about cities.' },
  { role: 'user' as const, content: 'Which city? <b>&amp;</b> "quoted" \u00e9\u{1F600}' },
  { role: 'assistant' as const, content: 'Lyon.' },
  { role: 'user' as const, content: 'Again, please.' },
];

/** One call through a caller: what the provider received (the body and its User-Agent) and what came back. */
async function through(caller: ModelCaller, model: string, mode: OutputMode) {
  fake.reset();
  fake.setDefault(mode.type === 'text' ? { text: 'Lyon', usage: { input: 31, output: 2 } } : { json: { city: 'Lyon' }, usage: { input: 40, output: 5 } });
  const answer = await caller.answer([model], { messages: CONVERSATION, mode, signal: new AbortController().signal });
  expect(fake.requests).toHaveLength(1);
  return { body: fake.requests[0].body, agent: String(fake.requests[0].headers['user-agent']), answer: { ...answer, attempts: answer.attempts.map((a) => a.outcome) } };
}

describe('the same request and the same answer as the AI SDK', () => {
  const openaiModels = MODEL_CATALOG.filter((m) => m.provider === 'openai').map((m) => m.id);
  it.each(openaiModels)('OpenAI %s, every output mode', async (model) => {
    const { direct, sdk } = callers(fake.baseUrl);
    for (const [, mode] of MODES) {
      const a = await through(direct.caller, model, mode);
      const b = await through(sdk.caller, model, mode);
      expect(a.agent).toMatch(/^folio /);
      expect(b.agent).toMatch(/^ai\//);
      expect(a.body).toEqual(b.body);
      expect(a.answer).toEqual(b.answer);
    }
  });

  it.each([['false'], ['true']])('OpenAI-compatible Chat Completions (native JSON Schema: %s), every output mode', async (native) => {
    const { direct, sdk } = callers(fake.baseUrl, { FOLIO_OPENAI_COMPATIBLE_JSON_SCHEMA: native });
    for (const [, mode] of MODES) {
      const a = await through(direct.caller, 'local-llama', mode);
      const b = await through(sdk.caller, 'local-llama', mode);
      expect(a.agent).toMatch(/^folio /);
      expect(a.body).toEqual(b.body);
      expect(a.answer).toEqual(b.answer);
    }
  });

  it('a reasoning model gets its system messages as developer messages', async () => {
    const { direct } = callers(fake.baseUrl);
    const { body } = await through(direct.caller, 'o4-mini', { type: 'json' });
    expect(body.input.filter((m: { role: string }) => m.role === 'developer')).toHaveLength(2);
    expect(body.input.some((m: { role: string }) => m.role === 'system')).toBe(false);
  });
});

/** A provider that answers every request with one canned status and body. */
async function cannedProvider(): Promise<{ url: string; set(status: number, body: string): void; close(): Promise<void> }> {
  let answer = { status: 200, body: '{}' };
  const server = http.createServer((req, res) => {
    req.resume().on('end', () => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    set: (status, body) => { answer = { status, body }; },
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

describe('odd answers end the same way through both paths', () => {
  const message = (content: unknown[]) => JSON.stringify({ id: 'r', object: 'response', status: 'completed', error: null, output: [{ type: 'message', id: 'm', role: 'assistant', status: 'completed', content }], usage: { input_tokens: 9, output_tokens: 3 } });
  const CASES: [string, 'gpt-4.1' | 'local-llama', number, string][] = [
    ['an error object in a 200', 'gpt-4.1', 200, JSON.stringify({ id: 'r', status: 'failed', error: { code: 'server_error', message: 'boom' }, output: [] })],
    ['no output', 'gpt-4.1', 200, JSON.stringify({ id: 'r', status: 'incomplete', error: null, incomplete_details: { reason: 'max_output_tokens' }, output: null })],
    ['a refusal', 'gpt-4.1', 200, message([{ type: 'refusal', refusal: 'I cannot help with that.' }])],
    ['two text parts', 'gpt-4.1', 200, message([{ type: 'output_text', text: 'Ly', annotations: [] }, { type: 'output_text', text: 'on', annotations: [] }])],
    ['a body that is not JSON', 'gpt-4.1', 200, '<html>gateway</html>'],
    ['HTTP 429 with an error body', 'gpt-4.1', 429, JSON.stringify({ error: { message: 'slow down', type: 'rate_limit' } })],
    ['HTTP 503 that is not JSON', 'gpt-4.1', 503, 'Service Unavailable'],
    ['Chat Completions with null content', 'local-llama', 200, JSON.stringify({ id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'stop' }], usage: { prompt_tokens: 4, completion_tokens: 0 } })],
    ['Chat Completions with two choices', 'local-llama', 200, JSON.stringify({ id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'Lyon' }, finish_reason: 'stop' }, { index: 1, message: { role: 'assistant', content: 'Paris' }, finish_reason: 'stop' }], usage: { prompt_tokens: 4, completion_tokens: 1 } })],
    ['HTTP 400 from Chat Completions', 'local-llama', 400, JSON.stringify({ error: { message: 'bad model', type: 'invalid_request_error' } })],
  ];
  it.each(CASES)('%s', async (_name, model, status, body) => {
    const canned = await cannedProvider();
    try {
      canned.set(status, body);
      const { direct, sdk } = callers(canned.url);
      const outcome = async (caller: ModelCaller) => caller.answer([model], { messages: CONVERSATION, mode: { type: 'text' }, signal: new AbortController().signal })
        .then((a) => ({ text: a.text, tokens: [a.inputTokens, a.outputTokens] }), (err) => {
          if (!(err instanceof ModelsFailed)) throw err;
          return { failed: err.kind, attempts: err.attempts.map((a) => [a.outcome, a.status ?? null, a.repaired ?? false]) };
        });
      const [a, b] = [await outcome(direct.caller), await outcome(sdk.caller)];
      expect(a).toEqual(b);
    } finally {
      await canned.close();
    }
  });

  it('an answer larger than 64 MiB is cut off, not buffered: a failed attempt through both', async () => {
    const canned = await cannedProvider();
    try {
      canned.set(200, `{"id":"r","output":[],"pad":"${'x'.repeat(MAX_ANSWER_BYTES)}"}`);
      const { direct, sdk } = callers(canned.url);
      // A time limit far above the transfer's (64 MiB over loopback takes seconds on a loaded machine), so the outcome is the ceiling's.
      for (const caller of [new ModelCaller(direct.registry, 60_000), new ModelCaller(sdk.registry, 60_000)]) {
        const t0 = performance.now();
        const outcome = await caller.answer(['gpt-4.1'], { messages: CONVERSATION, mode: { type: 'text' }, signal: new AbortController().signal })
          .then(() => null, (err: ModelsFailed) => err.attempts.map((a) => [a.outcome, a.status ?? null]));
        expect(outcome).toEqual([['error', null]]);
        expect(performance.now() - t0).toBeLessThan(50_000);
      }
    } finally {
      await canned.close();
    }
  });

  // The one known difference: the SDK fails on `choices[0]` of an empty list with a TypeError and
  // records no status; the direct client records the answer's 200. Both are a failed attempt.
  it('Chat Completions with no choices: a failed attempt through both', async () => {
    const canned = await cannedProvider();
    try {
      canned.set(200, JSON.stringify({ id: 'c', object: 'chat.completion', choices: [], usage: { prompt_tokens: 4, completion_tokens: 0 } }));
      const { direct, sdk } = callers(canned.url);
      const attempts = async (caller: ModelCaller) => caller.answer(['local-llama'], { messages: CONVERSATION, mode: { type: 'text' }, signal: new AbortController().signal })
        .then(() => null, (err: ModelsFailed) => err.attempts.map((a) => [a.outcome, a.status ?? null]));
      expect(await attempts(direct.caller)).toEqual([['error', 200]]);
      expect(await attempts(sdk.caller)).toEqual([['error', null]]);
    } finally {
      await canned.close();
    }
  });
});

describe('/llm/invoke over HTTP', () => {
  let direct: TestApp;
  let sdk: TestApp;
  const logs: string[] = [];
  const logStream = { write: (line: string) => { logs.push(line); } };
  beforeAll(async () => {
    [direct, sdk] = await Promise.all([
      startTestApp({}, { listen: true, logStream, env: providerEnv(fake, { FOLIO_LLM_TIMEOUT_MS: '1000', LOG_LEVEL: 'info' }) }),
      startTestApp({}, { listen: true, logStream, env: providerEnv(fake, { FOLIO_LLM_DIRECT_CALLS: 'false', FOLIO_LLM_TIMEOUT_MS: '1000', LOG_LEVEL: 'info' }) }),
    ]);
  });
  afterAll(async () => { await Promise.all([direct?.close(), sdk?.close()]); });

  const body = { messages: CONVERSATION, response_format: { type: 'json_schema', json_schema: STRICT.schema } };

  it('takes the direct path by default and the SDK with FOLIO_LLM_DIRECT_CALLS=false: same body to the provider, same answer and charge', async () => {
    const seen: { agent: string; body: unknown; status: number; answer: unknown; credits: unknown }[] = [];
    for (const app of [direct, sdk]) {
      const org = await app.signup();
      fake.reset();
      fake.enqueue({ json: { city: 'Lyon' }, usage: { input: 20_000, output: 10_000 } });
      const res = await invoke(app, org.secret, body);
      seen.push({ agent: String(fake.requests[0].headers['user-agent']), body: fake.requests[0].body, status: res.statusCode, answer: res.json(), credits: res.headers['x-credits-used'] });
    }
    expect(seen[0].agent).toMatch(/^folio /);
    expect(seen[1].agent).toMatch(/^ai\//);
    expect(seen[0].body).toEqual(seen[1].body);
    expect(seen.map((s) => [s.status, s.answer, s.credits])).toEqual([[200, { city: 'Lyon' }, '12'], [200, { city: 'Lyon' }, '12']]);
  });

  it('a provider error, a repair turn and a timeout go the same way as through the SDK', async () => {
    const runs: unknown[] = [];
    for (const app of [direct, sdk]) {
      const org = await app.signup();
      fake.reset();
      // gpt-4.1 fails with 500; the fallback (Anthropic, always through the SDK) answers off-schema, then repairs.
      fake.enqueueFor('gpt-4.1', { status: 500, message: 'upstream broke' });
      fake.enqueueFor('claude-sonnet-4-5', { json: { town: 'Lyon' } }, { json: { city: 'Lyon' } });
      const repaired = await invoke(app, org.secret, body);
      fake.reset();
      fake.enqueue({ hang: true }, { hang: true });
      const timedOut = await invoke(app, org.secret, { messages: [{ role: 'user', content: 'Hello?' }] });
      const records = await usageRecords(app, org.secret);
      runs.push({
        repaired: [repaired.statusCode, repaired.json(), repaired.headers['x-llm-model']],
        timedOut: [timedOut.statusCode, timedOut.json().error],
        attempts: records.map((r: { attempts: { model: string; outcome: string; status?: number }[] }) => r.attempts.map((a) => [a.model, a.outcome, a.status ?? null])),
      });
    }
    expect(runs[0]).toEqual({
      repaired: [200, { city: 'Lyon' }, 'claude-sonnet-4-5'],
      timedOut: [504, 'upstream_timeout'],
      attempts: [[['gpt-4.1', 'timeout', null], ['claude-sonnet-4-5', 'timeout', null]], [['gpt-4.1', 'error', 500], ['claude-sonnet-4-5', 'ok', null]]],
    });
    expect(runs[1]).toEqual(runs[0]);
  });

  it('a client that hangs up mid-call: the provider request is cut, the call recorded as client_closed and not charged, no error logged', async () => {
    logs.length = 0;
    for (const app of [direct, sdk]) {
      const org = await app.signup();
      fake.reset();
      fake.setDefault({ hang: true });
      const before = (await app.inject({ method: 'GET', url: '/api/v1/credits', headers: { 'x-api-key': org.secret } })).json().balance;
      const client = new AbortController();
      const call = fetch(`${app.url}/api/v1/llm/invoke`, { method: 'POST', signal: client.signal, headers: { 'content-type': 'application/json', 'x-api-key': org.secret }, body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello?' }] }) });
      await expect.poll(() => fake.requests.length).toBe(1);
      client.abort();
      await expect(call).rejects.toThrow();
      await expect.poll(() => fake.requests[0].aborted).toBe(true);
      await expect.poll(async () => (await usageRecords(app, org.secret)).map((r: { status: string; error_code: string; credits: number }) => [r.status, r.error_code, r.credits])).toEqual([['failed', 'client_closed', 0]]);
      expect(fake.requests).toHaveLength(1); // the fallback model was not tried for a caller that left
      expect((await app.inject({ method: 'GET', url: '/api/v1/credits', headers: { 'x-api-key': org.secret } })).json().balance).toBe(before);
    }
    expect(logs.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
  });
});
