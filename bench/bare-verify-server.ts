// The baseline for verify.bench.ts: a bare Fastify app (default settings, logger off) that answers
// GET <BENCH_PATH> with a fixed JSON body, the same body Folio's GET /api/v1/verify returns.
// Started as a child process so that it runs alone in its own event loop, like the real service.
// BENCH_WITH_PGLITE=1 first starts an in-memory PGlite (as Folio's embedded default does) and leaves
// it idle: the same bare route then shows what merely having PGlite in the process costs.
import Fastify from 'fastify';

async function startIdlePglite(): Promise<unknown> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create();
  await pg.query('SELECT 1');
  return pg;
}
// Held in a module-level constant, so it stays alive for the whole run.
export const pglite = process.env.BENCH_WITH_PGLITE === '1' ? await startIdlePglite() : null;

const port = Number(process.env.BENCH_PORT ?? 0);
const host = process.env.BENCH_HOST ?? '127.0.0.1';
const route = process.env.BENCH_PATH ?? '/api/v1/verify';
const body: unknown = JSON.parse(process.env.BENCH_BODY ?? '{}');

const app = Fastify({ logger: false });
app.get(route, async () => body);

const address = await app.listen({ port, host });
process.stdout.write(`listening ${address}\n`);

const stop = () => { app.close().then(() => process.exit(0), () => process.exit(1)); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
