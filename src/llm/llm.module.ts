// The LLM module: the builtin engine, the model registry, the caller with its fallback chain, usage
// accounting, the text helpers and preflight, and the routes of all of them (/llm, /preflight, /text).
import type { TObject } from 'typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { Database } from '../db/database.ts';
import type { FolioModule } from '../infra/module.ts';
import type { AgentRegistry } from '../runs/agents.ts';
import type { GenerateService } from '../runs/generate.service.ts';
import type { BuiltinLanguageModel } from './builtin/builtin-model.ts';
import { SchemaCompiler } from './json-schema.ts';
import { SchemaCompileBudget } from './schema-compile-budget.ts';
import { LlmUsageRepository } from './llm-usage.repository.ts';
import { llmRoutes } from './llm.routes.ts';
import { LlmService } from './llm.service.ts';
import { ModelCaller } from './model-caller.ts';
import { ModelRegistry } from './model-registry.ts';
import { PreflightService } from './preflight.service.ts';
import { textRoutes } from './text.routes.ts';
import { TextService } from './text.service.ts';
import { UsageOutbox, type WriteUsage } from './usage-outbox.ts';
import { CreditLeases } from './credit-leases.ts';
import { monthOf } from './llm-usage.repository.ts';

export { assertContentFulfillable } from './preflight-rules.ts';

export interface LlmModule extends Required<Pick<FolioModule, 'name' | 'close'>> {
  /** Every model call of Folio goes through these: the registry gives AI SDK models by name. */
  registry: ModelRegistry;
  compiler: SchemaCompiler;
  /** The compile budget of callers' schemas (a worker thread). */
  compileBudget: SchemaCompileBudget;
  service: LlmService;
  text: TextService;
  /** The usage records of model calls (the engine records its agents' calls in it, analysis its own). */
  usage: LlmUsageRepository;
  /** Usage records on their way to the database: `start()` before serving, `close()` at shutdown. */
  outbox: UsageOutbox;
  /** Credit leases of this process: `start()` after the outbox's, `close()` after it. */
  leases: CreditLeases;
  /** FOLIO_LLM_TIMINGS: Server-Timing on /llm/invoke answers. */
  timings: boolean;
}

export interface LlmModuleDeps {
  config: Config;
  database: Database;
  credits: CreditsService;
  log: FastifyBaseLogger;
}

/**
 * Builds the LLM layer and opens it: the usage outbox starts (replaying a dead predecessor's journal),
 * then the credit leases (after that replay settled their calls), and credit reads wait for the
 * outbox's pending usage. Built before the document agents and the runs engine, which call models
 * through it; its endpoints come with `createLlmApi`, once the engine they check requests with exists.
 */
export async function createLlmModule(d: LlmModuleDeps): Promise<LlmModule> {
  const compiler = new SchemaCompiler();
  // The builtin engine is imported with its first call, not at start (it is about 60 modules with
  // markdown-it and papaparse, and a process with a provider configured may never call it).
  let builtin: Promise<BuiltinLanguageModel> | undefined;
  const loadBuiltin = () => (builtin ??= import('./builtin/builtin-model.ts').then((m) => m.createBuiltinModel({ compiler })));
  const registry = new ModelRegistry(d.config.llm, loadBuiltin);
  const usage = new LlmUsageRepository(d.database.db);
  // A batch of usage records and the charges of those paid from leases, in one transaction; idempotent by usage_id.
  const write: WriteUsage = (rows) => d.database.db.transaction().execute(async (trx) => {
    const fresh = await usage.recordBatch(rows, trx);
    const leased = rows.filter((r) => r.lease_id && r.lease_credits && fresh.has(r.usage_id))
      .map((r) => ({ orgId: r.org_id, leaseId: r.lease_id!, amount: r.lease_credits!, reason: `LLM call ${r.usage_id}` }));
    const short = await d.credits.settleLeased(trx, leased);
    if (short) d.log.error({ credits: short }, 'LLM calls of an expired credit lease could not be fully charged: the balance was spent meanwhile');
    return fresh.size;
  });
  const outbox = new UsageOutbox({ dataDir: d.config.dataDir, write, delayMs: d.config.llm.usageFlushDelayMs, log: d.log });
  const l = d.config.llm;
  const leases = new CreditLeases({
    credits: d.credits, holder: outbox.holder, minimum: l.minCredits, enabled: l.leases.enabled, ttlMs: l.leases.ttlMs, idleMs: l.leases.idleMs, log: d.log,
    budget: (orgId) => ({ month: monthOf(new Date()), defaultBudget: l.monthlyBudget, pendingCredits: outbox.pendingCredits(orgId, false) }),
  });
  const service = new LlmService({
    config: d.config.llm, db: d.database.db, registry, caller: new ModelCaller(registry, d.config.llm.timeoutMs),
    usage, outbox, credits: d.credits, leases, log: d.log,
  });
  const text = new TextService(service);
  await outbox.start();
  await leases.start(); // after the journal's replay settled the calls of a dead predecessor's leases
  d.credits.waitBeforeReads((orgId) => outbox.settled(orgId, true));
  return {
    name: 'llm',
    registry, compiler, compileBudget: new SchemaCompileBudget(d.config.llm.schemaCompileTimeoutMs), service, text, usage, outbox, leases, timings: d.config.llm.timings,
    async close() {
      await outbox.close();
      await leases.close();
    },
  };
}

/** The LLM module's routes: the LLM, preflight and text endpoints; preflight checks a request with the generation engine. */
export function createLlmApi(llm: LlmModule, generation: { generate: GenerateService; agents: AgentRegistry; credits: CreditsService; generateBody: TObject }): FolioModule {
  const preflight = new PreflightService(generation);
  return {
    name: 'llm',
    async routes(api: FastifyInstance) {
      await llmRoutes(api, { llm: llm.service, timings: llm.timings, preflight, registry: llm.registry, compiler: llm.compiler, compileBudget: llm.compileBudget, minimumCredits: llm.service.minimumCredits, generateBody: generation.generateBody });
      await textRoutes(api, { text: llm.text });
    },
  };
}
