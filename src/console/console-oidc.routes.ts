// The console's sign-in through the configured OIDC issuer: the authorization-code flow with PKCE (S256).
// GET /console/auth/login sends the browser to the issuer with a fresh state, nonce and code challenge,
// kept in a short-lived HttpOnly cookie; GET /console/auth/callback checks the state, redeems the code with
// the verifier, verifies the ID token (issuer, audience, signature, nonce) and starts a console session.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { decodeJwt } from 'jose';
import type { Config } from '../config.ts';
import type { IdTokenVerifier } from '../identity/id-token.ts';
import type { UsersRepository } from '../identity/users.repository.ts';
import { readCookie, type ConsoleSessionsService } from './console-sessions.service.ts';

const FLOW_COOKIE = 'folio_oidc';
const FLOW_SECONDS = 600;

interface Endpoints { authorization_endpoint: string; token_endpoint: string }

export interface ConsoleOidcDeps {
  config: Config;
  sessions: ConsoleSessionsService;
  idTokens: IdTokenVerifier;
  users: UsersRepository;
}

const b64url = (buf: Buffer) => buf.toString('base64url');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function consoleOidcRoutes(app: FastifyInstance, deps: ConsoleOidcDeps): Promise<void> {
  const { config, sessions } = deps;
  const oidc = config.oidc;
  const clientId = config.console.oidcClientId;
  const redirectUri = `${config.publicUrl}/console/auth/callback`;
  let endpoints: Promise<Endpoints> | null = null;
  const discover = () => {
    endpoints ??= (async () => {
      const url = `${oidc!.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`OIDC discovery at ${url} answered ${res.status}`);
      const doc = (await res.json()) as Partial<Endpoints>;
      if (!doc.authorization_endpoint || !doc.token_endpoint) throw new Error(`OIDC discovery at ${url} names no authorization or token endpoint`);
      return doc as Endpoints;
    })().catch((err) => { endpoints = null; throw err; });
    return endpoints;
  };
  const flowCookie = (value: string, maxAge: number) =>
    [`${FLOW_COOKIE}=${value}`, `Max-Age=${maxAge}`, 'Path=/console/auth', 'HttpOnly', 'SameSite=Lax', ...(sessions.secureCookie ? ['Secure'] : [])].join('; ');
  const fail = (reply: FastifyReply, why: string) => reply.header('Set-Cookie', flowCookie('', 0)).redirect(`/console/?sign_in_error=${why}`);

  app.get('/console/auth/login', { schema: { hide: true } }, async (request, reply) => {
    if (!oidc || !clientId) return reply.redirect('/console/');
    const { authorization_endpoint } = await discover();
    const state = b64url(randomBytes(24));
    const nonce = b64url(randomBytes(24));
    const verifier = b64url(randomBytes(48));
    const challenge = b64url(createHash('sha256').update(verifier).digest());
    const target = new URL(authorization_endpoint);
    for (const [k, v] of Object.entries({
      response_type: 'code', client_id: clientId, redirect_uri: redirectUri, scope: 'openid email profile',
      state, nonce, code_challenge: challenge, code_challenge_method: 'S256',
    })) target.searchParams.set(k, v);
    request.log.debug({ issuer: oidc.issuer }, 'console sign-in: redirecting to the identity provider');
    return reply.header('Set-Cookie', flowCookie(`${state}.${nonce}.${verifier}`, FLOW_SECONDS)).header('Cache-Control', 'no-store').redirect(target.toString());
  });

  app.get('/console/auth/callback', { schema: { hide: true } }, async (request, reply) => {
    if (!oidc || !clientId) return reply.redirect('/console/');
    const q = request.query as Record<string, string | undefined>;
    const [state, nonce, verifier] = (readCookie(request.headers, FLOW_COOKIE) ?? '').split('.');
    if (!state || !nonce || !verifier || typeof q.state !== 'string' || !same(q.state, state)) return fail(reply, 'state');
    if (q.error || typeof q.code !== 'string') return fail(reply, 'provider');
    const { token_endpoint } = await discover();
    const form = new URLSearchParams({ grant_type: 'authorization_code', code: q.code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier });
    if (config.console.oidcClientSecret) form.set('client_secret', config.console.oidcClientSecret);
    let idToken: string | undefined;
    try {
      const res = await fetch(token_endpoint, { method: 'POST', body: form, headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
      idToken = res.ok ? ((await res.json()) as { id_token?: string }).id_token : undefined;
      if (!res.ok) request.log.warn({ status: res.status }, 'console sign-in: the token endpoint refused the code');
    } catch (err) {
      request.log.warn({ err }, 'console sign-in: the token endpoint could not be reached');
    }
    if (!idToken) return fail(reply, 'provider');
    try {
      const claims = await deps.idTokens.verify(idToken);
      if (decodeJwt(idToken).nonce !== nonce) return fail(reply, 'token');
      const { token } = await sessions.create(await deps.users.upsert(claims));
      return reply.header('Set-Cookie', [flowCookie('', 0), sessions.cookie(token)]).header('Cache-Control', 'no-store').redirect('/console/');
    } catch (err) {
      request.log.warn({ err }, 'console sign-in: the ID token was refused');
      return fail(reply, 'token');
    }
  });
}
