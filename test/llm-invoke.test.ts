// POST /llm/invoke against scripted providers on loopback (OpenAI Responses, Anthropic Messages, an
// OpenAI-compatible Chat Completions server): what Folio sends, what it returns, fallback on errors
// and timeouts, the repair turn, 502 and 504.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { invoke, providerEnv, usageRecords, user } from './helpers/llm.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let fake: FakeLlmServer;
let t: TestApp;
let slow: TestApp;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  [t, slow] = await Promise.all([
    startTestApp({}, { env: providerEnv(fake) }),
    startTestApp({}, { env: providerEnv(fake, { FOLIO_LLM_TIMEOUT_MS: '1000' }) }),
  ]);
});
afterAll(async () => { await Promise.all([t?.close(), slow?.close()]); await fake?.close(); });
beforeEach(() => fake.reset());

const CONTACT_SCHEMA = {
  type: 'object', additionalProperties: false, required: ['name', 'age'],
  properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
};

describe('what Folio sends and returns', () => {
  it('sends the model, the messages and the JSON schema to OpenAI (Responses API), and answers with the value itself', async () => {
    const org = await t.signup();
    fake.enqueue({ json: { name: 'Ada', age: 36 }, usage: { input: 100_000, output: 50_000 } });
    const res = await invoke(t, org.secret, {
      messages: [{ role: 'system', content: 'Extract the person.' }, { role: 'user', content: 'Ada is 36.' }],
      response_format: { type: 'json_schema', json_schema: CONTACT_SCHEMA }, model: 'gpt-4.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ name: 'Ada', age: 36 });
    // 100k input tokens at 200 credits/M plus 50k output tokens at 800 credits/M.
    expect(res.headers['x-credits-used']).toBe('60');
    expect(res.headers['x-llm-model']).toBe('gpt-4.1');
    expect(res.headers['x-request-id']).toMatch(/^req_/);

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent.api).toBe('openai-responses');
    expect(sent.headers.authorization).toBe('Bearer sk-test-openai');
    expect(sent.body.model).toBe('gpt-4.1');
    expect(sent.body.text.format).toEqual({ type: 'json_schema', name: 'response', strict: true, schema: CONTACT_SCHEMA });
    expect(sent.transcript).toEqual([
      expect.stringMatching(/^system: Answer with a single JSON value that matches the response JSON Schema/),
      'system: Extract the person.',
      'user: Ada is 36.',
    ]);
  });

  it('uses non-strict structured output for schemas that OpenAI strict mode would refuse', async () => {
    const org = await t.signup();
    const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } };
    fake.enqueue({ json: { tags: ['a'] } });
    const res = await invoke(t, org.secret, { ...user('tags please'), response_format: { type: 'json_schema', json_schema: schema } });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests[0].body.text.format).toMatchObject({ type: 'json_schema', strict: false, schema });
  });

  it('speaks the Anthropic Messages API: system prompt apart, turns in order, text/plain answer', async () => {
    const org = await t.signup();
    fake.enqueue({ text: 'Bonjour, Ada.' });
    const res = await invoke(t, org.secret, {
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'system', content: 'Answer in French.' }, { role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi! Your name?' }, { role: 'user', content: 'Ada' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('Bonjour, Ada.');
    expect(res.headers['x-llm-model']).toBe('claude-sonnet-4-5');
    const sent = fake.requests[0];
    expect(sent.api).toBe('anthropic-messages');
    expect(sent.headers['x-api-key']).toBe('sk-ant-test');
    expect(sent.body.model).toBe('claude-sonnet-4-5');
    expect(sent.body.system).toEqual([{ type: 'text', text: 'Answer in French.' }]);
    expect(sent.body.messages.map((m: any) => [m.role, m.content[0].text])).toEqual([['user', 'Hello'], ['assistant', 'Hi! Your name?'], ['user', 'Ada']]);
  });

  it('asks an OpenAI-compatible server for JSON and puts the schema in the instructions when it lacks native JSON schema', async () => {
    const org = await t.signup();
    fake.enqueue({ text: '```json\n{"name": "Bo", "age": 7}\n```' }, { json: [1, 2] });
    const res = await invoke(t, org.secret, { ...user('Bo is 7'), model: 'local-llama', response_format: { type: 'json_schema', json_schema: CONTACT_SCHEMA } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ name: 'Bo', age: 7 });
    expect(res.headers['x-llm-model']).toBe('local-llama');
    const sent = fake.requests[0];
    expect(sent.api).toBe('openai-chat');
    expect(sent.body).toMatchObject({ model: 'local-llama', response_format: { type: 'json_object' } });
    expect(sent.transcript[0]).toContain(JSON.stringify(CONTACT_SCHEMA));

    const plainJson = await invoke(t, org.secret, { ...user('numbers'), model: 'local-llama', response_format: { type: 'json' } });
    expect(plainJson.json()).toEqual([1, 2]);
    expect(fake.requests[1].transcript[0]).toBe('system: Answer with a single JSON value and nothing else: no prose, no code fences.');
  });

  it('records usage per call (tokens, model, credits, user_id, session_id); session_id does not restore history', async () => {
    const org = await t.signup();
    fake.enqueue({ text: 'one', usage: { input: 11, output: 3 } }, { text: 'two', usage: { input: 13, output: 5 } });
    await invoke(t, org.secret, { ...user('first'), user_id: 'end-user-1', session_id: 'chat-9' });
    await invoke(t, org.secret, { ...user('second'), user_id: 'end-user-2', session_id: 'chat-9' });
    expect(fake.requests[1].transcript).toEqual(['user: second']);
    const records = await usageRecords(t, org.secret, '&session_id=chat-9');
    expect(records.map((r) => [r.operation, r.status, r.model, r.requested_model, r.input_tokens, r.output_tokens, r.credits, r.user_id, r.session_id])).toEqual([
      ['llm.invoke', 'succeeded', 'gpt-4.1', null, 13, 5, 1, 'end-user-2', 'chat-9'],
      ['llm.invoke', 'succeeded', 'gpt-4.1', null, 11, 3, 1, 'end-user-1', 'chat-9'],
    ]);
    expect((await usageRecords(t, org.secret, '&user_id=end-user-1')).map((r) => r.user_id)).toEqual(['end-user-1']);
    const other = await t.signup();
    expect(await usageRecords(t, other.secret)).toEqual([]);
  });
});

