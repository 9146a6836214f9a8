// One LLM call, accounted for: the model chain (422 for a model this deployment cannot call), the
// minimum credits paid up front, from the organization's credit lease in memory when this process holds
// one (CreditLeases), else charged within the monthly budget in one statement (402 budget_exceeded or
// insufficient_credits; parallel calls can never overspend), the models, then the usage record. A call
// that costs its minimum (most), or whose lease pays the rest, hands its record to the usage outbox:
// journaled before the answer is sent, written to the database (with a leased call's charge) in batches
// after. Otherwise the rest is charged before it is answered. If that accounting fails, the caller gets
// 502 and the up-front charge is refunded. Failed calls are recorded too, at no cost.
import type { ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LlmConfig } from '../config.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { DB } from '../db/schema.ts';
import { AppError, errors } from '../errors.ts';
import { decodeCursor, toPage } from '../http/pagination.ts';
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import { newId } from '../ids.ts';
import type { BuiltinTask } from './builtin/builtin-model.ts';
import { creditsFor } from './model-catalog.ts';
import { CallerGone, ModelsFailed, type ModelAnswer, type ModelCaller, type OutputMode } from './model-caller.ts';
import { ChargeBatcher } from './charge-batcher.ts';
import type { CreditLeases } from './credit-leases.ts';
import { streamAnswer, StreamBroken, type StreamSink } from './model-streamer.ts';
import type { ModelRegistry } from './model-registry.ts';
import type { StepTimer } from './step-timer.ts';
import type { UsageOutbox } from './usage-outbox.ts';
import { monthOf, type LlmUsageRepository, type LlmUsageRow, type NewUsage, type UsageFilter } from './llm-usage.repository.ts';

export type LlmOperation = 'llm.invoke' | 'text.humanize' | 'text.rewrite' | 'text.new_content' | 'slides.outline' | 'projects.facts' | 'excel.analyze';

export interface LlmCall {
  key: KeyWithOrg;
  requestId: string;
  operation: LlmOperation;
  messages: ModelMessage[];
  /** null or `auto`: the default model. */
  model: string | null;
  mode: OutputMode;
  builtinTask?: BuiltinTask;
  userId?: string | null;
  sessionId?: string | null;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** Timing marks (FOLIO_LLM_TIMINGS). */
  timer?: StepTimer;
}

export interface LlmResult {
  usageId: string;
  model: string;
  text: string;
  value: unknown;
  credits: number;
  inputTokens: number;
  outputTokens: number;
}

type UsageBase = Omit<NewUsage, 'status' | 'model' | 'provider' | 'input_tokens' | 'output_tokens' | 'credits' | 'attempts' | 'duration_ms' | 'error_code'>;

export interface BudgetState {
  monthly_budget: number | null;
  /** `organization` when the organization set its own, `default` for FOLIO_LLM_MONTHLY_BUDGET. */
  source: 'organization' | 'default';
  month: string;
  used_credits: number;
  calls: number;
  input_tokens: number;
  output_tokens: number;
}

export interface LlmServiceDeps {
  config: LlmConfig;
  db: Kysely<DB>;
  registry: ModelRegistry;
  caller: ModelCaller;
  usage: LlmUsageRepository;
  outbox: UsageOutbox;
  credits: CreditsService;
  leases: CreditLeases;
  log: FastifyBaseLogger;
}

export class LlmService {
  private readonly d: LlmServiceDeps;
  private readonly charges: ChargeBatcher;

  constructor(deps: LlmServiceDeps) {
    this.d = deps;
    this.charges = new ChargeBatcher(deps.credits);
  }

  /** Balance needed to start a call, and the least a call costs. */
  get minimumCredits(): number {
    return this.d.config.minCredits;
  }

  /** The models a request would try; 422 on `body.model` when the chosen one is not configured here. */
  chain(model: string | null | undefined): string[] {
    const chain = this.d.registry.chain(model);
    if (!this.d.registry.isAvailable(chain[0])) {
      const available = this.d.registry.entries.filter((e) => this.d.registry.isAvailable(e.id)).map((e) => e.id);
      throw errors.validation([{
        loc: ['body', 'model'], type: 'model_unavailable', input: model,
        msg: `Model ${chain[0]} is not configured on this deployment; available: auto, ${available.join(', ')}`,
      }]);
    }
    return chain;
  }

