// POST /slides/outline. Thin: authenticate, validate, call the use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_KEY_SECURITY } from '../../http/auth.ts';
import { API_KEY_ERRORS, responses } from '../../http/schemas.ts';
import { clientGone } from '../../llm/llm.routes.ts';
import type { GenerateService } from '../../runs/generate.service.ts';
import type { RunLinks } from '../../runs/run-links.ts';
import { presentAccepted } from '../../runs/runs.presenters.ts';
import { GenerateAccepted } from '../../runs/runs.schemas.ts';
import { queueOutline } from './outline.runner.ts';
import { OutlineBody, OutlineResponse } from './outline-request.schemas.ts';
import type { SlidesOutlineService } from './outline.service.ts';

export interface OutlineRouteDeps {
  outline: SlidesOutlineService;
  /** `async: true` queues the outline as a task of the generation engine. */
  generate: GenerateService;
  links: RunLinks;
}

export async function slidesOutlineRoutes(fastify: FastifyInstance, deps: OutlineRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/slides/outline', {
    config: { auth: 'api_key' as const },
    schema: {
      tags: ['Generation'],
      summary: 'Outline a deck without writing it',
      description:
        'Answers a titled outline of slides (layout, title, bullets, speaker notes, and the data source, chart type or image a slide shows) for a prompt, without writing a file. ' +
        'Pass `{title, slides}` (edited or not) as `outline` to POST /slides/generate to build it: one call builds at most 30 slides; resume with `run_id` and the same outline for the rest. ' +
        'A provider model drafts it and is charged like /llm/invoke (`X-Credits-Used`, `X-LLM-Model`); the builtin engine plans it from the prompt\'s structure at no charge. ' +
        'With `async: true` it answers 202 with `task_id`, `run_id` and `poll_url` (and a `Location` header), like the generation endpoints: the task runs the same drafting, holds the Slides minimum balance while queued (402 below it) and writes no document; ' +
        'once completed, GET /tasks/{task_id} shows the outline as `result.answer.data` (`{title, slides, slide_count, summary, model, credits_used}`), the model\'s usage being charged as an LLM call.',
      security: API_KEY_SECURITY,
      body: OutlineBody,
      response: responses({ 200: OutlineResponse, 202: GenerateAccepted }, [...API_KEY_ERRORS, 402, 404, 409, 501, 502, 504]),
    },
  }, async (request, reply) => {
    if (request.body.async) {
      const out = await queueOutline(deps.generate, request.apiKey!, request.body);
      const pollUrl = deps.links.poll(out.task.task_id);
      return reply.code(202).header('Location', pollUrl).send(presentAccepted(out.task, pollUrl));
    }
    const result = await deps.outline.outline(request.apiKey!, request.id, request.body, clientGone(reply));
    reply.header('X-Credits-Used', String(result.credits)).header('X-LLM-Model', result.model);
    return { ...result.outline, slide_count: result.outline.slides.length, summary: result.summary, model: result.model, credits_used: result.credits };
  });
}
