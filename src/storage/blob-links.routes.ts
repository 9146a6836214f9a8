// Serves the signed download links of the local blob store (see signed-links.ts) without an API key.
// Hidden from the OpenAPI document: a link is an opaque capability handed out as `download_url` or
// `url`, and on S3 the same fields are presigned object-store URLs instead.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errors } from '../errors.ts';
import { responses } from '../http/schemas.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { contentDisposition, parseRange } from './signed-links.ts';

const Bytes = { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
const LinkParam = Type.String({ maxLength: 1000 });

// Whatever the link says, the browser gets no script and no plugins, even for HTML or SVG content.
const CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

export async function blobLinkRoutes(fastify: FastifyInstance, deps: { blobs: BlobStore }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // HEAD is declared here rather than derived by Fastify, which would read the whole blob to discard it.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/blobs/*',
    config: { auth: 'none' },
    schema: {
      hide: true,
      params: Type.Object({ '*': Type.String({ maxLength: 600 }) }),
      querystring: Type.Object(
        { expires: Type.Optional(LinkParam), disposition: Type.Optional(LinkParam), type: Type.Optional(LinkParam), name: Type.Optional(LinkParam), title: Type.Optional(LinkParam), signature: Type.Optional(LinkParam) },
        { additionalProperties: true },
      ),
      response: responses({ 200: Bytes as any, 206: Bytes as any }, [403, 404, 416, 502]),
    },
    handler: async (request, reply) => {
      const store = deps.blobs;
      if (!(store instanceof LocalBlobStore)) throw errors.notFound('Download link');
      const link = store.verifyLink(request.params['*'], request.query);
      const size = await store.size(link.key);
      if (size === null) throw errors.notFound('File');
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') throw errors.rangeNotSatisfiable(size);
      const maxAge = Math.max(0, Math.min(3600, link.expires - Math.floor(Date.now() / 1000)));
      reply
        .header('content-type', link.contentType)
        .header('content-disposition', contentDisposition(link.disposition, link.fileName, link.displayName))
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', CSP);
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', size);
      }
      if (request.method === 'HEAD') return reply.send();
      const { body } = await store.get(link.key, range ?? undefined);
      return reply.send(body);
    },
  });
}
