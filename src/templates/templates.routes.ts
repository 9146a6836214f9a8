// POST/GET/PATCH/DELETE /templates and PUT /templates/{id}/file. Thin: authenticate, validate, call one
// use case, present.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.ts';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, NoContent, Page, responses } from '../http/schemas.ts';
import { uploadLimit, uploadStagingDir } from '../storage/create-blob-store.ts';
import { multipartValidatorCompiler, withUpload } from '../storage/multipart-upload.ts';
import { presentTemplate } from './templates.presenters.ts';
import * as S from './templates.schemas.ts';
import type { TemplatesService } from './templates.service.ts';

export interface TemplatesRouteDeps {
  config: Config;
  templates: TemplatesService;
}

const UPLOAD_DESCRIPTION = `Multipart upload (\`multipart/form-data\`): the template in the part \`file\`, a \`name\`, and optionally \`description\`, \`tags\` (comma-separated or a JSON array) and \`is_default\` (\`true\`/\`false\`).

A template is an organization's own deck, document or workbook whose design everything Folio makes in that format takes: new documents are edits of it (its masters, layouts, theme, styles, headers and footers), with its sample content dropped.

- **Accepted**: .pptx and .potx (format \`slides\`), .docx and .dotx (\`word\`), .xlsx and .xltx (\`excel\`), with the same size limit, type sniffing and zip-bomb checks as \`POST /files\` (413 \`payload_too_large\` over a limit).
- **Refused with 422 \`validation_error\` on \`file\`** (nothing is stored): a file that is not a template of these types, a macro-enabled file (.pptm, .docm, .xlsm and their template types), a password-protected file, a deck without slide layouts, a workbook without worksheets, a file the engine cannot read.
- **Analysis**: decks report their slide size, theme fonts and every layout with its placeholder kinds, the kinds of slides Folio makes with it (\`used_for\`, the Slides engine's own choice) and a signed PNG \`thumbnail_url\` rendered through the export pool; documents report their page setup and the style Folio writes each role in; workbooks their theme fonts and colours and the table style new tables get. \`fields\` lists the \`{{name}}\` fields that \`fields\` on the generate endpoints fills. \`warnings\` says what will not look as the template might suggest.
- \`is_default: true\` makes it the organization's default for its format; the previous default stops being one.

Answers 201 with the template.`;

/** Multipart parsing is scoped to these routes, as for /files. */
export async function templatesRoutes(api: FastifyInstance, deps: TemplatesRouteDeps): Promise<void> {
  await api.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    await routes(scope, deps);
  });
}

async function routes(fastify: FastifyInstance, deps: TemplatesRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const uploadOptions = (tier: Parameters<typeof uploadLimit>[1], fields: typeof S.TemplateUploadFields | typeof S.TemplateFileFields) => ({
    maxBytes: uploadLimit(deps.config, tier),
    stagingDir: uploadStagingDir(deps.config),
    fields,
    fallbackName: 'template',
  });

  app.post('/templates', {
    config: { auth: 'api_key' },
    validatorCompiler: multipartValidatorCompiler,
    schema: {
      tags: ['Templates'],
      summary: 'Upload a template',
      description: UPLOAD_DESCRIPTION,
      security: API_KEY_SECURITY,
      consumes: ['multipart/form-data'],
      body: S.TemplateUploadBody,
      response: responses({ 201: S.Template }, [...API_KEY_ERRORS, 409, 413, 502]),
    },
  }, async (request, reply) => {
    const key = request.apiKey!;
    const view = await withUpload(request, reply, uploadOptions(key.tier, S.TemplateUploadFields), (upload) => deps.templates.create(key.org_id, upload));
    return reply.code(201).send(presentTemplate(view));
  });

  app.get('/templates', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Templates'],
      summary: 'List templates',
      description: 'The organization\'s templates, newest first, optionally of one format. Deleted templates are not listed. Each carries its current version\'s analysis and fresh signed links.',
      security: API_KEY_SECURITY,
      querystring: S.TemplateListQuery,
      response: responses({ 200: Page(S.Template) }, [...API_KEY_ERRORS, 502]),
    },
  }, async (request) => {
    const page = await deps.templates.list(request.apiKey!.org_id, request.query.limit, request.query.cursor, request.query.format);
    return { items: page.items.map(presentTemplate), next_cursor: page.next_cursor };
  });

  app.get('/templates/:template_id', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Templates'],
      summary: 'Get a template',
      description: 'The template with its current version\'s analysis, fresh signed links (file and layout thumbnails) and every version. A template of another organization is 404 `not_found`, like a missing one.',
      security: API_KEY_SECURITY,
      params: S.TemplateParams,
      response: responses({ 200: S.TemplateWithVersions }, [...API_KEY_ERRORS, 404, 502]),
    },
  }, async (request) => presentTemplate(await deps.templates.get(request.apiKey!.org_id, request.params.template_id)));

  app.patch('/templates/:template_id', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Templates'],
      summary: 'Update a template',
      description: 'Changes `name`, `description` (null clears it), `tags` (replaced as a whole) and `is_default`. At most one template per organization and format is the default: making one the default unsets the previous one.',
      security: API_KEY_SECURITY,
      params: S.TemplateParams,
      body: S.TemplatePatchBody,
      response: responses({ 200: S.Template }, [...API_KEY_ERRORS, 404, 409, 422]),
    },
  }, async (request) => presentTemplate(await deps.templates.update(request.apiKey!.org_id, request.params.template_id, request.body)));

  app.put('/templates/:template_id/file', {
    config: { auth: 'api_key' },
    validatorCompiler: multipartValidatorCompiler,
    schema: {
      tags: ['Templates'],
      summary: 'Upload a new version of a template',
      description: 'Multipart, the file in the part `file`, with the same checks as `POST /templates`; it must be of the template\'s format (422 `format_mismatch` otherwise). The template\'s `version` goes up by one and new runs use it; runs made from earlier versions keep the version they recorded (`GET /runs/{id}` shows it). Answers 200 with the template.',
      security: API_KEY_SECURITY,
      consumes: ['multipart/form-data'],
      params: S.TemplateParams,
      body: S.TemplateFileBody,
      response: responses({ 200: S.Template }, [...API_KEY_ERRORS, 404, 409, 413, 502]),
    },
  }, async (request, reply) => {
    const key = request.apiKey!;
    const view = await withUpload(request, reply, uploadOptions(key.tier, S.TemplateFileFields), (upload) => deps.templates.replaceFile(key.org_id, request.params.template_id, upload));
    return presentTemplate(view);
  });

  app.delete('/templates/:template_id', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Templates'],
      summary: 'Delete a template',
      description: 'Status 204. The template is gone from the API at once (404 afterwards) and stops being the default; runs made from it keep their documents and can be resumed. Its stored bytes (every version and its layout thumbnails) are removed by the purge sweeper after FOLIO_TEMPLATE_PURGE_GRACE_SECONDS (default 24 h); a generation queued with it before the deletion and started after that fails with `not_found`.',
      security: API_KEY_SECURITY,
      params: S.TemplateParams,
      response: responses({ 204: NoContent }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request, reply) => {
    await deps.templates.delete(request.apiKey!.org_id, request.params.template_id);
    return reply.code(204).send(null);
  });
}
