// Models that misbehave cannot produce a hollow success. Through POST /word/generate and
// /slides/generate against the scripted provider, speaking OpenAI Responses (gpt-4.1), Anthropic
// Messages (claude-sonnet-4-5) and Chat Completions (local-llama): a plain-text answer, unknown tools,
// invalid arguments over and over, ids that do not exist, a loop repeating the same call, running out
// of turns, `finish` with nothing built, truncated tool-call JSON. Each gets a corrective nudge; a model
// that does not correct itself hands the task to the next model of the chain (then the builtin
// engine when it is in the chain), or the task fails with upstream_error, uncharged. The task's phase
// and the run's turns record the nudges and fallbacks.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer, type Step, type ToolCall } from './helpers/fake-llm-server.ts';
import { providerEnv, usageRecords } from './helpers/llm.ts';
import { credits, generate, ledger, waitForTask, withRuns } from './helpers/runs.ts';
import { inspectPptx, packageParts, runDocument } from './helpers/slides.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
/** local-llama first, then the builtin engine. */
let tb: TestApp;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  const runs = withRuns({ minBalance: { word: 50, excel: 50, slides: 50 } });
  [t, tb] = await Promise.all([
    startTestApp(runs, { env: providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'gpt-4.1', FOLIO_LLM_FALLBACK_MODELS: 'claude-sonnet-4-5,local-llama', FOLIO_AGENT_MAX_TURNS: '5' }) }),
    startTestApp(runs, { env: providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'local-llama', FOLIO_LLM_FALLBACK_MODELS: 'local-llama,builtin' }) }),
  ]);
});
afterAll(async () => { await t?.close(); await tb?.close(); await fake?.close(); });

const calls = (...c: ToolCall[]): Step => ({ toolCalls: c });
const content = (markdown: string): ToolCall => ({ name: 'add_content', args: { markdown } });
const finishCall = (summary: string): ToolCall => ({ name: 'finish', args: { summary } });
const MEMO = [content('# Memo\n\nWe ship on Friday.'), finishCall('Wrote the memo.')];

async function wordText(app: TestApp, secret: string, runId: string): Promise<string> {
  const parts = await packageParts((await runDocument(app, secret, runId)).bytes);
  return [...parts.get('word/document.xml')!.toString('utf8').matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('\n');
}

async function events(app: TestApp, taskId: string): Promise<any[]> {
  const rows = (await sql<{ events: unknown }>`select events from agent_turns where task_id = ${taskId}`.execute(app.app.ctx.database.db)).rows;
  const e = rows[0]?.events;
  return typeof e === 'string' ? JSON.parse(e) : (e as any[]) ?? [];
}

const userLines = (i: number) => fake.requests[i].transcript.filter((l) => l.startsWith('user:') || l.startsWith('tool:')).join('\n');

describe('a nudge first', () => {
  it('a plain-text answer (Responses) is told to use the tools; the phase shows the correction; finish in the same turn as the edits', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', { text: 'Here is your memo: we ship on Friday.' }, { ...calls(...MEMO), delayMs: 1500 });
    const res = await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday', async: true });
    expect(res.statusCode, res.body).toBe(202);
    const mid = await waitForTask(t, org.secret, res.json().task_id, (x) => x.phase === 'correcting' || !['queued', 'running'].includes(x.status));
    expect(mid).toMatchObject({ status: 'running', phase: 'correcting' });
    const done = await waitForTask(t, org.secret, res.json().task_id);
    expect(done.status, JSON.stringify(done)).toBe('completed');
    expect(done.result.summary).toBe('Built the Word document: 1 section. Wrote the memo.');
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'gpt-4.1']);
    expect(userLines(1)).toContain('[Folio] You answered with text only and called no tool, so nothing was done to the document (nothing has been built');
    expect(await wordText(t, org.secret, res.json().run_id)).toContain('We ship on Friday.');
    expect((await events(t, done.task_id)).map((e) => [e.kind, e.model, e.reason])).toEqual([['nudge', 'gpt-4.1', 'text_only'], ['recovered', 'gpt-4.1', null]]);
  });

  it('ids that do not exist (Responses) are answered with a pointer to get_outline, and the model recovers', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', calls(...MEMO));
    const first = (await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday' })).json();
    fake.reset();
    fake.enqueueFor('gpt-4.1',
      calls({ name: 'update_block', args: { id: 'b999', text: 'We ship on Monday.' } }, { name: 'delete', args: { ids: ['b998'] } }),
      calls({ name: 'replace_text', args: { find: 'Friday', replace: 'Monday' } }, finishCall('Moved the date.')));
    const res = await generate(t, org.secret, { prompt: 'We ship on Monday now', run_id: first.run_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(userLines(1)).toContain('call get_outline to see the ids the document has now');
    expect(await wordText(t, org.secret, first.run_id)).toContain('We ship on Monday.');
    expect((await events(t, res.json().task_id)).map((e) => e.reason)).toEqual(['tool_errors', null]);
  });

  it('finish with nothing built (Anthropic) is refused with the reason, and the model then builds', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', { status: 503 });
    fake.enqueueFor('claude-sonnet-4-5', calls(finishCall('All done!')), calls(...MEMO));
    const res = await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'claude-sonnet-4-5', 'claude-sonnet-4-5']);
    expect(userLines(2)).toContain('Not finished: nothing has been built: the document is still the empty starting document');
    expect(res.json().summary).toBe('Built the Word document: 1 section. Wrote the memo. claude-sonnet-4-5 took over: gpt-4.1 failed with HTTP 503.');
    expect((await events(t, res.json().task_id)).map((e) => [e.kind, e.reason])).toEqual([['fallback', 'model_error'], ['nudge', 'empty_finish'], ['recovered', null]]);
  });
});

