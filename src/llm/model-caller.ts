// Calls the models of a chain in order until one gives a usable answer. Each attempt has its own
// timeout; an answer that is not valid (not JSON, not matching the schema, failing a helper's check)
// gets one repair turn on the same model, then the next model is tried. Provider retries are off: the
// fallback chain is the retry policy, so a failing provider costs one timeout at most. A turn of plain
// text to OpenAI or an OpenAI-compatible server goes through its direct wire client (direct-calls.ts);
// every other turn through the AI SDK's generateText.
import type { ModelMessage } from 'ai';
import { APICallError, type JSONObject } from '@ai-sdk/provider';
import { deadline } from '../infra/deadline.ts';
import { loadAiSdk } from './ai-sdk.ts';
import { ProviderCallFailed, type DirectClient, type DirectTurn } from './direct-calls.ts';
import { ProviderPostTimeout } from './provider-fetch.ts';
import type { BuiltinTask } from './builtin/builtin-model.ts';
import type { CompiledSchema, JsonSchema } from './json-schema.ts';
import { describeSchemaErrors } from './json-schema.ts';
import { COMPATIBLE_PROVIDER_NAME, type ModelRegistry } from './model-registry.ts';
import type { UsageAttempt } from './llm-usage.repository.ts';

// Warnings (an unsupported setting of a provider) are not errors; Folio logs its own outcomes.
(globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = false;

export type OutputMode =
  | { type: 'text'; /** Problems of an answer (empty: fine); a non-empty list triggers the repair turn. */ check?: (text: string) => string[] }
  | { type: 'json' }
  | { type: 'json_schema'; compiled: CompiledSchema };

export interface ModelRequest {
  messages: ModelMessage[];
  mode: OutputMode;
  /** The builtin engine's rule-based path for the text helpers (real providers get the messages). */
  builtinTask?: BuiltinTask;
  /** Aborted when the caller goes away: stop at once. */
  signal: AbortSignal;
}

export interface ModelAnswer {
  modelId: string;
  text: string;
  /** The parsed value in the JSON modes. */
  value: unknown;
  /** Tokens of the answering model's turns (the repair turn included). */
  inputTokens: number;
  outputTokens: number;
  attempts: UsageAttempt[];
}

export class ModelsFailed extends Error {
  readonly attempts: UsageAttempt[];
  readonly kind: 'timeout' | 'error' | 'invalid_output';

  constructor(kind: 'timeout' | 'error' | 'invalid_output', message: string, attempts: UsageAttempt[]) {
    super(message);
    this.kind = kind;
    this.attempts = attempts;
  }
}

export class CallerGone extends Error {}

/** The AI SDK output spec that asks for JSON (with a schema when given) and hands back the raw text. */
function rawJson(schema: JsonSchema | undefined) {
  return {
    name: 'folio-json',
    responseFormat: Promise.resolve({ type: 'json' as const, ...(schema ? { schema, name: 'response' } : {}) }),
    parseCompleteOutput: async ({ text }: { text: string }) => text,
    parsePartialOutput: async () => undefined,
    createElementStreamTransform: () => undefined,
  };
}

/** OpenAI's strict mode demands closed objects with every property required; anything else goes non-strict. */
export function strictCompatible(schema: unknown, depth = 0): boolean {
  if (depth > 40 || typeof schema !== 'object' || schema === null) return typeof schema !== 'boolean';
  const s = schema as JsonSchema;
  if (s.type === 'object' || s.properties) {
    const keys = Object.keys((s.properties ?? {}) as object);
    const required = (s.required ?? []) as string[];
    if (s.additionalProperties !== false || keys.some((k) => !required.includes(k))) return false;
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') continue;
    const children = k === 'properties' || k === '$defs' || k === 'definitions' ? Object.values(v as object) : Array.isArray(v) ? v : [v];
    for (const c of children) if (typeof c === 'object' && c !== null && !strictCompatible(c, depth + 1)) return false;
  }
  return true;
}

function instructionsFor(mode: OutputMode, native: boolean): string | undefined {
  if (mode.type === 'text') return undefined;
  if (mode.type === 'json') return 'Answer with a single JSON value and nothing else: no prose, no code fences.';
  const schema = native ? '' : `\n\nThe JSON Schema (draft 2020-12) it must match:\n${JSON.stringify(mode.compiled.schema)}`;
  return `Answer with a single JSON value that matches the response JSON Schema, and nothing else: no prose, no code fences.${schema}`;
}

/** Parses and checks an answer; returns the value and the problems found (empty: usable). */
export function checkAnswer(text: string, mode: OutputMode): { value: unknown; problems: string[] } {
  if (mode.type === 'text') return { value: text, problems: text.trim() ? (mode.check?.(text) ?? []) : ['the answer was empty'] };
  const body = text.trim().replace(/^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i, '$1').trim();
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { value: undefined, problems: ['the answer was not valid JSON'] };
  }
  if (mode.type === 'json' || mode.compiled.validate(value)) return { value, problems: [] };
  return { value, problems: describeSchemaErrors(mode.compiled.validate.errors) };
}

function repairPrompt(problems: string[], mode: OutputMode): string {
  const what = mode.type === 'text' ? 'the corrected answer only' : 'only the corrected JSON value';
  return `Your previous answer cannot be used:\n${problems.map((p) => `- ${p}`).join('\n')}\nAnswer again with ${what}.`;
}

