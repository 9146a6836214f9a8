// TypeBox schemas of generation requests, tasks and runs: validation, types and OpenAPI from one source.
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { Nullable, PageQuery, StringEnum, Timestamp } from '../http/schemas.ts';

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });

export const FormatEnum = StringEnum(['word', 'excel', 'slides'] as const, { description: '`word`, `excel` or `slides`.' });
export const TaskStatusEnum = StringEnum(['queued', 'running', 'completed', 'failed', 'cancelled', 'expired'] as const);
export const RunStatusEnum = StringEnum(['pending', 'running', 'completed', 'failed', 'cancelled', 'expired'] as const);

const Color = Type.String({ pattern: '^#(?:[0-9A-Fa-f]{3}){1,2}$', description: 'Hex colour, `#RGB` or `#RRGGBB`.' });

const FileDataSource = Type.Object({
  file_id: Id('An uploaded file (`POST /files`).'),
  kind: StringEnum(['csv', 'xlsx', 'json'] as const, { description: 'How to read the file.' }),
}, { additionalProperties: false, title: 'FileDataSource' });

const InlineDataSource = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  columns: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 500 }),
  rows: Type.Array(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { maxItems: 500 }), { maxItems: 10_000 }),
}, { additionalProperties: false, title: 'InlineDataSource' });

const ImageAsset = Type.Object({
  image_id: Id('An uploaded image (`POST /images`).'),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  caption: Type.Optional(Type.String({ maxLength: 1000 })),
}, { additionalProperties: false });

const Brand = Type.Object({
  primary_color: Type.Optional(Color),
  secondary_color: Type.Optional(Color),
  font: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  logo_url: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000, description: 'Fetched by the agent; private addresses are refused unless FOLIO_ALLOW_PRIVATE_URLS is set.' })),
  logo_image_id: Type.Optional(Id('An uploaded image to use as the logo. Give `logo_url` or `logo_image_id`, not both.')),
}, { additionalProperties: false });

/**
 * Fields of the generate body that only one format reads (Slides: `outline`). The format declares each
 * beside its own schema, adding its type to this interface (declaration merging), and the composition
 * root hands the schemas to the engine (`generateBodySchema`), so the engine names no format.
 */
export interface FormatRequestFields {}

/** One format-only field: its schema, the format that reads it, and what the 422 on another format says. */
export interface FormatRequestField {
  format: 'word' | 'excel' | 'slides';
  schema: TSchema;
  /** The message of the 422 when another format's generate call carries the field. */
  elsewhere: string;
}

/** The generate body without the format-only fields. */
export const GenerateCoreBody = Type.Object({
  prompt: Type.String({ minLength: 1, maxLength: 10_000, description: 'What to produce or change (1-10000 characters).' }),
  mode: Type.Optional(StringEnum(['action', 'ask'] as const, { default: 'action', description: '`action` (default) changes the document; `ask` answers a question about it (the run\'s document or `init_file`), read-only: the answer is `summary`, with `answer: {answered, citations, data}`; an ask the document cannot answer costs nothing.' })),
  run_id: Type.Optional(Id('Resume this run (same format) to iterate on its document.')),
  init_file: Type.Optional(Id('An uploaded file to start from.')),
  context_files: Type.Optional(Type.Array(Type.Union([Id('A file id.'), Type.Object({ file_id: Id('A file id.') }, { additionalProperties: false })]), { maxItems: 50, description: 'Uploaded files the agent may read: ids, or `{file_id}` objects.' })),
  data_sources: Type.Optional(Type.Array(Type.Union([FileDataSource, InlineDataSource]), { maxItems: 50, description: '`{file_id, kind}` or inline `{name, columns, rows}`. A table keeps at most 10,000 rows and 500 columns; all the tables of one task together hold at most 1,000,000 cells and 16,000,000 characters of cell text (above that the task fails with 422 `validation_error`, uncharged).' })),
  image_assets: Type.Optional(Type.Array(ImageAsset, { maxItems: 100 })),
  brand: Type.Optional(Brand),
  async: Type.Optional(Type.Boolean({ default: false, description: 'true: answer 202 at once and let the caller poll `poll_url`.' })),
  webhook_url: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000, description: 'Receives one signed `run.completed` / `run.failed` callback for this task.' })),
  idempotency_key: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Same key and body within 24 h: the original task, no new work. Same key, other body: 409 `conflict`. `async` is not part of the comparison.' })),
  file_name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/\\\\\\u0000-\\u001f]+$', description: 'Name of the produced file (no path separators), used as given. Without it, a new document is named after its title: a short slug (e.g. `repayment-schedule-for-300000-mortgage-at-6.5pct.xlsx`), with the full title in the download\'s Content-Disposition `filename*`; a resumed run keeps its name.' })),
  timeout_ms: Type.Optional(Type.Integer({ minimum: 10_000, maximum: 1_800_000, default: 905_000, description: 'The task fails with `task_timeout` when it runs longer (10000-1800000 ms, default 905000).' })),
  template_id: Type.Optional(Id('A template of this format (`POST /templates`) whose design the new document takes: it is an edit of the template, with the template\'s sample slides, body or sheets dropped unless the prompt asks to keep or fill them. Without it (and without init_file or run_id) the organization\'s default template for the format applies, then Folio\'s built-in design. Not with init_file or run_id (422).')),
  fields: Type.Optional(Type.Unsafe<Record<string, string>>({
    type: 'object',
    propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_.-]{0,63}$' },
    additionalProperties: { type: 'string', maxLength: 10_000 },
    maxProperties: 200,
    description: 'Values for `{{name}}` fields of the template (or of init_file, or of the run\'s document): each field is replaced by its value, also when Word or PowerPoint split it across runs, keeping its formatting. With fields the task is a fill-in: no model is called, the template\'s content is kept, and the prompt is recorded but not acted on. At most 200 fields; names match `[A-Za-z_][A-Za-z0-9_.-]*` (at most 64 characters), values are strings of at most 10000 characters.',
  })),
}, { additionalProperties: false });

