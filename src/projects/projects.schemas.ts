// TypeBox schemas of projects, project files and the analysis status: validation, types and OpenAPI.
import { Type, type Static } from 'typebox';
import { Nullable, PageQuery, StringEnum, Timestamp } from '../http/schemas.ts';
import { BinaryPart } from '../storage/uploads/upload.schemas.ts';

const Id = Type.String({ maxLength: 100 });
const Color = Type.String({ pattern: '^#(?:[0-9A-Fa-f]{3}){1,2}$', description: 'Hex colour, `#RGB` or `#RRGGBB`.' });
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20, uniqueItems: true, description: 'At most 20 tags of 1-50 characters.' });

export const ProjectParams = Type.Object({ project_id: Id });
export const ProjectFileParams = Type.Object({ project_id: Id, file_id: Id });

export const CreateProjectBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Required, 1-200 characters.' }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  tags: Type.Optional(Tags),
  color: Type.Optional(Nullable(Color)),
  icon: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64, description: 'An icon name or emoji, shown by clients.' }))),
}, { additionalProperties: false });
export type CreateProject = Static<typeof CreateProjectBody>;

export const UpdateProjectBody = Type.Object({
  name: Type.Optional(CreateProjectBody.properties.name),
  description: CreateProjectBody.properties.description,
  tags: Type.Optional(Tags),
  color: CreateProjectBody.properties.color,
  icon: CreateProjectBody.properties.icon,
}, { additionalProperties: false, minProperties: 1, description: 'The fields to change; `null` clears description, color and icon.' });
export type UpdateProject = Static<typeof UpdateProjectBody>;

export const Project = Type.Object({
  project_id: Type.String({ description: '`prj_` + ULID.' }),
  name: Type.String(),
  description: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  color: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  file_count: Type.Integer({ description: 'Files attached (deleted ones not counted).' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ProjectListQuery = Type.Object(PageQuery, { additionalProperties: false });

// ---- files ---------------------------------------------------------------------------------

export const IndexStatus = StringEnum(['pending', 'indexing', 'indexed', 'failed'] as const, { description: 'Stage 1, text and structure: `pending`, `indexing`, `indexed`, `failed`.' });
export const PipelineStatus = StringEnum(['pending', 'extracting', 'reconciling', 'completed', 'failed'] as const, {
  description: 'Stages 2 and 3: `pending` (waiting for the index), `extracting` (facts), `reconciling` (waiting for the project\'s reconciliation to cover this file), `completed`, `failed`.',
});

/** The text fields of the multipart upload (validated by the upload receiver). */
export const ProjectFileFields = Type.Object({
  role: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$', default: 'context', description: 'What the file is for in the project (letters, digits, `_`, `-`; default `context`).' })),
  category: Type.Optional(Type.String({ maxLength: 100, description: 'Free-form category; empty or absent: null.' })),
  description: Type.Optional(Type.String({ maxLength: 1000, description: 'At most 1000 characters (longer: 422 `string_too_long`); empty or absent: null.', examples: ['Q1 board pack, final version'] })),
  tags: Type.Optional(Type.String({ maxLength: 1000, description: 'Comma-separated tags, e.g. `finance,q1`.' })),
}, { additionalProperties: false });

export const ProjectFileUploadBody = Type.Object({
  file: BinaryPart('The file: .docx, .xlsx, .pptx, .pdf, .csv, .txt or .md (sniffed from the bytes).'),
  ...ProjectFileFields.properties,
}, { additionalProperties: false, required: ['file'] });

const StageError = Type.Object({
  stage: StringEnum(['index', 'facts', 'reconcile'] as const),
  message: Type.String(),
});

export const ProjectFile = Type.Object({
  file_id: Type.String({ description: 'The file\'s id in `/files` too (usable as `file_id` of POST /excel/analyze, `context_files`, ...).' }),
  project_id: Type.String(),
  file_name: Type.String(),
  content_type: Type.String({ description: 'Sniffed from the bytes.' }),
  size: Type.Integer(),
  sha256: Type.String(),
  role: Type.String(),
  category: Nullable(Type.String()),
  description: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  index_status: IndexStatus,
  pipeline_status: PipelineStatus,
  error: Nullable(StageError, { description: 'Why the file\'s analysis failed; null unless a status is `failed`.' }),
  note: Nullable(Type.String({ description: 'Something to know about a file analysed anyway (for example: facts by the rules because the model call failed).' })),
  stats: Nullable(Type.Object({}, { additionalProperties: Type.Integer(), description: 'What the index found: characters, passages, tables, pages, slides, sheets; truncated 1 when the file had more text than was indexed.' })),
  facts_count: Nullable(Type.Integer()),
  facts_method: Nullable(StringEnum(['rules', 'model'] as const, { description: 'How the facts were extracted: the deterministic rules, or the default LLM model (structured output).' })),
  created_at: Timestamp,
  updated_at: Timestamp,
  download_url: Type.String({ format: 'uri' }),
  download_url_expires_at: Timestamp,
});

export const ProjectFileListQuery = Type.Object(PageQuery, { additionalProperties: false });

// ---- analysis status -------------------------------------------------------------------------

export const AnalysisStatus = Type.Object({
  project_id: Type.String(),
  status: StringEnum(['idle', 'running', 'completed', 'failed'] as const, {
    description: '`idle`: no files; `running`: a stage is under way; `completed`: every file went through every stage (some may have `failed` on their own, see `files`); `failed`: the reconciliation was given up.',
  }),
  stage: Nullable(StringEnum(['indexing', 'extracting', 'reconciling'] as const), { description: 'The earliest stage still under way.' }),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Share of the generation\'s work done: three steps per file (index, facts, reconciled), 100 once the last reconciliation covered every file. Never goes backwards within one generation.' }),
  generation: Type.Integer({ description: 'Bumped each time a file is added or removed; progress starts over for the new set of files.' }),
  counts: Type.Object({ files: Type.Integer(), indexed: Type.Integer(), completed: Type.Integer(), failed: Type.Integer(), insights: Type.Integer() }),
  files: Type.Array(Type.Object({
    file_id: Type.String(),
    file_name: Type.String(),
    index_status: IndexStatus,
    pipeline_status: PipelineStatus,
    error: Nullable(StageError),
    facts_count: Nullable(Type.Integer()),
    updated_at: Timestamp,
  })),
  pipeline: Type.Object({
    status: StringEnum(['idle', 'queued', 'running', 'completed', 'failed'] as const, { description: 'The project-level reconciliation.' }),
    requested: Type.Integer({ description: 'Reconciliations asked for so far (one per file whose facts were extracted, one per removed file).' }),
    done: Type.Integer({ description: 'The last request a finished reconciliation covered.' }),
    error: Nullable(Type.String()),
    started_at: Nullable(Timestamp),
    finished_at: Nullable(Timestamp),
  }, { description: 'The project-level pipeline record.' }),
});
