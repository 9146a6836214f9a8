// POST /llm/invoke, GET /llm/models, GET /llm/usage, GET and PUT /llm/budget, POST /preflight.
// Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TObject, TSchema } from 'typebox';
import { errors } from '../errors.ts';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, Page, responses } from '../http/schemas.ts';
import type { JsonSchema, SchemaCompiler } from './json-schema.ts';
import type { SchemaCompileBudget } from './schema-compile-budget.ts';
import type { LlmService } from './llm.service.ts';
import type { OutputMode } from './model-caller.ts';
import type { ModelRegistry } from './model-registry.ts';
import type { PreflightService } from './preflight.service.ts';
import * as S from './llm.schemas.ts';
import { presentBudget, presentModels, presentUsage } from './llm.presenters.ts';
import { StepTimer } from './step-timer.ts';
import { streamInvoke } from './invoke-stream.ts';

export interface LlmRouteDeps {
  llm: LlmService;
  preflight: PreflightService;
  registry: ModelRegistry;
  compiler: SchemaCompiler;
  compileBudget: SchemaCompileBudget;
  minimumCredits: number;
  /** Server-Timing on /llm/invoke answers (FOLIO_LLM_TIMINGS). */
  timings: boolean;
  /** The generate body with the formats' own fields (RunsModule.generateBody), for POST /preflight. */
  generateBody: TObject;
}

const apiKeyRoute = { config: { auth: 'api_key' as const } };

