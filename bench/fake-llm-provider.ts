// The scripted provider of the tests (test/helpers/fake-llm-server.ts) as a process of its own, for
// bench/llm-invoke.bench.ts: every request gets `{ text: 'ok' }` after BENCH_PROVIDER_DELAY_MS.
import { startFakeLlmServer } from '../test/helpers/fake-llm-server.ts';

// Idle connections stay open 65 s, as behind a typical provider's load balancer: with the tests' 1 s,
// Node's fetch (undici) closes every connection after its answer and Folio reconnects on every call.
const fake = await startFakeLlmServer({ keepAliveTimeoutMs: 65_000 });
fake.setDefault({ text: 'Hello, bench.', delayMs: Number(process.env.BENCH_PROVIDER_DELAY_MS ?? 0) || undefined, usage: { input: 12, output: 4 } });
// The fake records every request for tests; a bench sends hundreds of thousands.
setInterval(() => { fake.requests.length = 0; }, 1000).unref();
process.stdout.write(`listening ${fake.baseUrl}\n`);
const stop = () => fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
