// Authentication, declared per route with `config.auth`:
//   'api_key'  - X-API-Key or Authorization: Bearer sk_live_...; rate limited per key before any other work.
//   'id_token' - Authorization: Bearer <identity-provider ID token>; the user is upserted.
// A request with neither header but the web console's session cookie is authenticated by the session
// (with its CSRF header): as the session's organization on 'api_key' routes, as its user on 'id_token' ones.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { errors } from '../errors.ts';
import type { ApiKeysService } from '../identity/api-keys.service.ts';
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import type { IdTokenVerifier } from '../identity/id-token.ts';
import type { UserRow, UsersRepository } from '../identity/users.repository.ts';
import type { ConsoleSessionsService } from '../console/console-sessions.service.ts';
import { SESSION_COOKIE } from '../console/console-sessions.service.ts';
import type { RateDecision, RateLimiter } from './rate-limit.ts';

export type AuthMode = 'api_key' | 'id_token' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    apiKey: KeyWithOrg | null;
    user: UserRow | null;
  }
}

export interface AuthDeps {
  apiKeys: ApiKeysService;
  rateLimiter: RateLimiter;
  idTokens: IdTokenVerifier;
  users: UsersRepository;
  /** The console's cookie sessions; absent, a cookie authenticates nothing. */
  sessions?: ConsoleSessionsService;
}

function bearer(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : '';
}

/** The API key a request presents (X-API-Key first, then Authorization: Bearer); throws on an ID token. */
export function presentedApiKey(headers: IncomingHttpHeaders): string | undefined {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  const token = bearer(headers.authorization);
  if (token && !token.startsWith('sk_') && token.split('.').length === 3) {
    throw errors.invalidApiKey('This endpoint takes an API key, not an ID token.');
  }
  return token;
}

/** An authenticated key and the rate-limit decision of the request, not yet checked for 429 / 403. */
export interface Admission {
  key: KeyWithOrg;
  rate: RateDecision;
}

/**
 * Authenticates the API key and counts the request against the key's rate limit. Synchronous when the
 * key is cached and the limiter is in memory (the hot path of every API call on the embedded default),
 * a promise otherwise; it throws or rejects with 401 invalid_api_key. With Redis, a cached key is
 * counted while the cache confirms it, so both go to Redis in the same round trip; if the confirmed key
 * turns out to have another tier, it is counted again on that tier's limit.
 */
export function admitApiKey(deps: Pick<AuthDeps, 'apiKeys' | 'rateLimiter'>, headers: IncomingHttpHeaders): Admission | Promise<Admission> {
  const early: { key?: KeyWithOrg; rate?: Promise<RateDecision> } = {};
  const key = deps.apiKeys.authenticate(presentedApiKey(headers), (likely) => {
    early.key = likely;
    early.rate = Promise.resolve(deps.rateLimiter.consume(likely.key_id, likely.tier));
    early.rate.catch(() => {}); // not needed if the key is refused; otherwise awaited below
  });
  if (!(key instanceof Promise)) return withRate(deps, key);
  const { key: likely, rate } = early;
  if (!likely || !rate) return key.then((k) => withRate(deps, k));
  return key.then((k) => (k.key_id === likely.key_id && k.tier === likely.tier ? rate.then((r) => ({ key: k, rate: r })) : withRate(deps, k)));
}

function withRate(deps: Pick<AuthDeps, 'rateLimiter'>, key: KeyWithOrg): Admission | Promise<Admission> {
  const rate = deps.rateLimiter.consume(key.key_id, key.tier);
  if (rate instanceof Promise) return rate.then((r) => ({ key, rate: r }));
  return { key, rate };
}

/** Whether an admission lets the request through: within the rate limit, organization active. */
export function admits(a: Admission): boolean {
  return a.rate.allowed && a.key.status === 'active';
}

/** Sets the rate-limit headers, then throws 429 or 403, or admits the request. */
function admit(request: FastifyRequest, reply: FastifyReply, { key, rate }: Admission): void {
  reply.header('X-RateLimit-Limit', rate.limit);
  reply.header('X-RateLimit-Remaining', rate.remaining);
  reply.header('X-RateLimit-Reset', rate.reset);
  if (!rate.allowed) throw errors.rateLimited(rate.retryAfter);
  if (key.status !== 'active') throw errors.forbidden('The organization is suspended. Contact the operator of this service.');
  request.apiKey = key;
}

