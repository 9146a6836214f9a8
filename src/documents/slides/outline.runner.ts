// POST /slides/outline with `async: true`: the outline drafted as a task of the generation engine, so
// it answers 202 with task_id, run_id and poll_url like the generation endpoints, and is polled with
// GET /tasks/{task_id}. The task writes no document: it completes in ask mode with the outline in
// `result.answer.data` ({title, slides, slide_count, summary, model, credits_used}) and its summary
// as `result.summary`. The model's usage is charged as an LLM call (exactly as the synchronous
// outline's); the task's own reservation is released, so its credits_used is 0.
import type { KeyWithOrg } from '../../identity/api-keys.repository.ts';
import { RUNNER_FIELD, type AgentInput, type AgentResult, type AgentRunner } from '../../runs/agents.ts';
import type { GenerateOutcome, GenerateService } from '../../runs/generate.service.ts';
import type { GenerateRequest } from '../../runs/runs.schemas.ts';
import type { OutlineRequest } from './outline-request.schemas.ts';
import type { SlidesOutlineService } from './outline.service.ts';

export const OUTLINE_RUNNER = 'slides-outline';

/** What the outline task reads from its stored request. */
interface OutlineTaskRequest {
  outline_request: Omit<OutlineRequest, 'async'>;
  /** The API key that asked: the LLM usage record names it. */
  outline_key_id: string;
}

/** Queues the outline as a task (the engine's checks, idempotency and 202 come with it). */
export function queueOutline(generate: GenerateService, key: KeyWithOrg, body: OutlineRequest): Promise<GenerateOutcome> {
  const { async: _async, ...outline } = body;
  const request = {
    prompt: body.prompt,
    ...(body.context_files ? { context_files: body.context_files } : {}),
    ...(body.data_sources ? { data_sources: body.data_sources } : {}),
    ...(body.image_assets ? { image_assets: body.image_assets } : {}),
    async: true,
    mode: 'ask',
    [RUNNER_FIELD]: OUTLINE_RUNNER,
    outline_request: outline,
    outline_key_id: key.key_id,
  } as unknown as GenerateRequest;
  return generate.generate(key, 'slides', request);
}

export class SlidesOutlineRunner implements AgentRunner {
  readonly name = OUTLINE_RUNNER;
  private readonly outlines: SlidesOutlineService;

  constructor(outlines: SlidesOutlineService) {
    this.outlines = outlines;
  }

  async run(input: AgentInput): Promise<AgentResult> {
    const stored = input.request as unknown as OutlineTaskRequest;
    await input.reportPhase('planning');
    // The LLM layer reads the organization and the key id only.
    const key = { org_id: input.task.org_id, key_id: stored.outline_key_id } as KeyWithOrg;
    const r = await this.outlines.outline(key, input.task.task_id, stored.outline_request, input.signal);
    const data = { ...r.outline, slide_count: r.outline.slides.length, summary: r.summary, model: r.model, credits_used: r.credits };
    return { artifact: null, summary: r.summary, credits: 0, answer: { answered: true, citations: [], data } };
  }
}
