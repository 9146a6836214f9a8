// The console module: the web console's sign-in sessions, their API routes, the OIDC sign-in pages and the built console.
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { IdTokenVerifier } from '../identity/id-token.ts';
import type { OrganizationsRepository } from '../identity/organizations.repository.ts';
import type { UsersRepository } from '../identity/users.repository.ts';
import type { FolioModule } from '../infra/module.ts';
import { consoleOidcRoutes } from './console-oidc.routes.ts';
import { consoleSessionRoutes } from './console-session.routes.ts';
import { ConsoleSessionsRepository } from './console-sessions.repository.ts';
import { ConsoleSessionsService } from './console-sessions.service.ts';
import { consoleStaticRoutes } from './console-static.ts';

export interface ConsoleModuleDeps {
  config: Config;
  database: Database;
  orgs: OrganizationsRepository;
  users: UsersRepository;
  idTokens: IdTokenVerifier;
  /** Where the built console is (default web/console/dist; tests build their own copy). */
  dist?: string;
}

export interface ConsoleModule extends FolioModule {
  sessions: ConsoleSessionsService;
}

export function createConsoleModule(d: ConsoleModuleDeps): ConsoleModule {
  const { config, users, idTokens } = d;
  const sessions = new ConsoleSessionsService({ repo: new ConsoleSessionsRepository(d.database.db), orgs: d.orgs, users, ttlSeconds: config.console.sessionTtlSeconds, publicUrl: config.publicUrl });
  return {
    name: 'console',
    sessions,
    routes: (api) => consoleSessionRoutes(api, { config, sessions, idTokens, users }),
    async pages(app) {
      await consoleOidcRoutes(app, { config, sessions, idTokens, users });
      await consoleStaticRoutes(app, d.dist);
    },
  };
}
