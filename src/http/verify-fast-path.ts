// GET /api/v1/verify, answered before the framework when there is nothing for the framework to do.
//
// /verify is the cheapest authenticated call and the one clients poll as a health check, so it must
// stay fast. Fastify's per-request machinery (request and reply objects, hooks, the response schema)
// costs more than the call's own work. This step sits in front of Fastify's request handler: for
// exactly `GET /api/v1/verify` (no query string) it runs the same admission as every API-key route
// (`admitApiKey`: key lookup, rate limit) and, when that is synchronous and lets the request through,
// writes the same 200 answer the route would: same body, same headers, same access-log line. Every
// other outcome (no or bad key, 429, suspended organization, a key not cached yet, the Redis limiter,
// a closing server) is handed to Fastify along with the admission already worked out, so the request
// is counted once and errors leave through the one error handler. `app.inject` never comes here: the
// tests compare both ways answer alike (test/verify-fast-path.test.ts).
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { presentVerify } from '../identity/identity.presenters.ts';
import { admitApiKey, admits, handOverAdmission, type Admission, type AuthDeps } from './auth.ts';
import { genRequestId } from './request-id.ts';

export interface VerifyFastPathDeps extends Pick<AuthDeps, 'apiKeys' | 'rateLimiter'> {
  log: FastifyBaseLogger;
}

export class VerifyFastPath {
  private readonly path: string;
  private deps: VerifyFastPathDeps | null = null;
  private accessLog = false;
  /** Requests answered here, not by Fastify (tests check which way a request went). */
  answered = 0;

  constructor(path: string) {
    this.path = path;
  }

  /** Starts answering (once the app is ready); until then, and after stop(), everything goes to Fastify. */
  start(deps: VerifyFastPathDeps): void {
    this.deps = deps;
    this.accessLog = (deps.log as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }).isLevelEnabled('info');
  }

  stop(): void {
    this.deps = null;
  }

  /** True when it answered the request; false when Fastify must. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const deps = this.deps;
    if (deps === null || req.url !== this.path || req.method !== 'GET') return false;
    const started = this.accessLog ? performance.now() : 0;
    let admission: Admission | Promise<Admission>;
    try {
      admission = admitApiKey(deps, req.headers);
    } catch (error) {
      handOverAdmission(req, { error });
      return false;
    }
    if (admission instanceof Promise || !admits(admission)) {
      handOverAdmission(req, { admission });
      return false;
    }
    const id = genRequestId(req);
    const body = JSON.stringify(presentVerify(admission.key));
    const { rate } = admission;
    // The headers the Fastify route sends (compared in test/verify-fast-path.test.ts).
    res.writeHead(200, {
      'x-request-id': id,
      'x-ratelimit-limit': String(rate.limit),
      'x-ratelimit-remaining': String(rate.remaining),
      'x-ratelimit-reset': String(rate.reset),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
    this.answered++;
    if (this.accessLog) {
      deps.log.info({ request_id: id, method: 'GET', path: this.path, status: 200, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
    }
    return true;
  }

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would create, with this step in front of its
   * handler. Fastify calls it again for each extra address it listens on (localhost on IPv4 and IPv6).
   */
  serverFactory(): NonNullable<FastifyServerOptions['serverFactory']> {
    return (handler, options) => {
      const listener: RequestListener = (req, res) => {
        if (!this.handle(req, res)) handler(req, res);
      };
      const opts = options as FastifyServerOptions & { http?: http.ServerOptions };
      const server = http.createServer(opts.http ?? {}, listener);
      // What Fastify sets on the servers it creates itself.
      if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
      if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
      if (opts.connectionTimeout !== undefined) server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket && opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    };
  }
}
