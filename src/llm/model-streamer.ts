// Streams a text answer through the models of a chain: each model is tried in order until one starts
// answering (an error or timeout before its first token moves on to the next model, as ModelCaller
// does); from the first token on, the answer belongs to that model and its text goes to the sink as it
// comes. A model with a direct wire client (direct-calls.ts) streams through it when the messages are
// plain text, as ModelCaller's turns do; the others stream through the AI SDK. Providers that do not
// stream (the builtin engine) give their answer as one delta.
import { APICallError } from '@ai-sdk/provider';
import { deadline } from '../infra/deadline.ts';
import { loadAiSdk } from './ai-sdk.ts';
import { ProviderCallFailed, type DirectClient, type DirectTurn } from './direct-calls.ts';
import { CallerGone, ModelsFailed, plainMessages, type ModelAnswer, type ModelRequest } from './model-caller.ts';
import type { ModelRegistry } from './model-registry.ts';
import type { UsageAttempt } from './llm-usage.repository.ts';
import { ProviderPostTimeout } from './provider-fetch.ts';

export interface StreamSink {
  /** The first token of `modelId` is about to be delivered: commit the response. */
  start(modelId: string): void;
  delta(text: string): void;
}

/** The answer broke off after it had started: what was sent stays sent. */
export class StreamBroken extends Error {
  readonly partial: ModelAnswer;

  constructor(message: string, partial: ModelAnswer) {
    super(message);
    this.partial = partial;
  }
}

/** One model's attempt failed: past its time limit, or with the provider's HTTP status when it answered one. */
class AttemptFailed extends Error {
  readonly timedOut: boolean;
  readonly status: number | undefined;

  constructor(timedOut: boolean, status?: number) {
    super(timedOut ? 'timeout' : 'error');
    this.timedOut = timedOut;
    this.status = status;
  }
}

type Tokens = { input: number; output: number };

export async function streamAnswer(registry: ModelRegistry, timeoutMs: number, chain: string[], request: Omit<ModelRequest, 'mode'>, sink: StreamSink): Promise<ModelAnswer> {
  const attempts: UsageAttempt[] = [];
  let lastError = '';
  for (const modelId of chain) {
    const begun = Date.now();
    const done = (outcome: UsageAttempt['outcome'], extra: Partial<UsageAttempt> = {}) => attempts.push({ model: modelId, outcome, duration_ms: Date.now() - begun, ...extra });
    let text = '';
    let started = false;
    const onDelta = (delta: string) => {
      if (!delta) return;
      if (!started) { started = true; sink.start(modelId); }
      text += delta;
      sink.delta(delta);
    };
    const direct = registry.direct(modelId);
    const plain = direct && plainMessages(request.messages);
    try {
      const tokens = direct && plain
        ? await directStream(direct, { instructions: undefined, messages: plain, format: 'text', strict: false, signal: request.signal, timeoutMs }, onDelta)
        : await sdkStream(registry, modelId, timeoutMs, request, onDelta);
      if (!started) {
        done('invalid_output');
        lastError = `${modelId} gave an empty answer`;
        continue;
      }
      done('ok');
      return { modelId, text, value: text, inputTokens: tokens.input, outputTokens: tokens.output, attempts };
    } catch (err) {
      if (request.signal.aborted) throw new CallerGone();
      if (!(err instanceof AttemptFailed)) throw err;
      done(err.timedOut ? 'timeout' : 'error', err.status ? { status: err.status } : {});
      lastError = err.timedOut ? `${modelId} did not answer within ${timeoutMs} ms` : `${modelId} failed${err.status ? ` with HTTP ${err.status}` : ''}`;
      if (started) throw new StreamBroken(lastError, { modelId, text, value: text, inputTokens: 0, outputTokens: 0, attempts });
    }
  }
  const kinds = new Set(attempts.map((a) => a.outcome));
  const kind = kinds.size === 1 && kinds.has('timeout') ? 'timeout' : kinds.has('invalid_output') && !kinds.has('error') ? 'invalid_output' : 'error';
  throw new ModelsFailed(kind, `${lastError}${chain.length > 1 ? ` (models tried: ${chain.join(', ')})` : ''}`, attempts);
}

/** A streamed turn through a direct wire client; every failure is an AttemptFailed (an HTTP error keeps its status). */
async function directStream(client: DirectClient, turn: DirectTurn, onDelta: (text: string) => void): Promise<Tokens> {
  try {
    return (await client.stream(turn, onDelta)).tokens;
  } catch (err) {
    if (turn.signal.aborted) throw err;
    throw new AttemptFailed(err instanceof ProviderPostTimeout, err instanceof ProviderCallFailed ? err.status : undefined);
  }
}

/** A streamed turn through the AI SDK, under the same time limit. */
async function sdkStream(registry: ModelRegistry, modelId: string, timeoutMs: number, request: Omit<ModelRequest, 'mode'>, onDelta: (text: string) => void): Promise<Tokens> {
  const [{ streamText }, model] = await Promise.all([loadAiSdk(), registry.model(modelId)]);
  const limit = deadline(request.signal, timeoutMs);
  try {
    const result = streamText({
      model, messages: request.messages, allowSystemInMessages: true, maxRetries: 0,
      abortSignal: limit.signal,
      onError: () => {}, // errors arrive as stream parts, handled below
    });
    for await (const part of result.fullStream) {
      if (part.type === 'error') throw part.error;
      if (part.type === 'text-delta') onDelta(part.text);
    }
    const usage = await result.totalUsage;
    return { input: usage.inputTokens ?? 0, output: usage.outputTokens ?? 0 };
  } catch (err) {
    if (request.signal.aborted) throw err;
    throw new AttemptFailed(limit.timedOut, APICallError.isInstance(err) ? err.statusCode : undefined);
  } finally {
    limit.dispose();
  }
}
