// POST /{word,excel,slides}/generate: validation, sync and async answers, failures, references, resume.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents, type AgentCall } from './helpers/scripted-agent.ts';
import { fileParts, upload, download } from './helpers/storage.ts';
import { png } from './helpers/fixtures.ts';
import { generate, getTask, key, script, waitForTask, withRuns } from './helpers/runs.ts';

const calls: AgentCall[] = [];
let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  [t, bare] = await Promise.all([startTestApp(withRuns({}), { agents: scriptedAgents(calls) }), startTestApp(withRuns({}), { agents: {} })]);
});
afterAll(async () => Promise.all([t?.close(), bare?.close()]));

describe('generation request validation (the same on all three endpoints)', () => {
  const cases: [string, Record<string, unknown>, (string | number)[]][] = [
    ['missing prompt', {}, ['body', 'prompt']],
    ['empty prompt', { prompt: '' }, ['body', 'prompt']],
    ['prompt over 10000', { prompt: 'x'.repeat(10_001) }, ['body', 'prompt']],
    ['bad mode', { prompt: 'p', mode: 'edit' }, ['body', 'mode']],
    ['timeout_ms too small', { prompt: 'p', timeout_ms: 9_999 }, ['body', 'timeout_ms']],
    ['timeout_ms too large', { prompt: 'p', timeout_ms: 1_800_001 }, ['body', 'timeout_ms']],
    ['timeout_ms not an integer', { prompt: 'p', timeout_ms: 10_000.5 }, ['body', 'timeout_ms']],
    ['async not boolean', { prompt: 'p', async: 'yes' }, ['body', 'async']],
    ['unknown property', { prompt: 'p', asynch: true }, ['body', 'asynch']],
    ['data source kind', { prompt: 'p', data_sources: [{ file_id: 'file_x', kind: 'pdf' }] }, ['body', 'data_sources', 0]],
    ['image asset without id', { prompt: 'p', image_assets: [{ caption: 'c' }] }, ['body', 'image_assets', 0, 'image_id']],
    ['brand colour', { prompt: 'p', brand: { primary_color: 'red' } }, ['body', 'brand', 'primary_color']],
    ['webhook_url scheme', { prompt: 'p', webhook_url: 'ftp://example.com/hook' }, ['body', 'webhook_url']],
    ['file_name with a path', { prompt: 'p', file_name: '../etc/passwd' }, ['body', 'file_name']],
  ];
  for (const [name, body, loc] of cases) {
    it(`rejects ${name} with 422 and a detail pointing at ${loc.join('.')}`, async () => {
      const org = await t.signup();
      for (const format of ['word', 'excel', 'slides']) {
        const res = await generate(t, org.secret, body, format);
        expect(res.statusCode, `${format}: ${res.body}`).toBe(422);
        expect(res.json().detail.map((d: any) => d.loc.slice(0, loc.length).join('.'))).toContain(loc.join('.'));
      }
    });
  }

  it('accepts every documented field, and both data source shapes and context file shapes', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, {
      prompt: 'all fields', mode: 'ask', context_files: [], data_sources: [{ name: 'sales', columns: ['q', 'n'], rows: [['Q1', 3], ['Q2', null]] }],
      image_assets: [], brand: { primary_color: '#123456', secondary_color: '#abc', font: 'Inter', logo_url: 'https://example.com/logo.png' },
      async: false, webhook_url: 'https://example.com/hook', idempotency_key: 'k-all', file_name: 'Report Q1.docx', timeout_ms: 10_000,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses logo_url together with logo_image_id', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: 'p', brand: { logo_url: 'https://example.com/l.png', logo_image_id: 'img_x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'brand']);
  });
});

describe('answers', () => {
  it('holds a sync call until the task ends and answers 200 with the documented fields', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: script({ sleep_ms: 300, credits: 2 }), file_name: 'plan.docx' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      run_id: expect.stringMatching(/^run_/), task_id: expect.stringMatching(/^task_/), status: 'completed',
      download_url: expect.stringContaining('/api/v1/blobs/'), edit_url: expect.stringMatching(/\/edit\/run_\w+\?token=fet_/), summary: expect.stringContaining(body.task_id), credits_used: 2,
      duration_ms: expect.any(Number),
    });
    expect(body.duration_ms).toBeGreaterThanOrEqual(300);
    const file = await download(t, body.download_url);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('plan.docx');
    expect(JSON.parse(file.body.toString()).task_id).toBe(body.task_id);
  });

  it('answers 202 at once for async: true, with a poll_url that reaches the task', async () => {
    const org = await t.signup();
    const started = Date.now();
    const res = await generate(t, org.secret, { prompt: script({ sleep_ms: 3000 }), async: true }, 'slides');
    expect(Date.now() - started).toBeLessThan(3000); // before the task could have ended: the call did not wait for it
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toEqual({ run_id: expect.stringMatching(/^run_/), task_id: expect.stringMatching(/^task_/), status: 'queued', poll_url: `${t.config.publicUrl}/api/v1/tasks/${body.task_id}` });
    expect(res.headers.location).toBe(body.poll_url);
    const running = await waitForTask(t, org.secret, body.task_id, (x) => x.status === 'running' && x.phase === 'writing');
    expect(running).toMatchObject({ format: 'slides', result: null, error: null, started_at: expect.any(String), finished_at: null });
    const done = await waitForTask(t, org.secret, body.task_id);
    expect(done).toMatchObject({ status: 'completed', phase: null, credits_used: 1, result: { download_url: expect.any(String), edit_url: expect.stringContaining('/edit/'), summary: expect.any(String) } });
    expect(done.duration_ms).toBeGreaterThanOrEqual(3000);
  });

  it("answers a failed task with the task's error code and status, plus task_id and run_id", async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: script({ fail: 'upstream_error' }) }, 'excel');
    expect(res.statusCode).toBe(502);
    const body = res.json();
    expect(body).toMatchObject({ success: false, error: 'upstream_error', message: 'scripted failure: upstream_error', task_id: expect.stringMatching(/^task_/), run_id: expect.stringMatching(/^run_/) });
    const task = (await getTask(t, org.secret, body.task_id)).json();
    expect(task).toMatchObject({ status: 'failed', error: { code: 'upstream_error', message: 'scripted failure: upstream_error' }, credits_used: 0, result: null });
  });

  it('reports an unexpected agent crash as internal_error without leaking it', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: script({ crash: true }) });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('internal_error');
    expect(res.body).not.toContain('scripted crash');
  });

  it('answers 501 while no agent is installed for the format, before looking at the body', async () => {
    const org = await bare.signup();
    for (const format of ['word', 'excel', 'slides']) {
      const res = await generate(bare, org.secret, {}, format);
      expect(res.statusCode).toBe(501);
      expect(res.json()).toMatchObject({ error: 'not_implemented', message: expect.stringContaining('no ') });
    }
    expect(await generate(bare, 'sk_live_' + 'x'.repeat(28), { prompt: 'p' })).toMatchObject({ statusCode: 401 });
  });
});

