// POST/GET/DELETE /files: the shared upload routes (uploads/upload.routes.ts) with the files' words and schemas.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { FilePurpose } from './files.repository.ts';
import { presentFile } from './files.presenters.ts';
import * as S from './files.schemas.ts';
import type { FilesService } from './files.service.ts';
import { uploadRoutes } from './uploads/upload.routes.ts';

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
  await uploadRoutes(fastify, deps.config, {
    path: '/files',
    tag: 'Files',
    idParam: 'file_id',
    schemas: { fields: S.FileUploadFields, body: S.FileUploadBody, item: S.File, params: S.FileParams, listQuery: S.FileListQuery },
    fallbackName: 'file',
    words: {
      upload: { summary: 'Upload a file', description: UPLOAD_DESCRIPTION },
      list: { summary: 'List files', description: 'Newest first. Deleted files are not listed. Each item carries a fresh signed `download_url`.' },
      get: { summary: 'Get a file', description: 'The file record with a fresh signed `download_url` (valid FOLIO_SIGNED_URL_TTL_SECONDS, default 1 h). A file of another organization is 404 `not_found`, like a missing one.' },
      delete: { summary: 'Delete a file', description: 'Status 204. The file is gone from the API at once (404 afterwards); its bytes are removed by the purge sweeper after FOLIO_FILE_PURGE_GRACE_SECONDS (default: the next sweep). Signed links already handed out work until then or until they expire.' },
    },
    filter: (query) => query.purpose as FilePurpose | undefined,
    service: deps.files,
    present: (view) => presentFile(view.file, view.link),
  });
}
