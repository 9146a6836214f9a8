// POST /excel/analyze: the spreadsheet agent in read-only ask mode. The uploaded workbook is read
// into a snapshot of its values (the Excel documents' reader; formulas without a stored result are
// computed), then the default model (or the builtin engine's deterministic plan) answers through the
// read-only tools of analysis-tools.ts, whose aggregates are computed by code and whose cells become
// the citations. The file is never written.
// Billing follows the LLM layer: the monthly budget, the minimum charged up front (refunded when
// the analysis fails), the rest of the model usage after, one usage record (`excel.analyze`).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { DB } from '../db/schema.ts';
import { runAgentLoop } from '../documents/agent/agent-loop.ts';
import { AgentToolbox } from '../documents/agent/agent-toolbox.ts';
import { planningBuiltin } from '../documents/agent/builtin-agent-planner.ts';
import { DocumentUnreadable } from '../documents/agent/tool-error.ts';
import { readWorkbookValues } from '../documents/excel/view/workbook-values.ts';
import { errors } from '../errors.ts';
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import { newId } from '../ids.ts';
import { createBuiltinModel } from '../llm/builtin/builtin-model.ts';
import { monthOf, type LlmUsageRepository } from '../llm/llm-usage.repository.ts';
import type { LlmModule } from '../llm/llm.module.ts';
import { creditsFor } from '../llm/model-catalog.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { FilesRepository } from '../storage/files.repository.ts';
import { AnalysisSession, analysisTools } from './analysis-tools.ts';
import { planQuestion } from './question-plan.ts';
import type { Citation } from './workbook-aggregates.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_TURNS = 12;

const SYSTEM = `You answer questions about an Excel workbook, read-only. Read it with the tools: list_sheets and detect_headers for its structure, read_range for cells, and aggregate, count_rows, top_n and growth for every figure (never compute figures yourself). Then call finish once: \`summary\` is the answer in one to three sentences with the figures and the cells they come from; \`data\` may hold the figures as JSON. If the workbook cannot answer the question, say so in the summary.`;

export interface AnalysisDeps {
  config: Config;
  db: Kysely<DB>;
  files: FilesRepository;
  blobs: BlobStore;
  llm: LlmModule;
  credits: CreditsService;
  usage: LlmUsageRepository;
  log: FastifyBaseLogger;
}

export interface AnalysisResult {
  answer: string;
  data: Record<string, unknown> | null;
  citations: Citation[];
  credits_used: number;
  model: string;
}

export class AnalysisService {
  private readonly d: AnalysisDeps;

  constructor(deps: AnalysisDeps) {
    this.d = deps;
  }

  private async workbook(orgId: string, fileId: string) {
    const file = await this.d.files.findInOrg(orgId, fileId);
    if (!file) throw errors.notFound('File');
    const invalid = (type: string, msg: string) => errors.validation([{ loc: ['body', 'file_id'], msg, type, input: fileId }]);
    if (file.content_type !== XLSX) throw invalid('unsupported_file_type', `The file is ${file.content_type}; workbook analysis reads Excel workbooks (.xlsx)`);
    const bytes = Buffer.concat(await (await this.d.blobs.get(file.blob_key)).body.toArray());
    try {
      return readWorkbookValues(bytes);
    } catch (err) {
      if (err instanceof DocumentUnreadable) throw invalid('workbook_unreadable', err.message);
      throw err;
    }
  }

  async analyze(key: KeyWithOrg, body: { file_id: string; prompt: string }, requestId: string, signal: AbortSignal): Promise<AnalysisResult> {
    const orgId = key.org_id;
    const wb = await this.workbook(orgId, body.file_id);
    const chain = this.d.llm.service.chain(null);
    await this.d.llm.service.assertWithinBudget(orgId);
    const usageId = newId('llm');
    const reason = `Workbook analysis ${usageId}`;
    const paid = this.d.config.llm.minCredits;
    await this.d.credits.chargeCallUpFront(orgId, paid, reason);
    const started = Date.now();
    const session = new AnalysisSession(wb);
    const toolbox = new AgentToolbox(analysisTools(session), (tool, err) => this.d.log.error({ err, tool }, 'analysis tool failed'));
    const builtin = createBuiltinModel({ compiler: this.d.llm.compiler, planner: planningBuiltin(() => planQuestion(body.prompt, wb)) });
    const base = {
      usage_id: usageId, org_id: orgId, key_id: key.key_id, request_id: requestId, operation: 'excel.analyze', requested_model: null,
      response_format: 'text', user_id: null, session_id: null, attempts: [],
    };
    let loop;
    try {
      loop = await runAgentLoop({
        chain, registry: this.d.llm.registry, builtin, toolbox, signal, maxTurns: MAX_TURNS, turnTimeoutMs: this.d.config.llm.timeoutMs,
        system: `${SYSTEM}\n\nThe workbook's sheets: ${JSON.stringify((await toolbox.call('list_sheets', {})).output)}`,
        messages: [{ role: 'user', content: body.prompt }],
        finished: () => session.answer !== null,
      });
    } catch (err) {
      await this.d.credits.refundCall(orgId, paid, reason).catch((e) => this.d.log.error({ err: e }, 'could not refund a workbook analysis'));
      await this.d.usage.record(this.d.db, { ...base, status: 'failed', error_code: 'upstream_error', model: null, provider: null, input_tokens: 0, output_tokens: 0, credits: 0, duration_ms: Date.now() - started }, monthOf(new Date()))
        .catch((e) => this.d.log.warn({ err: e }, 'could not record a failed workbook analysis'));
      throw err;
    }
    const last = loop.usage[loop.usage.length - 1]?.model ?? chain[0];
    const entry = this.d.llm.registry.entry(last);
    const input = loop.usage.reduce((n, u) => n + u.inputTokens, 0);
    const output = loop.usage.reduce((n, u) => n + u.outputTokens, 0);
    const cost = Math.max(paid, loop.usage.reduce((n, u) => n + creditsFor(this.d.llm.registry.entry(u.model), u.inputTokens, u.outputTokens, 0), 0));
    const charged = await this.d.db.transaction().execute(async (trx) => {
      const total = paid + (await this.d.credits.chargeCallRest(trx, orgId, cost - paid, reason));
      await this.d.usage.record(trx, {
        ...base, status: 'succeeded', error_code: null, model: last, provider: entry.provider, input_tokens: input, output_tokens: output, credits: total, duration_ms: Date.now() - started,
      }, monthOf(new Date()));
      return total;
    });
    const data = session.data ?? (session.results.length === 1 ? session.results[0] : session.results.length ? { results: session.results } : null);
    return { answer: session.answer ?? loop.finalText ?? 'No answer was given.', data, citations: session.citations, credits_used: charged, model: last };
  }
}
