// Projects, their files and the analysis status. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.ts';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, NoContent, Page, responses } from '../http/schemas.ts';
import { uploadLimit, uploadStagingDir } from '../storage/create-blob-store.ts';
import { multipartValidatorCompiler, withUpload } from '../storage/multipart-upload.ts';
import { presentProject, presentProjectFile } from './projects.presenters.ts';
import * as S from './projects.schemas.ts';
import type { ProjectsService } from './projects.service.ts';

const route = { config: { auth: 'api_key' as const } };
const TAGS = ['Projects'];

const UPLOAD = `Multipart upload (\`multipart/form-data\`): the file in the part \`file\`, and optional text fields \`role\` (default \`context\`), \`category\`, \`description\` and \`tags\` (comma-separated).

The file goes through the same checks as \`POST /files\` (tier size limit while streaming: 413; zip and OOXML archives checked before parsing: 413 or 422; type sniffed from the bytes) and must be a Word (.docx), Excel (.xlsx), PowerPoint (.pptx), PDF, CSV, plain text or Markdown file (422 \`unsupported_file_type\` otherwise; an empty file: 422 \`empty_file\`). It is also listed by \`GET /files\`, with the same \`file_id\`.

Answers 201 with the project file. Its analysis starts at once, as durable jobs: \`index_status\` and \`pipeline_status\` move forward, and \`GET /projects/{project_id}/analysis/status\` rolls them up. Adding a file starts a new pipeline generation and reconciles the whole project again.`;

export async function projectsRoutes(fastify: FastifyInstance, deps: { config: Config; projects: ProjectsService }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { projects } = deps;

  app.post('/projects', {
    ...route,
    schema: { tags: TAGS, summary: 'Create a project', security: API_KEY_SECURITY, body: S.CreateProjectBody, response: responses({ 201: S.Project }, [...API_KEY_ERRORS]) },
  }, async (request, reply) => reply.code(201).send(presentProject(await projects.create(request.apiKey!.org_id, request.body))));

  app.get('/projects', {
    ...route,
    schema: {
      tags: TAGS, summary: 'List projects', description: 'Newest first. `limit` 1-100 (default 20), `cursor` from `next_cursor`.',
      security: API_KEY_SECURITY, querystring: S.ProjectListQuery, response: responses({ 200: Page(S.Project) }, [...API_KEY_ERRORS]),
    },
  }, async (request) => {
    const page = await projects.list(request.apiKey!.org_id, request.query.limit, request.query.cursor);
    return { items: page.items.map(presentProject), next_cursor: page.next_cursor };
  });

  app.get('/projects/:project_id', {
    ...route,
    schema: {
      tags: TAGS, summary: 'Get a project', description: 'A project of another organization is 404 `not_found`, like a missing one.',
      security: API_KEY_SECURITY, params: S.ProjectParams, response: responses({ 200: S.Project }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => presentProject(await projects.get(request.apiKey!.org_id, request.params.project_id)));

  app.patch('/projects/:project_id', {
    ...route,
    schema: {
      tags: TAGS, summary: 'Change a project', description: 'Only the fields given change; `null` clears `description`, `color` and `icon`.',
      security: API_KEY_SECURITY, params: S.ProjectParams, body: S.UpdateProjectBody, response: responses({ 200: S.Project }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => presentProject(await projects.update(request.apiKey!.org_id, request.params.project_id, request.body)));

  app.delete('/projects/:project_id', {
    ...route,
    schema: {
      tags: TAGS, summary: 'Delete a project', description: 'Status 204. The project, its files (also gone from `/files`; bytes purged after FOLIO_FILE_PURGE_GRACE_SECONDS) and its insights are gone at once. Reports already made stay as runs.',
      security: API_KEY_SECURITY, params: S.ProjectParams, response: responses({ 204: NoContent }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request, reply) => {
    await projects.delete(request.apiKey!.org_id, request.params.project_id);
    return reply.code(204).send(null);
  });

  app.post('/projects/:project_id/files', {
    ...route,
    validatorCompiler: multipartValidatorCompiler,
    schema: {
      tags: TAGS, summary: 'Attach a file to a project', description: UPLOAD, security: API_KEY_SECURITY, consumes: ['multipart/form-data'],
      params: S.ProjectParams, body: S.ProjectFileUploadBody, response: responses({ 201: S.ProjectFile }, [...API_KEY_ERRORS, 404, 413, 502]),
    },
  }, async (request, reply) => {
    const key = request.apiKey!;
    // Before the body is read: a missing project is refused without receiving the upload.
    await projects.get(key.org_id, request.params.project_id);
    const options = { maxBytes: uploadLimit(deps.config, key.tier), stagingDir: uploadStagingDir(deps.config), fields: S.ProjectFileFields, fallbackName: 'file' };
    const view = await withUpload(request, reply, options, (upload) => projects.attach(key, request.params.project_id, upload));
    return reply.code(201).send(presentProjectFile(view.file, view.link));
  });

  app.get('/projects/:project_id/files', {
    ...route,
    schema: {
      tags: TAGS, summary: 'List the files of a project', description: 'Newest first, with their analysis statuses and fresh signed `download_url`s.',
      security: API_KEY_SECURITY, params: S.ProjectParams, querystring: S.ProjectFileListQuery, response: responses({ 200: Page(S.ProjectFile) }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => {
    const page = await projects.files(request.apiKey!.org_id, request.params.project_id, request.query.limit, request.query.cursor);
    return { items: page.items.map((v) => presentProjectFile(v.file, v.link)), next_cursor: page.next_cursor };
  });

  app.get('/projects/:project_id/files/:file_id', {
    ...route,
    schema: {
      tags: TAGS, summary: 'Get a file of a project', security: API_KEY_SECURITY, params: S.ProjectFileParams,
      response: responses({ 200: S.ProjectFile }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => {
    const view = await projects.file(request.apiKey!.org_id, request.params.project_id, request.params.file_id);
    return presentProjectFile(view.file, view.link);
  });

  app.delete('/projects/:project_id/files/:file_id', {
    ...route,
    schema: {
      tags: TAGS, summary: 'Remove a file from a project',
      description: 'Status 204. The file is deleted (also from `/files`), the insights involving it go at once, and the project is reconciled again (a new pipeline generation).',
      security: API_KEY_SECURITY, params: S.ProjectFileParams, response: responses({ 204: NoContent }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request, reply) => {
    await projects.removeFile(request.apiKey!.org_id, request.params.project_id, request.params.file_id);
    return reply.code(204).send(null);
  });

  app.get('/projects/:project_id/analysis/status', {
    ...route,
    schema: {
      tags: TAGS, summary: 'Analysis status of a project',
      description: '`progress` (0-100) rolls up three steps per file: indexed, facts extracted, covered by the project\'s reconciliation. It never goes backwards within one `generation` (a new one starts when a file is added or removed). `status`, the earliest `stage` under way, per-file statuses and the project-level pipeline record come with it.',
      security: API_KEY_SECURITY, params: S.ProjectParams, response: responses({ 200: S.AnalysisStatus }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => projects.status(request.apiKey!.org_id, request.params.project_id));
}
