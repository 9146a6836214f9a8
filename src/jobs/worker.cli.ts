// `folio worker`: a process that only runs tasks (no HTTP). Any number of them can share one
// PostgreSQL database. SIGTERM / SIGINT: stop claiming, let running tasks finish for
// FOLIO_SHUTDOWN_GRACE_SECONDS, hand back what is left, exit 0.
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describeBackends, type Config } from '../config.ts';
import type { ContextOptions } from '../context.ts';

export interface WorkerOptions {
  concurrency: number;
  /** Agents by format instead of the installed ones (tests), as createContext takes them. */
  agents?: ContextOptions['agents'];
}

/** Runs workers until SIGTERM or SIGINT; resolves once they are stopped. */
export async function runWorker(config: Config, options: WorkerOptions): Promise<void> {
  const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
  const { createContext } = await import('../context.ts');
  const ctx = await createContext(config, log, { agents: options.agents, queue: true });
  await ctx.jobs.workers.start(options.concurrency);
  log.info(`Folio worker running ${options.concurrency} task slot${options.concurrency === 1 ? '' : 's'} (pid ${process.pid}; ${describeBackends(config)})`);
  const { startIdleMemoryRelease } = await import('../infra/idle-memory.ts');
  const idle = startIdleMemoryRelease({ quietSeconds: config.idleMemoryReleaseSeconds, minSlackMb: config.idleMemoryReleaseMinMb, log });
  await new Promise<void>((resolve) => {
    let closing = false;
    const shutdown = (signal: string) => {
      if (closing) return;
      closing = true;
      idle.stop();
      log.info({ signal }, 'worker shutting down: no new tasks; waiting for running ones');
      const force = setTimeout(() => process.exit(1), (config.runs.shutdownGraceSeconds + 15) * 1000);
      force.unref();
      ctx.close().then(resolve, (err) => { log.error({ err }, 'shutdown failed'); process.exit(1); });
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
  });
  log.info('worker stopped');
}

export function parseConcurrency(raw: string | undefined, fallback: number): number {
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new RangeError('--concurrency must be an integer from 1 to 256 (default FOLIO_WORKERS)');
  return n;
}
