// TypeBox schemas of the LLM endpoints: validation, types and OpenAPI from one source.
import { Type, type Static, type TObject } from 'typebox';
import { Nullable, PageQuery, StringEnum, Timestamp } from '../http/schemas.ts';
import { FormatEnum, type GenerateRequest } from '../runs/runs.schemas.ts';

const Message = Type.Object({
  role: StringEnum(['system', 'user', 'assistant'] as const),
  content: Type.String({ minLength: 1, description: 'The message text (at least 1 character).' }),
}, { additionalProperties: false });

const ResponseFormat = Type.Object({
  type: Type.Optional(StringEnum(['text', 'json', 'json_schema'] as const, { default: 'text', description: '`text` (default): a `text/plain` answer. `json`: any JSON value. `json_schema`: a JSON value valid against `json_schema`.' })),
  json_schema: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }), { description: 'A JSON Schema (draft 2020-12) for the answer; required when `type` is `json_schema`. An invalid schema is a 422 pointing inside it. Limits: at most 64 KiB as JSON, 32 levels deep, 2000 objects and 100 patterns (422 `json_schema_too_large` / `json_schema_too_deep`); each `pattern` at most 1000 characters. Patterns are matched in linear time where V8\'s linear engine supports them; others (backreferences, lookaround, `\\p{..}`, counted repetition above 16) get 50 ms per string, and a string that runs out of time counts as not matching.' })),
}, {
  additionalProperties: false,
  // json_schema is required (and must be an object) exactly when type is json_schema.
  if: { properties: { type: { const: 'json_schema' } }, required: ['type'] },
  then: { required: ['json_schema'], properties: { json_schema: { type: 'object' } } },
});

/** The invoke body; `model` lists the models this deployment knows (the registry decides at boot). */
export function invokeBody(modelIds: string[]) {
  return Type.Object({
    messages: Type.Array(Message, { minItems: 1, description: 'The conversation, at least one message. `session_id` does not restore earlier turns: send them here.' }),
    response_format: Type.Optional(ResponseFormat),
    model: Type.Optional(Type.Unsafe<string | null>({
      type: ['string', 'null'], enum: [...modelIds, null],
      description: '`null` or `auto`: the deployment\'s default model. A named model must be configured here (otherwise 422). When it fails, the configured fallback models are tried; `X-LLM-Model` names the model that answered.',
    })),
    user_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255 }), { description: 'Your end user, for attribution in usage records. The organization pays.' })),
    session_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255 }), { description: 'Groups usage records. It does not restore conversation history.' })),
    stream: Type.Optional(Nullable(Type.Boolean({
      default: false,
      description: '`true`: the answer streams as Server-Sent Events in the OpenAI Chat Completions chunk format (`text/event-stream`) as the model writes it, ending with `data: [DONE]`. Only with `response_format` `text` (422 otherwise). Errors before the first token are ordinary JSON errors; a model failing after it ends the stream with an `error` event.',
    }))),
  }, { additionalProperties: false });
}

export type InvokeRequest = Static<ReturnType<typeof invokeBody>>;

export const InvokeAnswer = {
  description: 'The answer itself, without an envelope: `text/plain` for `text`, the JSON value for `json` and `json_schema`. Headers: `X-Request-ID`, `X-Credits-Used` (credits charged), `X-LLM-Model` (the model that answered).',
  headers: {
    'X-Credits-Used': { type: 'integer', description: 'Credits charged for this call.' },
    'X-LLM-Model': { type: 'string', description: 'The model that answered (a fallback model when the chosen one failed).' },
  },
  content: {
    'text/plain': { schema: { type: 'string' } },
    'application/json': { schema: { description: 'Any JSON value; valid against `response_format.json_schema` in `json_schema` mode.' } },
    'text/event-stream': {
      schema: {
        type: 'string',
        description: 'With `stream: true`: one `data:` line per event, in the OpenAI Chat Completions chunk format. The first chunk carries `delta.role`, the next ones `delta.content`, then a chunk with `finish_reason: "stop"`, then one with `usage` (`prompt_tokens`, `completion_tokens`, `total_tokens`) and Folio\'s `credits` and `usage_id`, then `data: [DONE]`. A model failure after the first token (also a provider stream that ends before the provider marks the answer complete) sends `{"error": {"type": "upstream_error", "message": ...}}` and ends the stream (the call is then refunded). `X-LLM-Model` names the answering model; the credits are in the usage chunk, not in a header.',
        example: 'data: {"id":"chatcmpl-req_1","object":"chat.completion.chunk","created":1764115200,"model":"gpt-4.1","choices":[{"index":0,"delta":{"content":"Hello"},"finish_reason":null}]}\n\ndata: [DONE]\n\n',
      },
    },
  },
};

export const TextResult = Type.Object({ text: Type.String() });

export const HumanizeBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 20_000, description: 'The text to rewrite so it reads naturally (1-20000 characters). Meaning, facts, numbers and names are kept.' }),
}, { additionalProperties: false });

export const RewriteBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 20_000, description: 'The text to rewrite (1-20000 characters).' }),
  prompt: Type.String({ minLength: 1, maxLength: 2_000, description: 'How to rewrite it, e.g. "shorter and more formal" (1-2000 characters).' }),
}, { additionalProperties: false });

