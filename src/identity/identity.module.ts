// The identity module: users, organizations, API keys (with their cache and last-used tracking), sign-up, ID tokens, and their routes.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { Database } from '../db/database.ts';
import type { FolioModule } from '../infra/module.ts';
import type { Redis } from '../infra/redis.ts';
import { ApiKeyCache } from './api-key-cache.ts';
import { memoryEpoch, redisEpoch } from './auth-epoch.ts';
import { ApiKeysRepository } from './api-keys.repository.ts';
import { ApiKeysService } from './api-keys.service.ts';
import { devTokenRoutes } from './dev-token.routes.ts';
import { createIdTokenVerifier, type IdTokenVerifier } from './id-token.ts';
import { identityRoutes } from './identity.routes.ts';
import { LastUsedTracker } from './last-used.ts';
import { OrganizationsRepository } from './organizations.repository.ts';
import { OrganizationsService } from './organizations.service.ts';
import { SignupService } from './signup.service.ts';
import { UsersRepository } from './users.repository.ts';

export interface IdentityModuleDeps {
  config: Config;
  database: Database;
  redis: Redis | null;
  /** Sign-up grants the new organization its starting credits. */
  credits: CreditsService;
  log: FastifyBaseLogger;
}

export interface IdentityModule extends FolioModule {
  users: UsersRepository;
  /** The organizations table (the engine reads an organization's tier and status through it). */
  orgs: OrganizationsRepository;
  apiKeys: ApiKeysService;
  organizations: OrganizationsService;
  signup: SignupService;
  idTokens: IdTokenVerifier;
}

export async function createIdentityModule(d: IdentityModuleDeps): Promise<IdentityModule> {
  const { config, database } = d;
  const idTokens = await createIdTokenVerifier(config);
  // One embedded process owns its database, so a local epoch is exact. Several processes on PostgreSQL
  // share invalidations through Redis; without Redis they cannot, so they do not cache keys at all.
  const epoch = d.redis ? redisEpoch(d.redis, `${config.redisPrefix}auth-epoch`) : database.kind === 'pglite' ? memoryEpoch() : null;
  const keyCache = new ApiKeyCache(config.keyCacheTtlMs, epoch);
  const users = new UsersRepository(database.db);
  const orgs = new OrganizationsRepository(database.db);
  const keysRepo = new ApiKeysRepository(database.db);
  const lastUsed = new LastUsedTracker(keysRepo, config.lastUsedFlushMs, d.log);
  const apiKeys = new ApiKeysService(database.db, keysRepo, keyCache, lastUsed);
  const organizations = new OrganizationsService(orgs, users, keyCache);
  const signup = new SignupService(config, database.db, orgs, organizations, apiKeys, (trx, org) => d.credits.grantSignup(trx, org));
  return {
    name: 'identity',
    users, orgs, apiKeys, organizations, signup, idTokens,
    async routes(api) {
      await identityRoutes(api, { signup, apiKeys, organizations });
      await devTokenRoutes(api, config);
    },
    close: async () => {
      keyCache.close();
      await lastUsed.close();
    },
  };
}
