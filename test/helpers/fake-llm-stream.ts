// The streaming side of the scripted provider (fake-llm-server.ts): an OpenAI Responses request with
// `stream: true` is answered as Server-Sent Events, the step's text cut into deltas (`chunks`, or one
// delta per word), each after `chunkDelayMs`.
import type http from 'node:http';

export interface StreamOptions {
  /** The text as these deltas (default: one delta per word). */
  chunks?: string[];
  /** Wait before each delta. */
  chunkDelayMs?: number;
}

export async function streamResponses(response: http.ServerResponse, o: { seq: number; model: string; text: string; usage: { input: number; output: number } } & StreamOptions): Promise<void> {
  const send = (event: unknown) => { if (!response.destroyed) response.write(`data: ${JSON.stringify(event)}\n\n`); };
  const id = `msg_${o.seq}`;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  send({ type: 'response.created', response: { id: `resp_${o.seq}`, created_at: Math.floor(Date.now() / 1000), model: o.model } });
  send({ type: 'response.output_item.added', output_index: 0, item: { type: 'message', id } });
  for (const delta of o.chunks ?? o.text.split(/(?<= )/)) {
    if (o.chunkDelayMs) await new Promise((r) => setTimeout(r, o.chunkDelayMs));
    send({ type: 'response.output_text.delta', item_id: id, output_index: 0, delta });
  }
  send({ type: 'response.output_item.done', output_index: 0, item: { type: 'message', id, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: o.text, annotations: [] }] } });
  send({ type: 'response.completed', response: { usage: { input_tokens: o.usage.input, output_tokens: o.usage.output, total_tokens: o.usage.input + o.usage.output, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } } } });
  response.end();
}

/** A Chat Completions request with `stream: true`: `chat.completion.chunk`s, the usage chunk when asked for (`stream_options.include_usage`), then `[DONE]`. */
export async function streamChat(response: http.ServerResponse, o: { seq: number; model: string; text: string; usage: { input: number; output: number }; includeUsage: boolean } & StreamOptions): Promise<void> {
  const send = (event: unknown) => { if (!response.destroyed) response.write(`data: ${JSON.stringify(event)}\n\n`); };
  const base = { id: `chatcmpl-${o.seq}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: o.model };
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (const delta of o.chunks ?? o.text.split(/(?<= )/)) {
    if (o.chunkDelayMs) await new Promise((r) => setTimeout(r, o.chunkDelayMs));
    send({ ...base, choices: [{ index: 0, delta: { content: delta }, finish_reason: null }] });
  }
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  if (o.includeUsage) send({ ...base, choices: [], usage: { prompt_tokens: o.usage.input, completion_tokens: o.usage.output, total_tokens: o.usage.input + o.usage.output } });
  if (!response.destroyed) response.end('data: [DONE]\n\n');
}
