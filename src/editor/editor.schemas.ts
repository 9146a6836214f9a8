// TypeBox schemas of the editor's HTTP surface: the WOPI host and the built-in editors' JSON endpoints.
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../http/schemas.ts';
import { ExcelEdits } from './views/excel-view.schemas.ts';
import { SlidesEdits } from './views/slides-view.schemas.ts';
import { WordContent } from './views/word-view.schemas.ts';

export const RunParams = Type.Object({ run_id: Type.String({ minLength: 1, maxLength: 100 }) });

export const WopiQuery = Type.Object(
  { access_token: Type.Optional(Type.String({ maxLength: 200, description: 'The edit token (or `Authorization: Bearer <token>`).' })) },
  { additionalProperties: true },
);

export const EditorQuery = Type.Object(
  { token: Type.Optional(Type.String({ maxLength: 200, description: 'The edit token (or `Authorization: Bearer <token>`).' })) },
  { additionalProperties: true },
);

export const CheckFileInfo = Type.Object({
  BaseFileName: Type.String(),
  OwnerId: Type.String(),
  Size: Type.Integer(),
  UserId: Type.String(),
  UserFriendlyName: Type.String(),
  Version: Type.String({ description: 'The artifact version id: changes on every save and never repeats.' }),
  LastModifiedTime: Type.String(),
  FileExtension: Type.String(),
  UserCanWrite: Type.Boolean(),
  ReadOnly: Type.Boolean(),
  UserCanNotWriteRelative: Type.Boolean(),
  SupportsUpdate: Type.Boolean(),
  SupportsLocks: Type.Boolean(),
  SupportsGetLock: Type.Boolean(),
  SupportsExtendedLockLength: Type.Boolean(),
  SupportsRename: Type.Boolean(),
  PostMessageOrigin: Type.Optional(Type.String()),
}, { description: 'WOPI CheckFileInfo. Fields without a value are left out.' });

export const Binary = { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } as any;
export const Empty = {
  description: 'Empty body; the outcome is in the X-WOPI-* headers.',
  content: { 'text/plain': { schema: { type: 'string', maxLength: 0 } } },
} as any;

const SaveFields = { base_version: Type.String({ maxLength: 100, description: 'The `version` the editor loaded; a save over a newer version answers 409.' }) };

export const EditorSaveBody = Type.Union([
  Type.Object({ format: Type.Literal('word'), ...SaveFields, content: WordContent }, { additionalProperties: false }),
  Type.Object({ format: Type.Literal('excel'), ...SaveFields, content: ExcelEdits }, { additionalProperties: false }),
  Type.Object({ format: Type.Literal('slides'), ...SaveFields, content: SlidesEdits }, { additionalProperties: false }),
]);
export type EditorSaveBody = Static<typeof EditorSaveBody>;

const VersionFields = {
  run_id: Type.String(),
  format: Type.String(),
  file_name: Type.String(),
  version: Type.String({ description: 'The artifact version id; send it back as `base_version`.' }),
  version_number: Type.Integer(),
  saved_at: Timestamp,
  updated_at: Timestamp,
  download_url: Nullable(Type.String()),
};

export const EditorDocument = Type.Object({
  ...VersionFields,
  // Documented by the per-format schemas, serialized as is (a union would make the serializer guess).
  content: Type.Unknown({ description: 'Word: `{title, subtitle, blocks}` (segments per text block; `kept` blocks by id). Excel: `{sheets: [{name, rows, cols, truncated, cells}]}`. Slides: `{slides: [{id, layout, title, subtitle, bullets, notes}]}`.' }),
  previews: Nullable(Type.Object({ urls: Nullable(Type.Array(Type.String())), problem: Nullable(Type.String()) })),
  token_expires_at: Timestamp,
});

export const EditorSaved = Type.Object(VersionFields);

export const KeepAlive = Type.Object({ token_expires_at: Timestamp });
