// Direct wire clients for the calls that need nothing of the AI SDK: one turn of plain-text messages
// (system, user, assistant) answered in text or JSON, to OpenAI's Responses API or an OpenAI-compatible
// server's Chat Completions. They send the body the AI SDK sends for the same turn (a differential test,
// test/llm-direct-calls.test.ts, holds them to it for every catalog model and output mode) and read the
// text and token counts out of the answer, without the SDK's per-call machinery (request and response
// validation, prompt conversion, telemetry spans, step bookkeeping): about a third of the server's CPU
// per /llm/invoke call (docs/architecture/llm-gateway-performance.md). A turn can also stream its text
// (`stream: true` on /llm/invoke), read from the provider's Server-Sent Events as they come. Anthropic
// and Google, tools, and the environment's proxy (NODE_USE_ENV_PROXY) stay on the AI SDK; so does
// everything when FOLIO_LLM_DIRECT_CALLS is false.
import type { LlmConfig } from '../config.ts';
import type { JsonSchema } from './json-schema.ts';
import type { ModelEntry } from './model-catalog.ts';
import { chatStream, responsesStream, type DirectAnswer, type StreamReader } from './direct-streams.ts';
import { providerPost, providerStream } from './provider-fetch.ts';

/** One turn: plain-text messages, the output wanted, the caller's signal and the turn's time limit. */
export interface DirectTurn {
  /** Folio's own instructions, sent as the first system message. */
  instructions: string | undefined;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  /** `json`: a JSON object answer; with `schema`, one constrained to it by the provider. */
  format: 'text' | 'json';
  schema?: JsonSchema;
  strict: boolean;
  signal: AbortSignal;
  /** The turn's time limit: past it, the request is cut and generate rejects with a ProviderPostTimeout. */
  timeoutMs: number;
}

export type { DirectAnswer };

/** The provider answered with an error, or with something that is not an answer. `status`: the answer's HTTP status (200 for an unusable 200, as the AI SDK reports it). */
export class ProviderCallFailed extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export interface DirectClient {
  generate(turn: DirectTurn): Promise<DirectAnswer>;
  /**
   * The turn streamed: `onDelta` gets the text as the provider writes it; resolves with the whole text
   * and the token counts. Rejects as generate does, also after deltas were delivered (a failure event
   * in the stream, or a stream that ends without the provider's completion event).
   */
  stream(turn: DirectTurn, onDelta: (text: string) => void): Promise<DirectAnswer>;
}

/** The key sent when none is configured: a local gateway behind a base URL may need none, but the clients send one. */
export const NO_KEY = 'not-set';
const USER_AGENT = `folio node.js/${process.versions.node.split('.')[0]}`;
const OPENAI_BASE = 'https://api.openai.com/v1';

/** OpenAI's reasoning models take system messages as `developer` messages (o-series, GPT-5 and later except the chat models). */
function isOpenAiReasoningModel(modelId: string): boolean {
  if (/^o\d/.test(modelId)) return true;
  const gpt = /^gpt-(\d+)/.exec(modelId);
  return gpt !== null && Number(gpt[1]) >= 5 && !modelId.includes('-chat');
}

