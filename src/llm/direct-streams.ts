// The streamed side of the direct wire clients (direct-calls.ts): readers of the providers' Server-Sent
// Events, fed one event's data at a time by providerStream. OpenAI's Responses API sends typed events
// (`response.output_text.delta`, then `response.completed` with the usage); Chat Completions sends
// `chat.completion.chunk`s (the text in `choices[0].delta.content`, the usage in a last chunk without
// choices, then `[DONE]`). A failure the provider reports inside the stream, an event that is not JSON,
// or a stream that ends before the provider said the answer was complete is a ProviderStreamFailed: the
// answer may have been cut short, so it is never passed off as whole.

/** The provider's event stream reported a failure, or broke off before its answer was complete. */
export class ProviderStreamFailed extends Error {}

/** A direct turn's answer: its whole text and token counts (streamed or not). */
export interface DirectAnswer { text: string; tokens: { input: number; output: number } }

export interface StreamReader {
  /** One event's data. Throws ProviderStreamFailed for a failure event or data that is not JSON. */
  event(data: string): void;
  /** The stream ended: the whole answer, or ProviderStreamFailed when it never completed. */
  end(): DirectAnswer;
}

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

function parsed(data: string): any {
  try {
    const value = JSON.parse(data);
    if (typeof value === 'object' && value !== null) return value;
  } catch { /* below */ }
  throw new ProviderStreamFailed('the provider sent an event that is not a JSON object');
}

function failureMessage(error: any, fallback: string): string {
  return typeof error?.message === 'string' && error.message ? error.message : fallback;
}

/** Responses API events: text and refusal deltas are the answer; `response.completed` or `response.incomplete` ends it. */
export function responsesStream(onDelta: (text: string) => void): StreamReader {
  let text = '';
  let usage: any;
  let complete = false;
  return {
    event(data) {
      const e = parsed(data);
      switch (e.type) {
        case 'response.output_text.delta':
        case 'response.refusal.delta':
          if (typeof e.delta === 'string' && e.delta) { text += e.delta; onDelta(e.delta); }
          return;
        case 'response.completed':
        case 'response.incomplete':
          complete = true;
          usage = e.response?.usage;
          return;
        case 'response.failed':
          throw new ProviderStreamFailed(failureMessage(e.response?.error, 'the response failed'));
        case 'error':
          throw new ProviderStreamFailed(failureMessage(e.error ?? e, 'the stream reported an error'));
        default:
      }
    },
    end() {
      if (!complete) throw new ProviderStreamFailed('the stream ended before the response was complete');
      return { text, tokens: { input: count(usage?.input_tokens), output: count(usage?.output_tokens) } };
    },
  };
}

/** Chat Completions chunks: the first choice's content deltas; a finish reason or `[DONE]` ends it. */
export function chatStream(onDelta: (text: string) => void): StreamReader {
  let text = '';
  let usage: any;
  let complete = false;
  return {
    event(data) {
      if (data === '[DONE]') { complete = true; return; }
      const chunk = parsed(data);
      if (chunk.error) throw new ProviderStreamFailed(failureMessage(chunk.error, 'the stream reported an error'));
      if (chunk.usage) usage = chunk.usage;
      const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
      const delta = choice?.delta?.content;
      if (typeof delta === 'string' && delta) { text += delta; onDelta(delta); }
      if (choice?.finish_reason) complete = true;
    },
    end() {
      if (!complete) throw new ProviderStreamFailed('the stream ended before the answer was complete');
      return { text, tokens: { input: count(usage?.prompt_tokens), output: count(usage?.completion_tokens) } };
    },
  };
}