describe('OpenAPI', () => {
  it('documents the generation, task, run and credit operations with every response status', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const gen = doc.paths['/api/v1/slides/generate'].post;
    expect(gen.tags).toEqual(['Generation']);
    expect(Object.keys(gen.responses)).toEqual(expect.arrayContaining(['200', '202', '401', '402', '404', '408', '409', '410', '422', '429', '501']));
    expect(gen.requestBody.content['application/json'].schema.properties.timeout_ms).toMatchObject({ minimum: 10000, maximum: 1800000, default: 905000 });
    expect(Object.keys(doc.paths['/api/v1/tasks/{task_id}/cancel'].post.responses)).toEqual(expect.arrayContaining(['200', '202', '404', '409', '410']));
    expect(doc.paths['/api/v1/runs/{run_id}/download'].get.responses['302']).toBeDefined();
    expect(doc.paths['/api/v1/credits/ledger'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/v1/runs'].get.tags).toEqual(['Runs']);
  });
});

describe('references', () => {
  it('answers 404 for unknown files and images, and for those of another organization', async () => {
    const [org, other] = [await t.signup(), await t.signup()];
    const file = (await upload(t, other.secret, '/api/v1/files', fileParts('d.csv', Buffer.from('a,b\n1,2\n'), { purpose: 'data' }))).json();
    const image = (await upload(t, other.secret, '/api/v1/images', fileParts('i.png', png(4, 4)))).json();
    expect(file.file_id).toMatch(/^file_/);
    expect(image.image_id).toMatch(/^img_/);
    for (const body of [
      { init_file: 'file_nope' }, { context_files: [file.file_id] }, { context_files: [{ file_id: file.file_id }] },
      { data_sources: [{ file_id: file.file_id, kind: 'csv' }] }, { image_assets: [{ image_id: image.image_id }] }, { brand: { logo_image_id: image.image_id } },
    ]) {
      const res = await generate(t, org.secret, { prompt: 'p', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    const own = await generate(t, other.secret, { prompt: 'p', context_files: [file.file_id], data_sources: [{ file_id: file.file_id, kind: 'csv' }], image_assets: [{ image_id: image.image_id }], brand: { logo_image_id: image.image_id } });
    expect(own.statusCode, own.body).toBe(200);
    expect(await sql`select 1 from tasks where org_id = ${org.org_id}`.execute(t.app.ctx.database.db)).toMatchObject({ rows: [] });
  });
});

describe('resuming a run', () => {
  it('runs a new task on the run, hands the agent the current document, and records a new version', async () => {
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: 'v1' })).json();
    const second = await generate(t, org.secret, { prompt: 'v2', run_id: first.run_id });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().run_id).toBe(first.run_id);
    expect(second.json().task_id).not.toBe(first.task_id);
    const call = calls.find((c) => c.task_id === second.json().task_id)!;
    expect(JSON.parse(call.previous!).task_id).toBe(first.task_id);
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${first.run_id}`, headers: key(org.secret) })).json();
    expect(run).toMatchObject({ version: 2, task_id: second.json().task_id, status: 'completed' });
    const versions = await sql<any>`select version, task_id from artifact_versions where run_id = ${first.run_id} order by version`.execute(t.app.ctx.database.db);
    expect(versions.rows).toEqual([{ version: 1, task_id: first.task_id }, { version: 2, task_id: second.json().task_id }]);
  });

  it('refuses another format (409), a run with a task in progress (409), unknown and foreign runs (404)', async () => {
    const [org, other] = [await t.signup(), await t.signup()];
    const done = (await generate(t, org.secret, { prompt: 'p' })).json();
    expect((await generate(t, org.secret, { prompt: 'p', run_id: done.run_id }, 'excel')).statusCode).toBe(409);
    const busy = (await generate(t, org.secret, { prompt: script({ sleep_ms: 1500 }), async: true })).json();
    const clash = await generate(t, org.secret, { prompt: 'p', run_id: busy.run_id });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('in progress');
    expect((await generate(t, org.secret, { prompt: 'p', run_id: 'run_nope' })).statusCode).toBe(404);
    const foreign = await generate(t, other.secret, { prompt: 'p', run_id: done.run_id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).not.toContain(org.org_id);
  });
});
