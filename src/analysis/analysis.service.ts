// POST /excel/analyze: the ask engine (src/documents/ask) on an uploaded workbook, read-only. The
// workbook is read into the engine's view (values as Excel shows them: formulas without a stored result
// are computed), then the default model (or the builtin engine's rules) answers through the read-only
// tools, whose aggregates are computed by code and whose cells become the citations. The file is never
// written. Ask mode on /excel/generate runs the same engine on a run's workbook.
// Billing follows the LLM layer: the monthly budget, the minimum charged up front (refunded when the
// analysis fails or the workbook cannot answer the question), the rest of the model usage after, one
// usage record (`excel.analyze`).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { DB } from '../db/schema.ts';
import { errors } from '../errors.ts';
import type { Converter } from '../export/converter.ts';
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import { newId, ulid } from '../ids.ts';
import { monthOf, type LlmUsageRepository } from '../llm/llm-usage.repository.ts';
import type { LlmModule } from '../llm/llm.module.ts';
import { creditsFor } from '../llm/model-catalog.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { FilesRepository } from '../storage/files.repository.ts';
import { lazyImport } from '../infra/lazy.ts';

// The workbook reader and the ask engine hold the Excel engine: loaded with the first analysis.
const workbookReader = lazyImport(() => import('./analysis-workbook.ts'));
const askEngine = lazyImport(() => import('../documents/ask/ask-engine.ts'));

const MAX_TURNS = 12;

export interface AnalysisDeps {
  config: Config;
  db: Kysely<DB>;
  files: FilesRepository;
  blobs: BlobStore;
  llm: LlmModule;
  credits: CreditsService;
  usage: LlmUsageRepository;
  /** Legacy .xls workbooks are read through the export pool. */
  converter: Converter;
  log: FastifyBaseLogger;
}

export interface AnalysisResult {
  /** `analyze_` + ULID: names this answer (logs, support); ephemeral, no run row, not resumable. */
  run_id: string;
  answer: string;
  answered: boolean;
  data: Record<string, unknown> | null;
  citations: { sheet: string; range: string }[];
  credits_used: number;
  model: string;
  tool_calls: number;
  duration_ms: number;
}

export class AnalysisService {
  private readonly d: AnalysisDeps;

  constructor(deps: AnalysisDeps) {
    this.d = deps;
  }

  private async workbook(orgId: string, fileId: string) {
    const file = await this.d.files.findInOrg(orgId, fileId);
    if (!file) throw errors.notFound('File');
    const bytes = Buffer.concat(await (await this.d.blobs.get(file.blob_key)).body.toArray());
    return (await workbookReader()).analysisView(file, bytes, this.d.converter);
  }

  async analyze(key: KeyWithOrg, body: { file_id: string; prompt: string }, requestId: string, signal: AbortSignal): Promise<AnalysisResult> {
    const orgId = key.org_id;
    const runId = `analyze_${ulid()}`;
    const started = Date.now();
    const wb = await this.workbook(orgId, body.file_id);
    const chain = this.d.llm.service.chain(null);
    await this.d.llm.service.assertWithinBudget(orgId);
    const usageId = newId('llm');
    const reason = `Workbook analysis ${usageId}`;
    const paid = this.d.config.llm.minCredits;
    await this.d.credits.chargeCallUpFront(orgId, paid, reason);
    const base = {
      usage_id: usageId, org_id: orgId, key_id: key.key_id, request_id: requestId, operation: 'excel.analyze', requested_model: null,
      response_format: 'text', user_id: null, session_id: null, attempts: [],
    };
    let outcome;
    try {
      const { AskEngine } = await askEngine();
      outcome = await new AskEngine({ registry: this.d.llm.registry, compiler: this.d.llm.compiler, log: this.d.log })
        .ask({ view: wb, question: body.prompt, chain, maxTurns: MAX_TURNS, turnTimeoutMs: this.d.config.llm.timeoutMs, signal });
    } catch (err) {
      await this.d.credits.refundCall(orgId, paid, reason).catch((e) => this.d.log.error({ err: e }, 'could not refund a workbook analysis'));
      await this.d.usage.record(this.d.db, { ...base, status: 'failed', error_code: 'upstream_error', model: null, provider: null, input_tokens: 0, output_tokens: 0, credits: 0, duration_ms: Date.now() - started }, monthOf(new Date()))
        .catch((e) => this.d.log.warn({ err: e }, 'could not record a failed workbook analysis'));
      throw err;
    }
    const loop = outcome;
    const last = loop.usage[loop.usage.length - 1]?.model ?? chain[0];
    const entry = this.d.llm.registry.entry(last);
    const input = loop.usage.reduce((n, u) => n + u.inputTokens, 0);
    const output = loop.usage.reduce((n, u) => n + u.outputTokens, 0);
    // A question the workbook cannot answer costs nothing: the minimum paid up front goes back.
    const cost = outcome.answered ? Math.max(paid, loop.usage.reduce((n, u) => n + creditsFor(this.d.llm.registry.entry(u.model), u.inputTokens, u.outputTokens, 0), 0)) : 0;
    const charged = await this.d.db.transaction().execute(async (trx) => {
      if (!outcome.answered) await this.d.credits.refundCall(orgId, paid, `${reason} (no answer)`, trx);
      const total = outcome.answered ? paid + (await this.d.credits.chargeCallRest(trx, orgId, cost - paid, reason)) : 0;
      await this.d.usage.record(trx, {
        ...base, status: 'succeeded', error_code: null, model: last, provider: entry.provider, input_tokens: input, output_tokens: output, credits: total, duration_ms: Date.now() - started,
      }, monthOf(new Date()));
      return total;
    });
    const citations = outcome.citations.filter((c) => c.sheet && c.range).map((c) => ({ sheet: c.sheet!, range: c.range! }));
    return {
      run_id: runId, answer: outcome.answer, answered: outcome.answered, data: outcome.data, citations, credits_used: charged, model: last,
      tool_calls: outcome.readCalls, duration_ms: Date.now() - started,
    };
  }
}
