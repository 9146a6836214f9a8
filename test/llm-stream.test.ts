// POST /llm/invoke with `stream: true`, over real HTTP against a provider that streams (the scripted
// OpenAI Responses server): Server-Sent Events in the OpenAI Chat Completions chunk format, tokens
// delivered as they come, the call charged and recorded once; errors before the first token stay JSON.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { providerEnv, usageRecords } from './helpers/llm.ts';
import { credits } from './helpers/runs.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let fake: FakeLlmServer;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  t = await startTestApp({}, { listen: true, env: providerEnv(fake, { FOLIO_LLM_FALLBACK_MODELS: '' }) });
});
afterAll(async () => { await t?.close(); await fake?.close(); });
beforeEach(() => fake.reset());

function post(secret: string, body: object): Promise<Response> {
  return fetch(`${t.url}/api/v1/llm/invoke`, { method: 'POST', headers: { 'x-api-key': secret, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Reads the SSE body, noting when each `data:` event arrived (ms since `t0`). */
async function events(res: Response, t0: number): Promise<{ data: string; at: number }[]> {
  const out: { data: string; at: number }[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const bytes of res.body!) {
    buffered += decoder.decode(bytes, { stream: true });
    let end;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (event.startsWith('data: ')) out.push({ data: event.slice(6), at: performance.now() - t0 });
    }
  }
  expect(buffered).toBe('');
  return out;
}

describe('stream: true', () => {
  it('streams the tokens as OpenAI chat.completion.chunk events as they come, then usage and [DONE]; charged and recorded once', async () => {
    const org = await t.signup();
    fake.enqueue({ text: 'Hello there, world', chunks: ['Hello', ' there,', ' world'], chunkDelayMs: 250, usage: { input: 10, output: 3 } });
    const t0 = performance.now();
    const res = await post(org.secret, { messages: [{ role: 'user', content: 'hi' }], stream: true, session_id: 's1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-llm-model')).toBe('gpt-4.1');
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    const received = await events(res, t0);
    expect(received.at(-1)!.data).toBe('[DONE]');
    const chunks = received.slice(0, -1).map((e) => JSON.parse(e.data));
    for (const c of chunks) expect(c).toMatchObject({ id: expect.stringMatching(/^chatcmpl-/), object: 'chat.completion.chunk', model: 'gpt-4.1' });
    expect(chunks[0].choices).toEqual([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
    const contents = chunks.filter((c) => c.choices[0]?.delta.content).map((c) => c.choices[0].delta.content);
    expect(contents).toEqual(['Hello', ' there,', ' world']);
    expect(chunks.at(-2).choices).toEqual([{ index: 0, delta: {}, finish_reason: 'stop' }]);
    const last = chunks.at(-1);
    expect(last).toMatchObject({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 }, credits: 1, usage_id: expect.stringMatching(/^llm_/) });
    // Delivered as written: the first word arrived well before the last one was written.
    const firstWord = received.find((e) => e.data.includes('"Hello"'))!.at;
    const lastWord = received.find((e) => e.data.includes('" world"'))!.at;
    expect(lastWord - firstWord).toBeGreaterThan(350);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].body.stream).toBe(true);
    const records = await usageRecords(t, org.secret);
    expect(records.map((r) => [r.usage_id, r.status, r.credits, r.input_tokens, r.output_tokens, r.session_id])).toEqual([[last.usage_id, 'succeeded', 1, 10, 3, 's1']]);
    expect(await credits(t, org.secret)).toMatchObject({ balance: 99 });
  });

  it('answers a JSON error, and charges nothing, when the model fails before its first token', async () => {
    const org = await t.signup();
    fake.enqueue({ status: 500 });
    const res = await post(org.secret, { messages: [{ role: 'user', content: 'hi' }], stream: true });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ error: 'upstream_error' });
    expect(await credits(t, org.secret)).toMatchObject({ balance: 100 });
    expect((await usageRecords(t, org.secret)).map((r) => [r.status, r.credits])).toEqual([['failed', 0]]);
  });

  it('refuses stream with a JSON response_format (422 at body.stream), before calling any model', async () => {
    const org = await t.signup();
    const res = await post(org.secret, { messages: [{ role: 'user', content: 'hi' }], stream: true, response_format: { type: 'json' } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: unknown }).detail).toEqual([expect.objectContaining({ loc: ['body', 'stream'], type: 'stream_unsupported' })]);
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps stream: false (and null) as the plain answer', async () => {
    const org = await t.signup();
    fake.enqueue({ text: 'plain' }, { text: 'plain again' });
    const res = await post(org.secret, { messages: [{ role: 'user', content: 'hi' }], stream: false });
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'text/plain; charset=utf-8', 'plain']);
    const again = await post(org.secret, { messages: [{ role: 'user', content: 'hi' }], stream: null });
    expect(await again.text()).toBe('plain again');
  });
});
