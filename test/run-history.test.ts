// The console's run page, over HTTP: GET /runs/{id}/versions (generation turns with their prompts and
// editor saves), GET /runs/{id}/tasks, GET /runs/{id}/preview (page images of any version, Word too) and
// GET /runs/{id}/exports; tenancy and bad input. Real documents (the office test agent), real LibreOffice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { generate, key, script } from './helpers/runs.ts';
import { officeAgents } from './helpers/office-fixtures.ts';
import { scriptedAgent } from './helpers/scripted-agent.ts';
import { exportRun, fetchBytes, pngSize, sofficeProcessesOf } from './helpers/export.ts';
import { tokenOf, wopiClient } from './helpers/editor.ts';

let t: TestApp;
let org: { org_id: string; secret: string };
beforeAll(async () => {
  // Excel runs end in a scripted failure: a run without a document.
  t = await startTestApp({}, { agents: { ...officeAgents(), excel: scriptedAgent('excel') } });
  org = await t.signup();
});
afterAll(async () => {
  if (!t) return;
  await t.close();
  expect(sofficeProcessesOf(t)).toEqual([]);
});

const get = (secret: string, url: string) => t.inject({ method: 'GET', url: `/api/v1${url}`, headers: key(secret) });

async function ok(res: { statusCode: number; body: string; json(): any }) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('run history', () => {
  it('lists generation turns with their prompts, an editor save, and every task, newest version first', async () => {
    const first = await ok(await generate(t, org.secret, { prompt: '{"title":"First draft","slides":2}' }, 'slides'));
    const second = await ok(await generate(t, org.secret, { prompt: '{"title":"Second draft","slides":3}', run_id: first.run_id }, 'slides'));
    const run = await ok(await get(org.secret, `/runs/${first.run_id}`));
    const wopi = wopiClient(t, first.run_id, tokenOf(run.edit_url));
    expect((await wopi.lock('L1')).status).toBe(200);
    const saved = await wopi.putFile((await fetchBytes(t, second.download_url)).body, 'L1');
    expect(saved.status, saved.body.toString()).toBe(200);

    const versions = (await ok(await get(org.secret, `/runs/${first.run_id}/versions`))).items;
    expect(versions.map((v: any) => [v.version, v.source, v.current])).toEqual([[3, 'editor', true], [2, 'generation', false], [1, 'generation', false]]);
    expect(versions[0]).toMatchObject({ task_id: null, prompt: null, mode: null, summary: null });
    expect(versions[1]).toMatchObject({ task_id: second.task_id, prompt: '{"title":"Second draft","slides":3}', mode: 'action', summary: 'office slides fixture', file_name: 'document.pptx' });
    expect(versions[2]).toMatchObject({ task_id: first.task_id, prompt: '{"title":"First draft","slides":2}' });
    for (const v of versions) {
      expect(v.size).toBeGreaterThan(0);
      expect(Date.parse(v.created_at)).not.toBeNaN();
      expect((await fetchBytes(t, v.download_url)).body.length).toBe(v.size);
    }

    const tasks = (await ok(await get(org.secret, `/runs/${first.run_id}/tasks`))).items;
    expect(tasks.map((x: any) => [x.task_id, x.status, x.prompt, x.mode])).toEqual([
      [first.task_id, 'completed', '{"title":"First draft","slides":2}', 'action'],
      [second.task_id, 'completed', '{"title":"Second draft","slides":3}', 'action'],
    ]);
    expect(tasks[0]).toMatchObject({ run_id: first.run_id, format: 'slides', credits_used: 1, error: null, result: { download_url: expect.any(String) } });
  });

  it('renders page images of the current version and of an older one, and lists them with the exports', async () => {
    const first = await ok(await generate(t, org.secret, { prompt: '{"title":"Two slides","slides":2}' }, 'slides'));
    await ok(await generate(t, org.secret, { prompt: '{"title":"Three slides","slides":3}', run_id: first.run_id }, 'slides'));

    const current = await ok(await get(org.secret, `/runs/${first.run_id}/preview`));
    expect(current).toMatchObject({ run_id: first.run_id, version: 2, cached: false });
    expect(current.pages.map((p: any) => p.page)).toEqual([1, 2, 3]);
    expect(current.thumbnail_url).toBe(current.pages[0].download_url);
    const png = await fetchBytes(t, current.thumbnail_url);
    expect(png.type).toBe('image/png');
    expect(pngSize(png.body).width).toBeGreaterThan(100);
    expect((await ok(await get(org.secret, `/runs/${first.run_id}/preview`))).cached).toBe(true);

    const older = await ok(await get(org.secret, `/runs/${first.run_id}/preview?version=1`));
    expect(older).toMatchObject({ version: 1, cached: false });
    expect(older.pages).toHaveLength(2);

    await ok(await exportRun(t, org.secret, first.run_id, { format: 'pdf' }));
    const versions = (await ok(await get(org.secret, `/runs/${first.run_id}/versions`))).items;
    const exports = (await ok(await get(org.secret, `/runs/${first.run_id}/exports`))).items;
    expect(exports.map((e: any) => [e.format, e.version_id]).sort()).toEqual([
      ['pdf', versions[0].version_id], ['png', versions[0].version_id], ['png', versions[1].version_id],
    ].sort());
    const pdf = exports.find((e: any) => e.format === 'pdf');
    expect(pdf).toMatchObject({ content_type: 'application/pdf', cached: true, created_at: expect.any(String) });
    expect((await fetchBytes(t, pdf.download_url)).body.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('previews Word documents, which the png export does not offer', async () => {
    const word = await ok(await generate(t, org.secret, { prompt: '{"title":"Memo","pages":2}' }, 'word'));
    const preview = await ok(await get(org.secret, `/runs/${word.run_id}/preview`));
    expect(preview.pages).toHaveLength(2);
    expect((await fetchBytes(t, preview.pages[1].download_url)).type).toBe('image/png');
    expect((await exportRun(t, org.secret, word.run_id, { format: 'png' })).statusCode).toBe(422);
  });

  it("answers 404 for another organization's run and a version the run lacks, 409 before a document, 422 for bad input", async () => {
    const mine = await ok(await generate(t, org.secret, { prompt: 'Mine' }, 'word'));
    const other = await t.signup();
    for (const path of ['versions', 'tasks', 'preview', 'exports']) {
      const res = await get(other.secret, `/runs/${mine.run_id}/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: 'not_found' });
      expect((await get(org.secret, `/runs/run_nope/${path}`)).statusCode, path).toBe(404);
    }
    const missing = await get(org.secret, `/runs/${mine.run_id}/preview?version=9`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('Version 9');
    for (const bad of ['version=0', 'version=x', 'page=1']) {
      const res = await get(org.secret, `/runs/${mine.run_id}/preview?${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().detail).toBeInstanceOf(Array);
    }
    const failed = await generate(t, org.secret, { prompt: script({ fail: 'upstream_error' }) }, 'excel');
    expect(failed.statusCode, failed.body).toBe(502);
    const failedRun = failed.json().run_id as string;
    const noDoc = await get(org.secret, `/runs/${failedRun}/preview`);
    expect(noDoc.statusCode).toBe(409);
    expect(noDoc.json().error).toBe('conflict');
    expect((await ok(await get(org.secret, `/runs/${failedRun}/versions`))).items).toEqual([]);
    expect((await ok(await get(org.secret, `/runs/${failedRun}/tasks`))).items.map((x: any) => x.status)).toEqual(['failed']);
  });
});