describe('then the next model of the chain', () => {
  it('text twice (Responses) hands over to Anthropic, which starts from a summary; the dropped model is not charged', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', { text: 'Sure! What should it say?' }, { text: 'I cannot use tools.' });
    fake.enqueueFor('claude-sonnet-4-5', calls(...MEMO));
    const res = await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'gpt-4.1', 'claude-sonnet-4-5']);
    const handover = userLines(2);
    expect(handover).toContain('Another model worked on this request first and was stopped: gpt-4.1 answered with text only, without calling a tool, again after being told what was wrong. It changed nothing.');
    expect(handover).not.toContain('I cannot use tools');
    expect(res.json().summary).toBe('Built the Word document: 1 section. Wrote the memo. claude-sonnet-4-5 took over: gpt-4.1 answered with text only, without calling a tool, again after being told what was wrong.');
    const records = await usageRecords(t, org.secret, `&session_id=${res.json().run_id}`);
    const by = Object.fromEntries(records.map((r) => [r.model, r]));
    expect(by['gpt-4.1'].credits).toBe(0);
    expect(by['gpt-4.1'].input_tokens).toBeGreaterThan(0);
    expect(res.json().credits_used).toBe(by['claude-sonnet-4-5'].credits + 1);
    // The system prompt and tools are a stable prefix: the same bytes on every turn and in every run, cached on Anthropic.
    expect(fake.requests[2].body.system).toEqual([expect.objectContaining({ type: 'text', cache_control: { type: 'ephemeral' } })]);
    const gptPrefix = (i: number) => JSON.stringify([fake.requests[i].body.input[0], fake.requests[i].body.tools]);
    expect(gptPrefix(1)).toBe(gptPrefix(0));
    const before = gptPrefix(0);
    fake.reset();
    fake.enqueueFor('gpt-4.1', calls(...MEMO));
    await generate(t, org.secret, { prompt: 'Another memo: the office is closed on Monday', brand: { primary_color: '#123456' } });
    expect(gptPrefix(0)).toBe(before);
  });

  it('unknown tools (Anthropic, after an outage) hand over to Chat Completions', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', { status: 500 });
    fake.enqueueFor('claude-sonnet-4-5', calls({ name: 'write_document', args: { text: 'Memo' } }), calls({ name: 'create_memo', args: {} }, { name: 'save', args: {} }));
    fake.enqueueFor('local-llama', calls(...MEMO));
    const res = await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.map((r) => r.api)).toEqual(['openai-responses', 'anthropic-messages', 'anthropic-messages', 'openai-chat']);
    expect(userLines(2)).toContain('You called tools that do not exist');
    // The conversation so far is an Anthropic cache breakpoint on every turn, like the system prompt.
    expect(fake.requests[2].body.messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
    expect(userLines(3)).toContain('stopped: claude-sonnet-4-5 called tools that do not exist, again after being told what was wrong');
    expect((await events(t, res.json().task_id)).map((e) => [e.kind, e.model, e.reason, e.next ?? null])).toEqual([
      ['fallback', 'gpt-4.1', 'model_error', 'claude-sonnet-4-5'], ['nudge', 'claude-sonnet-4-5', 'unknown_tool', null], ['fallback', 'claude-sonnet-4-5', 'unknown_tool', 'local-llama'],
    ]);
  });

  it('a loop repeating the same call (Anthropic) is not run again, and the next model finishes with the work kept', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', { status: 500 });
    const same = calls(content('# Memo\n\nWe ship on Friday.'));
    fake.enqueueFor('claude-sonnet-4-5', same, same, same);
    fake.enqueueFor('local-llama', calls(finishCall('The memo was already written.')));
    const res = await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday' });
    expect(res.statusCode, res.body).toBe(200);
    expect(userLines(3)).toContain('Not run again: this call is identical to the one of turn 1');
    expect(userLines(3)).toContain('You repeated calls you had already made');
    expect(userLines(4)).toContain("Its changes so far, which stay: added \"Memo\"");
    expect((await wordText(t, org.secret, res.json().run_id)).match(/We ship on Friday\./g)).toHaveLength(1);
    expect((await events(t, res.json().task_id)).map((e) => e.reason)).toEqual(['model_error', 'repeated_call', 'repeated_call']);
  });

  it('running out of turns (Responses, 5 here) with nothing built is warned, then handed over', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', ...[1, 2, 3, 4, 5].map((i) => calls({ name: 'find_text', args: { query: `plan ${i}` } })));
    fake.enqueueFor('claude-sonnet-4-5', calls(...MEMO));
    const res = await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.map((r) => r.model)).toEqual([...Array(5).fill('gpt-4.1'), 'claude-sonnet-4-5']);
    expect(userLines(3)).toContain('You have 2 turns left. Complete what the request needs now and call finish in that turn');
    expect(userLines(5)).toContain('gpt-4.1 used up its turns without building what was asked (5 turns)');
    expect((await events(t, res.json().task_id)).map((e) => [e.kind, e.reason])).toEqual([['nudge', 'turn_limit'], ['fallback', 'turn_limit']]);
  });

  it('truncated tool-call JSON (Responses) is explained, and a second one hands over; the phase names the new model', async () => {
    fake.reset();
    const org = await t.signup();
    const cut = (raw: string) => calls({ name: 'add_content', args: {}, rawArguments: raw });
    fake.enqueueFor('gpt-4.1', cut('{"markdown": "# Memo\\n\\nWe ship on Fri'), cut('{"markdown": "# Memo\\n\\nWe sh'));
    fake.enqueueFor('claude-sonnet-4-5', { ...calls(...MEMO), delayMs: 1500 });
    const taskId = (await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday', async: true })).json().task_id;
    const mid = await waitForTask(t, org.secret, taskId, (x) => x.phase?.startsWith('fallback') || !['queued', 'running'].includes(x.status));
    expect(mid).toMatchObject({ status: 'running', phase: 'fallback:claude-sonnet-4-5' });
    expect((await waitForTask(t, org.secret, taskId)).status).toBe('completed');
    expect(userLines(1)).toContain('The arguments of add_content are not valid JSON (cut off or garbled)');
    expect(userLines(1)).toContain('[Folio] Your tool call arguments were not valid JSON');
    expect((await events(t, taskId)).map((e) => e.reason)).toEqual(['garbled_arguments', 'garbled_arguments']);
  });
});

