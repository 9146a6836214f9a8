// POST /preflight, and the same checks on the generation endpoints: schema (422), balance (402),
// references (404/409), content (400 preflight_failed with `missing`), in that order, at no cost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { png } from './helpers/fixtures.ts';
import { count, generate, key, ledger, setBalance, withRuns } from './helpers/runs.ts';
import { scriptedAgents, type AgentCall } from './helpers/scripted-agent.ts';
import { fileParts, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const calls: AgentCall[] = [];
let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  [t, bare] = await Promise.all([
    startTestApp(withRuns({ minBalance: { word: 5, excel: 5, slides: 10 } }), { agents: scriptedAgents(calls) }),
    startTestApp(withRuns({}), { agents: {} }),
  ]);
});
afterAll(async () => Promise.all([t?.close(), bare?.close()]));

const preflight = (app: TestApp, secret: string, body: unknown) => app.inject({ method: 'POST', url: '/api/v1/preflight', headers: key(secret), payload: body as object });

describe('POST /preflight', () => {
  it('says what a valid request would do, with the references it uses', async () => {
    const org = await t.signup();
    const file = (await upload(t, org.secret, '/api/v1/files', fileParts('q3.csv', Buffer.from('q,n\nQ3,4\n'), { purpose: 'data' }))).json();
    const image = (await upload(t, org.secret, '/api/v1/images', fileParts('team.png', png(4, 4)))).json();
    const res = await preflight(t, org.secret, {
      format: 'slides', prompt: 'Make 12 slides on Q3 with the attached photos of the team', mode: 'action', async: true,
      data_sources: [{ file_id: file.file_id, kind: 'csv' }], image_assets: [{ image_id: image.image_id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true, format: 'slides', mode: 'action', async: true, run_id: null, estimated_minimum_credits: 10, balance: 100, agent_available: true,
      references: { files: 1, images: 1 }, notices: [],
    });
  });

  it('answers 400 preflight_failed listing what is missing when the prompt asks for images and none are attached', async () => {
    const org = await t.signup();
    const res = await preflight(t, org.secret, { format: 'word', prompt: 'Write a brochure with photos of our three hotels.' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false, error: 'preflight_failed', message: expect.stringContaining('image_assets'), missing: ['images'],
      problems: [{ loc: ['body', 'prompt'], type: 'missing_images', msg: expect.stringContaining('POST /images') }],
    });
  });

  const content: [string, Record<string, unknown>, string[], string[]][] = [
    ['a logo without brand.logo_*', { format: 'word', prompt: 'A letterhead with our logo at the top.' }, ['logo'], ['missing_logo']],
    ['attached files that are not there', { format: 'excel', prompt: 'Chart the numbers from the attached spreadsheet.' }, ['files'], ['missing_files']],
    ['audio or video', { format: 'slides', prompt: 'Create a short video and a deck about it.' }, [], ['unsupported_media']],
    ['several problems at once', { format: 'slides', prompt: 'Make 31 slides using the uploaded photos and our logo.' }, ['images', 'logo'], ['missing_images', 'missing_logo']],
  ];
  for (const [name, body, missing, types] of content) {
    it(`refuses ${name}`, async () => {
      const org = await t.signup();
      const res = await preflight(t, org.secret, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'preflight_failed', missing });
      expect(res.json().problems.map((p: { type: string }) => p.type)).toEqual(types);
    });
  }

  it('passes the same prompts once what they need is given, and decks of more than 30 slides (made 30 at a time)', async () => {
    const org = await t.signup();
    const image = (await upload(t, org.secret, '/api/v1/images', fileParts('logo.png', png(2, 2)))).json();
    for (const body of [
      { format: 'word', prompt: 'Write a brochure with photos of our three hotels.', image_assets: [{ image_id: image.image_id }] },
      { format: 'word', prompt: 'A letterhead with our logo at the top.', brand: { logo_url: 'https://example.com/logo.png' } },
      { format: 'word', prompt: 'Summarize the 45 slides of last year\'s deck in a memo.' },
      { format: 'slides', prompt: 'A 30-slide deck on the history of flight, with a chart of airline revenue.' },
      { format: 'slides', prompt: 'A 45-slide deck on the history of flight.' },
      { format: 'excel', prompt: 'A budget for a video shoot.' },
    ]) {
      const res = await preflight(t, org.secret, body);
      expect(res.statusCode, `${body.prompt}: ${res.body}`).toBe(200);
      const capped = body.format === 'slides' && body.prompt.includes('45-slide');
      expect(res.json().notices, body.prompt).toEqual(capped ? [expect.stringContaining('at most 30')] : []);
    }
  });

  it('checks references like the generation endpoints: 404 for unknown ids and other organizations\' ids, 409 for a run of another format', async () => {
    const [org, other] = [await t.signup(), await t.signup()];
    const theirs = (await upload(t, other.secret, '/api/v1/images', fileParts('x.png', png(2, 2)))).json();
    expect((await preflight(t, org.secret, { format: 'word', prompt: 'p', context_files: ['file_nope'] })).json()).toMatchObject({ error: 'not_found', message: 'File file_nope not found.' });
    expect((await preflight(t, org.secret, { format: 'word', prompt: 'p', image_assets: [{ image_id: theirs.image_id }] })).statusCode).toBe(404);
    expect((await preflight(t, org.secret, { format: 'word', prompt: 'p', run_id: 'run_nope' })).statusCode).toBe(404);
    const run = (await generate(t, org.secret, { prompt: 'a doc' }, 'word')).json();
    const wrongFormat = await preflight(t, org.secret, { format: 'excel', prompt: 'p', run_id: run.run_id });
    expect(wrongFormat.statusCode).toBe(409);
    const resumed = await preflight(t, org.secret, { format: 'word', prompt: 'next version', run_id: run.run_id });
    expect(resumed.json()).toMatchObject({ ok: true, run_id: run.run_id });
  });

  it('answers 402 before looking at the content, and never spends, creates or queues anything', async () => {
    const org = await t.signup();
    await setBalance(t, org.org_id, 9);
    const before = await ledger(t, org.secret);
    const res = await preflight(t, org.secret, { format: 'slides', prompt: 'With our product photos.', context_files: ['file_nope'] });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'insufficient_credits', balance: 9, minimum_balance: 10 });
    expect((await preflight(t, org.secret, { format: 'word', prompt: 'A memo.' })).json()).toMatchObject({ ok: true, balance: 9, estimated_minimum_credits: 5 });
    expect(await ledger(t, org.secret)).toEqual(before);
    expect(await count(t, sql`select count(*) as n from tasks where org_id = ${org.org_id}`)).toBe(0);
  });

  it('validates the request schema (422) like the generation endpoints', async () => {
    const org = await t.signup();
    for (const [body, loc] of [
      [{ prompt: 'p' }, ['body', 'format']],
      [{ format: 'pdf', prompt: 'p' }, ['body', 'format']],
      [{ format: 'word', prompt: 'x'.repeat(10_001) }, ['body', 'prompt']],
      [{ format: 'word', prompt: 'p', unknown: 1 }, ['body', 'unknown']],
      [{ format: 'word', prompt: 'p', timeout_ms: 5 }, ['body', 'timeout_ms']],
    ] as const) {
      const res = await preflight(t, org.secret, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(loc);
    }
  });

  it('works where no agent is installed, and says so', async () => {
    const org = await bare.signup();
    const res = await preflight(bare, org.secret, { format: 'excel', prompt: 'A budget.' });
    expect(res.json()).toMatchObject({ ok: true, agent_available: false });
  });
});

describe('the generation endpoints run the same checks before queueing', () => {
  it('answer 400 preflight_failed without creating a task or calling the agent', async () => {
    const org = await t.signup();
    const agentCalls = calls.length;
    const res = await generate(t, org.secret, { prompt: 'A deck with the attached screenshots.' }, 'slides');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'preflight_failed', missing: ['images'] });
    expect(await count(t, sql`select count(*) as n from tasks where org_id = ${org.org_id}`)).toBe(0);
    expect(calls.length).toBe(agentCalls);
    expect((await generate(t, org.secret, { prompt: 'A deck about screenshots as a genre.' }, 'slides')).statusCode).toBe(200);
  });

  it('check the balance (402) before the content (400)', async () => {
    const org = await t.signup();
    await setBalance(t, org.org_id, 4);
    const res = await generate(t, org.secret, { prompt: 'A letter with our logo.' }, 'word');
    expect(res.statusCode).toBe(402);
    await setBalance(t, org.org_id, 5);
    expect((await generate(t, org.secret, { prompt: 'A letter with our logo.' }, 'word')).statusCode).toBe(400);
  });
});
