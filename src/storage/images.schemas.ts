// The images' schemas: the upload's tags and caption fields, the list query by tag and the public shape of an image.
import { Type } from 'typebox';
import { Nullable, PageQuery, Timestamp } from '../http/schemas.ts';
import { IdParams, UploadBody } from './uploads/upload.schemas.ts';

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

/** The text fields of POST /images (validated by the upload receiver; tags are parsed by the service). */
export const ImageUploadFields = Type.Object(
  {
    tags: Type.Optional(Type.String({
      maxLength: 4000,
      description: `Tags, comma-separated (\`logo, brand\`) or a JSON array of strings (\`["logo","brand"]\`). At most ${MAX_TAGS} tags of 1-${MAX_TAG_LENGTH} characters; surrounding spaces are trimmed and duplicates dropped.`,
    })),
    caption: Type.Optional(Type.String({ maxLength: 1000, description: 'Caption, at most 1000 characters.' })),
  },
  { additionalProperties: false },
);

export const ImageUploadBody = UploadBody(ImageUploadFields, 'The image: PNG, JPEG, GIF, WebP or SVG, recognized from its bytes. SVG is sanitized before it is stored.');

export const ImageParams = IdParams('image_id');

export const ImageListQuery = Type.Object(
  { ...PageQuery, tag: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_TAG_LENGTH, description: 'Only images carrying this tag (exact match).' })) },
  { additionalProperties: false },
);

export const Image = Type.Object({
  image_id: Type.String({ description: '`img_` + ULID.' }),
  file_name: Type.String({ description: 'The uploaded name without any path; its extension is corrected to match the bytes.' }),
  content_type: Type.String({ description: '`image/png`, `image/jpeg`, `image/gif`, `image/webp` or `image/svg+xml`, from the bytes.' }),
  size: Type.Integer({ description: 'Bytes stored (for SVG: after sanitizing).' }),
  sha256: Type.String({ description: 'Lowercase hex SHA-256 of the stored bytes.' }),
  width: Nullable(Type.Integer(), { description: 'Pixels as displayed (JPEG EXIF rotation applied). Null for an SVG without a size or viewBox.' }),
  height: Nullable(Type.Integer(), { description: 'Pixels as displayed. Null for an SVG without a size or viewBox.' }),
  tags: Type.Array(Type.String()),
  caption: Nullable(Type.String()),
  created_at: Timestamp,
  url: Type.String({ format: 'uri', description: 'Signed link to the image (served inline, supports Range); works without an API key until `url_expires_at`. Expired or altered links answer 403.' }),
  url_expires_at: Timestamp,
});
