// The tool-using loop: one model turn at a time, each turn's tool calls run in order against the
// in-memory document, results go back as tool messages, until the model calls `finish`, answers in
// plain text, or uses up its turns. A model that fails or times out hands the rest of the loop to the
// next model of the fallback chain (the conversation so far goes with it).
import { APICallError, generateText, type ModelMessage, type ToolResultPart } from 'ai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { AppError } from '../../errors.ts';
import type { ModelRegistry } from '../../llm/model-registry.ts';
import type { AgentToolbox } from './agent-toolbox.ts';

export interface ModelUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  turns: number;
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
  maxTurns: number;
  turnTimeoutMs: number;
  signal: AbortSignal;
  /** true once `finish` ran (the hook set by the core tool). */
  finished(): boolean;
  onTurn?(turn: number): void;
}

export interface LoopResult {
  /** The last plain-text answer of the model, when it ended with text rather than `finish`. */
  finalText: string | null;
  turns: number;
  hitTurnLimit: boolean;
  usage: ModelUsage[];
  /** The conversation of this task: the given messages plus every turn and tool result. */
  messages: ModelMessage[];
}

class TurnTimeout extends Error {}

export async function runAgentLoop(o: LoopOptions): Promise<LoopResult> {
  const messages = [...o.messages];
  const usage = new Map<string, ModelUsage>();
  const tools = o.toolbox.declarations();
  let modelIndex = 0;
  let turns = 0;
  const failures: string[] = [];
  while (turns < o.maxTurns) {
    o.signal.throwIfAborted();
    const modelId = o.chain[modelIndex];
    if (!modelId) throw chainFailed(failures);
    const timeout = AbortSignal.timeout(o.turnTimeoutMs);
    let result;
    try {
      result = await generateText({
        model: modelId === 'builtin' ? o.builtin : o.registry.model(modelId),
        instructions: o.system,
        messages,
        tools,
        toolChoice: 'auto',
        maxRetries: 0,
        abortSignal: AbortSignal.any([o.signal, timeout]),
      }).catch((err) => {
        if (timeout.aborted && !o.signal.aborted) throw new TurnTimeout();
        throw err;
      });
    } catch (err) {
      o.signal.throwIfAborted();
      const status = APICallError.isInstance(err) ? ` with HTTP ${err.statusCode ?? '?'}` : '';
      failures.push(err instanceof TurnTimeout ? `${modelId} did not answer within ${o.turnTimeoutMs} ms` : `${modelId} failed${status}`);
      modelIndex++;
      continue;
    }
    turns++;
    o.onTurn?.(turns);
    const u = usage.get(modelId) ?? { model: modelId, inputTokens: 0, outputTokens: 0, turns: 0 };
    u.inputTokens += result.usage.inputTokens ?? 0;
    u.outputTokens += result.usage.outputTokens ?? 0;
    u.turns++;
    usage.set(modelId, u);
    const assistant = result.response.messages.find((m) => m.role === 'assistant');
    if (!result.toolCalls.length) {
      if (assistant) messages.push(assistant);
      return { finalText: result.text.trim() || null, turns, hitTurnLimit: false, usage: [...usage.values()], messages };
    }
    if (assistant) messages.push(assistant);
    const results: ToolResultPart[] = [];
    for (const call of result.toolCalls) {
      // Unknown tools and unparsable arguments arrive flagged `invalid`; the toolbox explains both.
      const r = await o.toolbox.call(call.toolName, call.input);
      results.push({
        type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName,
        output: r.isError ? { type: 'error-text', value: String(r.output) } : typeof r.output === 'string' ? { type: 'text', value: r.output } : { type: 'json', value: r.output as never },
      });
    }
    messages.push({ role: 'tool', content: results });
    if (o.finished()) return { finalText: null, turns, hitTurnLimit: false, usage: [...usage.values()], messages };
  }
  return { finalText: null, turns, hitTurnLimit: true, usage: [...usage.values()], messages };
}

function chainFailed(failures: string[]): AppError {
  const allTimeouts = failures.every((f) => f.includes('did not answer'));
  return new AppError(allTimeouts ? 'upstream_timeout' : 'upstream_error', `The document agent could not reach a model: ${failures.join('; ')}. Retry the request.`);
}