export const NewContentBody = Type.Object({
  prompt: Type.String({ minLength: 1, maxLength: 10_000, description: 'What to write (1-10000 characters).' }),
  file_name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'The file the text is meant for; its name can give the title, `.txt` asks for plain text instead of Markdown.' })),
}, { additionalProperties: false });

/** The body of POST /preflight: a generate body (with the formats' own fields) plus its `format`. */
export function preflightBodySchema(generateBody: TObject): TObject {
  return Type.Object({
    format: FormatEnum,
    ...generateBody.properties,
  }, { additionalProperties: false, description: 'A generation request (the body of POST /{format}/generate) plus its `format`.' });
}

export type PreflightRequest = GenerateRequest & { format: Static<typeof FormatEnum> };

export const PreflightResult = Type.Object({
  ok: Type.Literal(true),
  format: FormatEnum,
  mode: StringEnum(['action', 'ask'] as const),
  async: Type.Boolean({ description: 'Whether the call would answer 202 at once.' }),
  run_id: Nullable(Type.String(), { description: 'The run it would resume; null for a new run.' }),
  estimated_minimum_credits: Type.Integer({ description: 'What the call would reserve, and so the most it could cost.' }),
  balance: Type.Integer(),
  agent_available: Type.Boolean({ description: 'Whether this deployment has an agent for the format (otherwise the call answers 501).' }),
  references: Type.Object({ files: Type.Integer(), images: Type.Integer() }, { description: 'How many uploaded files and images the request uses (all found).' }),
  notices: Type.Array(Type.String(), { description: 'Format rules the call will apply without failing, e.g. the 30-slide cap per slides call.' }),
});

export const ModelInfo = Type.Object({
  id: Type.String(),
  provider: StringEnum(['openai', 'anthropic', 'google', 'openai-compatible', 'builtin'] as const),
  available: Type.Boolean({ description: 'Its provider is configured on this deployment.' }),
  input_credits_per_million_tokens: Type.Number(),
  output_credits_per_million_tokens: Type.Number(),
  context_tokens: Type.Integer(),
  native_json_schema: Type.Boolean({ description: 'The provider constrains output to the JSON Schema itself; otherwise the schema goes in the instructions. Output is validated either way.' }),
});

export const ModelList = Type.Object({
  default_model: Type.String({ description: 'What `model: null` and `auto` use.' }),
  fallback_models: Type.Array(Type.String(), { description: 'Tried in order when the chosen model fails.' }),
  minimum_credits: Type.Integer({ description: 'Balance needed to start a call, and the least a call costs.' }),
  items: Type.Array(ModelInfo),
});

export const UsageAttempt = Type.Object({
  model: Type.String(),
  outcome: StringEnum(['ok', 'error', 'timeout', 'invalid_output'] as const),
  status: Type.Optional(Type.Integer({ description: "HTTP status of the provider's error answer." })),
  repaired: Type.Optional(Type.Boolean({ description: 'A repair turn was needed.' })),
  duration_ms: Type.Integer(),
});

export const UsageRecord = Type.Object({
  usage_id: Type.String(),
  operation: StringEnum(['llm.invoke', 'text.humanize', 'text.rewrite', 'text.new_content', 'slides.outline', 'projects.facts', 'excel.analyze', 'word.generate', 'excel.generate', 'slides.generate'] as const, { description: 'What made the call. Generation tasks (`<format>.generate`) record one row per model their agent used, with the run id as `session_id`.' }),
  status: StringEnum(['succeeded', 'failed'] as const),
  error_code: Nullable(Type.String()),
  requested_model: Nullable(Type.String()),
  model: Nullable(Type.String({ description: 'The model that answered.' })),
  response_format: StringEnum(['text', 'json', 'json_schema', 'tools'] as const, { description: '`tools` for a document agent\'s tool-calling turns.' }),
  input_tokens: Type.Integer(),
  output_tokens: Type.Integer(),
  credits: Type.Integer(),
  user_id: Nullable(Type.String()),
  session_id: Nullable(Type.String()),
  request_id: Nullable(Type.String()),
  attempts: Type.Array(UsageAttempt),
  duration_ms: Type.Integer(),
  created_at: Timestamp,
});

export const UsageQuery = Type.Object({
  ...PageQuery,
  user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
}, { additionalProperties: false });

export const Budget = Type.Object({
  monthly_budget: Nullable(Type.Integer(), { description: 'Credits the organization may spend on LLM calls per calendar month (UTC); null: no budget.' }),
  source: StringEnum(['organization', 'default'] as const, { description: '`organization`: set with PUT /llm/budget; `default`: the deployment\'s FOLIO_LLM_MONTHLY_BUDGET.' }),
  month: Type.String({ description: 'The current month, `YYYY-MM-01`.' }),
  used_credits: Type.Integer(),
  remaining_credits: Nullable(Type.Integer()),
  calls: Type.Integer(),
  input_tokens: Type.Integer(),
  output_tokens: Type.Integer(),
});

export const BudgetBody = Type.Object({
  monthly_budget: Nullable(Type.Integer({ minimum: 0, maximum: 2_000_000_000 }), { description: 'Credits per calendar month (0 stops LLM calls); null: no budget.' }),
}, { additionalProperties: false });
