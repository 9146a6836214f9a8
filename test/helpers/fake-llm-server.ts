// A scripted LLM provider on loopback: a real HTTP server speaking the wire formats of OpenAI Chat
// Completions (`POST /v1/chat/completions`, also what OpenAI-compatible servers speak), OpenAI Responses
// (`POST /v1/responses`), Anthropic Messages (`POST /v1/messages`) and Google Gemini
// (`POST /v1beta/models/<model>:generateContent`). Folio's providers talk to it exactly as they talk to
// the real services, so tests see what Folio sends and control what it gets back.
//
// Script it per test with steps: text, a JSON value, tool calls, an HTTP error, a delay, or a hang.
// Steps queued for a model answer that model first (in order), then the shared queue, then the handler,
// then the default step. Every request is recorded, with its parsed body, for assertions.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamChat, streamResponses, type StreamOptions } from './fake-llm-stream.ts';

export type Api = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'google-generate';

export interface Usage { input: number; output: number }

interface Common extends StreamOptions {
  /** Wait this long before answering (stopped early when the client disconnects). */
  delayMs?: number;
  /** Token usage to report (default: estimated from the request and answer sizes). */
  usage?: Usage;
  /** The answer hit the output token limit: Anthropic's stop_reason "max_tokens", Chat Completions' finish_reason "length", Responses' status "incomplete" (max_output_tokens). */
  cutOff?: boolean;
}

export interface ToolCall {
  name: string;
  args: unknown;
  id?: string;
  /** Sent as the arguments text instead of JSON.stringify(args) (OpenAI wire formats), e.g. malformed JSON. */
  rawArguments?: string;
}

export type Step =
  | (Common & { text: string })
  | (Common & { json: unknown })
  | (Common & { toolCalls: ToolCall[]; text?: string })
  | (Common & { status: number; message?: string })
  | (Common & { hang: true });

export interface RecordedRequest {
  api: Api;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** The model named in the request (the URL for Google). */
  model: string;
  /** The request's messages flattened to `role: text` lines (system prompts, tool calls and tool results included). */
  transcript: string[];
  /** Names of the tools the request offers. */
  tools: string[];
  /** Set when the client went away before the answer was sent (a timeout on Folio's side). */
  aborted: boolean;
}

