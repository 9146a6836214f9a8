// The dependency report behind /health: database, Redis, blob store and LibreOffice, each checked with a
// short timeout. Readiness follows the database (and the data directory's room, checked by the route):
// without it no API request can be served. Redis, the blob store and LibreOffice are reported but do not
// take an instance out of rotation: every instance shares them, so an outage of one would empty the
// whole load balancer, while most requests still work without them (docs/operating/deployment.md).
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppContext } from '../context.ts';
import { StringEnum } from './schemas.ts';

/** A check that has not answered within this long counts as down. */
export const CHECK_TIMEOUT_MS = 2000;
/** The blob store probe (one HEAD) is shared by the health calls of this many milliseconds. */
const BLOB_PROBE_REUSE_MS = 5000;
/** A key no blob ever has: HEAD on it answers "missing" from a healthy store. */
const PROBE_KEY = 'health/probe';

export type CheckStatus = 'ok' | 'down' | 'not_configured' | 'idle';

export interface DependencyCheck {
  status: CheckStatus;
  /** What the dependency is (postgres, pglite, s3, local, …). */
  kind?: string;
  latency_ms?: number;
  error?: string;
  [extra: string]: unknown;
}

export interface HealthReport {
  ready: boolean;
  checks: { database: DependencyCheck; redis: DependencyCheck; blob_store: DependencyCheck; libreoffice: DependencyCheck };
}

const Check = Type.Object({
  status: StringEnum(['ok', 'down', 'not_configured', 'idle'] as const, { description: '`idle`: LibreOffice starts on the first conversion.' }),
  kind: Type.Optional(Type.String()),
  latency_ms: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.String({ description: 'Why the check failed (no credentials or addresses).' })),
}, { additionalProperties: true });

export const HealthChecks = Type.Object({ database: Check, redis: Check, blob_store: Check, libreoffice: Check }, { description: 'Each dependency, checked now (the blob store at most every 5 s).' });

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A short, safe reason: the error's code or first line, without URLs (which may carry credentials). */
function reason(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message.split('\n')[0].replace(/\w+:\/\/\S+/g, '<url>').slice(0, 200) : 'failed';
  return typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

async function timed(what: string, kind: string | undefined, probe: () => Promise<unknown>): Promise<DependencyCheck & { cause?: unknown }> {
  const started = performance.now();
  try {
    await withTimeout(probe(), what);
    return { status: 'ok', ...(kind ? { kind } : {}), latency_ms: Math.round(performance.now() - started) };
  } catch (cause) {
    return { status: 'down', ...(kind ? { kind } : {}), error: reason(cause), cause };
  }
}

export class HealthChecker {
  private readonly ctx: AppContext;
  private blobProbe: { at: number; result: Promise<DependencyCheck> } | null = null;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** Checks every dependency at once; `databaseError` is the database's failure, for the route to classify. */
  async report(): Promise<HealthReport & { databaseError?: unknown }> {
    const [database, redis, blobStore] = await Promise.all([this.database(), this.redis(), this.blobStore()]);
    const { cause, ...databaseCheck } = database;
    return {
      ready: database.status === 'ok',
      checks: { database: databaseCheck, redis, blob_store: blobStore, libreoffice: this.libreoffice() },
      ...(cause === undefined ? {} : { databaseError: cause }),
    };
  }

  private database() {
    return timed('the database', this.ctx.database.kind, () => sql`select 1`.execute(this.ctx.database.db));
  }

  private async redis(): Promise<DependencyCheck> {
    const redis = this.ctx.redis;
    if (!redis) return { status: 'not_configured' };
    // Not connected: say so at once rather than queue a PING behind the reconnection.
    if (redis.status !== 'ready') return { status: 'down', kind: 'redis', error: `connection ${redis.status}`, policy: REDIS_POLICY };
    const { cause: _cause, ...check } = await timed('Redis', 'redis', () => redis.ping());
    return check.status === 'ok' ? check : { ...check, policy: REDIS_POLICY };
  }

  private blobStore(): Promise<DependencyCheck> {
    const now = Date.now();
    if (!this.blobProbe || now - this.blobProbe.at > BLOB_PROBE_REUSE_MS) {
      const blobs = this.ctx.blobs;
      this.blobProbe = { at: now, result: timed('the blob store', blobs.kind, () => blobs.size(PROBE_KEY)).then(({ cause: _cause, ...check }) => check) };
    }
    return this.blobProbe.result;
  }

  private libreoffice(): DependencyCheck {
    const stats = this.ctx.export.pool.stats();
    const alive = stats.instances.filter((i) => i.alive).length;
    const base = { kind: 'soffice', instances: stats.instances.length, alive, busy: stats.instances.filter((i) => i.busy).length, queued: stats.queued, restarts: stats.restarts };
    if (!stats.started) return { status: 'idle', ...base };
    return { status: alive > 0 ? 'ok' : 'down', ...base };
  }
}

/** What a Redis outage does, reported with the check (docs/operating/deployment.md, "Redis outages"). */
export const REDIS_POLICY = 'fail open per process: rate limits are counted in each process while Redis is down; API keys are read from the database (not cached) until Redis is back, then every key cache is flushed';
