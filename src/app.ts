// Builds the Fastify app. `folio serve` and the tests both call buildApp.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.ts';
import { createContext, type AppContext, type ContextOptions } from './context.ts';
import { registerAccessLog } from './http/access-log.ts';
import { registerAuth } from './http/auth.ts';
import { registerDeprecation } from './http/deprecation.ts';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.ts';
import { registerInputHygiene } from './http/input-hygiene.ts';
import { genRequestId, registerRequestEntry } from './http/request-id.ts';
import { lazyChildLogger } from './http/lazy-logger.ts';
import { validatorCompiler } from './http/validation.ts';
import { lazySerializerFactory, lazyValidatorCompiler } from './http/lazy-schemas.ts';
import { VerifyFastPath } from './http/verify-fast-path.ts';
import { StalledBodyGuard } from './http/slow-clients.ts';
import { openApiDocument } from './http/openapi.ts';
import { finishOpenApiDocument } from './http/openapi-operations.ts';
import { systemRoutes } from './http/system.routes.ts';
import { identityRoutes } from './identity/identity.routes.ts';
import { devTokenRoutes } from './identity/dev-token.routes.ts';
import { storageRoutes } from './storage/storage.routes.ts';
import { creditsRoutes } from './credits/credits.routes.ts';
import { UsageReportRepository } from './credits/usage-report.repository.ts';
import { runsRoutes } from './runs/runs.routes.ts';
import { exportRoutes } from './export/export.routes.ts';
import { webhooksRoutes } from './webhooks/webhooks.routes.ts';
import { registerLlmRoutes } from './llm/llm.module.ts';
import { unavailableRoutes } from './http/unavailable.routes.ts';
import { slidesOutlineRoutes } from './documents/slides/outline.routes.ts';
import { SlidesOutlineService } from './documents/slides/outline.service.ts';
import { registerProjectsRoutes } from './projects/projects.module.ts';
import { analysisRoutes } from './analysis/analysis.routes.ts';
import { AnalysisService } from './analysis/analysis.service.ts';
import { FilesRepository } from './storage/files.repository.ts';
import { LlmUsageRepository } from './llm/llm-usage.repository.ts';
import { templatesRoutes } from './templates/templates.routes.ts';
import { consoleSessionRoutes } from './console/console-session.routes.ts';
import { consoleStaticRoutes } from './console/console-static.ts';
import { consoleOidcRoutes } from './console/console-oidc.routes.ts';

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
  /** Where the built web console is (default web/console/dist; tests build their own copy). */
  consoleDist?: string;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger: FastifyServerOptions['logger'] = {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'], remove: true },
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
  const verifyFastPath = new VerifyFastPath(`${API_PREFIX}/verify`);
  const slowClients = new StalledBodyGuard({ headersTimeoutMs: config.headersTimeoutMs, bodyTimeoutMs: config.bodyTimeoutMs }, () => app.log);
  const app = Fastify({
    logger,
    serverFactory: slowClients.serverFactory(verifyFastPath.serverFactory()),
    genReqId: genRequestId,
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() as any } },
  });

  const ctx = await createContext(config, app.log, { ...options, queue: options.queue ?? true });
  app.decorate('ctx', ctx);
  app.decorate('verifyFastPath', verifyFastPath);
  app.addHook('onClose', async () => ctx.close());
  app.addHook('onReady', async () => ctx.storagePurger.start());
  app.addHook('onReady', async () => ctx.export.start());
  app.addHook('onReady', async () => ctx.editor.start());
  app.addHook('onReady', async () => { if (options.queue ?? true) await ctx.runs.workers.start(); });
  // Before the server stops: answer held sync callers (their tasks keep running) instead of dropping them.
  app.addHook('preClose', async () => ctx.runs.waiter.releaseAll());
  app.addHook('preClose', async () => verifyFastPath.stop()); // a closing server answers 503 (return503OnClosing)

  app.setValidatorCompiler(lazyValidatorCompiler(validatorCompiler));
  registerErrorHandling(app);
  registerInputHygiene(app);
  registerAccessLog(app);
  registerDeprecation(app);
  registerRequestEntry(app, registerAuth(app, { apiKeys: ctx.apiKeys, rateLimiter: ctx.rateLimiter, idTokens: ctx.idTokens, users: ctx.users, sessions: ctx.consoleSessions }));

  await app.register(swagger, { openapi: openApiDocument(config, API_PREFIX), transformObject: (documents) => finishOpenApiDocument((documents as { openapiObject: Record<string, any> }).openapiObject) });

  await app.register(async (api) => {
    await systemRoutes(api);
    await identityRoutes(api, ctx);
    await devTokenRoutes(api, config);
    await consoleSessionRoutes(api, { config, sessions: ctx.consoleSessions, idTokens: ctx.idTokens, users: ctx.users });
    await storageRoutes(api, ctx);
    await runsRoutes(api, ctx.runs);
    await creditsRoutes(api, { credits: ctx.credits, usageReport: new UsageReportRepository(ctx.database.db) });
    await exportRoutes(api, ctx.export.service);
    await webhooksRoutes(api, { webhooks: ctx.webhooks.service });
    await registerLlmRoutes(api, ctx.llm, { generate: ctx.runs.generate, agents: ctx.runs.agents, credits: ctx.credits, generateBody: ctx.runs.generateBody });
    await slidesOutlineRoutes(api, { outline: new SlidesOutlineService({ config, database: ctx.database, llm: ctx.llm, blobs: ctx.blobs, outbound: ctx.outbound, log: app.log }), generate: ctx.runs.generate, links: ctx.runs.links });
    await registerProjectsRoutes(api, config, ctx.projects, ctx.runs);
    await analysisRoutes(api, { analysis: new AnalysisService({ config, db: ctx.database.db, files: new FilesRepository(ctx.database.db), blobs: ctx.blobs, llm: ctx.llm, credits: ctx.credits, usage: new LlmUsageRepository(ctx.database.db), converter: ctx.export.converter, log: app.log }) });
    await ctx.editor.apiRoutes(api);
    await templatesRoutes(api, { config, templates: ctx.templates.service(ctx.export.converter) });
    await unavailableRoutes(api);
    if (options.extraRoutes) await options.extraRoutes(api);
  }, { prefix: API_PREFIX });

  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    uiConfig: { url: `${API_PREFIX}/openapi.json`, deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    staticCSP: true,
  });

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${API_PREFIX}/docs`));
  // The page behind edit_url, outside the API prefix: people open it.
  await ctx.editor.pageRoutes(app);
  // The web console (web/console, built by `npm run build:console`) and its OIDC sign-in.
  await consoleOidcRoutes(app, { config, sessions: ctx.consoleSessions, idTokens: ctx.idTokens, users: ctx.users });
  await consoleStaticRoutes(app, options.consoleDist);

  await app.ready();
  verifyFastPath.start({ apiKeys: ctx.apiKeys, rateLimiter: ctx.rateLimiter, log: app.log });
  return app;
}
