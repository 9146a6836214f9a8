// TypeBox schemas of POST /runs/{run_id}/export and POST /files/{file_id}/convert.
import { Type } from 'typebox';
import { StringEnum, Timestamp } from '../http/schemas.ts';
import { EXPORT_FORMATS, SOURCE_TYPES } from './formats.ts';

export const ExportBody = Type.Object({
  format: StringEnum(EXPORT_FORMATS, {
    description: 'Target format. Excel: `pdf`, `csv`, `png`, `html`, `xlsx`. Word: `pdf`, `html`, `txt`, `odt`, `docx`. Slides: `pdf`, `png`, `odp`, `pptx`. Any other combination answers 422 listing the allowed formats.',
  }),
  sheet: Type.Optional(Type.String({
    minLength: 1,
    maxLength: 100,
    description: '`csv` only: the sheet to export, by name (default: the first sheet), or `*` for a zip with one CSV per sheet (`<sheet name>.csv`).',
  })),
}, { additionalProperties: false, examples: [{ format: 'pdf' }, { format: 'csv', sheet: 'Totals' }] });

const Page = Type.Object({
  page: Type.Integer({ minimum: 1, description: 'Page or slide number, from 1.' }),
  download_url: Type.String({ description: 'Signed link to this page as a PNG image.' }),
});

const fields = {
  format: StringEnum(EXPORT_FORMATS),
  download_url: Type.String({ description: 'Signed link to the rendition, usable without an API key until `download_url_expires_at`. For `png` of several pages it is a zip of `page-001.png`, `page-002.png`, ...; for `csv` with `sheet: "*"` a zip of one CSV per sheet.' }),
  download_url_expires_at: Timestamp,
  file_name: Type.String({ description: 'Name the download is saved under.' }),
  content_type: Type.String(),
  size: Type.Integer({ description: 'Bytes.' }),
  cached: Type.Boolean({ description: 'true when no conversion ran for this call: the rendition of this document version (and options) was already stored, or the format is the document\'s own.' }),
  pages: Type.Optional(Type.Array(Page, { description: '`png` only: every page or slide in order, each with its own signed link (one item for a single page).' })),
};

export const RunExport = Type.Object({ run_id: Type.String(), ...fields });
export const FileConversion = Type.Object({
  file_id: Type.String(),
  source_format: StringEnum(SOURCE_TYPES, { description: 'The type of the uploaded file that was converted: `docx`, `xlsx`, `pptx`, or a legacy or OpenDocument type (`doc`, `rtf`, `odt`, `xls`, `ods`, `csv`, `ppt`, `odp`), which converts like its Office Open XML counterpart.' }),
  ...fields,
  expires_at: { ...Timestamp, description: 'When `download_url` expires (the reference service\'s name; same value as `download_url_expires_at`).' },
}, {
  examples: [{
    file_id: 'file_01JD4Z8Q7W3K5N2M6P8R9T0V1X', source_format: 'docx', format: 'pdf',
    download_url: 'https://folio.example.com/api/v1/blobs/orgs%2Forg_01JD%2Fexports%2Fexp_01JD%2Freport.pdf?expires=1764100000&sig=...',
    download_url_expires_at: '2026-11-25T23:00:00.000Z', expires_at: '2026-11-25T23:00:00.000Z',
    file_name: 'report.pdf', content_type: 'application/pdf', size: 48213, cached: false,
  }],
});

/** The convert body as a form (multipart or urlencoded): the same fields, as text. */
export const CONVERT_FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'] as const;

export const RunParams = Type.Object({ run_id: Type.String({ maxLength: 100 }) });
export const FileParams = Type.Object({ file_id: Type.String({ maxLength: 100 }) });

/** 400 of convert: `invalid_request`, for an unsupported pair with the valid targets (or a body that cannot be read). */
export const ConvertBadRequest = Type.Object({
  success: Type.Literal(false),
  error: Type.String({ description: '`invalid_request`.' }),
  message: Type.String(),
  source_format: Type.Optional(Type.String({ description: 'Unsupported pair: the type of the file.' })),
  format: Type.Optional(Type.String({ description: 'Unsupported pair: the format asked for.' })),
  allowed: Type.Optional(Type.Array(Type.String(), { description: 'Unsupported pair: the formats this file converts to.' })),
}, {
  additionalProperties: true,
  description: 'Error: `invalid_request`',
  examples: [{
    success: false, error: 'invalid_request', message: 'Cannot convert docx to csv. Valid target formats for docx: pdf, html, txt, odt, docx.',
    source_format: 'docx', format: 'csv', allowed: ['pdf', 'html', 'txt', 'odt', 'docx'],
  }],
});

export const PreviewQuery = Type.Object({
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'The version to preview (`GET /runs/{run_id}/versions`); default the current one.' })),
}, { additionalProperties: false });

export const RunPreview = Type.Object({
  run_id: Type.String(),
  version: Type.Integer({ description: 'The version shown.' }),
  thumbnail_url: Type.String({ description: 'Signed link to the first page as a PNG image.' }),
  pages: Type.Array(Page, { description: 'Every page or slide in order, each a signed link to a PNG image.' }),
  cached: Type.Boolean({ description: 'true when the images were already rendered for this version.' }),
});

export const RunExportItem = Type.Object({
  version_id: Type.String({ description: 'The document version converted (`version_id` of `GET /runs/{run_id}/versions`).' }),
  ...fields,
  created_at: Timestamp,
});
