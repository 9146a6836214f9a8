// GET /runs/{run_id}/versions and GET /runs/{run_id}/tasks: a run's document versions and its task
// history (the console's run page). Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, responses } from '../http/schemas.ts';
import type { RunHistory } from './run-history.ts';
import { presentHistoryTask, presentVersion } from './runs.presenters.ts';
import * as S from './runs.schemas.ts';

const apiKeyRoute = { config: { auth: 'api_key' as const } };

export async function runHistoryRoutes(fastify: FastifyInstance, history: RunHistory): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/runs/:run_id/versions', {
    ...apiKeyRoute,
    schema: {
      tags: ['Runs'],
      summary: "List a run's document versions",
      description: 'Newest first: one per generation turn that wrote a document (with its prompt) and one per editor save (`source: "editor"`), each with a fresh signed download link. A run without a document yet answers an empty list. 410 `gone` after retention.',
      security: API_KEY_SECURITY,
      params: S.RunParams,
      response: responses({ 200: Type.Object({ items: Type.Array(S.RunVersion) }) }, [...API_KEY_ERRORS, 404, 410]),
    },
  }, async (request) => ({ items: (await history.versions(request.apiKey!.org_id, request.params.run_id)).map(presentVersion) }));

  app.get('/runs/:run_id/tasks', {
    ...apiKeyRoute,
    schema: {
      tags: ['Runs'],
      summary: "List a run's tasks",
      description: 'Oldest first: every task started on the run (the first generation and each resume, including failed, cancelled and ask-mode ones), as `GET /tasks/{task_id}` shows it, with the prompt it was asked.',
      security: API_KEY_SECURITY,
      params: S.RunParams,
      response: responses({ 200: Type.Object({ items: Type.Array(S.HistoryTask) }) }, [...API_KEY_ERRORS, 404, 410]),
    },
  }, async (request) => ({ items: (await history.tasks(request.apiKey!.org_id, request.params.run_id)).map(presentHistoryTask) }));
}
