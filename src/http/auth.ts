// Authentication, declared per route with `config.auth`:
//   'api_key'  - X-API-Key or Authorization: Bearer sk_live_...; rate limited per key before any other work.
//   'id_token' - Authorization: Bearer <identity-provider ID token>; the user is upserted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../errors.ts';
import type { ApiKeysService } from '../identity/api-keys.service.ts';
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import type { IdTokenVerifier } from '../identity/id-token.ts';
import type { UserRow, UsersRepository } from '../identity/users.repository.ts';
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
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/** The API key of the request, for routes that need one. Exported for handlers that authenticate themselves. */
export function presentedApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  const token = bearer(request);
  if (token && !token.startsWith('sk_') && token.split('.').length === 3) {
    throw errors.invalidApiKey('This endpoint takes an API key, not an ID token.');
  }
  return token;
}

/**
 * Authenticates the API key, counts the request against the key's rate limit, and sets the rate-limit
 * headers. Synchronous when the key is cached and the limiter is in memory (the hot path of every API
 * call on the embedded default), a promise otherwise; it throws or rejects with the documented errors.
 */
function authenticateApiKey(deps: AuthDeps, request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
  const key = deps.apiKeys.authenticate(presentedApiKey(request));
  if (key instanceof Promise) return key.then((k) => limitAndAdmit(deps, request, reply, k));
  return limitAndAdmit(deps, request, reply, key);
}

function limitAndAdmit(deps: AuthDeps, request: FastifyRequest, reply: FastifyReply, key: KeyWithOrg): void | Promise<void> {
  const rate = deps.rateLimiter.consume(key.key_id, key.tier);
  if (rate instanceof Promise) return rate.then((r) => admit(request, reply, key, r));
  admit(request, reply, key, rate);
}

function admit(request: FastifyRequest, reply: FastifyReply, key: KeyWithOrg, rate: RateDecision): void {
  reply.header('X-RateLimit-Limit', rate.limit);
  reply.header('X-RateLimit-Remaining', rate.remaining);
  reply.header('X-RateLimit-Reset', rate.reset);
  if (!rate.allowed) throw errors.rateLimited(rate.retryAfter);
  if (key.status !== 'active') throw errors.forbidden('The organization is suspended. Contact the operator of this service.');
  request.apiKey = key;
}

async function authenticateIdToken(deps: AuthDeps, request: FastifyRequest): Promise<void> {
  if (deps.idTokens.issuer === null) await deps.idTokens.verify(''); // answers 501 with the reason
  const token = bearer(request);
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