// An admission already worked out for this request before routing (by the GET /verify fast path, which
// hands over every request it does not answer itself): the route's step uses it instead of counting
// the request twice.
const EARLY_ADMISSION = Symbol('folio.earlyAdmission');
export type Early = { admission: Admission | Promise<Admission> } | { error: unknown };

export function handOverAdmission(req: IncomingMessage, early: Early): void {
  if ('admission' in early && early.admission instanceof Promise) early.admission.catch(() => {}); // the route's step handles it
  (req as IncomingMessage & { [EARLY_ADMISSION]?: Early })[EARLY_ADMISSION] = early;
}

/** Whether a request should be authenticated by the console's session cookie: it has one and no other credential. */
function usesSession(deps: AuthDeps, request: FastifyRequest): deps is AuthDeps & { sessions: ConsoleSessionsService } {
  const h = request.headers;
  return !!deps.sessions && !h.authorization && !h['x-api-key'] && typeof h.cookie === 'string' && h.cookie.includes(`${SESSION_COOKIE}=`);
}

async function sessionPrincipal(deps: AuthDeps & { sessions: ConsoleSessionsService }, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const found = await deps.sessions.fromHeaders(request.headers);
  if (!found) throw errors.invalidApiKey('The console session has expired or was signed out; sign in again.');
  deps.sessions.requireCsrf(found.token, request.headers);
  const key = await deps.sessions.principal(found.session);
  admit(request, reply, { key, rate: await deps.rateLimiter.consume(key.key_id, key.tier) });
}

function authenticateApiKey(deps: AuthDeps, request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
  if (usesSession(deps, request)) return sessionPrincipal(deps, request, reply);
  const early = (request.raw as IncomingMessage & { [EARLY_ADMISSION]?: Early })[EARLY_ADMISSION];
  if (early && 'error' in early) throw early.error;
  const admission = early ? early.admission : admitApiKey(deps, request.headers);
  if (admission instanceof Promise) return admission.then((a) => admit(request, reply, a));
  admit(request, reply, admission);
}

async function authenticateIdToken(deps: AuthDeps, request: FastifyRequest): Promise<void> {
  if (usesSession(deps, request)) {
    const found = await deps.sessions.fromHeaders(request.headers);
    if (!found) throw errors.invalidToken('The console session has expired or was signed out; sign in again.');
    deps.sessions.requireCsrf(found.token, request.headers);
    request.user = await deps.sessions.user(found.session);
    return;
  }
  if (deps.idTokens.issuer === null) await deps.idTokens.verify(''); // answers 501 with the reason
  const token = bearer(request.headers.authorization);
  if (!token) throw errors.invalidToken('An identity-provider ID token is required: send it as Authorization: Bearer <token>.');
  if (token.startsWith('sk_')) throw errors.invalidToken('This endpoint needs an identity-provider ID token; API keys are not accepted here.');
  const claims = await deps.idTokens.verify(token);
  request.user = await deps.users.upsert(claims);
}

type AuthStep = (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;

/** Decorates requests and returns, per route, the authentication step its `config.auth` asks for. */
export function registerAuth(app: FastifyInstance, deps: AuthDeps): (route: { config?: unknown }) => AuthStep | undefined {
  app.decorateRequest('apiKey', null);
  app.decorateRequest('user', null);
  const apiKey: AuthStep = (request, reply) => authenticateApiKey(deps, request, reply);
  const idToken: AuthStep = (request) => authenticateIdToken(deps, request);
  return (route) => {
    const mode = (route.config as { auth?: AuthMode } | undefined)?.auth;
    return mode === 'api_key' ? apiKey : mode === 'id_token' ? idToken : undefined;
  };
}

type Security = { [scheme: string]: string[] }[];
export const API_KEY_SECURITY: Security = [{ ApiKeyHeader: [] }, { ApiKeyBearer: [] }];
export const ID_TOKEN_SECURITY: Security = [{ IdToken: [] }];
