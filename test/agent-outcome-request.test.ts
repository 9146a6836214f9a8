// A run completes only when the document holds what the request spells out, checked with the structural
// checks of the evaluation set derived from the request (src/documents/agent/outcome/request-checks.ts):
// a model that finishes with the wrong sheet, too few slides or no chart of the data it was given is
// told what is missing and corrects it, or the task fails with upstream_error saying so, uncharged.
// Over OpenAI Responses (gpt-4.1), Anthropic Messages (claude-sonnet-4-5) and Chat Completions (local-llama).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer, type Step, type ToolCall } from './helpers/fake-llm-server.ts';
import { providerEnv, usageRecords } from './helpers/llm.ts';
import { credits, generate, ledger, withRuns } from './helpers/runs.ts';
import { inspectPptx, packageParts, runDocument } from './helpers/slides.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  t = await startTestApp(withRuns({ minBalance: { word: 50, excel: 50, slides: 50 } }), {
    env: providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'gpt-4.1', FOLIO_LLM_FALLBACK_MODELS: 'claude-sonnet-4-5,local-llama', FOLIO_AGENT_MAX_TURNS: '5' }),
  });
});
afterAll(async () => { await t?.close(); await fake?.close(); });

const calls = (...c: ToolCall[]): Step => ({ toolCalls: c });
const finish = (summary = 'Done.'): ToolCall => ({ name: 'finish', args: { summary } });
const slides = (...titles: string[]): ToolCall => ({ name: 'add_slides', args: { slides: titles.map((title, i) => (i === 0 ? { layout: 'title', title } : { layout: 'bullets', title, bullets: ['[Add the points]'], notes: 'To fill in.' })) } });
const transcript = (model: string, i: number) => fake.requests.filter((r) => r.model === model)[i].transcript.join('\n');

async function sheetNames(secret: string, runId: string): Promise<string[]> {
  const book = (await packageParts((await runDocument(t, secret, runId)).bytes)).get('xl/workbook.xml')!.toString('utf8');
  return [...book.matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) => m[1]);
}

describe('what the request spells out', () => {
  it('a sheet named Notes with Reviewed in A1 (Responses): finishing with a sheet "Data" is refused with what is missing, then corrected', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1',
      calls({ name: 'add_sheet', args: { name: 'Data' } }, { name: 'set_cells', args: { sheet: 'Data', start: 'A1', rows: [['Draft']] } }, finish()),
      calls({ name: 'rename_sheet', args: { sheet: 'Data', new_name: 'Notes' } }, { name: 'set_cells', args: { sheet: 'Notes', start: 'A1', rows: [['Reviewed']] } }, finish('Renamed it.')));
    const res = await generate(t, org.secret, { prompt: 'A workbook with a sheet named Notes with the text Reviewed in cell A1' }, 'excel');
    expect(res.statusCode, res.body).toBe(200);
    const told = transcript('gpt-4.1', 1).replace(/\\"/g, '"');
    expect(told).toContain('Not finished: the request names a sheet "Notes", which the workbook does not have yet');
    expect(told).toContain('the request puts "Reviewed" in Notes!A1, which the workbook does not have yet');
    expect(await sheetNames(org.secret, res.json().run_id)).toEqual(['Notes']);
  });

  it('a 6-slide deck (Anthropic): a finish after two slides is refused, and the model adds the rest', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', { status: 503 });
    fake.enqueueFor('claude-sonnet-4-5',
      calls(slides('Hiring plan', 'Roles'), finish()),
      calls({ name: 'add_slides', args: { slides: ['Budget', 'Timeline', 'Risks', 'Next steps'].map((title) => ({ layout: 'bullets', title, bullets: ['[Add the points]'], notes: 'To fill in.' })) } }, finish('Six slides.')));
    const res = await generate(t, org.secret, { prompt: 'A 6-slide deck on our hiring plan' }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    expect(transcript('claude-sonnet-4-5', 1)).toContain('Not finished: the request asks for 6 slides, which the deck does not have yet (2 parts');
    expect(inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes).slides).toHaveLength(6);
  });

  it('a chart of the data given (Chat Completions, then nobody): a clear upstream_error naming what is missing, nothing charged, nothing written', async () => {
    fake.reset();
    const org = await t.signup();
    const before = await credits(t, org.secret);
    fake.enqueueFor('gpt-4.1', { status: 503 });
    fake.enqueueFor('claude-sonnet-4-5', { status: 503 });
    const sheet = (name: string): ToolCall => ({ name: 'add_sheet', args: { name, columns: [{ header: 'Region' }, { header: 'Revenue', type: 'currency' }], rows: [['North', 120], ['South', 80]] } });
    fake.enqueueFor('local-llama', calls(sheet('Sales'), finish()), calls(finish('It is done.')), calls(finish('Really done.')));
    const res = await generate(t, org.secret, { prompt: 'Sales workbook with a bar chart of revenue by region: North 120, South 80' }, 'excel');
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ error: 'upstream_error' });
    expect(res.json().message).toContain('local-llama called finish before the document held what was asked (the request asks for a chart of the data it gives, which the workbook does not have yet');
    expect(res.json().message).toContain('again after being told what was wrong');
    expect((await ledger(t, org.secret)).filter((e) => e.kind === 'charge')).toEqual([]);
    expect(await credits(t, org.secret)).toEqual(before);
    expect(await usageRecords(t, org.secret)).toEqual([]);
  });
});
