// Unauthenticated system routes: the OpenAPI document and a health check.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { AppError } from '../errors.ts';
import { responses } from './schemas.ts';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get('/health', {
    schema: {
      tags: ['System'],
      summary: 'Liveness and database reachability',
      response: responses({ 200: Type.Object({ status: Type.Literal('ok'), database: Type.String() }) }, [503]),
    },
  }, async () => {
    try {
      await sql`select 1`.execute(app.ctx.database.db);
    } catch (cause) {
      throw new AppError('service_unavailable', 'The database is not reachable.', { cause, headers: { 'Retry-After': '30' } });
    }
    return { status: 'ok' as const, database: app.ctx.database.kind };
  });
}