/** The direct client of a model, or null when its calls go through the AI SDK. */
export function directClient(entry: ModelEntry, config: LlmConfig): DirectClient | null {
  if (!config.directCalls || config.useEnvProxy) return null;
  if (entry.provider === 'openai') {
    const headers = { authorization: `Bearer ${config.openai.apiKey ?? NO_KEY}`, 'content-type': 'application/json', 'user-agent': USER_AGENT };
    const url = `${(config.openai.baseUrl ?? OPENAI_BASE).replace(/\/+$/, '')}/responses`;
    const systemRole = isOpenAiReasoningModel(entry.providerModelId) ? 'developer' : 'system';
    return {
      generate: (turn) => post(url, headers, responsesBody(entry.providerModelId, systemRole, turn), turn, (r) => readResponses(r, turn)),
      stream: (turn, onDelta) => streamed(url, headers, responsesBody(entry.providerModelId, systemRole, turn, true), turn, responsesStream(onDelta), (r) => readResponses(r, turn), onDelta),
    };
  }
  if (entry.provider === 'openai-compatible' && config.openaiCompatible.baseUrl) {
    const key = config.openaiCompatible.apiKey;
    const headers = { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json', 'user-agent': USER_AGENT };
    const url = `${config.openaiCompatible.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    return {
      generate: (turn) => post(url, headers, chatBody(entry.providerModelId, turn), turn, readChat),
      stream: (turn, onDelta) => streamed(url, headers, chatBody(entry.providerModelId, turn, true), turn, chatStream(onDelta), readChat, onDelta),
    };
  }
  return null;
}

function withInstructions(turn: DirectTurn): DirectTurn['messages'] {
  return turn.instructions ? [{ role: 'system', content: turn.instructions }, ...turn.messages] : turn.messages;
}

/** The Responses API body (`input` items as the AI SDK writes them for plain text); `stream: true` last, as the SDK adds it. */
function responsesBody(model: string, systemRole: 'system' | 'developer', turn: DirectTurn, stream = false): string {
  const input = withInstructions(turn).map((m) => m.role === 'user'
    ? { role: 'user', content: [{ type: 'input_text', text: m.content }] }
    : { role: m.role === 'system' ? systemRole : 'assistant', content: m.content });
  const format = turn.format === 'text' ? undefined
    : turn.schema ? { type: 'json_schema', strict: turn.strict, name: 'response', schema: turn.schema } : { type: 'json_object' };
  return JSON.stringify({ model, input, ...(format ? { text: { format } } : {}), ...(stream ? { stream: true } : {}) });
}

/** The Chat Completions body; streamed, it asks for the usage chunk at the end (the SDK's includeUsage). */
function chatBody(model: string, turn: DirectTurn, stream = false): string {
  const format = turn.format === 'text' ? undefined
    : turn.schema ? { type: 'json_schema', json_schema: { schema: turn.schema, strict: turn.strict, name: 'response' } } : { type: 'json_object' };
  return JSON.stringify({ model, ...(format ? { response_format: format } : {}), messages: withInstructions(turn), ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) });
}

async function post(url: string, headers: Record<string, string>, body: string, turn: DirectTurn, read: (answer: any) => DirectAnswer): Promise<DirectAnswer> {
  const answer = await providerPost(url, headers, body, turn.signal, turn.timeoutMs);
  return readWhole(answer.status, answer.body, read);
}

/**
 * A streamed turn. An answer that is not an event stream is read whole: an error, or a server that
 * ignored `stream: true` and answered at once (its text is then one delta).
 */
async function streamed(url: string, headers: Record<string, string>, body: string, turn: DirectTurn, reader: StreamReader, read: (answer: any) => DirectAnswer, onDelta: (text: string) => void): Promise<DirectAnswer> {
  const answer = await providerStream(url, headers, body, turn.signal, turn.timeoutMs, (data) => reader.event(data));
  if (!answer.body) return reader.end();
  const whole = readWhole(answer.status, answer.body, read);
  if (whole.text) onDelta(whole.text);
  return whole;
}

/** A whole (buffered) answer: its text and token counts, or a ProviderCallFailed. */
function readWhole(status: number, body: Buffer, read: (answer: any) => DirectAnswer): DirectAnswer {
  let parsed: any;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ProviderCallFailed(`the provider's answer (HTTP ${status}) was not JSON`, status);
  }
  if (status < 200 || status >= 300) {
    const message = typeof parsed?.error?.message === 'string' ? parsed.error.message : `HTTP ${status}`;
    throw new ProviderCallFailed(message, status);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new ProviderCallFailed('the provider answered with no object', status);
  try {
    return read(parsed);
  } catch (err) {
    if (err instanceof Unusable) throw new ProviderCallFailed(err.message, status);
    throw err;
  }
}

/** An answer with a 2xx status that holds no usable answer. */
class Unusable extends Error {}

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

/** Text of a Responses answer: its message items' text (and refusals); a `final_answer` item's alone for JSON when the model marks one. */
function readResponses(r: any, turn: DirectTurn): DirectAnswer {
  if (r.error) throw new Unusable(typeof r.error.message === 'string' ? r.error.message : 'the response failed');
  if (!Array.isArray(r.output)) throw new Unusable(`the Responses API returned no output${r.incomplete_details?.reason ? ` (${r.incomplete_details.reason})` : ''}`);
  const textOf = (item: any): string => (Array.isArray(item.content) ? item.content : [])
    .map((p: any) => (p?.type === 'output_text' ? p.text : p?.type === 'refusal' ? p.refusal : ''))
    .filter((t: unknown) => typeof t === 'string').join('');
  const messages = r.output.filter((item: any) => item?.type === 'message');
  const final = turn.format === 'json' ? messages.find((m: any) => m.phase === 'final_answer') : undefined;
  const text = final ? textOf(final) : messages.map(textOf).join('');
  return { text, tokens: { input: count(r.usage?.input_tokens), output: count(r.usage?.output_tokens) } };
}

/** Text of a Chat Completions answer: the first choice's message content. */
function readChat(r: any): DirectAnswer {
  const choice = Array.isArray(r.choices) ? r.choices[0] : undefined;
  if (!choice || typeof choice.message !== 'object' || choice.message === null) throw new Unusable('the Chat Completions answer had no choices');
  const content = choice.message.content;
  return { text: typeof content === 'string' ? content : '', tokens: { input: count(r.usage?.prompt_tokens), output: count(r.usage?.completion_tokens) } };
}
