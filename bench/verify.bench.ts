// GET /api/v1/verify throughput of the real service against a bare Fastify route that returns the same
// JSON, measured in the same run. Both servers run as child processes; autocannon runs here, in one
// thread. Rounds alternate between the servers (A B A B ...) so drift on the machine hits both sides,
// and each side's result is the median of its rounds.
//
//   node bench/verify.bench.ts [--duration 10] [--rounds 3] [--warmup 5] [--connections 50]
//                              [--pipelining 1] [--with-services] [--no-reference] [--strict]
//
// A reference side always runs too: the same bare route in a process that has started an idle,
// in-memory PGlite. It is not held to the target; it shows how much of the gap is the embedded
// database's mere presence in the process (measured at 0.8-0.9 of bare on the 2-core dev machine)
// rather than Folio's own per-request work. A second reference side loads the same Folio process with
// `GET /verify?via=route`: a query string takes the request past the /verify fast path
// (src/http/verify-fast-path.ts) through the Fastify route, so the run also shows what the fast path
// saves. --no-reference skips both.
//
// --with-services adds a further side: Folio on PostgreSQL + Redis (DATABASE_URL, REDIS_URL; defaults
// postgres://postgres@127.0.0.1:5432/postgres and redis://127.0.0.1:6379). It uses a scratch database
// and Redis key prefix, removed afterwards. --strict exits 1 when a ratio is below the target.
import { spawn, execFile, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { reportTarget } from './summary.ts';

const TARGET = 0.7;
const VERIFY_PATH = '/api/v1/verify';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folioBin = path.join(root, 'bin', 'folio.js');
const bareServer = path.join(root, 'bench', 'bare-verify-server.ts');

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    pipelining: { type: 'string', default: '1' },
    'with-services': { type: 'boolean', default: false },
    'no-reference': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
});
const opts = {
  duration: Number(args.duration),
  rounds: Number(args.rounds),
  warmup: Number(args.warmup),
  connections: Number(args.connections),
  pipelining: Number(args.pipelining),
};
for (const [name, value] of Object.entries(opts)) {
  if (!Number.isFinite(value) || value < (name === 'warmup' ? 0 : 1)) throw new Error(`--${name} must be a positive number`);
}

interface Side {
  name: string;
  url: string;
  headers: Record<string, string>;
  child: ChildProcess;
  rps: number[];
  p99: number[];
  /** Server CPU time (user + system) per request, in microseconds: steadier than req/s on a busy machine. */
  cpuUs: number[];
  /** A reference side: reported, not held to the target. */
  reference?: boolean;
}

// Linux only: a child's CPU time from /proc, in clock ticks.
const CLK_TCK = (() => {
  try { return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100; } catch { return 100; }
})();
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return null;
  }
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a child process whose output is shown prefixed (Folio logs at warn, so normally nothing). */
function startChild(label: string, script: string, argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [script, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const forward = (stream: NodeJS.ReadableStream | null) => {
    let buffered = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (line && !line.startsWith('listening ')) process.stderr.write(`[${label}] ${line}\n`);
    });
  };
  forward(child.stdout);
  forward(child.stderr);
  return child;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering ${url}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A Folio server with a fresh data dir and an enterprise API key. */
