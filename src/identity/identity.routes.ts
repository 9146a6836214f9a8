// Signup, API keys, members and /verify. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { API_KEY_SECURITY, ID_TOKEN_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, ID_TOKEN_ERRORS, NoContent, Page, PageQuery, responses } from '../http/schemas.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { OrganizationsService } from './organizations.service.ts';
import type { SignupService } from './signup.service.ts';
import * as S from './identity.schemas.ts';
import { presentApiKey, presentCreatedKey, presentMe, presentMember, presentSignup, presentVerify } from './identity.presenters.ts';

export interface IdentityRouteDeps {
  signup: SignupService;
  apiKeys: ApiKeysService;
  organizations: OrganizationsService;
}

const tokenRoute = { config: { auth: 'id_token' as const } };

export async function identityRoutes(fastify: FastifyInstance, deps: IdentityRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/signup', {
    ...tokenRoute,
    schema: {
      tags: ['Identity'],
      summary: 'Sign up: create an organization, or mint a key on one you run',
      description:
        'Creates an organization owned by the caller and mints its first API key. With `existing_org_id`, mints a key on that organization instead; the caller must be its owner or admin (a non-member gets 404 `not_found`, a plain member 403 `forbidden`). Answers 201 either way.',
      security: ID_TOKEN_SECURITY,
      body: S.SignupBody,
      response: responses({ 201: S.SignupResponse }, [...ID_TOKEN_ERRORS, 403, 404, 502]),
    },
  }, async (request, reply) => {
    const result = await deps.signup.signup(request.user!.user_id, request.body);
    return reply.code(201).send(presentSignup(result.org, result.key, result.secret));
  });

  app.get('/me', {
    ...tokenRoute,
    schema: {
      tags: ['Identity'],
      summary: 'The calling user and their organizations',
      security: ID_TOKEN_SECURITY,
      response: responses({ 200: S.Me }, [...ID_TOKEN_ERRORS, 502]),
    },
  }, async (request) => presentMe(request.user!, await deps.organizations.listForUser(request.user!.user_id)));

  app.post('/organizations/:org_id/api-keys', {
    ...tokenRoute,
    schema: {
      tags: ['API keys'],
      summary: 'Mint an API key',
      description: 'Owners and admins only. The secret is in this response and never again.',
      security: ID_TOKEN_SECURITY,
      params: S.OrgParams,
      body: S.MintKeyBody,
      response: responses({ 201: S.CreatedApiKey }, [...ID_TOKEN_ERRORS, 403, 404, 502]),
    },
  }, async (request, reply) => {
    const org = await deps.organizations.requireRole(request.params.org_id, request.user!.user_id, 'admin');
    const { key, secret } = await deps.apiKeys.mintForOrg(org, request.body.name, request.user!.user_id);
    return reply.code(201).send(presentCreatedKey(org, key, secret));
  });

  app.get('/organizations/:org_id/api-keys', {
    ...tokenRoute,
    schema: {
      tags: ['API keys'],
      summary: 'List API keys',
      description: 'Any member may list. Newest first; revoked keys are included with `revoked_at` set. Secrets are never returned.',
      security: ID_TOKEN_SECURITY,
      params: S.OrgParams,
      querystring: Type.Object(PageQuery, { additionalProperties: false }),
      response: responses({ 200: Page(S.ApiKey) }, [...ID_TOKEN_ERRORS, 404, 502]),
    },
  }, async (request) => {
    await deps.organizations.requireRole(request.params.org_id, request.user!.user_id, 'member');
    const page = await deps.apiKeys.list(request.params.org_id, request.query.limit, request.query.cursor);
    return { items: page.items.map(presentApiKey), next_cursor: page.next_cursor };
  });

  app.delete('/organizations/:org_id/api-keys/:key_id', {
    ...tokenRoute,
    schema: {
      tags: ['API keys'],
      summary: 'Revoke an API key',
      description: 'Owners and admins only. Effective immediately on every server process. Revoking a revoked key is a no-op (204).',
      security: ID_TOKEN_SECURITY,
      params: S.KeyParams,
      response: responses({ 204: NoContent }, [...ID_TOKEN_ERRORS, 403, 404, 502]),
    },
  }, async (request, reply) => {
    await deps.organizations.requireRole(request.params.org_id, request.user!.user_id, 'admin');
    await deps.apiKeys.revoke(request.params.org_id, request.params.key_id);
    return reply.code(204).send(null);
  });

  app.get('/organizations/:org_id/members', {
    ...tokenRoute,
    schema: {
      tags: ['Organizations'],
      summary: 'List members',
      security: ID_TOKEN_SECURITY,
      params: S.OrgParams,
      response: responses({ 200: Type.Object({ items: Type.Array(S.Member) }) }, [...ID_TOKEN_ERRORS, 404, 502]),
    },
  }, async (request) => {
    const members = await deps.organizations.listMembers(request.params.org_id, request.user!.user_id);
    return { items: members.map(presentMember) };
  });

  app.put('/organizations/:org_id/members/:user_id', {
    ...tokenRoute,
    schema: {
      tags: ['Organizations'],
      summary: 'Add a member or change a role',
      description: 'The user is identified by the `user_id` they see in `GET /me`. Owners and admins add members; only owners grant or remove `admin`.',
      security: ID_TOKEN_SECURITY,
      params: S.MemberParams,
      body: S.PutMemberBody,
      response: responses({ 200: S.Member }, [...ID_TOKEN_ERRORS, 403, 404, 409, 502]),
    },
  }, async (request) => {
    const m = await deps.organizations.putMember(request.params.org_id, request.user!.user_id, request.params.user_id, request.body.role);
    return presentMember(m);
  });

  app.delete('/organizations/:org_id/members/:user_id', {
    ...tokenRoute,
    schema: {
      tags: ['Organizations'],
      summary: 'Remove a member',
      security: ID_TOKEN_SECURITY,
      params: S.MemberParams,
      response: responses({ 204: NoContent }, [...ID_TOKEN_ERRORS, 403, 404, 409, 502]),
    },
  }, async (request, reply) => {
    await deps.organizations.removeMember(request.params.org_id, request.user!.user_id, request.params.user_id);
    return reply.code(204).send(null);
  });

  app.get('/verify', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Identity'],
      summary: 'Check an API key',
      description: 'The cheapest authenticated call, suitable for health checks. Counts against the rate limit.',
      security: API_KEY_SECURITY,
      response: responses({ 200: S.VerifyResponse }, [...API_KEY_ERRORS]),
    },
  }, async (request) => presentVerify(request.apiKey!));
}
