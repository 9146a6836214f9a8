// POST/GET/DELETE /images: the shared upload routes (uploads/upload.routes.ts) with the images' words and schemas.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { presentImage } from './images.presenters.ts';
import * as S from './images.schemas.ts';
import type { ImagesService } from './images.service.ts';
import { uploadRoutes } from './uploads/upload.routes.ts';

export interface ImagesRouteDeps {
  config: Config;
  images: ImagesService;
}

const UPLOAD_DESCRIPTION = `Multipart upload (\`multipart/form-data\`): the image in the part \`file\`, optional \`tags\` and \`caption\` fields.

- **Types**: PNG, JPEG, GIF, WebP and SVG, recognized from the bytes. Anything else is 422 \`validation_error\` on \`file\`, whatever its name says; a supported image under a wrong extension is stored under the right one (\`photo.gif\` holding a PNG becomes \`photo.png\`).
- **SVG** is sanitized before it is stored: only static-graphics elements and presentation attributes are kept; scripts, event handlers, \`foreignObject\`, animation, style sheets and every link that is not a same-document \`#fragment\` are removed. Malformed XML or entity declarations are 422.
- **Size**: the tier's upload limit (413 \`payload_too_large\`), and at most 10 MiB for SVG.
- Width and height are recorded (as displayed); null for an SVG without intrinsic size.

Answers 201 with the image and a signed \`url\`.`;

export async function imagesRoutes(fastify: FastifyInstance, deps: ImagesRouteDeps): Promise<void> {
  await uploadRoutes(fastify, deps.config, {
    path: '/images',
    tag: 'Images',
    idParam: 'image_id',
    schemas: { fields: S.ImageUploadFields, body: S.ImageUploadBody, item: S.Image, params: S.ImageParams, listQuery: S.ImageListQuery },
    fallbackName: 'image',
    words: {
      upload: { summary: 'Upload an image', description: UPLOAD_DESCRIPTION },
      list: { summary: 'List images', description: 'Newest first, optionally only those carrying `tag`. Deleted images are not listed. Each item carries a fresh signed `url`.' },
      get: { summary: 'Get an image', description: 'Metadata plus a fresh signed `url` (valid FOLIO_SIGNED_URL_TTL_SECONDS, default 1 h). Deleted images and images of another organization are 404 `not_found`.' },
      delete: { summary: 'Delete an image (soft)', description: 'Status 204. `deleted_at` is set at once and the image disappears from lookups and lists (404). Its bytes are removed by the purge sweeper after the grace period (FOLIO_IMAGE_PURGE_GRACE_SECONDS, default 24 h); signed links already handed out keep working until then or until they expire. Deleting twice is 404.' },
    },
    filter: (query) => query.tag as string | undefined,
    service: deps.images,
    present: (view) => presentImage(view.image, view.link),
  });
}
