// Runs the builtin engine's evaluation cases through the real HTTP API of an app (the test app in
// vitest, an in-process app for `npm run eval:builtin`): each case generates (or edits through run_id,
// or edits an uploaded corpus file), downloads the document, reads it with the format's own reader and
// runs the case's structural checks (src/documents/agent/outcome/checks.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChecks, type CheckResult } from '../../src/documents/agent/outcome/checks.ts';
import { adapter as excel } from '../../src/documents/excel/excel.adapter.ts';
import { adapter as slides } from '../../src/documents/slides/slides.adapter.ts';
import { adapter as word } from '../../src/documents/word/word.adapter.ts';
import type { FormatAdapter } from '../../src/documents/agent/format-adapter.ts';
import type { EvalCase, EvalFormat } from './builtin-cases.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADAPTERS = { slides, word, excel } as const;

/** What the runner needs of an app: JSON requests with the org's key, downloads, uploads. */
export interface EvalClient {
  request(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; json: any }>;
  download(url: string): Promise<Buffer>;
  upload(fileName: string, bytes: Buffer): Promise<string>;
}

export interface CaseResult { id: string; format: EvalFormat; pass: boolean; ms: number; failures: string[]; results: CheckResult[] }

async function generate(client: EvalClient, format: EvalFormat, body: Record<string, unknown>): Promise<{ run_id: string; bytes: Buffer; summary: string }> {
  const res = await client.request('POST', `/api/v1/${format}/generate`, body);
  if (res.status !== 200) throw new Error(`POST /${format}/generate answered ${res.status}: ${JSON.stringify(res.json).slice(0, 300)}`);
  return { run_id: res.json.run_id, bytes: await client.download(res.json.download_url), summary: res.json.summary ?? '' };
}

/** A request the engine cannot carry out: the documented failure, nothing charged, no new version of the run. */
async function refused(client: EvalClient, c: EvalCase, body: Record<string, unknown>): Promise<Pick<CaseResult, 'pass' | 'failures'>> {
  const res = await client.request('POST', `/api/v1/${c.format}/generate`, body);
  const failures: string[] = [];
  if (res.status !== c.fails!.status || res.json?.error !== c.fails!.error) failures.push(`expected ${c.fails!.status} ${c.fails!.error}, got ${res.status} ${res.json?.error ?? ''}: ${String(res.json?.summary ?? res.json?.message ?? '').slice(0, 200)}`);
  if (res.json?.credits_used) failures.push(`charged ${res.json.credits_used} credits`);
  if (body.run_id) {
    const run = await client.request('GET', `/api/v1/runs/${body.run_id}`);
    if (run.json?.version !== 1) failures.push(`the run has version ${run.json?.version}, not 1: a version was written`);
  }
  return { pass: !failures.length, failures };
}

export async function runCase(client: EvalClient, c: EvalCase): Promise<CaseResult> {
  const started = Date.now();
  try {
    const body: Record<string, unknown> = { prompt: c.prompt, ...(c.data_sources ? { data_sources: c.data_sources } : {}) };
    if (c.start && 'prompt' in c.start) body.run_id = (await generate(client, c.format, { prompt: c.start.prompt })).run_id;
    if (c.start && 'file' in c.start) body.init_file = await client.upload(path.basename(c.start.file), fs.readFileSync(path.join(ROOT, c.start.file)));
    if (c.fails) {
      const { pass, failures } = await refused(client, c, body);
      return { id: c.id, format: c.format, pass, ms: Date.now() - started, failures, results: [] };
    }
    const made = await generate(client, c.format, body);
    const adapter = ADAPTERS[c.format] as unknown as FormatAdapter<unknown>;
    const doc = await adapter.read(made.bytes);
    const checks = c.checks.some((k) => k.check === 'no_echo') ? c.checks : [...c.checks, { check: 'no_echo' as const }];
    const results = runChecks(adapter.snapshot(doc), checks, c.prompt);
    const failures = results.filter((r) => !r.pass).map((r) => `${r.check.check}: ${r.detail}`);
    return { id: c.id, format: c.format, pass: !failures.length, ms: Date.now() - started, failures, results };
  } catch (err) {
    return { id: c.id, format: c.format, pass: false, ms: Date.now() - started, failures: [`error: ${(err as Error).message}`], results: [] };
  }
}

export interface EvalReport { results: CaseResult[]; rates: Record<EvalFormat, { passed: number; total: number; rate: number }> }

/** Runs the cases, `concurrency` at a time, and the pass rate per format. */
export async function runEval(client: EvalClient, cases: EvalCase[], concurrency = 3): Promise<EvalReport> {
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < cases.length) {
      const i = next++;
      results[i] = await runCase(client, cases[i]);
    }
  }));
  const rates = {} as EvalReport['rates'];
  for (const format of ['slides', 'word', 'excel'] as const) {
    const mine = results.filter((r) => r.format === format);
    const passed = mine.filter((r) => r.pass).length;
    rates[format] = { passed, total: mine.length, rate: mine.length ? passed / mine.length : 1 };
  }
  return { results, rates };
}

export function printReport(report: EvalReport, log: (line: string) => void = console.log): void {
  for (const r of report.results) {
    log(`${r.pass ? 'PASS' : 'FAIL'} ${r.format.padEnd(6)} ${r.id} (${r.ms} ms)`);
    for (const f of r.failures) log(`       ${f}`);
  }
  log('');
  for (const [format, x] of Object.entries(report.rates)) log(`${format.padEnd(6)} ${x.passed}/${x.total} passed (${(x.rate * 100).toFixed(1)}%)`);
}