export interface FakeLlmServer {
  url: string;
  /** Base URL for OpenAI, OpenAI-compatible and Anthropic clients (`<url>/v1`). */
  baseUrl: string;
  /** Base URL for the Google client (`<url>/v1beta`). */
  googleBaseUrl: string;
  requests: RecordedRequest[];
  /** Queue steps answered by any model, in order. */
  enqueue(...steps: Step[]): void;
  /** Queue steps answered only by this model, before the shared queue. */
  enqueueFor(model: string, ...steps: Step[]): void;
  /** Decide steps by request once the queues are empty (tool loops, echoing prompts...). */
  setHandler(handler: ((req: RecordedRequest) => Step | undefined) | null): void;
  /** The answer when nothing else applies (default: `{ text: 'ok' }`). */
  setDefault(step: Step): void;
  /** Forget the queues, the handler and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const API_OF: [RegExp, Api][] = [
  [/\/chat\/completions$/, 'openai-chat'],
  [/\/responses$/, 'openai-responses'],
  [/\/messages$/, 'anthropic-messages'],
  [/\/models\/[^/]+:generateContent$/, 'google-generate'],
];

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p: any) => {
    if (p?.type === 'tool_use') return `[tool_call ${p.name} ${JSON.stringify(p.input)}]`;
    if (p?.type === 'tool_result') return typeof p.content === 'string' ? p.content : textOf(p.content);
    return p?.text ?? '';
  }).join('');
}

const chatToolCalls = (m: any) => (m.tool_calls ?? []).map((c: any) => `[tool_call ${c.function?.name} ${c.function?.arguments}]`).join('');

function transcriptOf(api: Api, body: any): string[] {
  const lines: string[] = [];
  if (api === 'openai-chat') for (const m of body.messages ?? []) lines.push(`${m.role}: ${textOf(m.content)}${chatToolCalls(m)}`);
  if (api === 'openai-responses') {
    if (body.instructions) lines.push(`system: ${body.instructions}`);
    for (const m of body.input ?? []) {
      if (m.type === 'function_call') lines.push(`assistant: [tool_call ${m.name} ${m.arguments}]`);
      else if (m.type === 'function_call_output') lines.push(`tool: ${typeof m.output === 'string' ? m.output : JSON.stringify(m.output)}`);
      else if (m.role) lines.push(`${m.role}: ${textOf(m.content)}`);
    }
  }
  if (api === 'anthropic-messages') {
    const system = Array.isArray(body.system) ? body.system.map((s: any) => s.text).join('\n') : body.system;
    if (system) lines.push(`system: ${system}`);
    for (const m of body.messages ?? []) {
      const isResult = Array.isArray(m.content) && m.content.some((p: any) => p?.type === 'tool_result');
      lines.push(`${isResult ? 'tool' : m.role}: ${textOf(m.content)}`);
    }
  }
  if (api === 'google-generate') {
    const system = body.systemInstruction?.parts?.map((p: any) => p.text).join('\n');
    if (system) lines.push(`system: ${system}`);
    for (const c of body.contents ?? []) lines.push(`${c.role}: ${(c.parts ?? []).map((p: any) => p.text ?? (p.functionCall ? `[tool_call ${p.functionCall.name} ${JSON.stringify(p.functionCall.args)}]` : p.functionResponse ? JSON.stringify(p.functionResponse.response) : '')).join('')}`);
  }
  return lines;
}

function toolNamesOf(api: Api, body: any): string[] {
  const tools: any[] = body?.tools ?? [];
  if (api === 'openai-chat') return tools.map((t) => t.function?.name).filter(Boolean);
  if (api === 'google-generate') return tools.flatMap((t) => (t.functionDeclarations ?? []).map((f: any) => f.name));
  return tools.map((t) => t.name).filter(Boolean);
}

const estimate = (s: string) => Math.max(1, Math.ceil(s.length / 4));

/** True when an Anthropic request forces its `json` tool (the AI SDK's structured-output fallback). */
function anthropicWantsJsonTool(body: any): boolean {
  return body.tool_choice?.type === 'tool' && body.tool_choice?.name === 'json';
}

function success(api: Api, req: RecordedRequest, step: Exclude<Step, { status: number } | { hang: true }>, seq: number): unknown {
  const text = 'text' in step && step.text !== undefined ? step.text : 'json' in step ? JSON.stringify(step.json) : '';
  const toolCalls = 'toolCalls' in step ? step.toolCalls : [];
  const usage = step.usage ?? { input: estimate(JSON.stringify(req.body)), output: estimate(text + JSON.stringify(toolCalls)) };
  const callId = (c: ToolCall, i: number) => c.id ?? `call_${seq}_${i}`;
  const now = Math.floor(Date.now() / 1000);
  switch (api) {
    case 'openai-chat':
      return {
        id: `chatcmpl-${seq}`, object: 'chat.completion', created: now, model: req.model,
        choices: [{
          index: 0,
          message: {
            role: 'assistant', content: toolCalls.length && !text ? null : text,
            ...(toolCalls.length ? { tool_calls: toolCalls.map((c, i) => ({ id: callId(c, i), type: 'function', function: { name: c.name, arguments: c.rawArguments ?? JSON.stringify(c.args) } })) } : {}),
          },
          finish_reason: step.cutOff ? 'length' : toolCalls.length ? 'tool_calls' : 'stop',
        }],
        usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
      };
    case 'openai-responses':
      return {
        id: `resp_${seq}`, object: 'response', created_at: now, status: step.cutOff ? 'incomplete' : 'completed', model: req.model, error: null,
        incomplete_details: step.cutOff ? { reason: 'max_output_tokens' } : null,
        output: [
          ...(text ? [{ type: 'message', id: `msg_${seq}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] }] : []),
          ...toolCalls.map((c, i) => ({ type: 'function_call', id: `fc_${seq}_${i}`, call_id: callId(c, i), name: c.name, arguments: c.rawArguments ?? JSON.stringify(c.args), status: 'completed' })),
        ],
        usage: { input_tokens: usage.input, output_tokens: usage.output, total_tokens: usage.input + usage.output, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
      };
    case 'anthropic-messages': {
      const jsonTool = 'json' in step && anthropicWantsJsonTool(req.body);
      const content = jsonTool
        ? [{ type: 'tool_use', id: `toolu_${seq}`, name: 'json', input: step.json }]
        : [...(text ? [{ type: 'text', text }] : []), ...toolCalls.map((c, i) => ({ type: 'tool_use', id: callId(c, i), name: c.name, input: c.args }))];
      return {
        id: `msg_${seq}`, type: 'message', role: 'assistant', model: req.model, content,
        stop_reason: step.cutOff ? 'max_tokens' : toolCalls.length || jsonTool ? 'tool_use' : 'end_turn', stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      };
    }
    case 'google-generate':
      return {
        candidates: [{
          content: { role: 'model', parts: [...(text ? [{ text }] : []), ...toolCalls.map((c) => ({ functionCall: { name: c.name, args: c.args } }))] },
          finishReason: 'STOP', index: 0,
        }],
        usageMetadata: { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output },
        modelVersion: req.model,
      };
  }
}

function failure(api: Api, status: number, message: string): unknown {
  if (api === 'anthropic-messages') return { type: 'error', error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } };
  if (api === 'google-generate') return { error: { code: status, message, status: status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT' } };
  return { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null } };
}

/**
 * `keepAliveTimeoutMs`: how long an idle connection stays open (default 1 s). Node's fetch reads it from the
 * Keep-Alive header and, at 1 s, closes each connection after its answer: benches pass a provider-like value.
 */
export async function startFakeLlmServer(options: { keepAliveTimeoutMs?: number } = {}): Promise<FakeLlmServer> {
  const requests: RecordedRequest[] = [];
  let shared: Step[] = [];
  let byModel = new Map<string, Step[]>();
  let handler: ((req: RecordedRequest) => Step | undefined) | null = null;
  let fallback: Step = { text: 'ok' };
  let seq = 0;

  const next = (req: RecordedRequest): Step => byModel.get(req.model)?.shift() ?? shared.shift() ?? handler?.(req) ?? fallback;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0];
      const api = API_OF.find(([re]) => re.test(path))?.[1];
      if (request.method !== 'POST' || !api) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${request.method} ${path}` } }));
        return;
      }
      let body: any;
      try { body = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { body = null; }
      const model = api === 'google-generate' ? decodeURIComponent(/models\/([^/:]+)/.exec(path)![1]) : String(body?.model ?? '');
      const recorded: RecordedRequest = { api, path, headers: request.headers, body, model, transcript: transcriptOf(api, body ?? {}), tools: toolNamesOf(api, body), aborted: false };
      requests.push(recorded);
      const step = next(recorded);
      const n = ++seq;
      let timer: NodeJS.Timeout | undefined;
      response.on('close', () => {
        if (!response.writableFinished) { recorded.aborted = true; clearTimeout(timer); }
      });
      if ('hang' in step) return;
      const answer = () => {
        if (response.destroyed) return;
        if ('status' in step) {
          response.writeHead(step.status, { 'content-type': 'application/json' }).end(JSON.stringify(failure(api, step.status, step.message ?? `scripted ${step.status}`)));
        } else if (api === 'openai-responses' && body?.stream === true && 'text' in step) {
          const usage = step.usage ?? { input: estimate(JSON.stringify(body)), output: estimate(step.text ?? '') };
          void streamResponses(response, { ...step, seq: n, model, text: step.text ?? '', usage });
        } else if (api === 'openai-chat' && body?.stream === true && 'text' in step) {
          const usage = step.usage ?? { input: estimate(JSON.stringify(body)), output: estimate(step.text ?? '') };
          void streamChat(response, { ...step, seq: n, model, text: step.text ?? '', usage, includeUsage: body.stream_options?.include_usage === true });
        } else {
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(success(api, recorded, step, n)));
        }
      };
      if (step.delayMs) timer = setTimeout(answer, step.delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    baseUrl: `${url}/v1`,
    googleBaseUrl: `${url}/v1beta`,
    requests,
    enqueue: (...steps) => { shared.push(...steps); },
    enqueueFor: (model, ...steps) => { byModel.set(model, [...(byModel.get(model) ?? []), ...steps]); },
    setHandler: (h) => { handler = h; },
    setDefault: (step) => { fallback = step; },
    reset: () => { shared = []; byModel = new Map(); handler = null; fallback = { text: 'ok' }; requests.length = 0; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