  async budget(orgId: string, now = new Date()): Promise<BudgetState> {
    await this.d.outbox.settled(orgId);
    return this.budgetNow(orgId, now);
  }

  /** The budget state without waiting for the outbox: its pending credits are counted in `used_credits`. */
  private async budgetNow(orgId: string, now = new Date()): Promise<BudgetState> {
    const month = monthOf(now);
    const { budget: own, ...used } = await this.d.usage.budgetState(orgId, month);
    used.credits += this.d.outbox.pendingCredits(orgId);
    return {
      monthly_budget: own === undefined ? this.d.config.monthlyBudget : own,
      source: own === undefined ? 'default' : 'organization',
      month, used_credits: used.credits, calls: used.calls, input_tokens: used.input_tokens, output_tokens: used.output_tokens,
    };
  }

  async usage(orgId: string, limit: number, cursor: string | undefined, filter: UsageFilter): Promise<{ items: LlmUsageRow[]; next_cursor: string | null }> {
    await this.d.outbox.settled(orgId);
    const rows = await this.d.usage.list(orgId, limit, decodeCursor(cursor), filter);
    return toPage(rows, limit, (r) => r.usage_id);
  }

  async setBudget(orgId: string, monthlyCredits: number | null): Promise<BudgetState> {
    await this.d.usage.setBudget(orgId, monthlyCredits);
    await this.d.leases.drop(orgId); // its budget room was taken under the old budget
    return this.budget(orgId);
  }

  /** 402 budget_exceeded once the month's LLM spending has reached the organization's budget. */
  async assertWithinBudget(orgId: string): Promise<void> {
    const b = await this.budgetNow(orgId).catch((err) => {
      this.d.log.error({ err }, 'LLM budget lookup failed');
      throw errors.upstream('Usage accounting is unavailable, so no LLM call can start. Retry in a moment.', err);
    });
    if (b.monthly_budget !== null && b.used_credits >= b.monthly_budget) {
      throw new AppError('budget_exceeded', `The organization's monthly LLM budget of ${b.monthly_budget} credits is used up (${b.used_credits} used in ${b.month.slice(0, 7)}). Raise it with PUT /llm/budget, or wait for next month.`, {
        body: { monthly_budget: b.monthly_budget, used_credits: b.used_credits },
      });
    }
  }

  async call(c: LlmCall): Promise<LlmResult> {
    const { chain, base, paid, started, leaseId } = await this.begin(c);
    let answer;
    try {
      answer = await this.d.caller.answer(chain, { messages: c.messages, mode: c.mode, builtinTask: c.builtinTask, signal: c.signal });
    } catch (err) {
      await this.failed(base, paid, started, err, leaseId);
      throw this.toAppError(err);
    }
    c.timer?.mark('provider');
    const result = await this.account(base, answer, paid, started, false, leaseId);
    c.timer?.mark('accounting');
    return result;
  }

  /**
   * A text call whose answer streams to `sink` as the model writes it (`stream: true`). Errors before
   * the first token are thrown as by `call` (nothing was sent); a model failing after it throws
   * StreamBroken (the call is refunded and recorded as failed). The usage is accounted after the last token.
   */
  async stream(c: LlmCall, sink: StreamSink): Promise<LlmResult> {
    const { chain, base, paid, started, leaseId } = await this.begin(c);
    let answer;
    try {
      answer = await streamAnswer(this.d.registry, this.d.config.timeoutMs, chain, { messages: c.messages, signal: c.signal }, sink);
    } catch (err) {
      await this.failed(base, paid, started, err, leaseId);
      throw err instanceof StreamBroken ? err : this.toAppError(err);
    }
    return this.account(base, answer, paid, started, true, leaseId);
  }

