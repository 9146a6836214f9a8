// @folio/sdk against the real app on a real port, with the builtin engine making real documents: generate (sync,
// async followed over the real task event stream with its steps and Last-Event-ID, a scripted stream, or
// polling), download, export to PDF, ask, resume.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { Folio, type TaskEvent } from '../../packages/sdk/src/index.ts';
import { contractEventStream, startFrontProxy, type FrontProxy } from './helpers/front-proxy.ts';

let t: TestApp;
let secret: string;
let proxy: FrontProxy;
let tmp: string;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  secret = (await t.signup()).secret;
  proxy = await startFrontProxy(t.url!);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sdk-docs-'));
}, 180_000);
afterAll(async () => {
  await proxy?.close();
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const isEvents = (p: string) => /^\/api\/v1\/tasks\/[^/]+\/events/.test(p);
const client = (baseUrl = t.url!) => new Folio({ apiKey: secret, baseUrl });

describe('generate', { timeout: 120_000 }, () => {
  it('slides: a sync generate returns the run once its deck is ready; download gives the bytes or writes a path', async () => {
    const folio = client();
    const run = await folio.slides.generate({ prompt: 'A 3-slide deck about composting at home' });
    expect(run).toMatchObject({ run_id: expect.stringMatching(/^run_/), format: 'slides', status: 'completed', version: 1 });
    const bytes = await run.download() as Uint8Array;
    expect(Buffer.from(bytes.subarray(0, 2)).toString()).toBe('PK');
    const file = path.join(tmp, 'deck.pptx');
    expect(await run.download(file)).toBe(file);
    expect(fs.readFileSync(file).equals(Buffer.from(bytes))).toBe(true);
  });

  it('word: run.export("pdf") converts the document and saves the rendition', async () => {
    const folio = client();
    const run = await folio.word.generate({ prompt: 'A short memo announcing a team lunch on Friday' });
    const file = path.join(tmp, 'memo.pdf');
    const out = await run.export('pdf', { path: file });
    expect(out).toMatchObject({ run_id: run.run_id, format: 'pdf', content_type: 'application/pdf' });
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(fs.statSync(file).size).toBe(out.size);
  }, 120_000);

  it('slides.generate with onProgress follows the real event stream: phases, rising progress, the agent\'s steps, then done', async () => {
    const folio = client();
    const events: TaskEvent[] = [];
    const run = await folio.slides.generate({ prompt: 'A 4-slide deck on opening a bakery in Lyon: market, plan, costs' }, { onProgress: (e) => events.push(e) });
    expect(run).toMatchObject({ format: 'slides', status: 'completed', version: 1 });
    const progress = events.filter((e) => e.type === 'progress').map((e) => e.data.progress as number);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b)); // never goes back
    expect(progress.at(-1)).toBe(100);
    expect(events.filter((e) => e.type === 'progress').map((e) => e.data.phase)).toEqual(expect.arrayContaining(['writing', 'done']));
    const steps = events.filter((e) => e.type === 'step').map((e) => e.data.message as string);
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(steps[0]).toMatch(/^Added slide 1: /);
    const done = events.at(-1)!;
    expect(done.type).toBe('done');
    // The terminal body, as polling answers it (its signed links are minted afresh on each read).
    const unsigned = (task: any) => ({ ...task, result: { ...task.result, download_url: new URL(task.result.download_url).pathname, edit_url: new URL(task.result.edit_url).pathname } });
    expect(unsigned(done.data)).toEqual(unsigned(await folio.tasks.get(run.task_id)));
    // Stored events have ids 1, 2, 3, ... (a stream opened before the first one says where the task stands, id 0;
    // heartbeats repeat the last id). Reading again after the third (Last-Event-ID) gives exactly the rest.
    const stored = events.filter((e) => e.type !== 'heartbeat' && Number(e.id) > 0);
    const ids = stored.map((e) => Number(e.id));
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    const rest: TaskEvent[] = [];
    for await (const e of folio.tasks.events(run.task_id, { lastEventId: '3' })) rest.push(e);
    expect(rest.filter((e) => e.type !== 'heartbeat').map((e) => [e.type, e.id])).toEqual(stored.slice(3).map((e) => [e.type, e.id]));
  });

  it('follows an async task over GET /tasks/{id}/events when it answers 200, resuming with Last-Event-ID after a drop', async () => {
    const stream = contractEventStream(proxy, { dropAfter: 1 });
    proxy.rule((req) => (isEvents(req.path) ? { kind: 'custom', handle: stream.handle } : { kind: 'forward' }));
    const events: TaskEvent[] = [];
    const run = await client(proxy.url).excel.generate({ prompt: 'A table of monthly rainfall in Lisbon' }, { onProgress: (e) => events.push(e) });
    expect(run).toMatchObject({ format: 'excel', status: 'completed' });
    expect(stream.connections()).toBe(2);
    // The second connection resumed after the last event the first one delivered; none was lost or repeated.
    const resumedAfter = stream.lastEventIds[1]!;
    expect(stream.lastEventIds[0]).toBeUndefined();
    expect(Number(resumedAfter)).toBeGreaterThanOrEqual(1);
    const ids = events.map((e) => e.id).filter(Boolean).map(Number);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    expect(ids).toContain(Number(resumedAfter) + 1);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', data: { task_id: run.task_id, status: 'completed' } });
    expect(events.filter((e) => e.type === 'progress').length).toBeGreaterThanOrEqual(1);
    // The generate went out async: the stream, not a held request, carried the progress.
    const post = proxy.requests.find((r) => r.method === 'POST' && r.path === '/api/v1/excel/generate')!;
    expect(JSON.parse(post.body.toString())).toMatchObject({ async: true, idempotency_key: expect.any(String) });
  });

  it('falls back to polling GET /tasks/{id} when the event stream answers 404 (no such route) or 501', async () => {
    for (const answer of [
      { status: 404, body: JSON.stringify({ success: false, error: 'not_found', message: 'No route GET /api/v1/tasks/x/events.' }) },
      { status: 501, body: JSON.stringify({ success: false, error: 'not_implemented', message: 'Task events are not available yet.' }) },
    ]) {
      const before = proxy.requests.length;
      proxy.rule((req) => (isEvents(req.path) ? { kind: 'answer', ...answer } : { kind: 'forward' }));
      const events: TaskEvent[] = [];
      const run = await client(proxy.url).word.generate({ prompt: 'A two-paragraph note about recycling' }, { onProgress: (e) => events.push(e) });
      expect(run.status).toBe('completed');
      const seen = proxy.requests.slice(before);
      expect(seen.filter((r) => isEvents(r.path))).toHaveLength(1);
      expect(seen.filter((r) => r.method === 'GET' && r.path === `/api/v1/tasks/${run.task_id}`).length).toBeGreaterThanOrEqual(1);
      expect(events.at(-1)).toMatchObject({ type: 'done', data: { task_id: run.task_id, status: 'completed' } });
      expect(events[0]).toMatchObject({ type: 'progress', data: { task_id: run.task_id } });
    }
    proxy.rule(() => ({ kind: 'forward' }));
  });

  it('a 404 of the task itself (not of the route) is a NotFoundError, not a fallback', async () => {
    const folio = client();
    await expect(folio.tasks.wait('task_does_not_exist', { poll: false })).rejects.toMatchObject({ name: 'NotFoundError', status: 404, code: 'not_found' });
  });

  it('generateAsync returns the task at once; tasks.wait follows it (stream or polling) to completion', async () => {
    const folio = client();
    const task = await folio.slides.generateAsync({ prompt: 'Two slides on bicycle maintenance' });
    expect(task).toMatchObject({ task_id: expect.stringMatching(/^task_/), run_id: expect.stringMatching(/^run_/) });
    expect(['queued', 'running', 'completed']).toContain(task.status);
    const done = await folio.tasks.wait(task.task_id);
    expect(done).toMatchObject({ task_id: task.task_id, status: 'completed', result: { download_url: expect.any(String) } });
  });
});