type Flat<T> = { [K in keyof T]: T[K] };
export type GenerateRequest = Flat<Static<typeof GenerateCoreBody> & FormatRequestFields>;

/** The body of POST /{format}/generate: the core fields and the format-only ones, after `timeout_ms` as the contract lists them. */
export function generateBodySchema(fields: Readonly<Record<string, FormatRequestField>>): TObject {
  const properties: Record<string, TSchema> = {};
  for (const [name, schema] of Object.entries(GenerateCoreBody.properties)) {
    properties[name] = schema;
    if (name === 'timeout_ms') for (const [field, f] of Object.entries(fields)) properties[field] = Type.Optional(f.schema);
  }
  return Type.Object(properties, { additionalProperties: false });
}

export const TaskError = Type.Object({ code: Type.String(), message: Type.String() });

export const AskCitation = Type.Object({
  label: Type.String({ description: 'Where, as a person reads it: `Sales!C2`, `slide 3`, `section 2 "Leave"`, `slide 4, table 1, B3`.' }),
  sheet: Type.Optional(Type.String({ description: 'Workbooks: the sheet.' })),
  range: Type.Optional(Type.String({ description: 'The cell or range: on the sheet, or within the table of a slide or section.' })),
  slide: Type.Optional(Type.Integer({ description: 'Decks: the slide number (1-based).' })),
  section: Type.Optional(Type.Integer({ description: 'Documents: the top-level section (1-based; 0 is the text before the first heading).' })),
  heading: Type.Optional(Type.String({ description: 'Documents: the section\'s heading.' })),
  table: Type.Optional(Type.Integer({ description: 'Tables of slides and sections: the table\'s number within it (1-based).' })),
});

export const AskAnswer = Type.Object({
  answered: Type.Boolean({ description: 'false when the document does not answer the question: the summary says so, what it holds and what can be asked, and the task costs nothing.' }),
  citations: Type.Array(AskCitation, { description: 'Where the answer comes from.' }),
  data: Nullable(Type.Object({}, { additionalProperties: true }), { description: 'The figures behind the answer, as computed (operation, sheet, column, range, value, ...).' }),
}, { description: 'Ask mode only: the answer\'s text is `summary`.' });

const EXAMPLE_RUN = 'run_01JD4Z8Q7W3K5N2M6P8R9T0V1X';
const EXAMPLE_TASK = 'task_01JD4Z8Q7W9B2C3D4E5F6G7H8J';

/** `edit_url` wherever a run or task shows one. */
const EditUrl = Nullable(Type.String(), {
  description: 'Embedded editor link `{FOLIO_PUBLIC_URL}/api/v1/edit/{run_id}?token=<opaque>` (the older `/edit/{run_id}` redirects there), minted fresh on every read; the token opens this run only and lasts 15 minutes, extended while the editor is in use. Null while the run has no document.',
  examples: [`https://folio.example.com/api/v1/edit/${EXAMPLE_RUN}?token=fet_Q2x9bT4kVn7pLm3sWc8yRf1hZ6dJa0uEg5oKi2NqXe4`],
});

export const TaskResult = Type.Object({
  download_url: Nullable(Type.String(), { description: 'Signed link to the document this task produced (expires; GET /runs/{id}/download for a fresh one). Null when the task produced none.' }),
  edit_url: EditUrl,
  summary: Type.String(),
  answer: Type.Optional(AskAnswer),
});

export const Task = Type.Object({
  task_id: Type.String(),
  run_id: Type.String(),
  format: FormatEnum,
  status: TaskStatusEnum,
  phase: Nullable(Type.String(), { description: 'While running: `starting`, `planning`, `writing`, `correcting` (the model was told what it did wrong), `fallback:<model>` (another model took over), `rendering`, `saving`, ...' }),
  error: Nullable(TaskError, { description: 'Set when status is `failed`.' }),
  credits_used: Type.Integer(),
  duration_ms: Type.Integer({ description: 'Time spent running so far (0 when it never started).' }),
  created_at: Timestamp,
  started_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
  cancel_requested: Type.Boolean(),
  result: Nullable(TaskResult, { description: 'Set when status is `completed`.' }),
});

