// The web console's session routes under /api/v1/console: sign in (with an ID token, or the development
// form), read the session, switch organization, sign out. Hidden from the public OpenAPI document.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.ts';
import { AppError, errors } from '../errors.ts';
import { NoContent, responses } from '../http/schemas.ts';
import type { IdTokenVerifier } from '../identity/id-token.ts';
import { openLocalIssuer } from '../identity/local-issuer.ts';
import type { UserRow, UsersRepository } from '../identity/users.repository.ts';
import type { ConsoleSessionsService } from './console-sessions.service.ts';
import { presentConsoleSession } from './console-session.presenters.ts';
import * as S from './console.schemas.ts';

export interface ConsoleSessionRouteDeps {
  config: Config;
  sessions: ConsoleSessionsService;
  idTokens: IdTokenVerifier;
  users: UsersRepository;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export async function consoleSessionRoutes(fastify: FastifyInstance, deps: ConsoleSessionRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { sessions, config } = deps;

  const signIn = async (reply: FastifyReply, user: UserRow) => {
    const { token, session } = await sessions.create(user);
    reply.header('Set-Cookie', sessions.cookie(token)).header('Cache-Control', 'no-store');
    return reply.code(201).send(presentConsoleSession(await sessions.view(token, session)));
  };
  const current = async (request: FastifyRequest, csrf: boolean) => {
    const found = await sessions.fromHeaders(request.headers);
    if (!found) throw errors.invalidToken('Not signed in to the console, or the session has expired.');
    if (csrf) sessions.requireCsrf(found.token, request.headers);
    return found;
  };

  app.get('/console/sign-in', {
    config: { auth: 'none' },
    schema: { hide: true, response: responses({ 200: S.SignInOptions }) },
  }, async () => ({
    dev: config.env !== 'production' && !config.oidc,
    oidc: config.oidc && config.console.oidcClientId ? { issuer: config.oidc.issuer, login_url: '/console/auth/login' } : null,
  }));

  app.post('/console/session', {
    config: { auth: 'id_token' },
    schema: { hide: true, response: responses({ 201: S.ConsoleSession }, [401, 501]) },
  }, async (request, reply) => {
    if (!request.headers.authorization) throw errors.invalidToken('Send the ID token to sign in with as Authorization: Bearer <token>.');
    return signIn(reply, request.user!);
  });

  app.post('/console/session/dev', {
    config: { auth: 'none' },
    schema: { hide: true, body: S.DevSignInBody, response: responses({ 201: S.ConsoleSession }, [403, 501]) },
  }, async (request, reply) => {
    if (config.env === 'production') throw errors.notImplemented('The development sign-in is disabled when NODE_ENV=production; sign in with your identity provider.');
    if (config.oidc) throw errors.notImplemented(`This server signs people in through ${config.oidc.issuer} (FOLIO_OIDC_ISSUER).`);
    // The same rule as POST /dev/token: a token for any email is a login as that user.
    if (!LOOPBACK.test(request.raw.socket.remoteAddress ?? '')) throw new AppError('forbidden', 'The development sign-in only answers browsers on the server\'s own machine (loopback).');
    const issuer = await openLocalIssuer(config.dataDir);
    const token = await issuer.mint({ sub: request.body.sub ?? request.body.email, email: request.body.email, name: request.body.name, ttlSeconds: config.localTokenTtlSeconds });
    return signIn(reply, await deps.users.upsert(await deps.idTokens.verify(token)));
  });

  app.get('/console/session', {
    config: { auth: 'none' },
    schema: { hide: true, response: responses({ 200: S.ConsoleSession }, [401]) },
  }, async (request, reply) => {
    const { token, session } = await current(request, false); // a read a cross-site page cannot see
    reply.header('Cache-Control', 'no-store');
    return presentConsoleSession(await sessions.view(token, session));
  });

  app.put('/console/session/organization', {
    config: { auth: 'none' },
    schema: { hide: true, body: S.SwitchOrgBody, response: responses({ 200: S.ConsoleSession }, [401, 403, 404]) },
  }, async (request) => {
    const { token, session } = await current(request, true);
    await sessions.switchOrg(session, request.body.org_id);
    return presentConsoleSession(await sessions.view(token, session));
  });

  app.delete('/console/session', {
    config: { auth: 'none' },
    schema: { hide: true, response: responses({ 204: NoContent }, [401, 403]) },
  }, async (request, reply) => {
    const { token } = await current(request, true);
    await sessions.destroy(token);
    return reply.header('Set-Cookie', sessions.cookie(null)).code(204).send(null);
  });
}
