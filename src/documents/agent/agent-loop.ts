// The tool-using loop. Each model turn may call several tools: they run in order against the in-memory
// document and their results go back together, so a model that plans the whole document builds it in
// one or two turns. The loop ends when `finish` is accepted (or, in ask mode, a plain-text answer).
//
// No hollow successes: `finish` (or a closing text answer) is accepted only when the outcome check
// (outcome-check.ts) finds the requested change in the document. A turn that makes no progress (text
// only, unknown tools, garbled or invalid arguments, ids that do not exist, repeats, an empty finish)
// gets a corrective nudge (turn-review.ts); if the next turn makes no progress either, the next model
// of the fallback chain takes over from the document as it is, with a fresh conversation that says what
// was done so far. A model that fails or times out hands over the conversation so far. When no model is
// left the task fails with `upstream_error` saying what each model did.
import { APICallError, generateText, type ModelMessage, type ToolResultPart } from 'ai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { AppError } from '../../errors.ts';
import { deadline } from '../../infra/deadline.ts';
import type { ModelRegistry } from '../../llm/model-registry.ts';
import type { AgentToolbox } from './agent-toolbox.ts';
import { markCacheBreakpoint, trimHistory } from './context-trim.ts';
import { CallLedger, describeMisstep, nudgeText, reviewTurn, type CallOutcome, type Misstep } from './turn-review.ts';

export interface ModelUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  turns: number;
  /** The model was replaced for misbehaving: its turns are reported but not charged. */
  dropped?: boolean;
}

/** What happened besides ordinary turns, for the task's phase, its usage record and the run's turns. */
export interface LoopEvent {
  /** A corrective nudge was sent; the nudged model recovered (its next turn made progress); another model took over. */
  kind: 'nudge' | 'recovered' | 'fallback';
  /** The model concerned (for a fallback: the one that gave up the task). */
  model: string;
  /** The turn of that model it happened after (1-based). */
  turn: number;
  /** Why: a misstep, or `model_error` / `model_timeout` for a provider failure (none for `recovered`). */
  reason: Misstep | 'model_error' | 'model_timeout' | null;
  detail: string;
  /** For a fallback: the model that takes over, or null when none is left. */
  next?: string | null;
}

export interface LoopOptions {
  /** Model ids in the order to try them. */
  chain: string[];
  registry: ModelRegistry;
  /** Used instead of the registry's model for `builtin` (it carries this task's planner). */
  builtin: LanguageModelV4;
  system: string;
  messages: ModelMessage[];
  toolbox: AgentToolbox;
  /** Default `action`; ask mode takes a text answer as the end, and its turn-limit nudge is not sent. */
  mode?: 'action' | 'ask';
  /** Most turns each model of the chain may take. */
  maxTurns: number;
  turnTimeoutMs: number;
  signal: AbortSignal;
  /** true once `finish` ran (the hook set by the core tool). */
  finished(): boolean;
  /** How many changes the tools have recorded so far (default: none are recorded). */
  changeCount?(): number;
  /** Why the document does not hold the requested change yet (empty: it does; default: always empty). */
  outcome?(): string[];
  /** The message that tells a model taking over after a misbehaving one where things stand. */
  handover?(reason: string): string;
  onEvent?(event: LoopEvent): void | Promise<void>;
}

export interface LoopResult {
  /** The last plain-text answer of the model, when it ended with text rather than `finish`. */
  finalText: string | null;
  turns: number;
  hitTurnLimit: boolean;
  usage: ModelUsage[];
  /** The conversation of the last model: the given messages plus every turn and tool result. */
  messages: ModelMessage[];
  events: LoopEvent[];
}

class TurnTimeout extends Error {}

/** Nudges one model gets in a task: a model that recovers and slips again and again is replaced too. */
const MAX_NUDGES = 3;

/** Anthropic caches the prefix up to a marked block: the tool declarations and the system prompt. */
const CACHED_SYSTEM = { anthropic: { cacheControl: { type: 'ephemeral' } } } as const;

