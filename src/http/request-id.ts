// X-Request-Id: echo a sane incoming id, otherwise mint one. It is on every response and every log line.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { requestId } from '../ids.ts';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:\-]{1,128}$/;

export function genRequestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return requestId();
}

/** A route's entry step: synchronous (returns nothing, may throw) or a promise. */
export type EntryStep = (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;

/**
 * Gives every route one onRequest hook, first in line: it sets X-Request-Id, then runs the route's
 * authentication step (chosen once per route from `config.auth`, so nothing is looked up per request).
 * Responses that never reach a route (404, early framework errors) get the header from the error
 * and not-found handlers.
 */
export function registerRequestEntry(app: FastifyInstance, stepFor: (route: { config?: unknown }) => EntryStep | undefined): void {
  app.addHook('onRoute', (route) => {
    const step = stepFor(route);
    const hook: onRequestHookHandler = step
      ? (request, reply, done) => {
          reply.header('X-Request-Id', request.id);
          let pending: void | Promise<void>;
          try {
            pending = step(request, reply);
          } catch (err) {
            done(err as Error);
            return;
          }
          if (pending) pending.then(() => done(), done);
          else done();
        }
      : (request, reply, done) => {
          reply.header('X-Request-Id', request.id);
          done();
        };
    const existing = route.onRequest;
    route.onRequest = existing ? [hook, ...(Array.isArray(existing) ? existing : [existing])] : [hook];
  });
}
