// POST/GET/DELETE /images. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.ts';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, NoContent, Page, responses } from '../http/schemas.ts';
import { uploadLimit, uploadStagingDir } from './create-blob-store.ts';
import { presentImage } from './images.presenters.ts';
import * as S from './images.schemas.ts';
import type { ImagesService } from './images.service.ts';
import { multipartValidatorCompiler, withUpload } from './multipart-upload.ts';

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
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/images', {
    config: { auth: 'api_key' },
    validatorCompiler: multipartValidatorCompiler,
    schema: {
      tags: ['Images'],
      summary: 'Upload an image',
      description: UPLOAD_DESCRIPTION,
      security: API_KEY_SECURITY,
      consumes: ['multipart/form-data'],
      body: S.ImageUploadBody,
      response: responses({ 201: S.Image }, [...API_KEY_ERRORS, 413, 502]),
    },
  }, async (request, reply) => {
    const key = request.apiKey!;
    const options = { maxBytes: uploadLimit(deps.config, key.tier), stagingDir: uploadStagingDir(deps.config), fields: S.ImageUploadFields, fallbackName: 'image' };
    const view = await withUpload(request, reply, options, (upload) => deps.images.create(key.org_id, upload));
    return reply.code(201).send(presentImage(view.image, view.link));
  });

  app.get('/images', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Images'],
      summary: 'List images',
      description: 'Newest first, optionally only those carrying `tag`. Deleted images are not listed. Each item carries a fresh signed `url`.',
      security: API_KEY_SECURITY,
      querystring: S.ImageListQuery,
      response: responses({ 200: Page(S.Image) }, [...API_KEY_ERRORS, 502]),
    },
  }, async (request) => {
    const page = await deps.images.list(request.apiKey!.org_id, request.query.limit, request.query.cursor, request.query.tag);
    return { items: page.items.map((v) => presentImage(v.image, v.link)), next_cursor: page.next_cursor };
  });

  app.get('/images/:image_id', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Images'],
      summary: 'Get an image',
      description: 'Metadata plus a fresh signed `url` (valid FOLIO_SIGNED_URL_TTL_SECONDS, default 1 h). Deleted images and images of another organization are 404 `not_found`.',
      security: API_KEY_SECURITY,
      params: S.ImageParams,
      response: responses({ 200: S.Image }, [...API_KEY_ERRORS, 404, 502]),
    },
  }, async (request) => {
    const view = await deps.images.get(request.apiKey!.org_id, request.params.image_id);
    return presentImage(view.image, view.link);
  });

  app.delete('/images/:image_id', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Images'],
      summary: 'Delete an image (soft)',
      description: 'Status 204. `deleted_at` is set at once and the image disappears from lookups and lists (404). Its bytes are removed by the purge sweeper after the grace period (FOLIO_IMAGE_PURGE_GRACE_SECONDS, default 24 h); signed links already handed out keep working until then or until they expire. Deleting twice is 404.',
      security: API_KEY_SECURITY,
      params: S.ImageParams,
      response: responses({ 204: NoContent }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request, reply) => {
    await deps.images.delete(request.apiKey!.org_id, request.params.image_id);
    return reply.code(204).send(null);
  });
}