async function startFolio(name: string, extraEnv: Record<string, string>): Promise<{ side: Side; body: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extraEnv,
    FOLIO_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development', // production refuses the built-in issuer, which signup needs here
    FOLIO_RATE_LIMIT_ENTERPRISE: '1000000000',
  };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  if (!extraEnv.REDIS_URL) delete env.REDIS_URL;

  // Mint the ID token first: it creates the built-in issuer's keys that the server then loads.
  const { stdout: token } = await promisify(execFile)(process.execPath, [folioBin, 'token', '--sub', 'bench', '--email', 'bench@example.com'], { env });
  const child = startChild(name, folioBin, ['serve'], env);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}${VERIFY_PATH}`, child);

  const signup = await fetch(`${base}/api/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.trim()}` },
    body: JSON.stringify({ org_name: 'Bench', tier: 'enterprise' }),
  });
  const signed = (await signup.json()) as { secret?: string };
  if (signup.status !== 201 || !signed.secret) throw new Error(`${name}: signup answered ${signup.status}: ${JSON.stringify(signed)}`);
  const headers = { 'x-api-key': signed.secret };

  const check = await fetch(`${base}${VERIFY_PATH}`, { headers });
  const body = await check.text();
  if (check.status !== 200) throw new Error(`${name}: GET /verify answered ${check.status}: ${body}`);
  if (!check.headers.get('x-ratelimit-remaining')) throw new Error(`${name}: GET /verify has no rate-limit headers`);
  return { side: { name, url: `${base}${VERIFY_PATH}`, headers, child, rps: [], p99: [], cpuUs: [] }, body };
}

async function startBare(body: string, withPglite = false): Promise<Side> {
  const port = await freePort();
  const env = { ...process.env, BENCH_PORT: String(port), BENCH_HOST: '127.0.0.1', BENCH_PATH: VERIFY_PATH, BENCH_BODY: body, BENCH_WITH_PGLITE: withPglite ? '1' : '0' };
  const child = startChild(withPglite ? 'bare+pglite' : 'bare', bareServer, [], env);
  const url = `http://127.0.0.1:${port}${VERIFY_PATH}`;
  await waitForHttp(url, child);
  const answer = await (await fetch(url)).text();
  if (answer !== body) throw new Error(`bare server body differs from Folio's:\n${answer}\n${body}`);
  const name = withPglite ? 'bare fastify + idle pglite' : 'bare fastify';
  return { name, url, headers: {}, child, rps: [], p99: [], cpuUs: [], reference: withPglite };
}

/** A scratch PostgreSQL database and Redis prefix for the --with-services side; removed at exit. */
async function prepareServices(): Promise<Record<string, string>> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const dbName = `folio_bench_${process.pid}_${Date.now().toString(36)}`;
  const prefix = `folio-bench-${process.pid}:`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, FOLIO_REDIS_PREFIX: prefix };
}

