// Generation, tasks and runs. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, Page, responses } from '../http/schemas.ts';
import { FORMATS, FORMAT_LABEL } from './agents.ts';
import type { GenerateService } from './generate.service.ts';
import type { RunLinks } from './run-links.ts';
import type { RunsService } from './runs.service.ts';
import type { TasksService } from './tasks.service.ts';
import type { TaskEventStreams } from './task-event-stream.ts';
import { taskEventsRoutes } from './task-events.routes.ts';
import { runHistoryRoutes } from './run-history.routes.ts';
import type { RunHistory } from './run-history.ts';
import type { TObject } from 'typebox';
import * as S from './runs.schemas.ts';
import { presentAccepted, presentGenerateResult, presentRun, presentTask } from './runs.presenters.ts';

export interface RunsRouteDeps {
  generate: GenerateService;
  tasks: TasksService;
  runs: RunsService;
  links: RunLinks;
  taskEvents: TaskEventStreams;
  history: RunHistory;
  /** The generate body with the formats' own fields (RunsModule.generateBody). */
  generateBody: TObject;
}

const apiKeyRoute = { config: { auth: 'api_key' as const } };

export async function runsRoutes(fastify: FastifyInstance, deps: RunsRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  for (const format of FORMATS) {
    const label = FORMAT_LABEL[format];
    app.post(`/${format}/generate`, {
      ...apiKeyRoute,
      schema: {
        tags: ['Generation'],
        summary: `Generate or edit ${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label} document`,
        description:
          `Synchronous by default: holds until the task ends and answers 200, or answers the task's error (with \`task_id\` and \`run_id\`). ` +
          'At the synchronous ceiling (FOLIO_SYNC_CEILING_MS, 300 s by default) it answers 408 `sync_timeout_upgrade_async` while the task keeps running. ' +
          'With `async: true` it answers 202 at once with a `poll_url`. `run_id` resumes a run of the same format. ' +
          'A new document is made in `template_id` (`POST /templates`), else in the organization\'s default template for the format, else in Folio\'s design; the run records the template and version. `fields` fills `{{name}}` fields without a model. ' +
          `402 \`insufficient_credits\` when the balance is below the ${label} minimum; 501 \`not_implemented\` while no ${label} agent is installed.`,
        security: API_KEY_SECURITY,
        body: deps.generateBody,
        response: responses({ 200: S.GenerateResult, 202: S.GenerateAccepted }, [...API_KEY_ERRORS, 402, 404, 408, 409, 410, 501, 502, 503, 504]),
      },
      // Before body validation: without an agent the endpoint is not live, whatever the body says.
      preValidation: async () => deps.generate.assertAvailable(format),
    }, async (request, reply) => {
      const out = await deps.generate.generate(request.apiKey!, format, request.body as unknown as S.GenerateRequest) // validated against deps.generateBody;
      if (out.replayed) reply.header('Idempotent-Replayed', 'true');
      if (out.accepted) {
        const pollUrl = deps.links.poll(out.task.task_id);
        return reply.code(202).header('Location', pollUrl).send(presentAccepted(out.task, pollUrl));
      }
      return presentGenerateResult(await deps.runs.taskView(out.task));
    });
  }

  app.get('/tasks/:task_id', {
    ...apiKeyRoute,
    schema: {
      tags: ['Tasks'],
      summary: 'Poll a task',
      description: 'Statuses: `queued`, `running` (with `phase`), `completed` (with `result`), `failed` (with `error`), `cancelled`, `expired`. A task of a run deleted after retention answers 410 `gone`.',
      security: API_KEY_SECURITY,
      params: S.TaskParams,
      response: responses({ 200: S.Task }, [...API_KEY_ERRORS, 404, 410]),
    },
  }, async (request) => presentTask(await deps.runs.taskView(await deps.tasks.get(request.apiKey!.org_id, request.params.task_id))));

  await taskEventsRoutes(fastify, deps);

  app.post('/tasks/:task_id/cancel', {
    ...apiKeyRoute,
    schema: {
      tags: ['Tasks'],
      summary: 'Cancel a queued or running task',
      description: 'The task ends as `cancelled` and its reserved credits are released. 200 once it has ended (a queued task ends at once; cancelling a cancelled task is a no-op); 202 when its worker has not stopped it yet (`cancel_requested: true`); 409 `conflict` when it already completed, failed or expired.',
      security: API_KEY_SECURITY,
      params: S.TaskParams,
      response: responses({ 200: S.Task, 202: S.Task }, [...API_KEY_ERRORS, 404, 409, 410]),
    },
  }, async (request, reply) => {
    const task = await deps.tasks.cancel(request.apiKey!.org_id, request.params.task_id);
    return reply.code(task.status === 'cancelled' ? 200 : 202).send(presentTask(await deps.runs.taskView(task)));
  });

  app.get('/runs', {
    ...apiKeyRoute,
    schema: {
      tags: ['Runs'],
      summary: 'List runs',
      description: 'Newest first. `limit` 1-100 (default 20), `cursor` from `next_cursor`, optional `format` and `status` filters.',
      security: API_KEY_SECURITY,
      querystring: S.RunsQuery,
      response: responses({ 200: Page(S.Run) }, [...API_KEY_ERRORS]),
    },
  }, async (request) => {
    const page = await deps.runs.list(request.apiKey!.org_id, request.query);
    return { items: page.items.map(presentRun), next_cursor: page.next_cursor };
  });

  app.get('/runs/:run_id', {
    ...apiKeyRoute,
    schema: {
      tags: ['Runs'],
      summary: 'Get a run',
      description: 'Runs are kept FOLIO_RUN_RETENTION_DAYS (30) days after their last change, then deleted with their documents: the id then answers 410 `gone`.',
      security: API_KEY_SECURITY,
      params: S.RunParams,
      response: responses({ 200: S.Run }, [...API_KEY_ERRORS, 404, 410]),
    },
  }, async (request) => presentRun(await deps.runs.get(request.apiKey!.org_id, request.params.run_id)));

  app.get('/runs/:run_id/download', {
    ...apiKeyRoute,
    schema: {
      tags: ['Runs'],
      summary: "Download the run's current document",
      description: 'Answers 302 to a fresh signed link (valid FOLIO_SIGNED_URL_TTL_SECONDS, no API key needed), in `Location` and in the body for clients that do not follow redirects. 409 when the run has no document yet.',
      security: API_KEY_SECURITY,
      params: S.RunParams,
      response: responses({ 302: Type.Object({ download_url: Type.String() }, { description: 'Redirect to the signed link (also in `Location`).' }) }, [...API_KEY_ERRORS, 404, 409, 410]),
    },
  }, async (request, reply) => {
    const url = await deps.runs.downloadUrl(request.apiKey!.org_id, request.params.run_id);
    return reply.code(302).header('Location', url).header('Cache-Control', 'no-store').send({ download_url: url });
  });

  await runHistoryRoutes(fastify, deps.history);
}
