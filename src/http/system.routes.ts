// Unauthenticated system routes: the OpenAPI document, liveness (/health/live) and readiness with
// each dependency's state (/health).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import fsp from 'node:fs/promises';
import { AppError } from '../errors.ts';
import { clearStorageFull, FULL_REMEMBERED_MS, lastStorageFullAt } from '../storage/disk-full.ts';
import { asStorageFull } from '../storage/disk-full.ts';
import { responses } from './schemas.ts';
import { HealthChecker, HealthChecks } from './health.ts';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from './dependency-errors.ts';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const health = new HealthChecker(app.ctx);

  // Liveness: the process answers. A failing dependency must not get a healthy process restarted.
  app.get('/health/live', {
    schema: {
      tags: ['System'],
      summary: 'Liveness',
      description: 'Answers 200 while the process serves HTTP, whatever its dependencies do (use it as a liveness probe; `/health` is the readiness probe).',
      response: responses({ 200: Type.Object({ status: Type.Literal('ok'), uptime_s: Type.Integer() }) }),
    },
  }, async () => ({ status: 'ok' as const, uptime_s: Math.floor(process.uptime()) }));

  // Readiness: the database answers and the data directory has room; every dependency is reported.
  app.get('/health', {
    schema: {
      tags: ['System'],
      summary: 'Readiness and the state of each dependency',
      description: 'Answers 200 with `ready: true` when the database answers and the data directory has room; 503 `service_unavailable` with Retry-After (and the same `checks`) when the database is not reachable; 507 `insufficient_storage` when the data directory is (or, within the last minute, was found) out of space. `checks` reports the database, Redis, the blob store and LibreOffice; only the database decides readiness (Redis, the blob store and LibreOffice are shared by every instance, and their outages are answered per request). For liveness use `/health/live`.',
      response: responses({ 200: Type.Object({ status: Type.Literal('ok'), ready: Type.Literal(true), database: Type.String(), storage: Type.Literal('ok'), checks: HealthChecks }) }, [503, 507]),
    },
  }, async () => {
    const { databaseError, ...report } = await health.report();
    if (databaseError !== undefined) {
      const full = asStorageFull(databaseError);
      if (full) throw full;
      throw new AppError('service_unavailable', 'The database is not reachable.', { cause: databaseError, headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) }, body: { ready: false, checks: report.checks } });
    }
    const space = await freeSpace(app.ctx.config.dataDir);
    if (space.full) throw new AppError('insufficient_storage', `The data directory ${app.ctx.config.dataDir} is out of space (${space.detail}). Writes answer 507 until an operator frees space; nothing stored was lost.`, { headers: { 'Retry-After': '60' }, body: { ready: false, checks: report.checks } });
    return { status: 'ok' as const, ready: true as const, database: app.ctx.database.kind, storage: 'ok' as const, checks: report.checks };
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
