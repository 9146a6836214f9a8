// GET /tasks/{task_id}/events: a task's live progress as Server-Sent Events (task-event-stream.ts).
// Thin: authenticate (API key in a header, never in the URL), find the task in the caller's
// organization (404 otherwise), then hand the connection to the stream.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, responses } from '../http/schemas.ts';
import { presentTask } from './runs.presenters.ts';
import type { RunsService } from './runs.service.ts';
import * as S from './runs.schemas.ts';
import type { TaskEventStreams } from './task-event-stream.ts';
import type { TasksService } from './tasks.service.ts';

export interface TaskEventsRouteDeps {
  tasks: TasksService;
  runs: RunsService;
  taskEvents: TaskEventStreams;
}

const EventId = Type.String({ pattern: '^[0-9]{1,12}$', description: 'The `id` of the last event received; the stream resumes after it.' });

const EVENT_STREAM = {
  description: [
    'A `text/event-stream`. Every event has an `id:` line (a per-task increasing integer) and a `data:` line holding one JSON object. Event types:',
    '- `progress`: `{"task_id","status","phase","progress"}`, `progress` an integer 0-100, sent when the phase or the figure changes. Phases: `queued`, `starting`, `planning`, `writing`, `correcting`, `fallback:<model>`, `rendering`, `saving`, and `done` with the final status.',
    '- `step`: `{"task_id","message","tool","at"}`, one per visible change the agent made ("Added slide 4: Market size", "Added bar chart \\"Revenue by region\\" on \\"Sales\\""), `tool` the tool that made it, `at` an ISO 8601 time.',
    '- `heartbeat`: `{"at"}` after FOLIO_SSE_HEARTBEAT_MS (15 s) without another event; its id is the last event\'s.',
    '- `done`: the terminal task, exactly as `GET /tasks/{task_id}` answers it; the server then closes the stream.',
  ].join('\n'),
  content: { 'text/event-stream': { schema: { type: 'string', example: 'id: 3\nevent: step\ndata: {"task_id":"task_01J...","message":"Added slide 2: Market size","tool":"add_slides","at":"2026-11-25T21:00:00.000Z"}\n\n' } } },
};

export async function taskEventsRoutes(fastify: FastifyInstance, deps: TaskEventsRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // Open streams end when the server closes (forceCloseConnections only closes idle connections).
  app.addHook('preClose', async () => deps.taskEvents.closeAll());

  app.get('/tasks/:task_id/events', {
    config: { auth: 'api_key' as const },
    schema: {
      tags: ['Tasks'],
      operationId: 'streamTaskEvents',
      summary: "Stream a task's progress (Server-Sent Events)",
      description:
        'Live progress of a task: its phase and progress figure, the agent\'s steps as it makes them, heartbeats, and finally `done` with the task body. ' +
        'Events are stored, so the stream can be read from any API process and resumed: send the last received `id` as the `Last-Event-ID` header (or `last_event_id` in the query) and only later events come. ' +
        'A task that already ended gets its stored events, then `done`, and the stream closes. The API key goes in a header (`Authorization: Bearer` or `X-API-Key`), never in the URL; use a fetch-based EventSource client. ' +
        'Headers: `Cache-Control: no-cache`, `X-Accel-Buffering: no`.',
      security: API_KEY_SECURITY,
      params: S.TaskParams,
      querystring: Type.Object({ last_event_id: Type.Optional(EventId) }),
      response: responses({ 200: EVENT_STREAM as any }, [...API_KEY_ERRORS, 404, 410]),
    },
  }, async (request, reply) => {
    const orgId = request.apiKey!.org_id;
    const task = await deps.tasks.get(orgId, request.params.task_id);
    const after = lastEventId(request.headers['last-event-id'], request.query.last_event_id);
    reply.hijack();
    await deps.taskEvents.serve({ orgId, task, after, present: async (t) => presentTask(await deps.runs.taskView(t)) }, reply.raw, reply.getHeaders());
  });
}

/** The header wins over the query (a browser's EventSource sends the header on reconnect); anything else than a number counts as none. */
function lastEventId(header: string | string[] | undefined, query: string | undefined): number {
  const given = (Array.isArray(header) ? header[0] : header)?.trim() || query;
  return given && /^[0-9]{1,12}$/.test(given) ? Number(given) : 0;
}
