// POST /dev/token: an ID token from the built-in issuer of *this* server, so that `folio token` (and
// curl) sign with the keys the server verifies with, whatever FOLIO_DATA_DIR it runs on. Development
// only: with NODE_ENV=production, or an OIDC issuer configured, it answers 501; and it answers only
// callers on the same machine (loopback), because a token for any `sub` is a login as that user.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { AppError, errors } from '../errors.ts';
import { responses } from '../http/schemas.ts';
import { LOCAL_AUDIENCE, LOCAL_ISSUER, openLocalIssuer } from './local-issuer.ts';

const DevTokenBody = Type.Object({
  sub: Type.String({ minLength: 1, maxLength: 255, description: 'The user id (the `sub` claim).' }),
  email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$' }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  ttl_seconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 86_400, description: 'Default FOLIO_LOCAL_TOKEN_TTL_SECONDS.' })),
}, { additionalProperties: false });

const DevTokenResponse = Type.Object({
  id_token: Type.String(),
  issuer: Type.String({ description: `Always \`${LOCAL_ISSUER}\`.` }),
  audience: Type.String({ description: `Always \`${LOCAL_AUDIENCE}\`.` }),
  key_id: Type.String({ description: 'The `kid` of the signing key (kept in FOLIO_DATA_DIR/identity/local-issuer.json).' }),
  expires_at: Type.String({ format: 'date-time' }),
});

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export async function devTokenRoutes(fastify: FastifyInstance, config: Config): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/dev/token', {
    config: { auth: 'none' },
    schema: {
      tags: ['Identity'],
      summary: 'Development only: an ID token from this server\'s built-in issuer',
      description: 'What `npx folio token` calls. Mints an ID token signed with the keys this server verifies with (its FOLIO_DATA_DIR). Answers only requests from the server\'s own machine (loopback; 403 otherwise) and only on a development server: with NODE_ENV=production or FOLIO_OIDC_ISSUER set it answers 501.',
      body: DevTokenBody,
      response: responses({ 200: DevTokenResponse }, [403, 501]),
    },
  }, async (request) => {
    if (config.env === 'production') throw errors.notImplemented('Development tokens are disabled when NODE_ENV=production; get ID tokens from your identity provider (FOLIO_OIDC_ISSUER).');
    if (config.oidc) throw errors.notImplemented(`This server trusts ID tokens from ${config.oidc.issuer} only (FOLIO_OIDC_ISSUER); get one from that provider.`);
    // The socket's own address: X-Forwarded-For is never trusted here, whatever FOLIO_TRUST_PROXY says.
    if (!LOOPBACK.test(request.raw.socket.remoteAddress ?? '')) throw new AppError('forbidden', 'Development tokens are only given to callers on the server\'s own machine (loopback).');
    const issuer = await openLocalIssuer(config.dataDir);
    const ttl = request.body.ttl_seconds ?? config.localTokenTtlSeconds;
    const token = await issuer.mint({ sub: request.body.sub, email: request.body.email, name: request.body.name, ttlSeconds: ttl });
    return { id_token: token, issuer: issuer.issuer, audience: issuer.audience, key_id: issuer.keyId, expires_at: new Date(Date.now() + ttl * 1000).toISOString() };
  });
}
