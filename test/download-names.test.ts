// Generated documents are named after their titles: the run's file_name (and Content-Disposition's
// ASCII `filename`) is a short slug of the title, and `filename*` (RFC 8187) carries the full title, on
// the builtin engine and when a model gives the title. A name the caller gives is used as it is, and a
// resumed run keeps its name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { providerEnv } from './helpers/llm.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { download } from './helpers/storage.ts';

let builtin: TestApp;
let llm: TestApp;
let fake: FakeLlmServer;

beforeAll(async () => {
  fake = await startFakeLlmServer();
  [builtin, llm] = await Promise.all([startTestApp(withRuns({})), startTestApp(withRuns({}), { env: providerEnv(fake) })]);
});
afterAll(async () => { await Promise.all([builtin?.close(), llm?.close()]); await fake?.close(); });

async function made(t: TestApp, secret: string, body: Record<string, unknown>, format: string) {
  const res = await generate(t, secret, body, format);
  expect(res.statusCode, res.body).toBe(200);
  const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${res.json().run_id}`, headers: key(secret) })).json();
  const file = await download(t, res.json().download_url);
  expect(file.status).toBe(200);
  return { res: res.json(), run, disposition: file.headers['content-disposition'] };
}

const star = (name: string) => `filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

describe('download names (builtin engine)', () => {
  it('names the workbook of the issue\'s request after its subject (a mortgage repayment schedule)', async () => {
    const org = await builtin.signup();
    const { run, disposition } = await made(builtin, org.secret, { prompt: 'A repayment schedule for a $300,000 mortgage at 6.5% over 30 years, monthly payments' }, 'excel');
    // The builtin engine's workbook has no title row: the title is in its file properties (set_workbook),
    // from what the request asks for, a mortgage's repayment schedule.
    const title = 'Mortgage repayment schedule';
    expect(run).toMatchObject({ file_name: 'mortgage-repayment-schedule.xlsx', title });
    expect(disposition).toBe(`attachment; filename="mortgage-repayment-schedule.xlsx"; ${star(`${title}.xlsx`)}`);
  });

  it.each([
    ['word', 'Erstelle einen Bericht über die Energiewende in Deutschland', 'Bericht über die Energiewende in Deutschland', 'bericht-uber-die-energiewende-in-deutschland.docx'],
    ['slides', 'Make me a deck on the energy transition for investors', null, null],
    ['word', 'Can you write a memo to staff about the new parking policy?', 'New Parking Policy', 'new-parking-policy.docx'],
  ] as const)('%s: "%s"', async (format, prompt, title, fileName) => {
    const org = await builtin.signup();
    const { run, disposition } = await made(builtin, org.secret, { prompt }, format);
    expect(run.file_name.length).toBeLessThanOrEqual(60);
    expect(run.file_name).toMatch(/^[a-z0-9]+(?:[.-][a-z0-9]+)*\.(docx|pptx)$/);
    expect(run.title).toEqual(expect.any(String));
    if (title) expect(run).toMatchObject({ title, file_name: fileName });
    expect(disposition).toBe(`attachment; filename="${run.file_name}"; ${star(`${run.title}.${run.file_name.split('.').pop()}`)}`);
  });

  it('uses a file_name the caller gives as it is, with no title, and a resumed run keeps its name and title', async () => {
    const org = await builtin.signup();
    const named = await made(builtin, org.secret, { prompt: 'A memo about the Q3 offsite', file_name: 'Offsite memo, final.docx' }, 'word');
    expect(named.run).toMatchObject({ file_name: 'Offsite memo, final.docx', title: null });
    expect(named.disposition).toBe(`attachment; filename="Offsite memo, final.docx"; ${star('Offsite memo, final.docx')}`);
    const first = await made(builtin, org.secret, { prompt: 'A memo about the Q3 offsite in Lisbon' }, 'word');
    expect(first.run).toMatchObject({ file_name: 'q3-offsite-in-lisbon.docx', title: 'Q3 Offsite in Lisbon' });
    const resumed = await made(builtin, org.secret, { prompt: 'Add a section called Budget: to be confirmed', run_id: first.res.run_id }, 'word');
    expect(resumed.run).toMatchObject({ version: 2, file_name: 'q3-offsite-in-lisbon.docx', title: 'Q3 Offsite in Lisbon' });
    expect(resumed.disposition).toBe(first.disposition);
  });
});

describe('download names (a model gives the title)', () => {
  it('puts the model\'s title through the same rules', async () => {
    fake.reset();
    const org = await llm.signup();
    const title = 'Q3: Revenue / Costs — Review at 6.5% of $1,200,000 (Acme Inc.)';
    fake.enqueue({ toolCalls: [{ name: 'set_document', args: { title } }, { name: 'finish', args: { summary: 'Done.' } }] });
    const { run, disposition } = await made(llm, org.secret, { prompt: 'Write the Q3 review' }, 'word');
    expect(run).toMatchObject({ file_name: 'q3-revenue-costs-review-at-6.5pct-of-1200000-acme-inc.docx', title });
    expect(disposition).toBe(`attachment; filename="q3-revenue-costs-review-at-6.5pct-of-1200000-acme-inc.docx"; ${star('Q3 - Revenue Costs — Review at 6.5% of $1,200,000 (Acme Inc.).docx')}`);
  });
});
