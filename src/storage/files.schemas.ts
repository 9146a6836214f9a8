// The files' schemas: the upload's purpose field, the list query and the public shape of a file.
import { Type } from 'typebox';
import { PageQuery, StringEnum, Timestamp } from '../http/schemas.ts';
import { IdParams, UploadBody } from './uploads/upload.schemas.ts';

export const PURPOSES = ['init', 'context', 'data', 'analysis', 'reference'] as const;
const PURPOSE_DESCRIPTION = 'What the file is for: `init` (a .docx, .xlsx or .pptx to edit), `context` (reference material, the default), `data` (a data source such as CSV or XLSX), `analysis` (a workbook to analyze), `reference` (a file read by `POST /excel/analyze` or `POST /files/{file_id}/convert`, the reference service\'s name; it behaves like `analysis`).';
export const Purpose = StringEnum(PURPOSES, { description: PURPOSE_DESCRIPTION });


/** The text fields of POST /files (validated by the upload receiver). */
export const FileUploadFields = Type.Object(
  { purpose: Type.Optional(StringEnum(PURPOSES, { default: 'context', description: PURPOSE_DESCRIPTION })) },
  { additionalProperties: false },
);

export const FileUploadBody = UploadBody(FileUploadFields, 'The file (exactly one part named `file`). Its type is sniffed from the bytes; the size limit depends on the tier.');

export const FileParams = IdParams('file_id');

export const FileListQuery = Type.Object(
  { ...PageQuery, purpose: Type.Optional(StringEnum(PURPOSES, { description: 'Only files with this purpose.' })) },
  { additionalProperties: false },
);

export const File = Type.Object({
  file_id: Type.String({ description: '`file_` + ULID.' }),
  file_name: Type.String({ description: 'The uploaded name without any path; its extension is corrected when it contradicts the bytes (see content_type).' }),
  content_type: Type.String({ description: 'Sniffed from the bytes, never taken from the name or the part header.' }),
  size: Type.Integer({ description: 'Bytes.' }),
  sha256: Type.String({ description: 'Lowercase hex SHA-256 of the bytes.' }),
  purpose: Purpose,
  created_at: Timestamp,
  download_url: Type.String({ format: 'uri', description: 'Signed link that downloads the file without an API key (supports Range); expires at `download_url_expires_at`. Expired or altered links answer 403.' }),
  download_url_expires_at: Timestamp,
});
