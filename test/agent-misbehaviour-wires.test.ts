// Every misbehaviour of issue 22 over each of the three wire protocols: OpenAI Responses (gpt-4.1),
// Anthropic Messages (claude-sonnet-4-5) and Chat Completions (local-llama), through POST /word/generate
// against the scripted provider. Once, the model gets a corrective nudge and then builds the memo;
// twice, the next model of the chain takes over (after local-llama, the builtin engine) and the model
// that misbehaved is not charged. The run's agent turns record the nudge or the handover. The models
// before the one under test answer 503, so the chain reaches it as it would in an outage.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer, type Step, type ToolCall } from './helpers/fake-llm-server.ts';
import { providerEnv, usageRecords } from './helpers/llm.ts';
import { generate, withRuns } from './helpers/runs.ts';
import { packageParts, runDocument } from './helpers/slides.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  t = await startTestApp(withRuns({ minBalance: { word: 50, excel: 50, slides: 50 } }), {
    env: providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'gpt-4.1', FOLIO_LLM_FALLBACK_MODELS: 'claude-sonnet-4-5,local-llama,builtin', FOLIO_AGENT_MAX_TURNS: '5' }),
  });
});
afterAll(async () => { await t?.close(); await fake?.close(); });

const CHAIN = ['gpt-4.1', 'claude-sonnet-4-5', 'local-llama', 'builtin'];
const WIRES = [['openai-responses', 'gpt-4.1'], ['anthropic-messages', 'claude-sonnet-4-5'], ['openai-chat', 'local-llama']] as const;
const PROMPT = 'Write a memo saying we ship on Friday';

const calls = (...c: ToolCall[]): Step => ({ toolCalls: c });
const memo: ToolCall = { name: 'add_content', args: { markdown: '# Memo\n\nWe ship on Friday.' } };
const finish: ToolCall = { name: 'finish', args: { summary: 'Wrote the memo.' } };
const find = (i: number): Step => calls({ name: 'find_text', args: { query: `plan ${i}` } });

interface Misbehaviour {
  name: string;
  reason: string;
  /** One occurrence, then the model behaves: the steps before the good turn. */
  once: Step[];
  /** What the model sends when it does not correct itself. */
  twice: Step[];
  /** The good turn after `once` (default: the memo and finish). */
  then?: Step;
}

function misbehaviours(api: string): Misbehaviour[] {
  const garbled = calls({ name: 'add_content', args: {}, rawArguments: '{"markdown": "# Memo\\n\\nWe sh' });
  const cut: Step = { ...calls({ name: 'add_content', args: { markdown: '# Memo\n\nWe ship on Fri' }, rawArguments: '{"markdown": "# Memo\\n\\nWe ship on Fri' }), cutOff: true };
  const list: Misbehaviour[] = [
    { name: 'a plain-text answer', reason: 'text_only', once: [{ text: 'Here is your memo: we ship on Friday.' }], twice: [{ text: 'Done.' }, { text: 'Done, really.' }] },
    { name: 'unknown tools', reason: 'unknown_tool', once: [calls({ name: 'write_memo', args: {} })], twice: [calls({ name: 'write_memo', args: {} }), calls({ name: 'save', args: {} })] },
    { name: 'invalid arguments', reason: 'invalid_arguments', once: [calls({ name: 'add_content', args: { markdown: 42 } })], twice: [calls({ name: 'add_content', args: { markdown: 42 } }), calls({ name: 'add_content', args: { text: 'We ship.' } })] },
    { name: 'ids that do not exist', reason: 'tool_errors', once: [calls({ name: 'update_block', args: { id: 'b999', text: 'We ship on Friday.' } })], twice: [calls({ name: 'update_block', args: { id: 'b999', text: 'x' } }), calls({ name: 'delete', args: { ids: ['b998'] } })] },
    { name: 'a loop repeating the same call', reason: 'repeated_call', once: [calls(memo), calls(memo)], then: calls(finish), twice: [calls(memo), calls(memo), calls(memo)] },
    { name: 'running out of turns', reason: 'turn_limit', once: [find(1), find(2), find(3)], twice: [1, 2, 3, 4, 5].map(find) },
    { name: 'a finish with nothing built', reason: 'empty_finish', once: [calls(finish)], twice: [calls(finish), calls(finish)] },
    { name: 'tool-call JSON cut off at the output token limit', reason: 'truncated_output', once: [cut], twice: [cut, cut] },
  ];
  // Anthropic's tool_use input is a JSON object on the wire: it can be cut (above), not garbled.
  // (The same garbled call twice would be a repeat; a model that does not correct itself garbles another.)
  const garbledAgain = calls({ name: 'add_content', args: {}, rawArguments: '{"markdown": "# Memo\n\nWe ship on' });
  if (api !== 'anthropic-messages') list.push({ name: 'garbled tool-call JSON', reason: 'garbled_arguments', once: [garbled], twice: [garbled, garbledAgain] });
  return list;
}

