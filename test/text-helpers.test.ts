// POST /text/humanize, /text/rewrite, /text/new-content on the builtin engine (the embedded default)
// and on a scripted provider: answers, what is sent, the number-keeping repair, validation, charges.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { providerEnv, usageRecords } from './helpers/llm.ts';
import { credits, key, setBalance } from './helpers/runs.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let fake: FakeLlmServer;
let builtin: TestApp;
let wired: TestApp;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  [builtin, wired] = await Promise.all([startTestApp(), startTestApp({}, { env: providerEnv(fake, { FOLIO_LLM_FALLBACK_MODELS: 'claude-haiku-4-5' }) })]);
});
afterAll(async () => { await Promise.all([builtin?.close(), wired?.close()]); await fake?.close(); });
beforeEach(() => fake.reset());

const post = (app: TestApp, secret: string, path: string, body: unknown) => app.inject({ method: 'POST', url: `/api/v1/text/${path}`, headers: key(secret), payload: body as object });

const STIFF = 'It is important to note that Acme Corp will utilize 4 new depots in order to facilitate deliveries to 1,200 stores by 2025-03-31.';

describe('on the builtin engine', () => {
  it('humanize returns {text} with meaning, numbers and names unchanged, charged like an LLM call', async () => {
    const org = await builtin.signup();
    const res = await post(builtin, org.secret, 'humanize', { text: STIFF });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: 'Acme Corp will use 4 new depots to help deliveries to 1,200 stores by 2025-03-31.' });
    expect(res.headers).toMatchObject({ 'x-llm-model': 'builtin', 'x-credits-used': '1' });
    expect(await credits(builtin, org.secret)).toMatchObject({ balance: 99 });
    expect((await usageRecords(builtin, org.secret))[0]).toMatchObject({ operation: 'text.humanize', model: 'builtin', credits: 1, status: 'succeeded' });
  });

  it('rewrite follows the prompt, deterministically', async () => {
    const org = await builtin.signup();
    const body = { text: "We can't ship today. It's late! The fix isn't ready.", prompt: 'Make it formal and shorter' };
    const res = await post(builtin, org.secret, 'rewrite', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().text).toBe('We cannot ship today. The fix is not ready.');
    expect((await post(builtin, org.secret, 'rewrite', body)).json()).toEqual(res.json());
  });

  it('new-content drafts a titled document with sections from the prompt', async () => {
    const org = await builtin.signup();
    const res = await post(builtin, org.secret, 'new-content', { prompt: 'Write a proposal for a staff cafeteria. Budget is 80000 EUR and the timeline is six months.', file_name: 'cafeteria.md' });
    expect(res.statusCode, res.body).toBe(200);
    const text: string = res.json().text;
    expect(text.split('\n')[0]).toBe('# Proposal for a Staff Cafeteria');
    for (const section of ['## Background', '## Proposal', '## Timeline', '## Budget']) expect(text).toContain(section);
    expect(text).toContain('Budget is 80000 EUR');
    expect((await post(builtin, org.secret, 'new-content', { prompt: 'Team offsite agenda', file_name: 'agenda.txt' })).json().text).not.toContain('#');
  });

  const invalid: [string, string, unknown, (string | number)[]][] = [
    ['empty text', 'humanize', { text: '' }, ['body', 'text']],
    ['text over 20000 characters', 'humanize', { text: 'x'.repeat(20_001) }, ['body', 'text']],
    ['an unknown property', 'humanize', { text: 'x', tone: 'warm' }, ['body', 'tone']],
    ['a rewrite without prompt', 'rewrite', { text: 'x' }, ['body', 'prompt']],
    ['new content without prompt', 'new-content', { file_name: 'a.md' }, ['body', 'prompt']],
  ];
  for (const [name, path, body, loc] of invalid) {
    it(`rejects ${name} (422 at ${loc.join('.')})`, async () => {
      const org = await builtin.signup();
      const res = await post(builtin, org.secret, path, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(loc);
    });
  }

  it('answers 402 without credits', async () => {
    const org = await builtin.signup();
    await setBalance(builtin, org.org_id, 0);
    expect((await post(builtin, org.secret, 'humanize', { text: 'hello' })).json()).toMatchObject({ error: 'insufficient_credits' });
  });
});

describe('on a provider', () => {
  it('humanize sends fixed instructions and the text, and answers the model\'s rewrite', async () => {
    const org = await wired.signup();
    fake.enqueue({ text: 'Acme Corp will use 4 new depots to reach 1,200 stores by 2025-03-31.' });
    const res = await post(wired, org.secret, 'humanize', { text: STIFF });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: 'Acme Corp will use 4 new depots to reach 1,200 stores by 2025-03-31.' });
    expect(res.headers['x-llm-model']).toBe('gpt-4.1');
    const [sent] = fake.requests;
    expect(sent.model).toBe('gpt-4.1');
    expect(sent.transcript).toEqual([expect.stringMatching(/^system: Rewrite the text .* Keep the meaning, every fact, number, date and name exactly/), `user: ${STIFF}`]);
  });

  it('sends a rewrite that drops a number back for repair, then moves on to the fallback model', async () => {
    const org = await wired.signup();
    fake.enqueueFor('gpt-4.1', { text: 'Acme will use some depots to reach many stores soon.' }, { text: 'Acme will use 4 depots to reach many stores.' });
    fake.enqueueFor('claude-haiku-4-5', { text: 'Acme Corp will use 4 depots to reach 1,200 stores by 2025-03-31.' });
    const res = await post(wired, org.secret, 'humanize', { text: STIFF });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-llm-model']).toBe('claude-haiku-4-5');
    expect(fake.requests[1].transcript.at(-1)).toContain('these numbers of the original are missing or changed: 4, 1,200, 2025-03-31');
    expect(fake.requests[1].transcript.at(-2)).toBe('assistant: Acme will use some depots to reach many stores soon.');
  });

  it('rewrite and new-content send the instruction, the text and the file name', async () => {
    const org = await wired.signup();
    fake.enqueue({ text: 'Short.' }, { text: '# Q3 memo' });
    expect((await post(wired, org.secret, 'rewrite', { text: 'A long text.', prompt: 'shorter' })).json()).toEqual({ text: 'Short.' });
    expect(fake.requests[0].transcript[1]).toBe('user: Instruction: shorter\n\nText:\nA long text.');
    expect((await post(wired, org.secret, 'new-content', { prompt: 'A memo on Q3', file_name: 'q3.md' })).json()).toEqual({ text: '# Q3 memo' });
    expect(fake.requests[1].transcript[1]).toBe('user: A memo on Q3\n\n(The text is for the file "q3.md".)');
    const ops = (await usageRecords(wired, org.secret)).map((r) => r.operation);
    expect(ops).toEqual(['text.new_content', 'text.rewrite']);
  });
});
