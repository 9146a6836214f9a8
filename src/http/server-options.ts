// The Fastify server's own plumbing, built from config for app.ts: the logger (secrets redacted), the
// HTTP server (the GET /verify fast path inside the stalled-body guard), request ids, the lazy schema
// compilers and the limits. No module's service is built here; the modules come from context.ts.
import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { frameworkErrors } from './error-handler.ts';
import { lazyChildLogger } from './lazy-logger.ts';
import { lazySerializerFactory } from './lazy-schemas.ts';
import { genRequestId } from './request-id.ts';
import { StalledBodyGuard } from './slow-clients.ts';
import { VerifyFastPath } from './verify-fast-path.ts';

export interface ServerPlumbing {
  options: FastifyServerOptions;
  /** Serves GET {apiPrefix}/verify before Fastify; started once the app is ready, stopped before it closes. */
  verifyFastPath: VerifyFastPath;
}

/** The options of the Fastify app; `log` gives the app's logger once it exists (the slow-client guard logs through it). */
export function serverPlumbing(config: Config, apiPrefix: string, logStream: { write(line: string): void } | undefined, log: () => FastifyBaseLogger): ServerPlumbing {
  const verifyFastPath = new VerifyFastPath(`${apiPrefix}/verify`);
  const slowClients = new StalledBodyGuard({ headersTimeoutMs: config.headersTimeoutMs, bodyTimeoutMs: config.bodyTimeoutMs }, log);
  const options: FastifyServerOptions = {
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'], remove: true },
      ...(logStream ? { stream: logStream } : {}),
    },
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
  };
  return { options, verifyFastPath };
}
