// The four routes every stored upload has, POST/GET/GET one/DELETE under one path, registered from a
// description of the type (files.routes.ts, images.routes.ts): its schemas, its words for the API
// reference, its service and its presenter. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TObject, TSchema } from 'typebox';
import type { Config } from '../../config.ts';
import { API_KEY_SECURITY } from '../../http/auth.ts';
import { API_KEY_ERRORS, NoContent, Page, responses } from '../../http/schemas.ts';
import { uploadLimit, uploadStagingDir } from '../create-blob-store.ts';
import { multipartValidatorCompiler, withUpload, type ReceivedUpload } from '../multipart-upload.ts';

/** The use cases the routes call; FilesService and ImagesService have them. */
export interface UploadService<View, Filter> {
  create(orgId: string, upload: ReceivedUpload): Promise<View>;
  get(orgId: string, id: string): Promise<View>;
  list(orgId: string, limit: number, cursor: string | undefined, filter: Filter): Promise<{ items: View[]; next_cursor: string | null }>;
  delete(orgId: string, id: string): Promise<void>;
}

type Words = { summary: string; description: string };

export interface UploadRoutes<View, Filter> {
  /** `/files`, `/images`. */
  path: string;
  /** The OpenAPI tag. */
  tag: string;
  /** The path parameter naming one record (`file_id`). */
  idParam: string;
  /** The multipart text fields (validated by the upload receiver), the body OpenAPI shows, one record, its path parameters, the list query. */
  schemas: { fields: TObject; body: TObject; item: TSchema; params: TObject; listQuery: TObject };
  /** The name a part without a file name is stored under. */
  fallbackName: string;
  words: { upload: Words; list: Words; get: Words; delete: Words };
  /** What the list query narrows by (a purpose, a tag). */
  filter: (query: Record<string, unknown>) => Filter;
  service: UploadService<View, Filter>;
  present: (view: View) => unknown;
}

export async function uploadRoutes<View, Filter>(app: FastifyInstance, config: Config, d: UploadRoutes<View, Filter>): Promise<void> {
  const { schemas: S, words, service } = d;
  const one = `${d.path}/:${d.idParam}`;
  const described = (w: Words) => ({ tags: [d.tag], ...w, security: API_KEY_SECURITY });
  const idOf = (params: unknown) => (params as Record<string, string>)[d.idParam];

  app.post(d.path, {
    config: { auth: 'api_key' },
    validatorCompiler: multipartValidatorCompiler,
    schema: { ...described(words.upload), consumes: ['multipart/form-data'], body: S.body, response: responses({ 201: S.item }, [...API_KEY_ERRORS, 413, 502]) },
  }, async (request, reply) => {
    const key = request.apiKey!;
    const options = { maxBytes: uploadLimit(config, key.tier), stagingDir: uploadStagingDir(config), fields: S.fields, fallbackName: d.fallbackName };
    const view = await withUpload(request, reply, options, (upload) => service.create(key.org_id, upload));
    return reply.code(201).send(d.present(view));
  });

  app.get(d.path, {
    config: { auth: 'api_key' },
    schema: { ...described(words.list), querystring: S.listQuery, response: responses({ 200: Page(S.item) }, [...API_KEY_ERRORS, 502]) },
  }, async (request) => {
    const query = request.query as { limit: number; cursor?: string } & Record<string, unknown>;
    const page = await service.list(request.apiKey!.org_id, query.limit, query.cursor, d.filter(query));
    return { items: page.items.map(d.present), next_cursor: page.next_cursor };
  });

  app.get(one, {
    config: { auth: 'api_key' },
    schema: { ...described(words.get), params: S.params, response: responses({ 200: S.item }, [...API_KEY_ERRORS, 404, 502]) },
  }, async (request) => d.present(await service.get(request.apiKey!.org_id, idOf(request.params))));

  app.delete(one, {
    config: { auth: 'api_key' },
    schema: { ...described(words.delete), params: S.params, response: responses({ 204: NoContent }, [...API_KEY_ERRORS, 404]) },
  }, async (request, reply) => {
    await service.delete(request.apiKey!.org_id, idOf(request.params));
    return reply.code(204).send(null);
  });
}
