// Streams a text answer through the models of a chain: each model is tried in order until one starts
// answering (an error or timeout before its first token moves on to the next model, as ModelCaller
// does); from the first token on, the answer belongs to that model and its text goes to the sink as it
// comes. Providers that do not stream (the builtin engine) give their answer as one delta.
import { APICallError } from '@ai-sdk/provider';
import { deadline } from '../infra/deadline.ts';
import { loadAiSdk } from './ai-sdk.ts';
import { CallerGone, ModelsFailed, type ModelAnswer, type ModelRequest } from './model-caller.ts';
import type { ModelRegistry } from './model-registry.ts';
import type { UsageAttempt } from './llm-usage.repository.ts';

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

export async function streamAnswer(registry: ModelRegistry, timeoutMs: number, chain: string[], request: Omit<ModelRequest, 'mode'>, sink: StreamSink): Promise<ModelAnswer> {
  const attempts: UsageAttempt[] = [];
  let lastError = '';
  for (const modelId of chain) {
    const begun = Date.now();
    const done = (outcome: UsageAttempt['outcome'], extra: Partial<UsageAttempt> = {}) => attempts.push({ model: modelId, outcome, duration_ms: Date.now() - begun, ...extra });
    let text = '';
    let started = false;
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
        if (part.type !== 'text-delta' || !part.text) continue;
        if (!started) { started = true; sink.start(modelId); }
        text += part.text;
        sink.delta(part.text);
      }
      if (!started) {
        done('invalid_output');
        lastError = `${modelId} gave an empty answer`;
        continue;
      }
      const usage = await result.totalUsage;
      done('ok');
      return { modelId, text, value: text, inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0, attempts };
    } catch (err) {
      if (request.signal.aborted) throw new CallerGone();
      const timedOut = limit.timedOut;
      const status = APICallError.isInstance(err) ? err.statusCode : undefined;
      done(timedOut ? 'timeout' : 'error', status ? { status } : {});
      lastError = timedOut ? `${modelId} did not answer within ${timeoutMs} ms` : `${modelId} failed${status ? ` with HTTP ${status}` : ''}`;
      if (started) throw new StreamBroken(lastError, { modelId, text, value: text, inputTokens: 0, outputTokens: 0, attempts });
    } finally {
      limit.dispose();
    }
  }
  const kinds = new Set(attempts.map((a) => a.outcome));
  const kind = kinds.size === 1 && kinds.has('timeout') ? 'timeout' : kinds.has('invalid_output') && !kinds.has('error') ? 'invalid_output' : 'error';
  throw new ModelsFailed(kind, `${lastError}${chain.length > 1 ? ` (models tried: ${chain.join(', ')})` : ''}`, attempts);
}