describe('fallback, repair and failures', () => {
  it('falls back to the next configured model on a 500, and names it in X-LLM-Model', async () => {
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', { status: 500, message: 'overloaded' });
    fake.enqueueFor('claude-sonnet-4-5', { text: 'from claude' });
    const res = await invoke(t, org.secret, user('hi'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('from claude');
    expect(res.headers['x-llm-model']).toBe('claude-sonnet-4-5');
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'claude-sonnet-4-5']);
    const [record] = await usageRecords(t, org.secret);
    expect(record.attempts).toEqual([
      { model: 'gpt-4.1', outcome: 'error', status: 500, duration_ms: expect.any(Number) },
      { model: 'claude-sonnet-4-5', outcome: 'ok', duration_ms: expect.any(Number) },
    ]);
  });

  it('falls back on a timeout, abandoning the slow request', async () => {
    const org = await slow.signup();
    fake.enqueueFor('gpt-4.1', { hang: true });
    fake.enqueueFor('claude-sonnet-4-5', { text: 'in time' });
    const started = Date.now();
    const res = await invoke(slow, org.secret, user('hi'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('in time');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await expect.poll(() => fake.requests[0].aborted).toBe(true);
    expect((await usageRecords(slow, org.secret))[0].attempts.map((a: any) => a.outcome)).toEqual(['timeout', 'ok']);
  });

  it('answers 504 when every model times out, and charges nothing', async () => {
    const org = await slow.signup();
    fake.setDefault({ hang: true });
    const res = await invoke(slow, org.secret, user('hi'));
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ success: false, error: 'upstream_timeout', message: expect.stringContaining('did not answer within 1000 ms') });
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'claude-sonnet-4-5']);
    const [record] = await usageRecords(slow, org.secret);
    expect(record).toMatchObject({ status: 'failed', error_code: 'upstream_timeout', credits: 0, model: null });
    const balance = (await slow.inject({ method: 'GET', url: '/api/v1/credits', headers: { 'x-api-key': org.secret } })).json().balance;
    expect(balance).toBe(100);
  });

  it('repairs a schema-invalid answer once on the same model, sending the problems back', async () => {
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', { json: { name: 'Ada', age: -1 } }, { json: { name: 'Ada', age: 36 } });
    const res = await invoke(t, org.secret, { ...user('Ada is 36'), response_format: { type: 'json_schema', json_schema: CONTACT_SCHEMA } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ name: 'Ada', age: 36 });
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'gpt-4.1']);
    const repair = fake.requests[1].transcript;
    expect(repair.slice(-2)).toEqual(['assistant: {"name":"Ada","age":-1}', expect.stringContaining('- /age: must be >= 0')]);
    expect((await usageRecords(t, org.secret))[0].attempts).toEqual([{ model: 'gpt-4.1', outcome: 'ok', repaired: true, duration_ms: expect.any(Number) }]);
  });

  it('after a failed repair fails over to the fallback model, then answers 502 when it is invalid too', async () => {
    const org = await t.signup();
    fake.setDefault({ text: 'not json at all' });
    const res = await invoke(t, org.secret, { ...user('Ada is 36'), response_format: { type: 'json_schema', json_schema: CONTACT_SCHEMA } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, error: 'upstream_error', message: expect.stringContaining('not usable') });
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'gpt-4.1', 'claude-sonnet-4-5', 'claude-sonnet-4-5']);
    const [record] = await usageRecords(t, org.secret);
    expect(record).toMatchObject({ status: 'failed', error_code: 'upstream_error', credits: 0 });
    expect(record.attempts.map((a: any) => [a.model, a.outcome])).toEqual([['gpt-4.1', 'invalid_output'], ['claude-sonnet-4-5', 'invalid_output']]);
  });

  it('answers 502 when every model fails, without leaking provider details', async () => {
    const org = await t.signup();
    fake.setDefault({ status: 503, message: 'secret internal provider detail' });
    const res = await invoke(t, org.secret, user('hi'));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: 'upstream_error', message: expect.stringContaining('HTTP 503') });
    expect(res.body).not.toContain('secret internal provider detail');
  });
});

