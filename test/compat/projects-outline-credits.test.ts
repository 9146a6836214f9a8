// Drop-in compatibility (issue 32), projects, outline and errors: a project file's `description` is at
// most 1000 characters; POST /slides/outline takes `async: true` and answers 202 with `task_id` like
// the generation endpoints (the outline then comes with the completed task); and every 402
// `insufficient_credits` reads `Insufficient credits. Required: N, balance: M.`, Folio's own sentence
// kept in `explanation`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { generate, getTask, key, setBalance, waitForTask, withRuns } from '../helpers/runs.ts';
import { attach, createProject } from '../helpers/projects.ts';
import { makeDocx } from '../helpers/office-fixtures.ts';
import { fileParts, upload } from '../helpers/storage.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(withRuns({}));
});
afterAll(async () => t?.close());

const outline = (secret: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/v1/slides/outline', headers: key(secret), payload });
const PROMPT = 'A 5-slide deck titled Spring Field Review: Highlights (visits up 12%), Risks, Next steps, and a closing slide';

describe('project file description', () => {
  it('takes at most 1000 characters (422 beyond)', async () => {
    const org = await t.signup();
    const project = await createProject(t, org.secret, { name: 'Acme review' });
    const doc = await makeDocx({ title: 'Board memo' });
    const ok = await attach(t, org.secret, project.project_id, 'memo.docx', doc, { description: 'd'.repeat(1000) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().description).toHaveLength(1000);
    const over = await attach(t, org.secret, project.project_id, 'memo2.docx', doc, { description: 'd'.repeat(1001) });
    expect(over.statusCode).toBe(422);
    expect(over.json().detail[0]).toMatchObject({ loc: ['body', 'description'], type: 'string_too_long' });
  });
});

describe('POST /slides/outline with async: true', () => {
  it('answers 202 with task_id, run_id and poll_url; the completed task holds the outline, and no document', async () => {
    const org = await t.signup();
    const sync = (await outline(org.secret, { prompt: PROMPT })).json();
    const res = await outline(org.secret, { prompt: PROMPT, async: true });
    expect(res.statusCode, res.body).toBe(202);
    const accepted = res.json();
    expect(accepted).toEqual({ task_id: expect.stringMatching(/^task_/), run_id: expect.stringMatching(/^run_/), status: 'queued', poll_url: expect.stringContaining(`/api/v1/tasks/${accepted.task_id}`) });
    expect(res.headers.location).toBe(accepted.poll_url);

    const done = await waitForTask(t, org.secret, accepted.task_id, undefined, 120_000);
    expect(done).toMatchObject({ status: 'completed', format: 'slides', credits_used: 0, error: null });
    expect(done.result).toMatchObject({ download_url: null, edit_url: null, summary: sync.summary, answer: { answered: true, citations: [] } });
    // The run.completed event agrees with the task: no document, so no edit link either.
    const event = (await sql<{ payload: Record<string, unknown> }>`select payload from events where task_id = ${accepted.task_id} and type = 'run.completed'`.execute(t.app.ctx.database.db)).rows;
    expect(event).toHaveLength(1);
    expect(event[0].payload).toMatchObject({ download_url: null, edit_url: null });
    expect(done.result.answer.data).toEqual({ title: sync.title, slides: sync.slides, slide_count: sync.slide_count, summary: sync.summary, model: 'builtin', credits_used: 0 });
    expect((await getTask(t, org.secret, accepted.task_id)).json().result.answer.data.slides.length).toBeGreaterThan(2);
    // The reservation was released: the balance is whole again.
    const balance = (await t.inject({ method: 'GET', url: '/api/v1/credits', headers: key(org.secret) })).json();
    expect(balance).toMatchObject({ balance: 100, reserved: 0 });
  }, 180_000);

  it('keeps answering 200 synchronously without async, and validates async', async () => {
    const org = await t.signup();
    expect((await outline(org.secret, { prompt: PROMPT, async: false })).statusCode).toBe(200);
    const bad = await outline(org.secret, { prompt: PROMPT, async: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'async']);
  });
});

describe('402 insufficient_credits', () => {
  it('reads "Insufficient credits. Required: N, balance: M." on generation, async outline, LLM calls and analysis', async () => {
    const org = await t.signup();
    await setBalance(t, org.org_id, 3);
    const slides = await generate(t, org.secret, { prompt: PROMPT }, 'slides');
    expect(slides.statusCode).toBe(402);
    expect(slides.json()).toEqual({
      success: false, error: 'insufficient_credits', message: 'Insufficient credits. Required: 10, balance: 3.',
      required: 10, balance: 3, minimum_balance: 10, explanation: 'Slides generation needs a balance of at least 10 credits; the organization has 3.',
    });
    const word = await generate(t, org.secret, { prompt: 'A memo' }, 'word');
    expect(word.json()).toMatchObject({ message: 'Insufficient credits. Required: 5, balance: 3.', required: 5, balance: 3 });
    const queued = await outline(org.secret, { prompt: PROMPT, async: true });
    expect(queued.statusCode).toBe(402);
    expect(queued.json().message).toBe('Insufficient credits. Required: 10, balance: 3.');

    await setBalance(t, org.org_id, 0);
    const invoke = await t.inject({ method: 'POST', url: '/api/v1/llm/invoke', headers: key(org.secret), payload: { messages: [{ role: 'user', content: 'Hello' }] } });
    expect(invoke.statusCode, invoke.body).toBe(402);
    expect(invoke.json()).toMatchObject({ error: 'insufficient_credits', message: 'Insufficient credits. Required: 1, balance: 0.', required: 1, balance: 0, explanation: expect.stringContaining('LLM calls need') });
    const csv = await upload(t, org.secret, '/api/v1/files', fileParts('sales.csv', Buffer.from('Region,Q1\nNorth,100\nSouth,90\n'), { purpose: 'reference' }));
    expect(csv.statusCode, csv.body).toBe(201);
    const analyzed = await t.inject({ method: 'POST', url: '/api/v1/excel/analyze', headers: key(org.secret), payload: { file_id: csv.json().file_id, prompt: 'What is the total Q1?' } });
    expect(analyzed.statusCode, analyzed.body).toBe(402);
    expect(analyzed.json()).toMatchObject({ error: 'insufficient_credits', message: 'Insufficient credits. Required: 1, balance: 0.', required: 1, balance: 0 });
  });

  it('is documented with an example in the OpenAPI document, beside the description limit and the async outline', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const body = doc.paths['/api/v1/slides/generate'].post.responses['402'].content['application/json'];
    expect(body.example).toMatchObject({ message: 'Insufficient credits. Required: 10, balance: 3.', required: 10, balance: 3 });
    // Error responses share one envelope schema ($ref), which documents the 402 figures.
    const schema = body.schema.$ref ? doc.components.schemas[body.schema.$ref.split('/').pop()] : body.schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['required', 'balance', 'explanation']));
    const description = doc.paths['/api/v1/projects/{project_id}/files'].post.requestBody.content['multipart/form-data'].schema.properties.description;
    expect(description).toMatchObject({ type: 'string', maxLength: 1000, examples: [expect.any(String)] });
    const outlineOp = doc.paths['/api/v1/slides/outline'].post;
    expect(outlineOp.responses['202'].content['application/json'].example).toMatchObject({ task_id: expect.stringMatching(/^task_/), run_id: expect.stringMatching(/^run_/), status: 'queued', poll_url: expect.stringContaining('/api/v1/tasks/task_') });
    expect(Object.values(outlineOp.requestBody.content['application/json'].examples).map((e: any) => e.value)).toContainEqual(expect.objectContaining({ async: true }));
    expect(outlineOp.requestBody.content['application/json'].schema.properties.async).toMatchObject({ type: 'boolean' });
  });
});
