// Builds the Fastify app from the context's modules: HTTP plumbing, then each module's routes and pages. `folio serve` and the tests both call buildApp.
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.ts';
import { createContext, type AppContext, type ContextOptions } from './context.ts';
import { registerAccessLog } from './http/access-log.ts';
import { registerAuth } from './http/auth.ts';
import { registerDeprecation } from './http/deprecation.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerInputHygiene } from './http/input-hygiene.ts';
import { registerRequestEntry } from './http/request-id.ts';
import { validatorCompiler } from './http/validation.ts';
import { lazyValidatorCompiler } from './http/lazy-schemas.ts';
import type { VerifyFastPath } from './http/verify-fast-path.ts';
import { serverPlumbing } from './http/server-options.ts';
import { openApiDocument } from './http/openapi.ts';
import { finishOpenApiDocument } from './http/openapi-operations.ts';
import { systemRoutes } from './http/system.routes.ts';
import { unavailableRoutes } from './http/unavailable.routes.ts';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    verifyFastPath: VerifyFastPath;
  }
}

export interface BuildOptions extends ContextOptions {
  /** Register extra routes under /api/v1 before the app is ready (tests use this for mechanisms no route uses yet). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** Where log lines go instead of stdout (tests read the access log from it). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { options: serverOptions, verifyFastPath } = serverPlumbing(config, API_PREFIX, options.logStream, () => app.log);
  const app = Fastify(serverOptions);

  const ctx = await createContext(config, app.log, { ...options, queue: options.queue ?? true });
  app.decorate('ctx', ctx);
  app.decorate('verifyFastPath', verifyFastPath);
  app.addHook('onClose', async () => ctx.close());
  // The modules' background work (sweeps, pools), then the workers when the queue is on.
  app.addHook('onReady', async () => ctx.start());
  // Before the server stops: the modules let held requests go (the runs engine answers held sync callers).
  app.addHook('preClose', async () => ctx.beforeClose());
  app.addHook('preClose', async () => verifyFastPath.stop()); // a closing server answers 503 (return503OnClosing)

  app.setValidatorCompiler(lazyValidatorCompiler(validatorCompiler));
  registerErrorHandling(app);
  registerInputHygiene(app);
  registerAccessLog(app);
  registerDeprecation(app);
  registerRequestEntry(app, registerAuth(app, { apiKeys: ctx.apiKeys, rateLimiter: ctx.rateLimiter, idTokens: ctx.idTokens, users: ctx.users, sessions: ctx.consoleSessions }));

  await app.register(swagger, { openapi: openApiDocument(config, API_PREFIX), transformObject: (documents) => finishOpenApiDocument((documents as { openapiObject: Record<string, any> }).openapiObject) });

  // Every module's endpoints, in the context's order (the order of the OpenAPI document).
  await app.register(async (api) => {
    await systemRoutes(api);
    for (const module of ctx.modules) await module.routes(api);
    await unavailableRoutes(api);
    if (options.extraRoutes) await options.extraRoutes(api);
  }, { prefix: API_PREFIX });

  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    uiConfig: { url: `${API_PREFIX}/openapi.json`, deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    staticCSP: true,
  });

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${API_PREFIX}/docs`));
  // Pages outside the API prefix, which people open: the web console and its OIDC sign-in, the page behind edit_url.
  for (const module of ctx.modules) await module.pages?.(app);

  await app.ready();
  verifyFastPath.start({ apiKeys: ctx.apiKeys, rateLimiter: ctx.rateLimiter, log: app.log });
  return app;
}
