// GET /api/v1/verify, answered before the framework when there is nothing for the framework to do.
//
// /verify is the cheapest authenticated call and the one clients poll as a health check, so it must
// stay fast. Fastify's per-request machinery (request and reply objects, hooks, the response schema)
// costs more than the call's own work. This step sits in front of Fastify's request handler: for
// exactly `GET /api/v1/verify` (no query string) it runs the same admission as every API-key route
// (`admitApiKey`: key lookup, rate limit), waiting for it when it needs the database or Redis, and when
// it lets the request through writes the same 200 answer the route would: same body, same headers, same
// access-log line. Every other outcome (no or bad key, 429, suspended organization, a closing server)
// is handed to Fastify along with the admission already worked out, so the request is counted once and
// errors leave through the one error handler. `app.inject` never comes here: the tests compare both
// ways answer alike (test/verify-fast-path.test.ts).
//
// Answers are written in one batch per event-loop turn (src/infra/turn.ts, right after the poll phase
// that read the requests or their Redis replies), not one by one between reads. Under load a turn
// reads many requests; writing their answers back to back costs less (fewer wake-ups of the readers,
// hotter caches) than writing each between two reads, and a lone request waits only for the rest of
// its turn. The request has been admitted (and counted) by then; Node keeps pipelined answers on one
// connection in order, and writing to a connection that closed meanwhile does nothing.
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { presentVerify } from '../identity/identity.presenters.ts';
import { admitApiKey, admits, handOverAdmission, type Admission, type AuthDeps, type Early } from './auth.ts';
import { genRequestId } from './request-id.ts';
import { atTurnEnd } from '../infra/turn.ts';

export interface VerifyFastPathDeps extends Pick<AuthDeps, 'apiKeys' | 'rateLimiter'> {
  log: FastifyBaseLogger;
}

export class VerifyFastPath {
  private readonly path: string;
  private deps: VerifyFastPathDeps | null = null;
  /** The access log, when its level is enabled; kept after stop() for answers still in the batch. */
  private accessLog: FastifyBaseLogger | null = null;
  /** Requests answered here, not by Fastify (tests check which way a request went). */
  answered = 0;
  private batch: { res: ServerResponse; headers: Record<string, string>; body: string; started: number }[] = [];

  constructor(path: string) {
    this.path = path;
  }

  /** Starts answering (once the app is ready); until then, and after stop(), everything goes to Fastify. */
  start(deps: VerifyFastPathDeps): void {
    this.deps = deps;
    this.accessLog = (deps.log as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }).isLevelEnabled('info') ? deps.log : null;
  }

  stop(): void {
    this.deps = null;
  }

  /**
   * True when this step takes the request: answered now or once its admission is known, or, if that
   * admission refuses it, handed to `fastify` then. False when Fastify must take it now.
   */
  handle(req: IncomingMessage, res: ServerResponse, fastify: RequestListener): boolean {
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
    if (admission instanceof Promise) {
      admission.then(
        (a) => (admits(a) ? this.answer(req, res, a, started) : this.toFastify(req, res, fastify, { admission: a })),
        (error: unknown) => this.toFastify(req, res, fastify, { error }),
      );
      return true;
    }
    if (!admits(admission)) {
      handOverAdmission(req, { admission });
      return false;
    }
    this.answer(req, res, admission, started);
    return true;
  }

  private toFastify(req: IncomingMessage, res: ServerResponse, fastify: RequestListener, early: Early): void {
    handOverAdmission(req, early);
    try {
      fastify(req, res);
    } catch (err) {
      res.destroy(err as Error);
    }
  }

  private answer(req: IncomingMessage, res: ServerResponse, admission: Admission, started: number): void {
    const body = JSON.stringify(presentVerify(admission.key));
    const { rate } = admission;
    // The headers the Fastify route sends (compared in test/verify-fast-path.test.ts).
    const headers = {
      'x-request-id': genRequestId(req),
      'x-ratelimit-limit': String(rate.limit),
      'x-ratelimit-remaining': String(rate.remaining),
      'x-ratelimit-reset': String(rate.reset),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    };
    this.batch.push({ res, headers, body, started });
    if (this.batch.length === 1) atTurnEnd(this.flush);
    this.answered++;
  }

  /** Writes the answers of this event-loop turn, in the order their requests were admitted. */
  private readonly flush = (): void => {
    const batch = this.batch;
    this.batch = [];
    for (const { res, headers, body } of batch) {
      try {
        res.writeHead(200, headers);
        res.end(body);
      } catch (err) {
        res.destroy(err as Error); // one broken answer must not keep the rest of the batch from leaving
      }
    }
    const log = this.accessLog;
    if (!log) return;
    const now = performance.now();
    for (const { headers, started } of batch) {
      log.info({ request_id: headers['x-request-id'], method: 'GET', path: this.path, status: 200, ms: Math.round((now - started) * 10) / 10 }, 'request');
    }
  };

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would create, with this step in front of its
   * handler. Fastify calls it again for each extra address it listens on (localhost on IPv4 and IPv6).
   */
  serverFactory(): NonNullable<FastifyServerOptions['serverFactory']> {
    return (handler, options) => {
      const listener: RequestListener = (req, res) => {
        if (!this.handle(req, res, handler)) handler(req, res);
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