describe('the model registry', () => {
  it('lists the eleven provider models, the builtin engine and the compatible ones, with prices and availability', async () => {
    const org = await t.signup();
    const res = await t.inject({ method: 'GET', url: '/api/v1/llm/models', headers: { 'x-api-key': org.secret } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ default_model: 'gpt-4.1', fallback_models: ['claude-sonnet-4-5'], minimum_credits: 1 });
    expect(body.items.map((m: any) => m.id)).toEqual([
      'gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'gpt-4o-mini', 'o4-mini', 'claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1',
      'gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite', 'builtin', 'local-llama',
    ]);
    expect(body.items.find((m: any) => m.id === 'gpt-4.1')).toEqual({
      id: 'gpt-4.1', provider: 'openai', available: true, input_credits_per_million_tokens: 200, output_credits_per_million_tokens: 800, context_tokens: 1047576, native_json_schema: true,
    });
    expect(body.items.find((m: any) => m.id === 'local-llama')).toMatchObject({ provider: 'openai-compatible', native_json_schema: false });
  });

  it('reaches Gemini through the Google provider too', async () => {
    const org = await t.signup();
    fake.enqueue({ text: 'gemini says hi' });
    const res = await invoke(t, org.secret, { ...user('hi'), model: 'gemini-2.5-flash' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('gemini says hi');
    expect(fake.requests[0]).toMatchObject({ api: 'google-generate', model: 'gemini-2.5-flash', path: '/v1beta/models/gemini-2.5-flash:generateContent' });
  });
});
