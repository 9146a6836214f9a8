// GET /tasks/{task_id}/events (issue 23): a task's live progress as Server-Sent Events over real
// sockets. A real generation (the builtin engine's plan, and a scripted model's tool loop) streams
// its phases, a monotonic progress figure and one step per change, in id order, and ends with `done`
// equal to GET /tasks; Last-Event-ID resumes; finished tasks replay and close; heartbeats keep a
// stream alive past the slow-client limits; a client that leaves frees its listener; 200 streams at
// once. Runs on the embedded PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer, type Step, type ToolCall } from './helpers/fake-llm-server.ts';
import { providerEnv } from './helpers/llm.ts';
import { generate, getTask, withRuns } from './helpers/runs.ts';
import { openSse, type SseEvent, type SseStream } from './helpers/sse.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { eventually } from './helpers/storage.ts';

const DECK = 'A deck about our market: market size, competitors, pricing, go-to-market and next steps';

function eventsUrl(t: TestApp, taskId: string, query = '') {
  return `${t.url}/api/v1/tasks/${taskId}/events${query}`;
}
const auth = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** A task body without the parts minted anew on each read (edit link token, signed link expiry and signature). */
const stable = (body: unknown) => JSON.parse(JSON.stringify(body).replace(/([?&](token|expires|signature)=)[^&"]*/g, '$1…'));

/** Checks the shape every stream must have and returns its done event. */
function checkStream(s: SseStream, taskId: string): SseEvent {
  const ids = s.events.filter((e) => e.type !== 'heartbeat').map((e) => Number(e.id));
  for (let i = 1; i < ids.length; i++) expect(ids[i], `ids ${ids}`).toBeGreaterThan(ids[i - 1]);
  const progress = s.events.filter((e) => e.type === 'progress').map((e) => e.data.progress);
  for (let i = 1; i < progress.length; i++) expect(progress[i], `progress ${progress}`).toBeGreaterThanOrEqual(progress[i - 1]);
  for (const e of s.events) {
    if (e.type === 'progress') expect(e.data).toEqual({ task_id: taskId, status: expect.any(String), phase: expect.any(String), progress: expect.any(Number) });
    if (e.type === 'step') expect(e.data).toEqual({ task_id: taskId, message: expect.any(String), tool: expect.any(String), at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  }
  const done = s.events.at(-1)!;
  expect(done.type).toBe('done');
  return done;
}

describe('the builtin engine', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => { t = await startTestApp(withRuns({}), { listen: true, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => { logLines.push(line); } } }); });
  afterAll(async () => t?.close());

  it('streams a real generation in order: phases, progress from the plan, one step per slide, then done equal to GET /tasks', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: DECK, async: true }, 'slides');
    expect(res.statusCode, res.body).toBe(202);
    const taskId = res.json().task_id;
    const s = await openSse(eventsUrl(t, taskId), auth(org.secret));
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toBe('no-cache');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['x-request-id']).toBeTruthy();
    await s.ended;
    const done = checkStream(s, taskId);
    const task = await getTask(t, org.secret, taskId);
    expect(stable(done.data)).toEqual(stable(task.json()));
    expect(done.data.status).toBe('completed');
    const phases = s.events.filter((e) => e.type === 'progress').map((e) => e.data.phase);
    expect(phases).toEqual(expect.arrayContaining(['planning', 'writing', 'rendering', 'saving', 'done']));
    expect(phases.indexOf('planning')).toBeLessThan(phases.indexOf('rendering'));
    const final = s.events.at(-2)!;
    expect(final).toMatchObject({ type: 'progress', data: { status: 'completed', phase: 'done', progress: 100 } });
    const steps = s.events.filter((e) => e.type === 'step');
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.map((e) => e.data.message)).toContain(steps.find((e) => /^Added slide \d+: \S/.test(e.data.message))?.data.message);
    // Progress while writing moves with the plan's calls: between the writing mark and rendering.
    const writing = s.events.filter((e) => e.type === 'progress' && e.data.phase === 'writing').map((e) => e.data.progress);
    expect(Math.max(...writing)).toBeGreaterThan(15);
    expect(Math.max(...writing)).toBeLessThanOrEqual(85);
  });

  it('replays a finished task and closes; Last-Event-ID (header or query) gives only later events', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: DECK }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const taskId = res.json().task_id;
    const all = await openSse(eventsUrl(t, taskId), auth(org.secret));
    await all.ended;
    checkStream(all, taskId);
    expect(all.events.length).toBeGreaterThan(4);
    const cut = all.events[2].id!;
    const later = all.events.filter((e) => Number(e.id) > Number(cut));
    const byHeader = await openSse(eventsUrl(t, taskId), { ...auth(org.secret), 'last-event-id': cut });
    await byHeader.ended;
    expect(byHeader.events).toEqual(later.map((e) => e.type === 'done' ? { ...e, data: byHeader.events.at(-1)!.data } : e));
    const byQuery = await openSse(eventsUrl(t, taskId, `?last_event_id=${cut}`), auth(org.secret));
    await byQuery.ended;
    expect(byQuery.events.map((e) => e.id)).toEqual(later.map((e) => e.id));
    // After the last stored event: only done, again.
    const tail = await openSse(eventsUrl(t, taskId), { ...auth(org.secret), 'last-event-id': all.events.at(-1)!.id! });
    await tail.ended;
    expect(tail.events.map((e) => e.type)).toEqual(['done']);
    // Each stream has one access-log line once it ended, like any request (without its query string):
    // Fastify logs a hijacked reply when its raw response finishes.
    const access = logLines.map((l) => JSON.parse(l)).filter((e) => e.msg === 'request' && e.path === `/api/v1/tasks/${taskId}/events`);
    expect(access).toHaveLength(4);
    for (const e of access) expect(e).toMatchObject({ method: 'GET', status: 200, ms: expect.any(Number), request_id: expect.any(String) });
  });

  it("answers 404 for another organization's task, 401 without a key or with the key in the URL", async () => {
    const owner = await t.signup();
    const other = await t.signup();
    const taskId = (await generate(t, owner.secret, { prompt: DECK }, 'slides')).json().task_id;
    const foreign = await openSse(eventsUrl(t, taskId), auth(other.secret));
    await foreign.ended;
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.body)).toMatchObject({ success: false, error: 'not_found' });
    const missing = await openSse(eventsUrl(t, 'task_01JNOTHING0000000000000000'), auth(owner.secret));
    await missing.ended;
    expect(missing.status).toBe(404);
    const anonymous = await openSse(eventsUrl(t, taskId));
    await anonymous.ended;
    expect(anonymous.status).toBe(401);
    const inUrl = await openSse(eventsUrl(t, taskId, `?api_key=${owner.secret}`));
    await inUrl.ended;
    expect(inUrl.status).toBe(401);
    const xApiKey = await openSse(eventsUrl(t, taskId), { 'x-api-key': owner.secret });
    await xApiKey.ended;
    expect(xApiKey.status).toBe(200);
  });

  it('documents the route in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/tasks/{task_id}/events'].get;
    expect(op.operationId).toBe('streamTaskEvents');
    expect(op.summary).toBeTruthy();
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
    for (const type of ['progress', 'step', 'heartbeat', 'done']) expect(op.responses['200'].description).toContain(`\`${type}\``);
  });
});