async function measure(side: Side, seconds: number): Promise<Result & { cpuUsPerRequest: number | null }> {
  const ticksBefore = cpuTicks(side.child.pid);
  const result = await autocannon({
    url: side.url,
    headers: side.headers,
    connections: opts.connections,
    pipelining: opts.pipelining,
    duration: seconds,
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) {
    throw new Error(`${side.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts out of ${result.requests.total} requests`);
  }
  const ticksAfter = cpuTicks(side.child.pid);
  const cpuUsPerRequest = ticksBefore === null || ticksAfter === null || result.requests.total === 0
    ? null
    : ((ticksAfter - ticksBefore) / CLK_TCK) * 1e6 / result.requests.total;
  return { ...result, cpuUsPerRequest };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  console.log(`verify bench: node ${process.version}, ${os.cpus().length} CPUs, ${opts.connections} connections, pipelining ${opts.pipelining}, `
    + `${opts.rounds} rounds x ${opts.duration}s per side after ${opts.warmup}s warm-up`);
  const load = os.loadavg()[0];
  if (load > 0.5) console.log(`note: load average is ${load.toFixed(2)} before starting; other work on this machine makes req/s noisy`);
  const embedded = await startFolio('folio (pglite, memory)', {});
  const sides: Side[] = [await startBare(embedded.body)];
  if (!args['no-reference']) sides.push(await startBare(embedded.body, true));
  sides.push(embedded.side);
  if (!args['no-reference']) sides.push({ ...embedded.side, name: 'folio, fastify route (?via=route)', url: `${embedded.side.url}?via=route`, rps: [], p99: [], cpuUs: [], reference: true });
  if (args['with-services']) sides.push((await startFolio('folio (postgres, redis)', await prepareServices())).side);
  console.log(`body (${embedded.body.length} bytes): ${embedded.body}`);

  if (opts.warmup > 0) {
    for (const side of sides) {
      process.stdout.write(`warm-up  ${side.name} ... `);
      const r = await measure(side, opts.warmup);
      console.log(`${fmt(r.requests.average)} req/s`);
    }
  }
  for (let round = 1; round <= opts.rounds; round++) {
    // Alternate the order too (A B, B A, ...), so neither side always runs right after the other.
    const order = round % 2 ? sides : [...sides].reverse();
    for (const side of order) {
      process.stdout.write(`round ${round} ${side.name} ... `);
      const r = await measure(side, opts.duration);
      side.rps.push(r.requests.average);
      side.p99.push(r.latency.p99);
      if (r.cpuUsPerRequest !== null) side.cpuUs.push(r.cpuUsPerRequest);
      const cpu = r.cpuUsPerRequest === null ? '' : `, server CPU ${r.cpuUsPerRequest.toFixed(1)} µs/req`;
      console.log(`${fmt(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${cpu}`);
    }
  }

  const bare = median(sides[0].rps);
  const rows = sides.map((s) => ({
    side: s.name,
    reference: s.reference === true,
    median: median(s.rps),
    rounds: s.rps.map(fmt).join(' / '),
    p99: median(s.p99),
    cpu: s.cpuUs.length === s.rps.length ? median(s.cpuUs) : null,
  }));
  const bareCpu = rows[0].cpu;
  const width = Math.max(...rows.map((r) => r.side.length), 4);
  console.log();
  console.log(`${'side'.padEnd(width)}  ${'median req/s'.padStart(12)}  ${'p99 ms'.padStart(7)}  ${'ratio'.padStart(5)}  ${'cpu µs/req'.padStart(10)}  ${'cpu ratio'.padStart(9)}  rounds (req/s)`);
  for (const r of rows) {
    const cpu = r.cpu === null ? '-' : r.cpu.toFixed(1);
    const cpuRatio = r.cpu === null || bareCpu === null ? '-' : (bareCpu / r.cpu).toFixed(2);
    console.log(`${r.side.padEnd(width)}  ${fmt(r.median).padStart(12)}  ${String(r.p99).padStart(7)}  ${(r.median / bare).toFixed(2).padStart(5)}  ${cpu.padStart(10)}  ${cpuRatio.padStart(9)}  ${r.rounds}`);
  }
  console.log('(ratio: median req/s against bare; cpu ratio: bare server CPU per request / this server\'s, which a busy machine disturbs less)');
  console.log();
  for (const r of rows.filter((x) => x.reference)) console.log(`reference (not held to the target): ${r.side} reaches ${(r.median / bare).toFixed(2)} of bare`);
  let below = false;
  const checked = rows.slice(1).filter((r) => !r.reference);
  for (const r of checked) {
    const ratio = r.median / bare;
    if (ratio < TARGET) below = true;
    const label = checked.length > 1 ? `verify/bare ratio (${r.side})` : 'verify/bare ratio';
    console.log(`${label}: ${ratio.toFixed(2)} (target >= ${TARGET})${ratio < TARGET ? '  BELOW TARGET' : ''}`);
    reportTarget({ target: `GET /verify >= ${TARGET}x bare Fastify${checked.length > 1 ? ` (${r.side})` : ''}`, measured: `${ratio.toFixed(2)}x`, met: ratio >= TARGET });
  }
  if (below && args.strict) process.exitCode = 1;
}

async function shutdown(): Promise<void> {
  await Promise.all(children.map(stopChild));
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(`cleanup: ${err.message}`));
}

process.once('SIGINT', () => { void shutdown().then(() => process.exit(130)); });
try {
  await main();
} catch (err) {
  console.error(`verify bench failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  await shutdown();
}