  private async begin(c: LlmCall) {
    const chain = this.chain(c.model);
    const orgId = c.key.org_id;
    const usageId = newId('llm');
    const paid = this.d.config.minCredits;
    this.d.leases.started(orgId);
    let leaseId: string | null;
    try {
      leaseId = this.d.leases.take(orgId, paid) ?? await this.d.leases.acquire(orgId, paid);
      if (!leaseId) await this.reserve(orgId, paid, `LLM call ${usageId}`);
    } catch (err) {
      this.d.leases.finished(orgId, null);
      throw err;
    }
    c.timer?.mark('reserve');
    const base: UsageBase = {
      usage_id: usageId, org_id: orgId, key_id: c.key.key_id, request_id: c.requestId, operation: c.operation,
      requested_model: c.model ?? null, response_format: c.mode.type, user_id: c.userId ?? null, session_id: c.sessionId ?? null,
    };
    return { chain, base, paid, started: Date.now(), leaseId };
  }

  /** A call that produced nothing usable: the up-front charge back, a failed record at no cost. */
  private async failed(base: UsageBase, paid: number, started: number, err: unknown, leaseId: string | null): Promise<void> {
    const { org_id: orgId, usage_id: usageId } = base;
    this.d.leases.finished(orgId, leaseId, paid); // paid from a lease: back to it, nothing was charged
    if (!leaseId) await this.d.credits.refundCall(orgId, paid, `LLM call ${usageId}`).catch((e) => this.d.log.error({ err: e, usage_id: usageId }, 'could not refund an LLM call'));
    const failed = err instanceof ModelsFailed ? err : null;
    const attempts = failed?.attempts ?? (err instanceof StreamBroken ? err.partial.attempts : []);
    const code = err instanceof CallerGone ? 'client_closed' : failed?.kind === 'timeout' ? 'upstream_timeout' : 'upstream_error';
    await this.d.usage.record(this.d.db, {
      ...base, status: 'failed', error_code: code, model: null, provider: null, input_tokens: 0, output_tokens: 0, credits: 0,
      attempts, duration_ms: Date.now() - started,
    }, monthOf(new Date())).catch((e) => this.d.log.warn({ err: e, usage_id: usageId }, 'could not record a failed LLM call'));
  }

  /**
   * Charges and records a call that answered. `delivered`: the answer was already sent (streaming), so
   * an accounting failure cannot withhold it: it is logged, and the up-front charge stands.
   */
  private async account(base: UsageBase, answer: ModelAnswer, paid: number, started: number, delivered: boolean, leaseId: string | null): Promise<LlmResult> {
    if (leaseId) return this.accountLeased(base, answer, paid, started, delivered, leaseId);
    const { org_id: orgId, usage_id: usageId } = base;
    const reason = `LLM call ${usageId}`;
    const entry = this.d.registry.entry(answer.modelId);
    const cost = creditsFor(entry, answer.inputTokens, answer.outputTokens, paid);
    const usage = (credits: number): NewUsage => ({
      ...base, status: 'succeeded', error_code: null, model: answer.modelId, provider: entry.provider,
      input_tokens: answer.inputTokens, output_tokens: answer.outputTokens, credits, attempts: answer.attempts, duration_ms: Date.now() - started,
    });
    let charged = paid;
    try {
      // Most calls cost their minimum, already paid: the record goes to the outbox (journaled now,
      // written with the next batch). A call that costs more is charged the rest before it is answered.
      this.d.leases.finished(orgId, null);
      if (cost <= paid) await this.d.outbox.add({ ...usage(paid), created_at: new Date().toISOString(), month: monthOf(new Date()) });
      else {
        charged = await this.d.db.transaction().execute(async (trx) => {
          const total = paid + (await this.d.credits.chargeCallRest(trx, orgId, cost - paid, reason));
          await this.d.usage.record(trx, usage(total), monthOf(new Date()));
          return total;
        });
      }
    } catch (err) {
      this.d.log.error({ err, usage_id: usageId }, 'LLM usage accounting failed');
      if (delivered) return { usageId, model: answer.modelId, text: answer.text, value: answer.value, credits: paid, inputTokens: answer.inputTokens, outputTokens: answer.outputTokens };
      await this.d.credits.refundCall(orgId, paid, reason).catch(() => {});
      throw errors.upstream('Usage accounting is unavailable, so the answer was not delivered and nothing was charged. Retry in a moment.', err);
    }
    return { usageId, model: answer.modelId, text: answer.text, value: answer.value, credits: charged, inputTokens: answer.inputTokens, outputTokens: answer.outputTokens };
  }

