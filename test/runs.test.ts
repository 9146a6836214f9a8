// GET /runs, GET /runs/{id}, GET /runs/{id}/download: shapes, pagination, filters, tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { download } from './helpers/storage.ts';
import { generate, key, script, waitForTask, withRuns } from './helpers/runs.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({ concurrentRuns: { free: 10, pro: 10, enterprise: 10 } }), { agents: scriptedAgents() }); });
afterAll(async () => t?.close());

const get = (secret: string, url: string) => t.inject({ method: 'GET', url: `/api/v1${url}`, headers: key(secret) });

describe('runs', () => {
  it('shows a run with its current document, and lists runs newest first with format and status filters', async () => {
    const org = await t.signup();
    const word = (await generate(t, org.secret, { prompt: 'w', file_name: 'memo.docx' })).json();
    const excel = (await generate(t, org.secret, { prompt: 'x' }, 'excel')).json();
    const failed = (await generate(t, org.secret, { prompt: script({ fail: 'upstream_error' }) }, 'slides')).json();
    const pending = (await generate(t, org.secret, { prompt: script({ sleep_ms: 1500 }), async: true }, 'slides')).json();

    const run = (await get(org.secret, `/runs/${word.run_id}`)).json();
    expect(run).toEqual({
      run_id: word.run_id, task_id: word.task_id, format: 'word', status: 'completed', file_name: 'memo.docx', title: null, version: 1,
      download_url: expect.stringContaining('/api/v1/blobs/'), edit_url: expect.stringContaining(`/edit/${word.run_id}?token=fet_`), created_at: expect.any(String), updated_at: expect.any(String), expires_at: expect.any(String), template: null,
    });
    expect(Date.parse(run.expires_at) - Date.parse(run.updated_at)).toBeGreaterThan(29 * 86_400_000);

    const all = (await get(org.secret, '/runs')).json();
    expect(all.items.map((r: any) => r.run_id)).toEqual([pending.run_id, failed.run_id, excel.run_id, word.run_id]);
    expect(all.next_cursor).toBeNull();
    expect(all.items[0]).toMatchObject({ status: expect.stringMatching(/^(pending|running)$/), version: null, download_url: null });
    expect(all.items[1]).toMatchObject({ status: 'failed', version: null, download_url: null });
    expect((await get(org.secret, '/runs?format=slides')).json().items.map((r: any) => r.run_id)).toEqual([pending.run_id, failed.run_id]);
    expect((await get(org.secret, '/runs?status=completed')).json().items.map((r: any) => r.run_id)).toEqual([excel.run_id, word.run_id]);
    expect((await get(org.secret, '/runs?status=failed&format=slides')).json().items.map((r: any) => r.run_id)).toEqual([failed.run_id]);
    await waitForTask(t, org.secret, pending.task_id);
    expect((await get(org.secret, '/runs?status=completed&format=slides')).json().items.map((r: any) => r.run_id)).toEqual([pending.run_id]);
  });

  it('pages with limit and cursor, and validates the query', async () => {
    const org = await t.signup();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.unshift((await generate(t, org.secret, { prompt: `p${i}` })).json().run_id);
      await new Promise((r) => setTimeout(r, 2)); // distinct milliseconds keep ids in creation order
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await get(org.secret, `/runs?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((r: any) => r.run_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    for (const bad of ['limit=0', 'limit=101', 'format=pdf', 'status=queued', 'cursor=garbage', 'extra=1']) {
      expect((await get(org.secret, `/runs?${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it('redirects downloads (302) to a fresh signed link of the current version', async () => {
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: 'one' })).json();
    const second = (await generate(t, org.secret, { prompt: 'two', run_id: first.run_id })).json();
    const res = await get(org.secret, `/runs/${first.run_id}/download`);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ download_url: res.headers.location });
    const file = await download(t, res.headers.location as string);
    expect(file.status).toBe(200);
    expect(JSON.parse(file.body.toString())).toMatchObject({ task_id: second.task_id, prompt: 'two' });
    // The first task's own link still reaches the first version: nothing is overwritten in place.
    const old = await download(t, first.download_url);
    expect(JSON.parse(old.body.toString()).task_id).toBe(first.task_id);
    const empty = (await generate(t, org.secret, { prompt: script({ no_artifact: true }), mode: 'ask' }, 'excel')).json();
    expect(empty.download_url).toBeNull();
    const none = await get(org.secret, `/runs/${empty.run_id}/download`);
    expect(none.statusCode).toBe(409);
  });

  it("treats another organization's runs exactly like missing ones", async () => {
    const [org, other] = [await t.signup(), await t.signup()];
    const mine = (await generate(t, org.secret, { prompt: 'p' })).json();
    for (const url of [`/runs/${mine.run_id}`, `/runs/${mine.run_id}/download`, `/tasks/${mine.task_id}`]) {
      const theirs = await get(other.secret, url);
      const missing = await get(other.secret, url.replace(/(run|task)_[0-9A-Z]+/, '$1_01M00000000000000000000000'));
      expect(theirs.statusCode, url).toBe(404);
      expect(missing.statusCode, url).toBe(404);
      expect(theirs.json().error).toBe('not_found');
    }
    expect((await get(other.secret, '/runs')).json().items).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/v1/runs' })).statusCode).toBe(401);
  });
});