export class ModelCaller {
  private readonly registry: ModelRegistry;
  private readonly timeoutMs: number;

  constructor(registry: ModelRegistry, timeoutMs: number) {
    this.registry = registry;
    this.timeoutMs = timeoutMs;
  }

  async answer(chain: string[], request: ModelRequest): Promise<ModelAnswer> {
    const attempts: UsageAttempt[] = [];
    let lastError = '';
    for (const modelId of chain) {
      const started = Date.now();
      const done = (outcome: UsageAttempt['outcome'], extra: Partial<UsageAttempt> = {}) => attempts.push({ model: modelId, outcome, duration_ms: Date.now() - started, ...extra });
      try {
        const first = await this.turn(modelId, request, request.messages);
        let tokens = first.tokens;
        let checked = checkAnswer(first.text, request.mode);
        let text = first.text;
        let repaired = false;
        if (checked.problems.length) {
          repaired = true;
          const repair = await this.turn(modelId, request, [...request.messages, { role: 'assistant', content: first.text }, { role: 'user', content: repairPrompt(checked.problems, request.mode) }]);
          tokens = { input: tokens.input + repair.tokens.input, output: tokens.output + repair.tokens.output };
          text = repair.text;
          checked = checkAnswer(repair.text, request.mode);
        }
        if (checked.problems.length) {
          done('invalid_output', { repaired });
          lastError = `${modelId} gave an unusable answer twice (${checked.problems.slice(0, 3).join('; ')})`;
          continue;
        }
        done('ok', repaired ? { repaired } : {});
        return { modelId, text, value: checked.value, inputTokens: tokens.input, outputTokens: tokens.output, attempts };
      } catch (err) {
        if (request.signal.aborted) throw new CallerGone();
        if (err instanceof AttemptTimeout) {
          done('timeout');
          lastError = `${modelId} did not answer within ${this.timeoutMs} ms`;
        } else {
          const status = APICallError.isInstance(err) ? err.statusCode : err instanceof ProviderCallFailed ? err.status : undefined;
          done('error', status ? { status } : {});
          lastError = `${modelId} failed${status ? ` with HTTP ${status}` : ''}`;
        }
      }
    }
    const kinds = new Set(attempts.map((a) => a.outcome));
    const kind = kinds.size === 1 && kinds.has('timeout') ? 'timeout' : kinds.has('invalid_output') && !kinds.has('error') ? 'invalid_output' : 'error';
    throw new ModelsFailed(kind, `${lastError}${chain.length > 1 ? ` (models tried: ${chain.join(', ')})` : ''}`, attempts);
  }

  private async turn(modelId: string, request: ModelRequest, messages: ModelMessage[]): Promise<{ text: string; tokens: { input: number; output: number } }> {
    const entry = this.registry.entry(modelId);
    const mode = request.mode;
    const schema = mode.type === 'json_schema' && entry.nativeJsonSchema ? mode.compiled.schema : undefined;
    const strictJsonSchema = schema ? strictCompatible(schema) : false;
    const direct = this.registry.direct(modelId);
    const plain = direct && plainMessages(messages);
    if (direct && plain) {
      return this.directTurn(direct, {
        instructions: instructionsFor(mode, entry.nativeJsonSchema), messages: plain, format: mode.type === 'text' ? 'text' : 'json',
        ...(schema ? { schema } : {}), strict: strictJsonSchema, signal: request.signal, timeoutMs: this.timeoutMs,
      });
    }
    const [{ generateText }, model] = await Promise.all([loadAiSdk(), this.registry.model(modelId)]);
    const limit = deadline(request.signal, this.timeoutMs);
    try {
      const result = await generateText({
        model,
        instructions: instructionsFor(mode, entry.nativeJsonSchema),
        messages,
        allowSystemInMessages: true,
        maxRetries: 0,
        abortSignal: limit.signal,
        ...(mode.type === 'text' ? {} : { output: rawJson(schema) as never }),
        providerOptions: entry.provider === 'builtin'
          ? (request.builtinTask ? { folio: request.builtinTask as unknown as JSONObject } : {})
          : { openai: { strictJsonSchema }, [COMPATIBLE_PROVIDER_NAME]: { strictJsonSchema } },
      });
      const text = mode.type === 'text' ? result.text : String(result.output ?? result.text);
      return { text, tokens: { input: result.usage.inputTokens ?? 0, output: result.usage.outputTokens ?? 0 } };
    } catch (err) {
      if (limit.timedOut && !request.signal.aborted) throw new AttemptTimeout();
      throw err;
    } finally {
      limit.dispose();
    }
  }

  /** A turn through a direct wire client (direct-calls.ts), under the same time limit. */
  private async directTurn(client: DirectClient, turn: DirectTurn): Promise<{ text: string; tokens: { input: number; output: number } }> {
    try {
      return await client.generate(turn);
    } catch (err) {
      if (err instanceof ProviderPostTimeout && !turn.signal.aborted) throw new AttemptTimeout();
      throw err;
    }
  }
}

/** The messages when every one is plain text of a system, user or assistant turn (what the direct clients send), else null. */
export function plainMessages(messages: ModelMessage[]): DirectTurn['messages'] | null {
  for (const m of messages) if (typeof m.content !== 'string' || (m.role !== 'system' && m.role !== 'user' && m.role !== 'assistant')) return null;
  return messages as DirectTurn['messages'];
}

class AttemptTimeout extends Error {}