describe('then the builtin engine, when it is in the chain', () => {
  it('invalid arguments over and over (Chat Completions) hand the deck to the builtin planner', async () => {
    fake.reset();
    const org = await tb.signup();
    fake.enqueueFor('local-llama', calls({ name: 'add_slide', args: { layout: 'bogus', title: 'Welcome' } }), calls({ name: 'add_slide', args: { layout: 'bullets', title: 7 } }));
    const res = await generate(tb, org.secret, { prompt: 'An onboarding deck: welcome, tools, first week' }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(userLines(1)).toContain('Every call of your last turn was refused for invalid arguments');
    expect(inspectPptx((await runDocument(tb, org.secret, res.json().run_id)).bytes).slides.length).toBeGreaterThan(0);
    const e = await events(tb, res.json().task_id);
    expect(e.at(-1)).toMatchObject({ kind: 'fallback', model: 'local-llama', reason: 'invalid_arguments', next: 'builtin' });
    const models = (await usageRecords(tb, org.secret, `&session_id=${res.json().run_id}`)).map((r) => r.model).sort();
    expect(models).toEqual(['builtin', 'local-llama']);
  });

  it('garbled JSON once (Chat Completions) is corrected, and add_slides builds the deck in one call', async () => {
    fake.reset();
    const org = await tb.signup();
    fake.enqueueFor('local-llama',
      calls({ name: 'add_slides', args: {}, rawArguments: '{"slides": [{"layout": "title", "title": "Onboard' }),
      calls({ name: 'add_slides', args: { slides: [
        { layout: 'title', title: 'Onboarding' },
        { layout: 'bullets', title: 'Welcome', bullets: ['Meet the team'], notes: 'Say hello.' },
        { layout: 'bullets', title: 'First week', bullets: ['Set up your laptop'], notes: 'The first steps.' },
      ] } }, finishCall('Built the deck.')));
    const res = await generate(tb, org.secret, { prompt: 'An onboarding deck: welcome, first week' }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(inspectPptx((await runDocument(tb, org.secret, res.json().run_id)).bytes).slides).toHaveLength(3);
    expect((await events(tb, res.json().task_id)).map((e) => e.reason)).toEqual(['garbled_arguments', null]);
  });
});

describe('the outcome check of the format', () => {
  it('refuses to finish with an empty deck (Chat Completions), and the model adds a slide', async () => {
    fake.reset();
    const org = await tb.signup();
    const deck = [{ layout: 'title', title: 'Plan' }, { layout: 'bullets', title: 'Steps', bullets: ['One'], notes: 'The steps.' }];
    fake.enqueueFor('local-llama', calls({ name: 'add_slides', args: { slides: deck } }, finishCall('Built it.')));
    const first = (await generate(tb, org.secret, { prompt: 'A plan deck' }, 'slides')).json();
    fake.reset();
    fake.enqueueFor('local-llama',
      calls({ name: 'delete', args: { slide: 2 } }, { name: 'delete', args: { slide: 1 } }, finishCall('Cleared the deck.')),
      calls({ name: 'add_slide', args: { layout: 'title', title: 'A new start' } }, finishCall('Started over.')));
    const res = await generate(tb, org.secret, { prompt: 'Start the deck over with a title slide "A new start"', run_id: first.run_id }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    expect(userLines(1)).toContain('Not finished: the deck has no slides: add them (add_slides adds several in one call)');
    expect(inspectPptx((await runDocument(tb, org.secret, first.run_id)).bytes).slides).toHaveLength(1);
  });
});

describe('or a clear failure', () => {
  it('fails with upstream_error saying what each model did, and charges nothing', async () => {
    fake.reset();
    const org = await t.signup();
    const before = await credits(t, org.secret);
    fake.enqueueFor('gpt-4.1', { text: 'Done.' }, { text: 'Done, really.' });
    fake.enqueueFor('claude-sonnet-4-5', calls(finishCall('Finished.')), calls(finishCall('Finished again.')));
    fake.enqueueFor('local-llama', calls({ name: 'make_memo', args: {} }), calls({ name: 'make_memo', args: { now: true } }));
    const res = await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: 'upstream_error', task_id: expect.any(String) });
    expect(res.json().message).toBe('The document agent got no usable work from its models: gpt-4.1 answered with text only, without calling a tool, again after being told what was wrong; '
      + 'claude-sonnet-4-5 called finish with nothing built, again after being told what was wrong; local-llama called tools that do not exist, again after being told what was wrong. '
      + 'Nothing was built, and nothing was charged. Retry the request, or try another model.');
    expect((await ledger(t, org.secret)).filter((e) => e.kind === 'charge')).toEqual([]);
    expect(await credits(t, org.secret)).toEqual(before);
    expect(await usageRecords(t, org.secret)).toEqual([]);
    const e = await events(t, res.json().task_id);
    expect(e.filter((x) => x.kind === 'fallback').map((x) => [x.model, x.next])).toEqual([['gpt-4.1', 'claude-sonnet-4-5'], ['claude-sonnet-4-5', 'local-llama'], ['local-llama', null]]);
  });
});

describe('fewer model calls', () => {
  it('trims outlines superseded by later ones from what is resent', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', calls({ name: 'get_outline', args: {} }), calls(content('# One\n\nFirst.')), calls({ name: 'get_outline', args: {} }), calls(content('# Two\n\nSecond.')), calls(finishCall('Two sections.')));
    const res = await generate(t, org.secret, { prompt: 'Two sections' });
    expect(res.statusCode, res.body).toBe(200);
    const outputs = (fake.requests[4].body.input as any[]).filter((i) => i.type === 'function_call_output').map((i) => JSON.stringify(i.output));
    expect(outputs[0]).toContain('Outline left out: a later get_outline result below supersedes it.');
    expect(outputs[2]).toContain('One');
  });

  it('add_sections and add_sheets build a report and a workbook in one call each', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', calls({ name: 'add_sections', args: { sections: [
      { heading: 'Summary', markdown: 'Sales rose.' }, { heading: 'Regions', markdown: '- North\n- South' }, { heading: 'Detail', level: 2, markdown: 'More.' },
    ] } }, finishCall('Three sections.')));
    const word = await generate(t, org.secret, { prompt: 'A short sales report' });
    expect(word.statusCode, word.body).toBe(200);
    expect((await wordText(t, org.secret, word.json().run_id)).split('\n')).toEqual(['Summary', 'Sales rose.', 'Regions', 'North', 'South', 'Detail', 'More.']);
    fake.enqueueFor('gpt-4.1', calls({ name: 'add_sheets', args: { sheets: [
      { name: 'Sales', columns: [{ header: 'Region' }, { header: 'Revenue', type: 'currency', currency: 'USD' }], rows: [['North', 120], ['South', 80]], totals: true },
      { name: 'Notes', title: 'Reviewed' },
    ] } }, finishCall('Two sheets.')));
    const excel = await generate(t, org.secret, { prompt: 'Sales workbook with notes' }, 'excel');
    expect(excel.statusCode, excel.body).toBe(200);
    const book = (await packageParts((await runDocument(t, org.secret, excel.json().run_id)).bytes)).get('xl/workbook.xml')!.toString('utf8');
    expect([...book.matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) => m[1])).toEqual(['Sales', 'Notes']);
  });
});

