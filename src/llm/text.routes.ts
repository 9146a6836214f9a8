// POST /text/humanize, /text/rewrite, /text/new-content. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, responses } from '../http/schemas.ts';
import type { LlmResult } from './llm.service.ts';
import { clientGone } from './llm.routes.ts';
import type { TextService } from './text.service.ts';
import * as S from './llm.schemas.ts';

const apiKeyRoute = { config: { auth: 'api_key' as const } };
const CHARGED = 'Charged from usage like /llm/invoke (the answer carries `X-Credits-Used` and `X-LLM-Model`), on the default model and its fallbacks; on the builtin engine the rewrite is rule-based and deterministic.';
const ERRORS = [...API_KEY_ERRORS, 402, 502, 504];

function answer(reply: FastifyReply, result: LlmResult) {
  reply.header('X-Credits-Used', String(result.credits)).header('X-LLM-Model', result.model);
  return { text: result.text };
}

export async function textRoutes(fastify: FastifyInstance, deps: { text: TextService }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/text/humanize', {
    ...apiKeyRoute,
    schema: {
      tags: ['Text'],
      summary: 'Rewrite a text so it reads naturally',
      description: `Keeps the meaning, facts, numbers and names; an answer that loses a number of the original is sent back to the model once, then the next model is tried. ${CHARGED}`,
      security: API_KEY_SECURITY,
      body: S.HumanizeBody,
      response: responses({ 200: S.TextResult }, ERRORS),
    },
  }, async (request, reply) => answer(reply, await deps.text.humanize({ key: request.apiKey!, requestId: request.id, signal: clientGone(reply) }, request.body.text)));

  app.post('/text/rewrite', {
    ...apiKeyRoute,
    schema: {
      tags: ['Text'],
      summary: 'Rewrite a text as instructed',
      description: `\`prompt\` says how (shorter, more formal, as bullet points, replace X with Y...). ${CHARGED}`,
      security: API_KEY_SECURITY,
      body: S.RewriteBody,
      response: responses({ 200: S.TextResult }, ERRORS),
    },
  }, async (request, reply) => answer(reply, await deps.text.rewrite({ key: request.apiKey!, requestId: request.id, signal: clientGone(reply) }, request.body.text, request.body.prompt)));

  app.post('/text/new-content', {
    ...apiKeyRoute,
    schema: {
      tags: ['Text'],
      summary: 'Write new content from a prompt',
      description: `A first draft (Markdown, or plain text for a \`.txt\` file_name) with a title and sections. ${CHARGED}`,
      security: API_KEY_SECURITY,
      body: S.NewContentBody,
      response: responses({ 200: S.TextResult }, ERRORS),
    },
  }, async (request, reply) => answer(reply, await deps.text.newContent({ key: request.apiKey!, requestId: request.id, signal: clientGone(reply) }, request.body.prompt, request.body.file_name ?? null)));
}
