// Unauthenticated system routes: the OpenAPI document and a health check.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import fsp from 'node:fs/promises';
import { AppError } from '../errors.ts';
import { clearStorageFull, FULL_REMEMBERED_MS, lastStorageFullAt } from '../storage/disk-full.ts';
import { asStorageFull } from '../storage/disk-full.ts';
import { responses } from './schemas.ts';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get('/health', {
    schema: {
      tags: ['System'],
      summary: 'Liveness and database reachability',
      description: 'Answers 200 with `storage: "ok"` when the database answers and the data directory has room; 503 when the database is not reachable; 507 `insufficient_storage` when the data directory is (or, within the last minute, was found) out of space.',
      response: responses({ 200: Type.Object({ status: Type.Literal('ok'), database: Type.String(), storage: Type.Literal('ok') }) }, [503, 507]),
    },
  }, async () => {
    try {
      await sql`select 1`.execute(app.ctx.database.db);
    } catch (cause) {
      const full = asStorageFull(cause);
      if (full) throw full;
      throw new AppError('service_unavailable', 'The database is not reachable.', { cause, headers: { 'Retry-After': '30' } });
    }
    const space = await freeSpace(app.ctx.config.dataDir);
    if (space.full) throw new AppError('insufficient_storage', `The data directory ${app.ctx.config.dataDir} is out of space (${space.detail}). Writes answer 507 until an operator frees space; nothing stored was lost.`, { headers: { 'Retry-After': '60' } });
    return { status: 'ok' as const, database: app.ctx.database.kind, storage: 'ok' as const };
  });
}

/** Less than this much free space in the data directory counts as full. */
const MIN_FREE_BYTES = 1024 * 1024;

/** The data directory's free space; a recent out-of-space failure counts until space is seen again. */
async function freeSpace(dataDir: string): Promise<{ full: boolean; detail: string }> {
  const stats = await fsp.statfs(dataDir).catch(() => null);
  if (stats) {
    const free = Number(stats.bavail) * Number(stats.bsize);
    if (free < MIN_FREE_BYTES) return { full: true, detail: `${free} bytes free` };
    if (lastStorageFullAt() && free >= 2 * MIN_FREE_BYTES) clearStorageFull();
  }
  const last = lastStorageFullAt();
  if (last && Date.now() - last < FULL_REMEMBERED_MS) return { full: true, detail: `a write failed for lack of space ${Math.round((Date.now() - last) / 1000)} s ago` };
  return { full: false, detail: '' };
}