  /**
   * `account` for a call whose minimum came from a credit lease: the lease pays the rest too when it can;
   * otherwise the rest is charged now (and the lease ends, so the budget it was granted under holds). The
   * lease's part is charged when the journaled record is written.
   */
  private async accountLeased(base: UsageBase, answer: ModelAnswer, paid: number, started: number, delivered: boolean, leaseId: string): Promise<LlmResult> {
    const { org_id: orgId, usage_id: usageId } = base;
    const reason = `LLM call ${usageId}`;
    const entry = this.d.registry.entry(answer.modelId);
    const cost = creditsFor(entry, answer.inputTokens, answer.outputTokens, paid);
    const leased = cost > paid && this.d.leases.takeMore(leaseId, cost - paid) ? cost : paid;
    let rest = 0;
    try {
      if (cost > leased) {
        void this.d.leases.drop(orgId);
        rest = await this.d.credits.chargeCallRestNow(orgId, cost - leased, reason);
      }
      await this.d.outbox.add({
        ...base, status: 'succeeded', error_code: null, model: answer.modelId, provider: entry.provider, input_tokens: answer.inputTokens, output_tokens: answer.outputTokens,
        credits: leased + rest, attempts: answer.attempts, duration_ms: Date.now() - started, created_at: new Date().toISOString(), month: monthOf(new Date()), lease_id: leaseId, lease_credits: leased,
      });
    } catch (err) {
      this.d.log.error({ err, usage_id: usageId }, 'LLM usage accounting failed');
      if (rest) await this.d.credits.refundCall(orgId, rest, reason).catch(() => {});
      if (!delivered) {
        this.d.leases.finished(orgId, leaseId, leased);
        throw errors.upstream('Usage accounting is unavailable, so the answer was not delivered and nothing was charged. Retry in a moment.', err);
      }
      // Delivered (streaming): charge the minimum directly; the lease's hold on it comes back when the lease ends or expires.
      this.d.leases.finished(orgId, leaseId);
      await this.d.credits.chargeCallRestNow(orgId, leased, reason).catch((e) => this.d.log.error({ err: e, usage_id: usageId }, 'could not charge a delivered LLM call'));
      return { usageId, model: answer.modelId, text: answer.text, value: answer.value, credits: leased, inputTokens: answer.inputTokens, outputTokens: answer.outputTokens };
    }
    this.d.leases.finished(orgId, leaseId);
    return { usageId, model: answer.modelId, text: answer.text, value: answer.value, credits: leased + rest, inputTokens: answer.inputTokens, outputTokens: answer.outputTokens };
  }

  /**
   * The up-front charge and the budget check, in one statement (shared with the organization's
   * concurrent calls, see ChargeBatcher). When it moves nothing, says why: 402
   * budget_exceeded, else 402 insufficient_credits. 502 when the accounting database cannot be reached.
   */
  private async reserve(orgId: string, paid: number, reason: string): Promise<void> {
    const budget = () => ({ month: monthOf(new Date()), defaultBudget: this.d.config.monthlyBudget, pendingCredits: this.d.outbox.pendingCredits(orgId, false) });
    const moved = await this.charges.charge(orgId, paid, reason, budget).catch((err) => {
      this.d.log.error({ err }, 'LLM up-front charge failed');
      throw errors.upstream('Usage accounting is unavailable, so no LLM call can start. Retry in a moment.', err);
    });
    if (moved) return;
    await this.assertWithinBudget(orgId);
    await this.d.credits.assertCallCovered(orgId, paid);
    // Neither: the budget or the balance changed in between; the plain charge decides.
    await this.d.credits.chargeCallUpFront(orgId, paid, reason);
  }

  private toAppError(err: unknown): unknown {
    if (err instanceof CallerGone) return errors.upstream('The request was closed by the client.');
    if (!(err instanceof ModelsFailed)) return err;
    if (err.kind === 'timeout') return new AppError('upstream_timeout', `The model did not answer in time: ${err.message}.`);
    if (err.kind === 'invalid_output') return errors.upstream(`The model's answer was not usable, even after a repair attempt: ${err.message}.`);
    return errors.upstream(`The model provider failed: ${err.message}. Retry with exponential backoff.`);
  }
}
