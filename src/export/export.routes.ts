// POST /runs/{run_id}/export and POST /files/{file_id}/convert. Thin: authenticate, validate, call one
// use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, responses } from '../http/schemas.ts';
import { Type } from 'typebox';
import { presentFileConversion, presentRunExport, presentRunExportItem, presentRunPreview } from './export.presenters.ts';
import * as S from './export.schemas.ts';
import type { ExportService } from './export.service.ts';
import { acceptConvertForms } from './convert-form.ts';

const MATRIX = `| Source | Formats |
|---|---|
| Excel (.xlsx) | \`pdf\`, \`csv\`, \`png\`, \`html\`, \`xlsx\` |
| Word (.docx) | \`pdf\`, \`html\`, \`txt\`, \`odt\`, \`docx\` |
| Slides (.pptx) | \`pdf\`, \`png\`, \`odp\`, \`pptx\` |`;

const COMMON = `${MATRIX}

- Another format answers 422 \`validation_error\` whose message and \`detail[0].ctx.allowed\` list the allowed ones.
- The rendition is cached per document version, format and options: a repeat call answers \`cached: true\` without converting.
- \`csv\`: the first sheet, \`sheet\` to choose one by name, or \`sheet: "*"\` for a zip of every sheet. Values, not display formats: formulas give their computed results (workbooks without computed values are recalculated first), dates ISO 8601; RFC 4180 quoting, CRLF line ends, UTF-8.
- \`png\`: one image per page or slide; a single page gives a PNG, several give a zip (\`page-001.png\`, ...), and \`pages\` lists a signed link per page.
- \`csv\`, \`txt\` and \`html\` are produced natively; \`pdf\`, \`png\`, \`odt\` and \`odp\` by a pool of warm LibreOffice instances. Without LibreOffice on the server those answer 501 \`not_implemented\` naming the packages to install.
- 503 \`service_unavailable\` with \`Retry-After\` when the conversion queue is full; 502 \`upstream_error\` when a conversion fails or exceeds FOLIO_EXPORT_TIMEOUT_MS; 422 when the document cannot be opened, or (csv, html) is too large to convert within the memory limit of a document thread (FOLIO_RENDER_MAX_HEAP_MB; type \`document_too_large\`).`;

const CONVERT_DESCRIPTION = `Converts an office document uploaded with \`POST /files\` (its type is the sniffed \`content_type\`; any other file answers 422): a .docx, .xlsx or .pptx, or a legacy or OpenDocument file, which converts to what its Office Open XML counterpart does: .doc, .rtf and .odt as Word (\`pdf\`, \`html\`, \`txt\`, \`odt\`, \`docx\`), .xls, .ods and .csv as Excel (\`pdf\`, \`csv\`, \`png\`, \`html\`, \`xlsx\`), .ppt and .odp as Slides (\`pdf\`, \`png\`, \`odp\`, \`pptx\`). LibreOffice reads the legacy and OpenDocument files (501 without it); a CSV becomes a one-sheet workbook named after the file, its fields typed. The body is the same as \`POST /runs/{run_id}/export\`'s, sent as JSON, or as the form fields \`format\` (and \`sheet\`) in \`multipart/form-data\` or \`application/x-www-form-urlencoded\` (\`curl -F format=pdf\`).

The answer carries \`file_id\`, \`source_format\` (\`docx\`, \`xlsx\`, \`pptx\`, \`doc\`, \`rtf\`, \`odt\`, \`xls\`, \`ods\`, \`csv\`, \`ppt\` or \`odp\`), \`format\`, \`download_url\` and \`expires_at\` (also as \`download_url_expires_at\`), with the rendition's name, type, size and \`cached\`.

A format the file's type does not convert to answers **400 \`invalid_request\`**, whose message lists the valid targets (\`Cannot convert docx to csv. Valid target formats for docx: pdf, html, txt, odt, docx.\`) and whose \`allowed\` field holds them; a value that is no format at all is 422 \`validation_error\` like any invalid field.

${COMMON.replace(/^- Another format answers 422.*\n/m, '')}`;

export async function exportRoutes(fastify: FastifyInstance, service: ExportService): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/runs/:run_id/export', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Export'],
      summary: "Export a run's current document to another format",
      description: `Converts the run's current document version. Only completed runs: another status answers 409 \`conflict\`, an expired or purged run 410 \`gone\`.\n\n${COMMON}`,
      security: API_KEY_SECURITY,
      params: S.RunParams,
      body: S.ExportBody,
      response: responses({ 200: S.RunExport }, [...API_KEY_ERRORS, 404, 409, 410, 501, 502, 503]),
    },
  }, async (request) => presentRunExport(request.params.run_id, await service.exportRun(request.apiKey!.org_id, request.params.run_id, request.body)));

  app.get('/runs/:run_id/preview', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Export'],
      summary: 'Page images of a run version',
      description: 'PNG images of every page or slide of the run\'s current document, or of `version`, for previews and thumbnails (Word documents too). Rendered once per version through LibreOffice and cached like an export, so the first call takes seconds. 409 `conflict` when the run has no document yet; 404 for a version it does not have; 501 `not_implemented` without LibreOffice; 422 `too_many_pages` above FOLIO_EXPORT_PNG_MAX_PAGES.',
      security: API_KEY_SECURITY,
      params: S.RunParams,
      querystring: S.PreviewQuery,
      response: responses({ 200: S.RunPreview }, [...API_KEY_ERRORS, 404, 409, 410, 501, 502, 503]),
    },
  }, async (request) => presentRunPreview(request.params.run_id, await service.previewRun(request.apiKey!.org_id, request.params.run_id, request.query.version)));

  app.get('/runs/:run_id/exports', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Export'],
      summary: "List a run's exports",
      description: 'The renditions stored for the run\'s versions (exports and previews), newest first, each with a fresh signed link. Renditions of superseded versions are removed a while after the new version (the signed-link lifetime), and made again on request.',
      security: API_KEY_SECURITY,
      params: S.RunParams,
      response: responses({ 200: Type.Object({ items: Type.Array(S.RunExportItem) }) }, [...API_KEY_ERRORS, 404, 410]),
    },
  }, async (request) => ({ items: (await service.listRunExports(request.apiKey!.org_id, request.params.run_id)).map(presentRunExportItem) }));

  // Its own scope: the form parsers below apply to this route only.
  await fastify.register(async (scope) => {
    acceptConvertForms(scope);
    scope.withTypeProvider<TypeBoxTypeProvider>().post('/files/:file_id/convert', {
      config: { auth: 'api_key' },
      schema: {
        tags: ['Export'],
        summary: 'Convert an uploaded file to another format',
        description: CONVERT_DESCRIPTION,
        security: API_KEY_SECURITY,
        params: S.FileParams,
        body: S.ExportBody,
        consumes: ['application/json', ...S.CONVERT_FORM_TYPES],
        response: { ...responses({ 200: S.FileConversion }, [...API_KEY_ERRORS, 404, 501, 502, 503]), 400: S.ConvertBadRequest },
      },
    }, async (request) => presentFileConversion(request.params.file_id, await service.convertFile(request.apiKey!.org_id, request.params.file_id, request.body)));
  });
}
