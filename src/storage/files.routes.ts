// POST/GET/DELETE /files. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.ts';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, NoContent, Page, responses } from '../http/schemas.ts';
import { uploadLimit, uploadStagingDir } from './create-blob-store.ts';
import { presentFile } from './files.presenters.ts';
import * as S from './files.schemas.ts';
import type { FilesService } from './files.service.ts';
import { multipartValidatorCompiler, withUpload } from './multipart-upload.ts';

export interface FilesRouteDeps {
  config: Config;
  files: FilesService;
}

const UPLOAD_DESCRIPTION = `Multipart upload (\`multipart/form-data\`) of one file in the part \`file\`, with an optional \`purpose\` field.

- **Size**: at most the tier's upload limit (default 25 MiB free, 100 MiB pro, 500 MiB enterprise), enforced while the bytes stream in: 413 \`payload_too_large\`.
- **Type**: sniffed from the bytes, never taken from the name or the part's Content-Type. When the name's extension names another known type than the bytes, the extension is corrected (\`invoice.pdf\` holding a PNG is stored as \`invoice.png\`, \`image/png\`). Text without a signature keeps a text extension such as .csv or .json; otherwise it is \`text/plain\`. Unrecognized binary is \`application/octet-stream\`.
- **Zip and OOXML** (.zip, .docx, .xlsx, .pptx) are checked before anything parses them: at most FOLIO_ZIP_MAX_ENTRIES entries (10000), FOLIO_ZIP_MAX_UNCOMPRESSED_BYTES in total (1 GiB, verified by inflating every entry), and a compression ratio of at most FOLIO_ZIP_MAX_RATIO (100) for entries over 1 MiB. Over a limit: 413 \`payload_too_large\`; a corrupt or encrypted archive: 422 \`validation_error\` on \`file\`.
- **purpose \`init\`** accepts only .docx, .xlsx, .xlsm (macro-enabled workbooks, kept as such) and .pptx (422 otherwise).

Answers 201 with the stored file and a signed \`download_url\`.`;

export async function filesRoutes(fastify: FastifyInstance, deps: FilesRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const uploadOptions = (tier: Parameters<typeof uploadLimit>[1]) => ({
    maxBytes: uploadLimit(deps.config, tier),
    stagingDir: uploadStagingDir(deps.config),
    fields: S.FileUploadFields,
    fallbackName: 'file',
  });

  app.post('/files', {
    config: { auth: 'api_key' },
    validatorCompiler: multipartValidatorCompiler,
    schema: {
      tags: ['Files'],
      summary: 'Upload a file',
      description: UPLOAD_DESCRIPTION,
      security: API_KEY_SECURITY,
      consumes: ['multipart/form-data'],
      body: S.FileUploadBody,
      response: responses({ 201: S.File }, [...API_KEY_ERRORS, 413, 502]),
    },
  }, async (request, reply) => {
    const key = request.apiKey!;
    const view = await withUpload(request, reply, uploadOptions(key.tier), (upload) => deps.files.create(key.org_id, upload));
    return reply.code(201).send(presentFile(view.file, view.link));
  });

  app.get('/files', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Files'],
      summary: 'List files',
      description: 'Newest first. Deleted files are not listed. Each item carries a fresh signed `download_url`.',
      security: API_KEY_SECURITY,
      querystring: S.FileListQuery,
      response: responses({ 200: Page(S.File) }, [...API_KEY_ERRORS, 502]),
    },
  }, async (request) => {
    const page = await deps.files.list(request.apiKey!.org_id, request.query.limit, request.query.cursor, request.query.purpose);
    return { items: page.items.map((v) => presentFile(v.file, v.link)), next_cursor: page.next_cursor };
  });

  app.get('/files/:file_id', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Files'],
      summary: 'Get a file',
      description: 'The file record with a fresh signed `download_url` (valid FOLIO_SIGNED_URL_TTL_SECONDS, default 1 h). A file of another organization is 404 `not_found`, like a missing one.',
      security: API_KEY_SECURITY,
      params: S.FileParams,
      response: responses({ 200: S.File }, [...API_KEY_ERRORS, 404, 502]),
    },
  }, async (request) => {
    const view = await deps.files.get(request.apiKey!.org_id, request.params.file_id);
    return presentFile(view.file, view.link);
  });

  app.delete('/files/:file_id', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Files'],
      summary: 'Delete a file',
      description: 'Status 204. The file is gone from the API at once (404 afterwards); its bytes are removed by the purge sweeper after FOLIO_FILE_PURGE_GRACE_SECONDS (default: the next sweep). Signed links already handed out work until then or until they expire.',
      security: API_KEY_SECURITY,
      params: S.FileParams,
      response: responses({ 204: NoContent }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request, reply) => {
    await deps.files.delete(request.apiKey!.org_id, request.params.file_id);
    return reply.code(204).send(null);
  });
}
