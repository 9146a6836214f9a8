// POST /llm/invoke with `stream: true`: the answer as Server-Sent Events in the OpenAI Chat Completions
// chunk format. The response is committed at the model's first token, so every error before it (402,
// 422, 502, 504) is an ordinary JSON error; after it, a failure is an `error` event that ends the stream.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LlmCall, LlmService } from './llm.service.ts';
import { StreamBroken } from './model-streamer.ts';

export async function streamInvoke(llm: LlmService, call: LlmCall, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = `chatcmpl-${request.id}`;
  const created = Math.floor(Date.now() / 1000);
  let model = '';
  let started = false;
  const send = (event: unknown) => { if (!reply.raw.destroyed) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`); };
  const chunk = (delta: object, finish: string | null = null) => send({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] });
  try {
    const result = await llm.stream(call, {
      start: (modelId) => {
        model = modelId;
        started = true;
        reply.hijack();
        reply.raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string | number | string[]>), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no', 'x-llm-model': modelId,
        });
        chunk({ role: 'assistant', content: '' });
      },
      delta: (text) => chunk({ content: text }),
    });
    chunk({}, 'stop');
    send({
      id, object: 'chat.completion.chunk', created, model, choices: [],
      usage: { prompt_tokens: result.inputTokens, completion_tokens: result.outputTokens, total_tokens: result.inputTokens + result.outputTokens },
      credits: result.credits, usage_id: result.usageId,
    });
    reply.raw.end('data: [DONE]\n\n');
  } catch (err) {
    if (!started) throw err;
    const message = err instanceof StreamBroken ? `The model provider failed after the answer had started: ${err.message}.` : 'The answer could not be completed.';
    if (!(err instanceof StreamBroken)) request.log.error({ err }, 'streaming an LLM answer failed');
    send({ error: { type: 'upstream_error', message } });
    reply.raw.end();
  }
}