describe('a model-driven generation', () => {
  let t: TestApp;
  let fake: FakeLlmServer;
  const calls = (delayMs: number, ...c: ToolCall[]): Step => ({ toolCalls: c, delayMs });
  const finish = (delayMs: number): Step => calls(delayMs, { name: 'finish', args: { summary: 'Built the deck.' } });
  beforeAll(async () => {
    fake = await startFakeLlmServer();
    t = await startTestApp(withRuns({ sseHeartbeatMs: 200 }), {
      listen: true,
      env: providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'local-llama', FOLIO_LLM_FALLBACK_MODELS: 'local-llama', FOLIO_BODY_TIMEOUT_MS: '300' }),
    });
  });
  afterAll(async () => { await t?.close(); await fake?.close(); });

  async function startSlowTask(secret: string, finishDelayMs: number): Promise<string> {
    fake.reset();
    fake.enqueue(
      calls(0, { name: 'add_slide', args: { layout: 'title', title: 'Launch plan', subtitle: 'Regional rollout' } }, { name: 'add_slide', args: { layout: 'bullets', title: 'Market size', bullets: ['Large', 'Growing'] } }),
      finish(finishDelayMs),
    );
    const res = await generate(t, secret, { prompt: 'A launch deck', async: true }, 'slides');
    expect(res.statusCode, res.body).toBe(202);
    return res.json().task_id;
  }

  it('pushes each step while the task runs, heartbeats while it waits past the slow-client limits, then done', async () => {
    const org = await t.signup();
    const taskId = await startSlowTask(org.secret, 1500);
    const s = await openSse(eventsUrl(t, taskId), auth(org.secret));
    const second = await s.next((e) => e.type === 'step' && e.data.message === 'Added slide 2: Market size');
    expect(second.data.tool).toBe('add_slide');
    // Live: the steps came while the task was still running.
    expect((await getTask(t, org.secret, taskId)).json().status).toBe('running');
    expect(s.events.filter((e) => e.type === 'step').map((e) => e.data.message)).toEqual(['Added slide 1: Launch plan', 'Added slide 2: Market size']);
    await s.next((e) => e.type === 'heartbeat');
    await s.ended;
    const done = checkStream(s, taskId);
    expect(stable(done.data)).toEqual(stable((await getTask(t, org.secret, taskId)).json()));
    expect(done.data.status).toBe('completed');
    const hb = s.events.filter((e) => e.type === 'heartbeat');
    expect(hb.length).toBeGreaterThanOrEqual(3); // 1.5 s of waiting with a 200 ms heartbeat, past the 300 ms body limit
    expect(hb[0].data).toEqual({ at: expect.stringMatching(/^\d{4}-/) });
    expect(hb.every((e) => e.id !== undefined)).toBe(true);
  });

  it('reconnecting with Last-Event-ID mid-task gets only the later events', async () => {
    const org = await t.signup();
    const taskId = await startSlowTask(org.secret, 1500);
    const first = await openSse(eventsUrl(t, taskId), auth(org.secret));
    const step = await first.next((e) => e.type === 'step' && e.data.message.startsWith('Added slide 2'));
    first.close();
    const again = await openSse(eventsUrl(t, taskId), { ...auth(org.secret), 'last-event-id': step.id! });
    await again.ended;
    const kinds = again.events.filter((e) => e.type !== 'heartbeat');
    expect(kinds.every((e) => Number(e.id) > Number(step.id))).toBe(true);
    expect(kinds.some((e) => e.type === 'step')).toBe(false);
    expect(kinds.map((e) => e.data.phase ?? e.type)).toEqual(expect.arrayContaining(['rendering', 'done']));
    expect(kinds.at(-1)!.type).toBe('done');
  });

  it('ends with done (cancelled) when the task is cancelled mid-stream', async () => {
    const org = await t.signup();
    const taskId = await startSlowTask(org.secret, 10_000);
    const s = await openSse(eventsUrl(t, taskId), auth(org.secret));
    await s.next((e) => e.type === 'step');
    const cancel = await t.inject({ method: 'POST', url: `/api/v1/tasks/${taskId}/cancel`, headers: auth(org.secret) });
    expect([200, 202]).toContain(cancel.statusCode);
    await s.ended;
    const done = checkStream(s, taskId);
    expect(done.data.status).toBe('cancelled');
    expect(stable(done.data)).toEqual(stable((await getTask(t, org.secret, taskId)).json()));
    expect(s.events.at(-2)).toMatchObject({ type: 'progress', data: { status: 'cancelled', phase: 'done' } });
  });

  it('frees the listener of a client that leaves', async () => {
    const org = await t.signup();
    const taskId = await startSlowTask(org.secret, 2000);
    const streams = t.app.ctx.runs.taskEvents;
    const before = streams.stats();
    const s = await openSse(eventsUrl(t, taskId), auth(org.secret));
    await s.next((e) => e.type === 'step');
    expect(streams.stats()).toEqual({ streams: before.streams + 1, listeners: before.listeners + 1 });
    s.close();
    await eventually(() => streams.stats().listeners === before.listeners, 10_000, 'the listener to be freed');
    expect(streams.stats()).toEqual(before);
    // A stream that ends with its task frees everything too.
    const whole = await openSse(eventsUrl(t, taskId), auth(org.secret));
    await whole.ended;
    // The client sees the end before the server has run its close handlers: poll, not a fixed 50 ms.
    await eventually(() => streams.stats().streams === 0 && streams.stats().listeners === 0, 10_000, 'the ended stream to be freed');
    expect(streams.stats()).toEqual({ streams: 0, listeners: 0 });
  });

  it('serves 200 concurrent streams of one task, still answering other requests quickly, and frees them all', async () => {
    const org = await t.signup();
    const taskId = await startSlowTask(org.secret, 12000);
    // Baseline on this machine: 200 concurrent polls of the task over real sockets.
    const polling = Date.now();
    const polls = await Promise.all(Array.from({ length: 200 }, () => fetch(`${t.url}/api/v1/tasks/${taskId}`, { headers: auth(org.secret) }).then((r) => r.status)));
    const pollMs = Date.now() - polling;
    expect(polls).toEqual(Array(200).fill(200));
    const opening = Date.now();
    const streams = await Promise.all(Array.from({ length: 200 }, () => openSse(eventsUrl(t, taskId), auth(org.secret))));
    const openMs = Date.now() - opening;
    console.log(`200 concurrent GET /tasks: ${pollMs} ms; 200 concurrent streams open in ${openMs} ms (ratio ${(openMs / pollMs).toFixed(2)})`);
    expect(streams.map((s) => s.status)).toEqual(Array(200).fill(200));
    expect((await getTask(t, org.secret, taskId)).json().status).toBe('running');
    expect(t.app.ctx.runs.taskEvents.stats()).toEqual({ streams: 200, listeners: 200 });
    await Promise.all(streams.map((s) => s.next((e) => e.type === 'step' && e.data.message.startsWith('Added slide 2'))));
    const started = Date.now();
    const health = await fetch(`${t.url}/api/v1/health`);
    const healthMs = Date.now() - started;
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(2000);
    console.log(`GET /health with 200 open streams: ${healthMs} ms`);
    await Promise.all(streams.map((s) => s.ended));
    const body = (await getTask(t, org.secret, taskId)).json();
    for (const s of streams) expect(stable(checkStream(s, taskId).data)).toEqual(stable(body));
    await eventually(() => t.app.ctx.runs.taskEvents.stats().streams === 0 && t.app.ctx.runs.taskEvents.stats().listeners === 0, 10_000, 'the ended streams to be freed');
    expect(t.app.ctx.runs.taskEvents.stats()).toEqual({ streams: 0, listeners: 0 });
  }, 60_000);
});

describe('server shutdown', () => {
  it('ends open streams so the server closes promptly (clients reconnect elsewhere with Last-Event-ID)', async () => {
    const fake = await startFakeLlmServer();
    const t = await startTestApp(withRuns({}), { listen: true, env: providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'local-llama', FOLIO_LLM_FALLBACK_MODELS: 'local-llama' }) });
    try {
      const org = await t.signup();
      fake.enqueue({ toolCalls: [{ name: 'add_slide', args: { layout: 'title', title: 'Launch plan' } }] }, { toolCalls: [{ name: 'finish', args: { summary: 'Done.' } }], delayMs: 30_000 });
      const taskId = (await generate(t, org.secret, { prompt: 'A launch deck', async: true }, 'slides')).json().task_id;
      const s = await openSse(eventsUrl(t, taskId), auth(org.secret));
      await s.next((e) => e.type === 'step');
      const closing = Date.now();
      await t.close();
      await s.ended;
      const closeMs = Date.now() - closing;
      expect(closeMs).toBeLessThan(15_000);
      expect(s.events.at(-1)!.type).not.toBe('done');
    } finally {
      await fake.close();
    }
  }, 60_000);
});
