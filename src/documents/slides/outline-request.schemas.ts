// The body and the answer of POST /slides/outline (TypeBox). A file of its own, apart from the route,
// so the service and the runner read the request's type without importing the route (and the route
// them); apart from outline.schemas.ts, which declares the generate body's `outline`, because this
// body reuses fields of the generate body.
import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/schemas.ts';
import { GenerateCoreBody as GenerateBody } from '../../runs/runs.schemas.ts';
import { OutlineSlide } from './outline.schemas.ts';

export const OutlineBody = Type.Object({
  prompt: GenerateBody.properties.prompt,
  context_files: GenerateBody.properties.context_files,
  data_sources: GenerateBody.properties.data_sources,
  image_assets: GenerateBody.properties.image_assets,
  model: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }), { description: 'A model of GET /llm/models, `auto` or null (the default model).' })),
  async: Type.Optional(Type.Boolean({ default: false, description: 'true: answer 202 at once with `task_id`, `run_id` and `poll_url`, like the generation endpoints; GET /tasks/{task_id} then shows the outline in `result.answer.data`.' })),
}, { additionalProperties: false, examples: [{ prompt: 'A 6-slide pitch for a bike-sharing service in Leeds' }, { prompt: 'Quarterly review for the board', async: true }] });

export type OutlineRequest = Static<typeof OutlineBody>;

export const OutlineResponse = Type.Object({
  title: Type.String(),
  slides: Type.Array(OutlineSlide),
  slide_count: Type.Integer(),
  summary: Type.String({ description: 'What the outline holds and how to build it.' }),
  model: Type.String({ description: 'The model that drafted it (`builtin`: the offline planner).' }),
  credits_used: Type.Integer(),
}, { title: 'SlidesOutlineResult' });