describe('cut off at the output token limit', () => {
  // Anthropic Messages answers stop_reason "max_tokens" with the tool_use it was writing, its input only
  // what was complete (here the memo cut mid-sentence, or nothing); Chat Completions answers
  // finish_reason "length" with the arguments text cut. The agent calls generateText (no streaming).
  const cutMemo: Step = { ...calls({ name: 'add_content', args: { markdown: '# Memo\n\nWe ship on Fri' } }), cutOff: true };

  it('a tool_use cut at max_tokens (Anthropic) is not run, the model is told why, and its next turn builds the memo', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', { status: 503 });
    fake.enqueueFor('claude-sonnet-4-5', cutMemo, calls(...MEMO));
    const res = await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'claude-sonnet-4-5', 'claude-sonnet-4-5']);
    expect(userLines(2)).toContain('Not run: your answer was cut off at the output token limit while writing this add_content call');
    expect(userLines(2)).toContain('[Folio] Your last answer was cut off at the output token limit (max_tokens)');
    const text = await wordText(t, org.secret, res.json().run_id);
    expect(text).toContain('We ship on Friday.');
    expect(text).not.toMatch(/We ship on Fri$/m);
    expect((await events(t, res.json().task_id)).map((e) => [e.kind, e.reason])).toEqual([['fallback', 'model_error'], ['nudge', 'truncated_output'], ['recovered', null]]);
  });

  it('cut twice (Anthropic), then cut twice (Chat Completions): a clear upstream_error, nothing charged, nothing written', async () => {
    fake.reset();
    const org = await t.signup();
    const before = await credits(t, org.secret);
    const cutEmpty: Step = { ...calls({ name: 'add_content', args: {} }), cutOff: true };
    const cutRaw: Step = { ...calls({ name: 'add_content', args: {}, rawArguments: '{"markdown": "# Memo\\n\\nWe sh' }), cutOff: true };
    fake.enqueueFor('gpt-4.1', { status: 503 });
    fake.enqueueFor('claude-sonnet-4-5', cutMemo, cutEmpty);
    fake.enqueueFor('local-llama', cutRaw, cutRaw);
    const res = await generate(t, org.secret, { prompt: 'Write a memo saying we ship on Friday' });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ error: 'upstream_error' });
    expect(res.json().message).toContain('claude-sonnet-4-5 had its tool calls cut off at the output token limit (max_tokens), again after being told what was wrong');
    expect(res.json().message).toContain('local-llama had its tool calls cut off at the output token limit (max_tokens), again after being told what was wrong');
    expect(res.json().message).toContain('Nothing was built, and nothing was charged');
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'claude-sonnet-4-5', 'claude-sonnet-4-5', 'local-llama', 'local-llama']);
    expect((await ledger(t, org.secret)).filter((e) => e.kind === 'charge')).toEqual([]);
    expect(await credits(t, org.secret)).toEqual(before);
    expect(await usageRecords(t, org.secret)).toEqual([]);
    const e = await events(t, res.json().task_id);
    expect(e.map((x) => [x.kind, x.model, x.reason])).toEqual([
      ['fallback', 'gpt-4.1', 'model_error'], ['nudge', 'claude-sonnet-4-5', 'truncated_output'], ['fallback', 'claude-sonnet-4-5', 'truncated_output'],
      ['nudge', 'local-llama', 'truncated_output'], ['fallback', 'local-llama', 'truncated_output'],
    ]);
  });
});
