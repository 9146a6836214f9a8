// The baseline for verify.bench.ts: a bare Fastify app (default settings, logger off) that answers
// GET <BENCH_PATH> with a fixed JSON body, the same body Folio's GET /api/v1/verify returns.
// Started as a child process so that it runs alone in its own event loop, like the real service.
import Fastify from 'fastify';

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
