// Endpoints of the API contract (docs/reference/api-contract.md) whose features have not landed yet. They exist, authenticate like the real thing,
// and answer 501 not_implemented with a clear message, so clients get a documented answer, never a 404.
// Each feature removes its entries here when it lands.
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors.ts';
import { API_KEY_SECURITY } from './auth.ts';
import { API_KEY_ERRORS, responses } from './schemas.ts';

type Method = 'GET' | 'POST' | 'DELETE';

/** [method, path under /api/v1, feature name]. Empty while every endpoint of the contract is live. */
export type UnavailableRoute = [Method, string, string];

const UNAVAILABLE: UnavailableRoute[] = [];

export async function unavailableRoutes(app: FastifyInstance, routes: UnavailableRoute[] = UNAVAILABLE): Promise<void> {
  for (const [method, url, feature] of routes) {
    app.route({
      method,
      url,
      config: { auth: 'api_key' },
      schema: {
        tags: ['Not yet available'],
        summary: `${feature} (not yet available)`,
        description: `${feature} is part of the v1 contract but not available on this release yet: after authentication it answers 501 \`not_implemented\`.`,
        security: API_KEY_SECURITY,
        response: responses({}, [...API_KEY_ERRORS, 501]),
      },
      handler: async () => {
        throw errors.notImplemented(`${feature} is not available on this Folio release yet.`);
      },
    });
  }
}
