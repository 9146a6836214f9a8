// Sequential model calls, tokens and wall time of the document agents, for a well-behaved model that
// batches (the whole plan in its first turn: add_slides / add_sections / add_sheets, several calls per
// turn) against a one-tool-per-turn model as the baseline, measured in the same run. The model is
// scripted and served by the test suite's fake provider (OpenAI Responses wire format, gpt-4.1) at a
// simulated latency: a fixed time per call plus the output tokens at a fixed rate. The agent is the
// real one (src/documents/agent/document-agent.ts: prompts, tools, trimming, outcome check); only the
// database-backed parts around it (input resolution of files, the run's turns) are left out.
//
//   node bench/agent-turns.bench.ts [--fast] [--call-ms 1500] [--tokens-per-s 50]
//
// --fast: 100 ms per call and 1000 output tokens/s, for a quick check of the call and token figures
// (the wall-time ratio then says little). Input tokens are the provider's count as the fake estimates it
// (four characters a token of the request body, tool declarations included), the same for both models.
// Targets (issue 22): at most 3 sequential model calls per document when the model batches, and input
// tokens at most half the baseline's.
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { createBuiltinModel } from '../src/llm/builtin/builtin-model.ts';
import { SchemaCompiler } from '../src/llm/json-schema.ts';
import { ModelRegistry } from '../src/llm/model-registry.ts';
import type { AgentTurnsRepository } from '../src/documents/agent/agent-turns.repository.ts';
import { DocumentAgent } from '../src/documents/agent/document-agent.ts';
import type { AnyFormatAdapter } from '../src/documents/agent/format-adapter.ts';
import type { InputResolver } from '../src/documents/agent/input-resolver.ts';
import { adapter as excel } from '../src/documents/excel/excel.adapter.ts';
import { adapter as slides } from '../src/documents/slides/slides.adapter.ts';
import { adapter as word } from '../src/documents/word/word.adapter.ts';
import type { AgentInput } from '../src/runs/agents.ts';
import { startFakeLlmServer, type RecordedRequest, type Step, type ToolCall } from '../test/helpers/fake-llm-server.ts';

const { values: args } = parseArgs({
  strict: false,
  options: { fast: { type: 'boolean', default: false }, 'call-ms': { type: 'string' }, 'tokens-per-s': { type: 'string' } },
});
const callMs = Number(args['call-ms'] ?? (args.fast ? 100 : 1500));
const tokensPerS = Number(args['tokens-per-s'] ?? (args.fast ? 1000 : 50));

// ---------------------------------------------------------------------------------------------------
// The documents the scripted model writes (the same content for both models)

const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => ['revenue', 'customers', 'growth', 'pilot', 'region', 'margin', 'team', 'launch', 'quarter', 'plan'][(i * 7 + seed) % 10]).join(' ');
const sentence = (seed: number) => `${words(14, seed).replace(/^./, (c) => c.toUpperCase())}.`;

const SLIDES: Record<string, unknown>[] = [
  { layout: 'title', title: 'Solar water purifiers', subtitle: 'Seed round, 2027' },
  ...Array.from({ length: 10 }, (_, i) => ({
    layout: 'bullets', title: `Topic ${i + 1}`, bullets: [0, 1, 2, 3].map((b) => words(9, i * 4 + b)), notes: `${sentence(i)} ${sentence(i + 1)}`,
  })),
  { layout: 'closing', title: 'Thank you', bullets: ['[Add the contact for follow-up]'] },
];

const SECTIONS = Array.from({ length: 10 }, (_, i) => ({
  heading: `Chapter ${i + 1}`,
  markdown: [0, 1, 2].map((p) => Array.from({ length: 4 }, (_, s) => sentence(i * 12 + p * 4 + s)).join(' ')).join('\n\n') + `\n\n- ${words(8, i)}\n- ${words(8, i + 3)}\n\n---`,
}));

const monthRows = (base: number) => Array.from({ length: 12 }, (_, m) => [`2027-${String(m + 1).padStart(2, '0')}-01`, base + m * 10, base / 2 + m * 3]);
const SHEETS: Record<string, unknown>[] = [
  { name: 'Sales', title: 'Sales 2027', columns: [{ header: 'Month', type: 'date' }, { header: 'Revenue', type: 'currency', currency: 'USD' }, { header: 'Units', type: 'integer' }], rows: monthRows(1000), totals: true },
  { name: 'Costs', title: 'Costs 2027', columns: [{ header: 'Month', type: 'date' }, { header: 'Cost', type: 'currency', currency: 'USD' }, { header: 'Staff', type: 'integer' }], rows: monthRows(600), totals: true },
  { name: 'Summary', title: 'Summary', columns: [{ header: 'Figure' }, { header: 'Value', type: 'currency', currency: 'USD' }], rows: [['Revenue', '=SUM(Sales!B4:B15)'], ['Cost', '=SUM(Costs!B4:B15)'], ['Margin', '=B4-B5']] },
];
const CHART = { sheet: 'Summary', kind: 'column', data_sheet: 'Sales', data_range: 'A3:B15', title: 'Revenue by month' };

interface Doc { name: string; adapter: AnyFormatAdapter; prompt: string; batched: ToolCall[][]; oneByOne: ToolCall[][] }
const call = (name: string, a: unknown): ToolCall => ({ name, args: a });
const finish = call('finish', { summary: 'Built what was asked.' });