async function events(taskId: string): Promise<any[]> {
  const rows = (await sql<{ events: unknown }>`select events from agent_turns where task_id = ${taskId}`.execute(t.app.ctx.database.db)).rows;
  const e = rows[0]?.events;
  return typeof e === 'string' ? JSON.parse(e) : (e as any[]) ?? [];
}

async function wordText(secret: string, runId: string): Promise<string> {
  const parts = await packageParts((await runDocument(t, secret, runId)).bytes);
  return [...parts.get('word/document.xml')!.toString('utf8').matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('\n');
}

/** The models before `model` in the chain fail with 503, as in an outage. */
function reach(model: string): void {
  for (const m of CHAIN.slice(0, CHAIN.indexOf(model))) fake.enqueueFor(m, { status: 503 });
}

describe.each(WIRES)('over %s (%s)', (api, model) => {
  const next = CHAIN[CHAIN.indexOf(model) + 1];

  it.each(misbehaviours(api).map((m) => [m.name, m] as const))('%s once: a nudge, and the model builds the memo', async (_, m) => {
    fake.reset();
    const org = await t.signup();
    reach(model);
    fake.enqueueFor(model, ...m.once, m.then ?? calls(memo, finish));
    const res = await generate(t, org.secret, { prompt: PROMPT });
    expect(res.statusCode, res.body).toBe(200);
    const mine = fake.requests.filter((r) => r.model === model);
    expect(mine.every((r) => r.api === api)).toBe(true);
    expect(mine).toHaveLength(m.once.length + 1);
    // The nudge is on the wire, in the request after the misstep.
    expect(mine.at(-1)!.transcript.join('\n')).toContain('[Folio]');
    expect((await wordText(org.secret, res.json().run_id)).match(/We ship on Friday\./g)).toHaveLength(1);
    const e = (await events(res.json().task_id)).filter((x) => x.model === model);
    expect(e[0]).toMatchObject({ kind: 'nudge', reason: m.reason });
    expect(e.some((x) => x.kind === 'fallback')).toBe(false);
  });

  it.each(misbehaviours(api).map((m) => [m.name, m] as const))(`%s again: ${next} takes over, and ${model} is not charged`, async (_, m) => {
    fake.reset();
    const org = await t.signup();
    reach(model);
    fake.enqueueFor(model, ...m.twice);
    if (next !== 'builtin') fake.enqueueFor(next, calls(memo, finish));
    const res = await generate(t, org.secret, { prompt: PROMPT });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.filter((r) => r.model === model)).toHaveLength(m.twice.length);
    const e = (await events(res.json().task_id)).filter((x) => x.model === model);
    expect(e.at(-1)).toMatchObject({ kind: 'fallback', reason: m.reason, next });
    if (m.reason !== 'turn_limit') expect(e[0]).toMatchObject({ kind: 'nudge', reason: m.reason });
    expect(res.json().summary).toContain(`${next} took over: ${model}`);
    const text = await wordText(org.secret, res.json().run_id);
    expect(text).toMatch(/Friday/);
    if (m.reason !== 'repeated_call') expect(text).not.toMatch(/We ship on Fri$|We sh$/m);
    const records = await usageRecords(t, org.secret, `&session_id=${res.json().run_id}`);
    expect(records.find((r) => r.model === model)).toMatchObject({ credits: 0 });
    expect(records.find((r) => r.model === next)).toBeDefined();
  });
});

describe('fewer sequential model calls, on every wire', () => {
  it.each(WIRES)('%s: parallel tool calls are asked for and run from one answer, and the system prompt asks for the whole plan first', async (api, model) => {
    fake.reset();
    const org = await t.signup();
    reach(model);
    fake.enqueueFor(model, calls({ name: 'add_content', args: { markdown: '# Memo\n\nWe ship on Friday.' } }, { name: 'add_content', args: { markdown: '## Why\n\nThe tests pass.' } }, finish));
    const res = await generate(t, org.secret, { prompt: PROMPT });
    expect(res.statusCode, res.body).toBe(200);
    const mine = fake.requests.filter((r) => r.model === model);
    expect(mine).toHaveLength(1);
    const text = await wordText(org.secret, res.json().run_id);
    expect(text).toContain('We ship on Friday.');
    expect(text).toContain('The tests pass.');
    const body = mine[0].body;
    expect(mine[0].transcript.find((l) => l.startsWith('system:'))).toContain('Plan the whole document in your first turn');
    // Responses: parallel_tool_calls is asked for. Anthropic answers with several tool_use blocks unless
    // disable_parallel_tool_use is set; OpenAI-compatible Chat Completions servers apply their default (the
    // AI SDK's compatible provider cannot send the field): neither is turned off.
    if (api === 'openai-responses') expect(body.parallel_tool_calls).toBe(true);
    else if (api === 'anthropic-messages') expect(body.tool_choice?.disable_parallel_tool_use).not.toBe(true);
    else expect(body.parallel_tool_calls).not.toBe(false);
  });
});