type Loop = Required<Omit<LoopOptions, 'onEvent'>> & Pick<LoopOptions, 'onEvent'>;

export async function runAgentLoop(options: LoopOptions): Promise<LoopResult> {
  const o: Loop = {
    mode: 'action', changeCount: () => 0, outcome: () => [],
    handover: (reason) => `[Folio] Another model worked on this request first and was stopped: ${reason}. Carry out the request.`,
    ...options,
  };
  const usage = new Map<string, ModelUsage>();
  const events: LoopEvent[] = [];
  const tools = o.toolbox.declarations();
  const failures: string[] = [];
  const emit = async (e: LoopEvent) => { events.push(e); await o.onEvent?.(e); };
  let messages = [...o.messages];
  let turns = 0;
  // A finish refused while something was built: what the document still lacks, not "nothing built".
  const said = (m: Misstep) => (m === 'empty_finish' && o.changeCount() > 0 && o.outcome().length
    ? `called finish before the document held what was asked (${o.outcome().join('; ')})` : describeMisstep(m));
  for (let index = 0; index < o.chain.length; index++) {
    const modelId = o.chain[index];
    const next = o.chain[index + 1] ?? null;
    const u = usage.get(modelId) ?? { model: modelId, inputTokens: 0, outputTokens: 0, turns: 0 };
    usage.set(modelId, u);
    const ledger = new CallLedger();
    let strikes = 0;
    let nudges = 0;
    let warnedLimit = false;
    let attemptTurns = 0;
    let giveUp: { reason: LoopEvent['reason']; detail: string } | null = null;
    while (!giveUp) {
      o.signal.throwIfAborted();
      if (attemptTurns >= o.maxTurns) {
        // Out of turns: what was built stands if it is what was asked; otherwise the next model tries.
        if (!o.outcome().length) return { finalText: null, turns, hitTurnLimit: true, usage: [...usage.values()], messages, events };
        giveUp = { reason: 'turn_limit', detail: `${modelId} ${describeMisstep('turn_limit')} (${o.maxTurns} turns)` };
        break;
      }
      const model = modelId === 'builtin' ? o.builtin : await o.registry.model(modelId);
      const limit = deadline(o.signal, o.turnTimeoutMs);
      let result;
      try {
        result = await generateText({
          model,
          instructions: { role: 'system', content: o.system, providerOptions: CACHED_SYSTEM },
          messages: markCacheBreakpoint(trimHistory(messages)),
          tools,
          toolChoice: 'auto',
          maxRetries: 0,
          abortSignal: limit.signal,
          providerOptions: { openai: { parallelToolCalls: true } },
        }).catch((err) => {
          if (limit.timedOut && !o.signal.aborted) throw new TurnTimeout();
          throw err;
        });
      } catch (err) {
        o.signal.throwIfAborted();
        const status = APICallError.isInstance(err) ? ` with HTTP ${err.statusCode ?? '?'}` : '';
        const timedOut = err instanceof TurnTimeout;
        const detail = timedOut ? `${modelId} did not answer within ${o.turnTimeoutMs} ms` : `${modelId} failed${status}`;
        failures.push(detail);
        await emit({ kind: 'fallback', model: modelId, turn: attemptTurns, reason: timedOut ? 'model_timeout' : 'model_error', detail, next });
        break; // the next model carries on with this conversation
      } finally {
        limit.dispose();
      }
      turns++;
      attemptTurns++;
      u.inputTokens += result.usage.inputTokens ?? 0;
      u.outputTokens += result.usage.outputTokens ?? 0;
      u.turns++;
      const assistant = result.response.messages.find((m) => m.role === 'assistant');
      if (assistant) messages.push(assistant);
      const done = () => ({ finalText: null, turns, hitTurnLimit: false, usage: [...usage.values()], messages, events });

      let outcomes: CallOutcome[];
      const extra: string[] = [];
      const recovered = () => emit({ kind: 'recovered', model: modelId, turn: attemptTurns, reason: null, detail: `${modelId} corrected itself after the nudge` });
      if (!result.toolCalls.length) {
        const text = result.text.trim();
        // A text answer ends ask mode, and ends action mode when the document already holds the change.
        if (o.mode === 'ask' || !o.outcome().length) {
          if (strikes) await recovered();
          return { ...done(), finalText: text || null };
        }
        outcomes = [];
      } else {
        // Cut off at the output token limit: the last call was being written and its arguments are incomplete.
        const cut = result.finishReason === 'length' ? result.toolCalls.at(-1)!.toolCallId : null;
        // The builtin engine's first turn is its whole plan: the task's progress can count it out exactly.
        const ran = await runCalls(o, result.toolCalls, ledger, attemptTurns, modelId === 'builtin', cut);
        outcomes = ran.outcomes;
        messages.push({ role: 'tool', content: ran.results });
        if (o.finished()) {
          if (strikes) await recovered();
          return done();
        }
      }
      const misstep = reviewTurn(outcomes);
      if (misstep === null) {
        if (strikes) await recovered();
        strikes = 0;
      } else if (strikes === 0 && nudges < MAX_NUDGES) {
        strikes = 1;
        nudges++;
        const detail = misstep === 'empty_finish' || misstep === 'text_only' ? o.outcome().join('; ') : '';
        extra.push(nudgeText(misstep, detail));
        await emit({ kind: 'nudge', model: modelId, turn: attemptTurns, reason: misstep, detail: `${modelId} ${said(misstep)}` });
      } else {
        // The builtin engine is deterministic: told twice, it still cannot read more into the request.
        // Its plan says why it made no change ("X" does not occur, no section matches "Y"): that goes to the caller.
        const remark = modelId === 'builtin' ? planRemark(result.toolCalls) : '';
        giveUp = { reason: misstep, detail: modelId === 'builtin'
          ? remark
            ? `builtin (the offline engine) made no change: ${remark}`
            : `builtin (the offline engine) could not work out from the request what to build or change (${o.outcome().join('; ') || describeMisstep(misstep)}); rephrase the request to say plainly what to add or change, or configure a model provider`
          : `${modelId} ${said(misstep)}, again after being told what was wrong` };
        break;
      }
      const left = o.maxTurns - attemptTurns;
      if (!warnedLimit && left > 0 && left <= 2 && o.mode === 'action') {
        warnedLimit = true;
        extra.push(nudgeText('turn_limit', `You have ${left} turn${left > 1 ? 's' : ''} left.`));
        await emit({ kind: 'nudge', model: modelId, turn: attemptTurns, reason: 'turn_limit', detail: `${modelId} has ${left} turn${left > 1 ? 's' : ''} left` });
      }
      if (extra.length) messages.push({ role: 'user', content: extra.join('\n\n') });
    }
    if (giveUp) {
      // Misbehaving: its turns are not charged, and the next model starts afresh from the document as it is.
      u.dropped = true;
      failures.push(giveUp.detail);
      await emit({ kind: 'fallback', model: modelId, turn: attemptTurns, reason: giveUp.reason, detail: giveUp.detail, next });
      messages = [...o.messages, { role: 'user', content: o.handover(giveUp.detail) }];
    }
  }
  throw chainFailed(failures, o.changeCount());
}