describe('ask and resume', { timeout: 120_000 }, () => {
  it('ask answers about a run without a new version; resume edits the run into version 2', async () => {
    const folio = client();
    const run = await folio.word.generate({ prompt: 'A one-page report on coffee sales by region' });
    const answer = await folio.word.ask({ prompt: 'How many tables are there?', run_id: run.run_id });
    expect(answer).toMatchObject({ run_id: run.run_id, status: 'completed', summary: expect.any(String) });
    expect((await folio.runs.get(run.run_id)).version).toBe(1);
    const resumed = await run.resume('Add a section at the end titled Next steps with bullets: thank the sales team, plan the next quarter');
    expect(resumed).toMatchObject({ run_id: run.run_id, version: 2, status: 'completed' });
    const versions = await folio.runs.versions(run.run_id);
    expect(versions.map((v) => [v.version, v.source, v.prompt?.slice(0, 22), v.current])).toEqual([
      [2, 'generation', 'Add a section at the e', true], [1, 'generation', 'A one-page report on c', false],
    ]);
    const tasks = await folio.runs.tasks(run.run_id);
    expect(tasks.map((x) => [x.mode, x.status])).toEqual([['action', 'completed'], ['ask', 'completed'], ['action', 'completed']]);
    expect(await folio.runs.exports(run.run_id)).toEqual([]);
  });
});
