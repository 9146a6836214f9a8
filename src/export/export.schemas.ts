// TypeBox schemas of POST /runs/{run_id}/export and POST /files/{file_id}/convert.
import { Type } from 'typebox';
import { StringEnum, Timestamp } from '../http/schemas.ts';
import { EXPORT_FORMATS } from './formats.ts';

export const ExportBody = Type.Object({
  format: StringEnum(EXPORT_FORMATS, {
    description: 'Target format. Excel: `pdf`, `csv`, `png`, `html`, `xlsx`. Word: `pdf`, `html`, `txt`, `odt`, `docx`. Slides: `pdf`, `png`, `odp`, `pptx`. Any other combination answers 422 listing the allowed formats.',
  }),
  sheet: Type.Optional(Type.String({
    minLength: 1,
    maxLength: 100,
    description: '`csv` only: the sheet to export, by name (default: the first sheet), or `*` for a zip with one CSV per sheet (`<sheet name>.csv`).',
  })),
}, { additionalProperties: false });

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
export const FileConversion = Type.Object({ file_id: Type.String(), ...fields });

export const RunParams = Type.Object({ run_id: Type.String({ maxLength: 100 }) });
export const FileParams = Type.Object({ file_id: Type.String({ maxLength: 100 }) });
