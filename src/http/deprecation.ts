// Deprecating a route: set `config.deprecation` on it. Responses then carry `X-Deprecated: true`
// and `Sunset`, and the OpenAPI operation is marked deprecated. Routes without it pay nothing.
import type { FastifyInstance, onSendHookHandler } from 'fastify';

export interface Deprecation {
  /** When the route goes away: a Date or an HTTP-date string. */
  sunset: Date | string;
  /** Optional link to migration notes, sent as `Link: <...>; rel="deprecation"`. */
  link?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    deprecation?: Deprecation;
  }
}

export function registerDeprecation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const deprecation = (route.config as { deprecation?: Deprecation } | undefined)?.deprecation;
    if (!deprecation) return;
    const sunset = typeof deprecation.sunset === 'string' ? new Date(deprecation.sunset) : deprecation.sunset;
    if (Number.isNaN(sunset.getTime())) throw new Error(`Invalid sunset date on ${route.method} ${route.url}`);
    const sunsetHeader = sunset.toUTCString();
    route.schema = { ...(route.schema ?? {}), deprecated: true } as typeof route.schema;
    const hook: onSendHookHandler = (_request, reply, payload, done) => {
      reply.header('X-Deprecated', 'true');
      reply.header('Sunset', sunsetHeader);
      if (deprecation.link) reply.header('Link', `<${deprecation.link}>; rel="deprecation"`);
      done(null, payload);
    };
    const existing = route.onSend;
    route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
}