export const Run = Type.Object({
  run_id: Type.String(),
  task_id: Type.String({ description: 'The latest task of the run.' }),
  format: FormatEnum,
  status: RunStatusEnum,
  file_name: Nullable(Type.String(), { description: 'Name the current document downloads under. Folio names a generated document after its title: a short slug of it (at most 60 characters, no `$`, `%` or `,`), unless `file_name` was given.' }),
  title: Type.Optional(Nullable(Type.String(), { description: 'The title the file was named after; downloads carry it in Content-Disposition `filename*` (the slug in `filename`). Null when `file_name` was given.' })),
  version: Nullable(Type.Integer(), { description: 'Version number of the current document; null before the first one.' }),
  download_url: Nullable(Type.String(), { description: 'Fresh signed link to the current document; null when there is none.' }),
  edit_url: EditUrl,
  created_at: Timestamp,
  updated_at: Timestamp,
  expires_at: Timestamp,
  template: Nullable(Type.Object({ template_id: Type.String(), version: Type.Integer() }), { description: 'The template (and its version) the run\'s document was made from; null when none was used. Resuming the run keeps that design.' }),
});

export const GenerateResult = Type.Object({
  run_id: Type.String(),
  task_id: Type.String(),
  status: Type.Literal('completed'),
  download_url: Nullable(Type.String()),
  edit_url: EditUrl,
  summary: Type.String({ description: 'What was done; in ask mode, the answer (with where it comes from).' }),
  credits_used: Type.Integer(),
  duration_ms: Type.Integer(),
  answer: Type.Optional(AskAnswer),
}, {
  examples: [{
    run_id: EXAMPLE_RUN, task_id: EXAMPLE_TASK, status: 'completed',
    download_url: `https://folio.example.com/api/v1/blobs/orgs/org_01JD4Z7M2K8N3P5Q6R7S8T9V0W/runs/${EXAMPLE_RUN}/${EXAMPLE_TASK}.0?expires=1767225600&signature=3q2-7wAbCdEfGhIjKlMnOp`,
    edit_url: `https://folio.example.com/api/v1/edit/${EXAMPLE_RUN}?token=fet_Q2x9bT4kVn7pLm3sWc8yRf1hZ6dJa0uEg5oKi2NqXe4`,
    summary: 'Created "Q3 results": revenue up 12%, churn down to 3%, two new markets, with a chart of revenue by quarter.',
    credits_used: 3, duration_ms: 8420,
  }],
});

export const GenerateAccepted = Type.Object({
  run_id: Type.String(),
  task_id: Type.String(),
  status: TaskStatusEnum,
  poll_url: Type.String({ description: 'GET this (with the API key) until the task ends.' }),
}, { examples: [{ run_id: EXAMPLE_RUN, task_id: EXAMPLE_TASK, status: 'queued', poll_url: `https://folio.example.com/api/v1/tasks/${EXAMPLE_TASK}` }] });

export const TaskParams = Type.Object({ task_id: Type.String({ maxLength: 100 }) });
export const RunParams = Type.Object({ run_id: Type.String({ maxLength: 100 }) });

export const RunsQuery = Type.Object({
  ...PageQuery,
  format: Type.Optional(FormatEnum),
  status: Type.Optional(RunStatusEnum),
}, { additionalProperties: false });

export const RunVersion = Type.Object({
  version: Type.Integer({ description: 'Version number, from 1.' }),
  version_id: Type.String(),
  source: StringEnum(['generation', 'editor'] as const, { description: '`generation`: written by a generation turn (`task_id`); `editor`: saved from the editor.' }),
  task_id: Nullable(Type.String()),
  prompt: Nullable(Type.String(), { description: 'The prompt of the turn that wrote it; null for an editor save.' }),
  mode: Nullable(StringEnum(['action', 'ask'] as const)),
  summary: Nullable(Type.String(), { description: 'What the turn did; null for an editor save.' }),
  file_name: Type.String(),
  title: Nullable(Type.String()),
  size: Type.Integer(),
  current: Type.Boolean({ description: 'The run\'s current document.' }),
  download_url: Nullable(Type.String(), { description: 'Fresh signed link to this version.' }),
  created_at: Timestamp,
});

export const HistoryTask = Type.Object({
  ...Task.properties,
  prompt: Nullable(Type.String(), { description: 'The prompt the task was asked.' }),
  mode: StringEnum(['action', 'ask'] as const),
});

export const VersionParams = Type.Object({ run_id: Type.String({ maxLength: 100 }), version: Type.Integer({ minimum: 1, maximum: 1_000_000 }) });