/** Aborted when the client goes away before the answer is sent, so model calls stop at once. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => { if (!reply.raw.writableFinished) controller.abort(); });
  return controller.signal;
}

async function outputMode(format: S.InvokeRequest['response_format'], deps: LlmRouteDeps): Promise<OutputMode> {
  const type = format?.type ?? 'text';
  if (type !== 'json_schema') return { type };
  const checked = await deps.compiler.checkUntrusted(format!.json_schema as JsonSchema, ['body', 'response_format', 'json_schema'], deps.compileBudget);
  if ('detail' in checked) throw errors.validation(checked.detail);
  return { type, compiled: checked.compiled };
}

export async function llmRoutes(fastify: FastifyInstance, deps: LlmRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/llm/invoke', {
    ...apiKeyRoute,
    schema: {
      tags: ['LLM'],
      summary: 'Invoke a language model',
      description:
        'Answers with the model\'s output itself: `text/plain` for `text`, the JSON value (`application/json`) for `json` and `json_schema`. ' +
        'JSON answers are parsed, and in `json_schema` mode validated against the schema (draft 2020-12); an unusable answer gets one repair turn, then the fallback models are tried, then 502. ' +
        'A model error (5xx, rate limit) or timeout also moves on to the fallback models. 504 when every model timed out. ' +
        'The call holds the minimum credits while it runs and is charged its tokens at the answering model\'s price; 402 `insufficient_credits` below the minimum, 402 `budget_exceeded` once the monthly LLM budget is used up. ' +
        'Each call is recorded (GET /llm/usage) with its tokens, model, credits, `user_id` and `session_id`. ' +
        'With `stream: true` (text only) the answer streams as Server-Sent Events in the OpenAI Chat Completions chunk format.',
      security: API_KEY_SECURITY,
      body: S.invokeBody(deps.registry.ids()),
      response: responses({ 200: S.InvokeAnswer as unknown as TSchema }, [...API_KEY_ERRORS, 402, 502, 504]),
    },
  }, async (request, reply) => {
    const timer = deps.timings ? new StepTimer('admission', reply.elapsedTime) : undefined;
    const body = request.body;
    if (body.stream && (body.response_format?.type ?? 'text') !== 'text') {
      throw errors.validation([{ loc: ['body', 'stream'], type: 'stream_unsupported', input: true, msg: 'stream: true answers in text only; use response_format text, or stream: false for JSON answers' }]);
    }
    const mode = await outputMode(body.response_format, deps);
    const call = {
      key: request.apiKey!, requestId: request.id, operation: 'llm.invoke' as const, messages: body.messages, model: body.model ?? null, mode,
      userId: body.user_id ?? null, sessionId: body.session_id ?? null, signal: clientGone(reply), timer,
    };
    if (body.stream) return streamInvoke(deps.llm, call, request, reply);
    const result = await deps.llm.call(call);
    reply.header('X-Credits-Used', String(result.credits)).header('X-LLM-Model', result.model);
    if (timer) reply.header('Server-Timing', timer.header());
    if (mode.type === 'text') return reply.type('text/plain; charset=utf-8').send(result.text);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result.value));
  });

  app.get('/llm/models', {
    ...apiKeyRoute,
    schema: {
      tags: ['LLM'],
      summary: 'The model registry',
      description: 'Every model name `model` accepts, with its provider, price in credits per million tokens, context size, native JSON Schema support, and whether it is configured on this deployment.',
      security: API_KEY_SECURITY,
      response: responses({ 200: S.ModelList }, [...API_KEY_ERRORS]),
    },
  }, async () => presentModels(deps.registry, deps.registry.fallbackModels(), deps.minimumCredits));

  app.get('/llm/usage', {
    ...apiKeyRoute,
    schema: {
      tags: ['LLM'],
      summary: 'Usage records of LLM calls, newest first',
      description: 'One record per call of /llm/invoke and /text/*, failed calls included (at no cost). Filter by `user_id` or `session_id`.',
      security: API_KEY_SECURITY,
      querystring: S.UsageQuery,
      response: responses({ 200: Page(S.UsageRecord) }, [...API_KEY_ERRORS]),
    },
  }, async (request) => {
    const { limit, cursor, user_id, session_id } = request.query;
    const page = await deps.llm.usage(request.apiKey!.org_id, limit, cursor, { user_id, session_id });
    return { items: page.items.map(presentUsage), next_cursor: page.next_cursor };
  });

  app.get('/llm/budget', {
    ...apiKeyRoute,
    schema: {
      tags: ['LLM'],
      summary: "The organization's monthly LLM budget and this month's usage",
      security: API_KEY_SECURITY,
      response: responses({ 200: S.Budget }, [...API_KEY_ERRORS]),
    },
  }, async (request) => presentBudget(await deps.llm.budget(request.apiKey!.org_id)));

  app.put('/llm/budget', {
    ...apiKeyRoute,
    schema: {
      tags: ['LLM'],
      summary: "Set the organization's monthly LLM budget",
      description: 'Credits the organization may spend on LLM calls per calendar month (UTC). Once the month\'s usage reaches it, LLM calls answer 402 `budget_exceeded`. `null` removes the budget; 0 stops LLM calls.',
      security: API_KEY_SECURITY,
      body: S.BudgetBody,
      response: responses({ 200: S.Budget }, [...API_KEY_ERRORS]),
    },
  }, async (request) => presentBudget(await deps.llm.setBudget(request.apiKey!.org_id, request.body.monthly_budget)));

  app.post('/preflight', {
    ...apiKeyRoute,
    schema: {
      tags: ['Generation'],
      summary: 'Dry-run a generation request',
      description:
        'Runs a generation request (the body of POST /{format}/generate plus `format`) through the checks the generation endpoints run, in the same order, without creating anything or spending credits: ' +
        '402 `insufficient_credits` below the format\'s minimum balance; 404 for files, images or a run that do not exist in the organization (409/410 for a run that cannot be resumed); ' +
        '400 `preflight_failed` when the content cannot be fulfilled as written, with `missing` (e.g. `["images"]`) and `problems` (`loc`, `type`, `msg`). On success it says what the call would do.',
      security: API_KEY_SECURITY,
      body: S.preflightBodySchema(deps.generateBody),
      response: responses({ 200: S.PreflightResult }, [...API_KEY_ERRORS, 402, 404, 409, 410]),
    },
  }, async (request) => deps.preflight.preflight(request.apiKey!, request.body as unknown as S.PreflightRequest)); // validated against the preflight body
}