const DOCS: Doc[] = [
  {
    name: '12-slide deck', adapter: slides, prompt: 'A 12-slide pitch deck for a startup making solar-powered water purifiers.',
    batched: [[call('add_slides', { slides: SLIDES })], [finish]],
    oneByOne: [[call('get_outline', {})], ...SLIDES.map((s) => [call('add_slide', s)]), [finish]],
  },
  {
    name: '10-page report', adapter: word, prompt: 'A 10-page report on the pilot, one chapter a page.',
    batched: [[call('set_document', { title: 'Pilot report' }), call('add_sections', { sections: SECTIONS }), call('add_table_of_contents', {})], [finish]],
    oneByOne: [[call('get_outline', {})], [call('set_document', { title: 'Pilot report' })], ...SECTIONS.map((s) => [call('add_content', { markdown: `# ${s.heading}\n\n${s.markdown}` })]), [call('add_table_of_contents', {})], [finish]],
  },
  {
    name: 'three-sheet workbook', adapter: excel, prompt: 'A workbook with monthly sales, costs and a summary with a chart.',
    batched: [[call('add_sheets', { sheets: SHEETS }), call('add_chart', CHART)], [finish]],
    oneByOne: [[call('get_outline', {})], ...SHEETS.map((s) => [call('add_sheet', s)]), [call('add_chart', CHART)], [finish]],
  },
];

// ---------------------------------------------------------------------------------------------------
// The provider and the agent

const fake = await startFakeLlmServer();
const estimate = (s: string) => Math.max(1, Math.ceil(s.length / 4));
let script: ToolCall[][] = [];
/** The model's turn: how many assistant turns the request already holds. */
fake.setHandler((req: RecordedRequest): Step => {
  // The fake names calls call_<request seq>_<i>: distinct seqs are the assistant turns so far.
  const turn = new Set((req.body.input as { type?: string; call_id?: string }[]).filter((i) => i.type === 'function_call').map((i) => i.call_id?.split('_')[1])).size;
  const toolCalls = script[Math.min(turn, script.length - 1)];
  return { toolCalls, delayMs: Math.round(callMs + (estimate(JSON.stringify(toolCalls)) / tokensPerS) * 1000) };
});

const config = loadConfig({ OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: fake.baseUrl, FOLIO_LLM_DEFAULT_MODEL: 'gpt-4.1', FOLIO_LLM_FALLBACK_MODELS: 'gpt-4.1', LOG_LEVEL: 'silent' });
const compiler = new SchemaCompiler();
const registry = new ModelRegistry(config.llm, async () => createBuiltinModel({ compiler }));
const resolver = { resolve: async () => ({ inputs: { contextFiles: [], dataSources: [], images: [], brand: null }, notes: [] }) } as unknown as InputResolver;
const turns = { record: async () => {}, history: async () => [] } as unknown as AgentTurnsRepository;

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

interface Figures { calls: number; input: number; output: number; ms: number }

async function measure(doc: Doc, calls: ToolCall[][]): Promise<Figures> {
  script = calls;
  fake.requests.length = 0;
  const agent = new DocumentAgent({ adapter: doc.adapter, registry, compiler, resolver, turns, settings: { maxTurns: 40, turnTimeoutMs: 600_000, renderCredits: 1 }, log: silent });
  const input = {
    task: { task_id: 'task_bench', run_id: 'run_bench', org_id: 'org_bench', format: doc.adapter.format, mode: 'action', timeout_ms: 1_800_000, attempt: 1 },
    run: { run_id: 'run_bench', format: doc.adapter.format, file_name: null, resumed: false },
    request: { prompt: doc.prompt }, current: null, creditBudget: 1_000_000, reportPhase: async () => {}, signal: new AbortController().signal,
  } as unknown as AgentInput;
  const started = performance.now();
  const result = await agent.run(input);
  const ms = performance.now() - started;
  const models = (result.usage?.models ?? []) as { inputTokens: number; outputTokens: number }[];
  if (!result.artifact) throw new Error(`${doc.name}: no document`);
  return { calls: fake.requests.length, input: models.reduce((n, m) => n + m.inputTokens, 0), output: models.reduce((n, m) => n + m.outputTokens, 0), ms };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const row = (label: string, f: Figures) => `  ${label.padEnd(18)}${pad(f.calls, 6)}${pad(f.input, 12)}${pad(f.output, 10)}${pad((f.ms / 1000).toFixed(1), 10)}`;
const ratio = (a: number, b: number) => (a / b).toFixed(2);

console.log(`agent turns: scripted gpt-4.1 (OpenAI Responses) at ${callMs} ms per call + ${tokensPerS} output tokens/s`);
let ok = true;
try {
  for (const doc of DOCS) {
    const baseline = await measure(doc, doc.oneByOne);
    const batched = await measure(doc, doc.batched);
    const meets = batched.calls <= 3 && batched.input <= baseline.input / 2;
    ok &&= meets;
    console.log(`\n${doc.name}\n  ${''.padEnd(18)}${pad('calls', 6)}${pad('input tok', 12)}${pad('output', 10)}${pad('wall s', 10)}`);
    console.log(row('one tool per turn', baseline));
    console.log(row('batched', batched));
    console.log(`  ratio batched/baseline: calls ${ratio(batched.calls, baseline.calls)}, input tokens ${ratio(batched.input, baseline.input)}, output tokens ${ratio(batched.output, baseline.output)}, wall time ${ratio(batched.ms, baseline.ms)}`
      + `  target (<= 3 calls, input <= 0.50): ${meets ? 'met' : 'NOT MET'}`);
  }
} finally {
  await fake.close();
}
console.log(`\n${ok ? 'All targets met.' : 'Some targets were not met.'}`);
process.exitCode = ok ? 0 : 1;