interface ToolCallLike { toolCallId: string; toolName: string; input: unknown }

/**
 * Runs one turn's calls in order; `finish` last, and only when no other call of the turn failed and the
 * document holds the requested change. Repeats are answered without running.
 */
async function runCalls(o: Loop, calls: ToolCallLike[], ledger: CallLedger, turn: number, planned: boolean, cut: string | null = null): Promise<{ results: ToolResultPart[]; outcomes: CallOutcome[] }> {
  const results = new Map<string, ToolResultPart>();
  const outcomes: CallOutcome[] = [];
  const put = (call: ToolCallLike, output: unknown, isError: boolean) => results.set(call.toolCallId, {
    type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName,
    output: isError ? { type: 'error-text', value: String(output) } : typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: output as never },
  });
  const ordered = [...calls.filter((c) => c.toolName !== 'finish'), ...calls.filter((c) => c.toolName === 'finish')];
  const work = calls.length - calls.filter((c) => c.toolName === 'finish').length;
  if (work) o.toolbox.beginTurn(work, planned);
  for (const call of ordered) {
    const readOnly = o.toolbox.isReadOnly(call.toolName);
    if (call.toolCallId === cut) {
      // Never run a call whose arguments were cut off: what parsed of them would write half the content.
      o.toolbox.calls++;
      o.toolbox.failedCalls++;
      put(call, `Not run: your answer was cut off at the output token limit while writing this ${call.toolName} call, so its arguments are incomplete. Send it again in smaller parts.`, true);
      outcomes.push({ tool: call.toolName, readOnly: false, failed: true, cutOff: true });
      continue;
    }
    if (call.toolName === 'finish') {
      const failedHere = outcomes.filter((x) => x.failed && !x.readOnly).length;
      const problems = o.outcome();
      const refusal = failedHere ? `Not finished: ${failedHere} other call${failedHere > 1 ? 's' : ''} of this turn failed. Fix ${failedHere > 1 ? 'them' : 'it'} (see the errors), then call finish again.`
        : problems.length && o.mode === 'action' ? `Not finished: ${problems.join('; ')}. Build what the request asks first, then call finish.` : null;
      if (refusal) {
        o.toolbox.calls++;
        o.toolbox.failedCalls++;
        put(call, refusal, true);
        outcomes.push({ tool: call.toolName, readOnly: true, failed: true, refusedFinish: true });
        continue;
      }
    } else {
      const earlier = ledger.repeatOf(call.toolName, call.input, readOnly, o.changeCount(), turn);
      if (earlier !== null) {
        o.toolbox.calls++;
        o.toolbox.failedCalls++;
        put(call, `Not run again: this call is identical to the one of turn ${earlier}, and the document has not changed since in a way that would give another result (see that result above). Do the next step instead.`, true);
        outcomes.push({ tool: call.toolName, readOnly, failed: true, repeat: true });
        continue;
      }
    }
    // Unknown tools and unparsable arguments arrive flagged `invalid`; the toolbox explains both.
    const r = await o.toolbox.call(call.toolName, call.input);
    if (call.toolName !== 'finish') ledger.note(call.toolName, call.input, readOnly, !r.isError, o.changeCount(), turn);
    put(call, r.output, r.isError);
    outcomes.push({ tool: call.toolName, readOnly, failed: r.isError, ...(r.failure ? { failure: r.failure } : {}) });
  }
  // Results go back in the order the model made the calls.
  return { results: calls.map((c) => results.get(c.toolCallId)!), outcomes };
}

/** The builtin engine's remark in its `finish` call (its plan's reason for not changing anything), without the final stop. */
function planRemark(calls: ToolCallLike[]): string {
  const summary = (calls.find((c) => c.toolName === 'finish')?.input as { summary?: unknown } | undefined)?.summary;
  return typeof summary === 'string' ? summary.trim().replace(/[.\s]+$/, '') : '';
}

function chainFailed(failures: string[], changes: number): AppError {
  const outage = failures.every((f) => / failed( with HTTP|$)| did not answer/.test(f));
  const allTimeouts = failures.every((f) => f.includes('did not answer'));
  if (outage) return new AppError(allTimeouts ? 'upstream_timeout' : 'upstream_error', `The document agent could not reach a model: ${failures.join('; ')}. Retry the request.`);
  const kept = changes ? ' What was done is not saved' : ' Nothing was built';
  return new AppError('upstream_error', `The document agent got no usable work from its models: ${failures.join('; ')}.${kept}, and nothing was charged. Retry the request, or try another model.`);
}
