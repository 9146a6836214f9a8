// Footprint: resident memory and start time of `folio serve` (embedded PGlite, and PostgreSQL + Redis)
// and of `folio worker`, each a child process as an operator runs it; then RSS after 100 mixed
// generations (Word, Excel, slides, in turn, through the HTTP API on the builtin offline engine), and
// with --soak (or FOLIO_SOAK_GENERATIONS=1000), on both backends, RSS growth from generation 100 to generation
// 1,000, as it stands and after a full GC (bench/gc-probe.ts; the target is read after the GC, which tells
// kept memory from garbage not collected yet). Baselines, measured in the same run: a bare Fastify app
// answering the same route (bench/bare-verify-server.ts), alone and with an idle in-memory PGlite (what
// PGlite itself costs). Start = spawn to the first answer of GET /api/v1/health/live (worker: to its
// "running" log line), on a database that is already migrated (the first start, which migrates a fresh
// PGlite, is shown apart). Idle RSS is read from /proc after IDLE_MS of quiet.
// Targets (issue 26): idle RSS <= 200 MB on PGlite, <= 120 MB on PostgreSQL; start <= 2 s on
// PostgreSQL; soak growth <= 10 %.
//
// Start is also given in CPU seconds the process used to get there (user + system, from /proc): on a
// loaded machine the wall time mostly measures the other processes.
//
//   node bench/footprint.bench.ts [--generations 100] [--soak] [--soak-generations 1000] [--skip-postgres]
//   FOLIO_SOAK_GENERATIONS=1000 node bench/footprint.bench.ts     (the same as --soak --soak-generations 1000)
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { reportTarget } from './summary.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folioBin = path.join(root, 'bin', 'folio.js');
const { values: args } = parseArgs({
  strict: false,
  options: {
    generations: { type: 'string', default: '100' }, soak: { type: 'boolean', default: false },
    'soak-generations': { type: 'string', default: '1000' }, 'skip-postgres': { type: 'boolean', default: false },
  },
});
const GENERATIONS = Number(args.generations);
const SOAK = Number(process.env.FOLIO_SOAK_GENERATIONS || args['soak-generations']);
const SOAK_ON = Boolean(args.soak) || Boolean(process.env.FOLIO_SOAK_GENERATIONS);
const IDLE_MS = 5000;
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<unknown> | void)[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number) => kb / 1024;

/** Resident set of a process, in kB (Linux /proc; `ps` elsewhere). */
async function rssKb(pid: number): Promise<number> {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  } catch {
    const { stdout } = await promisify(execFile)('ps', ['-o', 'rss=', '-p', String(pid)]);
    return Number(stdout.trim());
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(force);
}

interface Started { child: ChildProcess; startMs: number; startCpuMs: number | null }

/** CPU time (user + system) a process has used, in ms; null where /proc is missing. */
function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz on Linux)
  } catch {
    return null;
  }
}

/** Spawns `argv` and waits for `url` to answer (any status) or for stdout to match `line`. */
async function startChild(argv: string[], env: NodeJS.ProcessEnv, ready: { url?: string; line?: RegExp }): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { err += d; });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${argv.join(' ')} exited with ${child.exitCode}: ${err.slice(-2000)}`);
    if (ready.line && ready.line.test(out)) break;
    if (ready.url && (await fetch(ready.url).then(() => true, () => false))) break;
    if (performance.now() - t0 > 180_000) throw new Error(`${argv.join(' ')} did not start within 180 s: ${err.slice(-2000)}`);
    await sleep(ready.url ? 10 : 5);
  }
  return { child, startMs: performance.now() - t0, startCpuMs: cpuMs(child.pid!) };
}

async function idleRss(child: ChildProcess): Promise<number> {
  await sleep(IDLE_MS);
  return mb(await rssKb(child.pid!));
}

/** A scratch PostgreSQL database and Redis prefix, dropped at exit. */
async function services(): Promise<NodeJS.ProcessEnv> {
  const name = `folio_fp_bench_${process.pid}_${Date.now().toString(36)}`;
  const run = async (q: string) => { const c = new pg.Client({ connectionString: PG_URL }); await c.connect(); await c.query(q); await c.end(); };
  await run(`create database ${name}`);
  cleanups.push(() => run(`drop database if exists ${name} with (force)`));
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), REDIS_URL, FOLIO_REDIS_PREFIX: `folio-fp-bench-${process.pid}-${Date.now()}:` };
}

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try { await c.connect(); await c.end(); return true; } catch { return false; }
}

function folioEnv(extra: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; port: number; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fp-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    dataDir,
    port: 0,
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, FOLIO_DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development',
      FOLIO_RATE_LIMIT_ENTERPRISE: '1000000000', FOLIO_SIGNUP_CREDITS_ENTERPRISE: '1000000000',
      // How `folio` starts Node (NODE_OPTIONS, FOLIO_VENDOR_BUNDLES, FOLIO_V8_POOL_SIZE, FOLIO_IDLE_MEMORY_RELEASE_SECONDS), passed through to compare settings.
      ...Object.fromEntries(['NODE_OPTIONS', 'FOLIO_VENDOR_BUNDLES', 'FOLIO_V8_POOL_SIZE', 'FOLIO_IDLE_MEMORY_RELEASE_SECONDS'].filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]])),
      ...extra,
    },
  };
}

async function serve(env: NodeJS.ProcessEnv, withGcProbe = false): Promise<Started & { api: string }> {
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api/v1`;
  // The soak's server carries bench/gc-probe.ts (a few lines: full GCs on SIGUSR2). It is a server of its
  // own: the probe, loaded before bin/folio.js turns on the compile cache, brings Node's TypeScript
  // stripper with it (about 13 MB), which would count in the idle figures.
  const probe = withGcProbe ? ['--import', path.join(root, 'bench', 'gc-probe.ts')] : [];
  const s = await startChild([...probe, folioBin, 'serve'], { ...env, PORT: String(port), FOLIO_BENCH_GC_FILE: gcFile }, { url: `${api}/health/live` });
  return { ...s, api };
}

const gcFile = path.join(os.tmpdir(), `folio-footprint-gc-${process.pid}.json`);

/** RSS and JS heap in use (MB) after full garbage collections in the child (bench/gc-probe.ts). */
async function afterGc(child: ChildProcess): Promise<{ rss: number; heap: number }> {
  fs.rmSync(gcFile, { force: true });
  child.kill('SIGUSR2');
  for (let i = 0; i < 200 && !fs.existsSync(gcFile); i++) await sleep(50);
  const m = JSON.parse(fs.readFileSync(gcFile, 'utf8')) as { rss: number; heapUsed: number };
  return { rss: m.rss / 1048576, heap: m.heapUsed / 1048576 };
}

/** The soak's rows and target: RSS as it stands and after a full GC, from generation `from` to `to`. */
function soakReport(backend: 'pglite' | 'postgres', label: string, raw: [number, number], gced: [{ rss: number; heap: number }, { rss: number; heap: number }], seconds: number): void {
  const pct = (a: number, b: number) => ((b - a) / a) * 100;
  row(`serve, ${label}, after ${SOAK} generations (soak)`, null, raw[1], `growth ${pct(raw[0], raw[1]).toFixed(1)} % since generation ${GENERATIONS} (${seconds.toFixed(0)} s)`);
  const kept = pct(gced[0].rss, gced[1].rss);
  rows.push(`  after a full GC: RSS ${gced[0].rss.toFixed(0)} -> ${gced[1].rss.toFixed(0)} MB (${kept.toFixed(1)} %), JS heap in use ${gced[0].heap.toFixed(0)} -> ${gced[1].heap.toFixed(0)} MB (${pct(gced[0].heap, gced[1].heap).toFixed(1)} %)`);
  reportTarget({
    target: `soak: RSS growth over 1,000 generations <= 10 % (${backend})`,
    measured: `${kept.toFixed(1)} % after a full GC (${pct(raw[0], raw[1]).toFixed(1)} % before it; heap ${pct(gced[0].heap, gced[1].heap).toFixed(1)} %)`,
    met: kept <= 10,
  });
}

/** An enterprise API key on a running server, through the built-in issuer. */
async function apiKey(api: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout: token } = await promisify(execFile)(process.execPath, [folioBin, 'token', '--sub', 'bench', '--email', 'bench@example.com', '--server', api.replace(/\/api\/v1$/, '')], { env });
  const res = await fetch(`${api}/signup`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token.trim()}` }, body: JSON.stringify({ org_name: 'Bench', tier: 'enterprise' }) });
  if (!res.ok) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { secret: string }).secret;
}

const PROMPTS: [string, string][] = [
  ['word', 'A one-page memo to the team about the new office opening hours, with a short table of the hours.'],
  ['excel', 'A quarterly budget with rows for rent, salaries, travel and software, and a total row.'],
  ['slides', 'Three slides introducing our product: the problem, the solution, and the next steps.'],
];

/** `n` sync generations in turn across the formats; throws on any non-2xx. */
async function generate(api: string, key: string, n: number, offset = 0): Promise<void> {
  for (let i = 0; i < n; i++) {
    const [format, prompt] = PROMPTS[(i + offset) % PROMPTS.length];
    const res = await fetch(`${api}/${format}/generate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify({ prompt: `${prompt} (#${i + offset})` }) });
    const body = await res.text();
    if (!res.ok) throw new Error(`${format}/generate answered ${res.status}: ${body.slice(0, 500)}`);
  }
}

async function bare(withPglite: boolean): Promise<{ start: Started; rss: number }> {
  const port = await freePort();
  const s = await startChild([path.join(root, 'bench', 'bare-verify-server.ts')], {
    ...process.env, BENCH_PORT: String(port), BENCH_PATH: '/api/v1/health/live', BENCH_BODY: '{"status":"ok"}', BENCH_WITH_PGLITE: withPglite ? '1' : '0',
  }, { url: `http://127.0.0.1:${port}/api/v1/health/live` });
  const rss = await idleRss(s.child);
  await stop(s.child);
  return { start: s, rss };
}

const rows: string[] = [];
const seconds = (ms: number | null) => (ms === null ? '     -' : `${(ms / 1000).toFixed(2).padStart(6)}`);
const row = (what: string, start: Started | null, rss: number | null, note = '') =>
  rows.push(`${what.padEnd(44)} ${start === null ? '       -' : `${seconds(start.startMs)} s`}  ${start === null ? '       -' : `${seconds(start.startCpuMs)} s`}  ${rss === null ? '       -' : `${rss.toFixed(0).padStart(5)} MB`}  ${note}`);

async function main() {
  console.log(`footprint bench: node ${process.version}, ${os.availableParallelism()} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; idle RSS read after ${IDLE_MS / 1000} s of quiet`);
  const bareAlone = await bare(false);
  const barePglite = await bare(true);
  row('baseline: bare Fastify', bareAlone.start, bareAlone.rss);
  row('baseline: bare Fastify + idle PGlite', barePglite.start, barePglite.rss, `(PGlite itself: ${(barePglite.rss - bareAlone.rss).toFixed(0)} MB)`);

  // PGlite: a first start migrates the fresh data directory; the measured start is the second one.
  const embedded = folioEnv({});
  const first = await serve(embedded.env);
  await stop(first.child);
  row('serve, PGlite, first start (migrates)', first, null);
  const s = await serve(embedded.env);
  const pgliteIdle = await idleRss(s.child);
  row('serve, PGlite', s, pgliteIdle, `x${(s.startMs / bareAlone.start.startMs).toFixed(1)} start, x${(pgliteIdle / bareAlone.rss).toFixed(1)} RSS of bare Fastify`);
  reportTarget({ target: 'idle RSS of folio serve on PGlite <= 200 MB', measured: `${pgliteIdle.toFixed(0)} MB`, met: pgliteIdle <= 200 });
  const key = await apiKey(s.api, embedded.env);
  const t0 = performance.now();
  await generate(s.api, key, GENERATIONS);
  const genSeconds = (performance.now() - t0) / 1000;
  const afterGen = await idleRss(s.child);
  row(`serve, PGlite, after ${GENERATIONS} generations`, null, afterGen, `(${(GENERATIONS / genSeconds).toFixed(1)} generations/s)`);
  await stop(s.child);
  if (SOAK_ON) {
    const soaked = await serve(embedded.env, true);
    await generate(soaked.api, key, GENERATIONS);
    const rawAtGen = await idleRss(soaked.child);
    const gcAtGen = await afterGc(soaked.child);
    const ts = performance.now();
    await generate(soaked.api, key, SOAK - GENERATIONS, GENERATIONS);
    const afterSoak = await idleRss(soaked.child);
    soakReport('pglite', 'PGlite', [rawAtGen, afterSoak], [gcAtGen, await afterGc(soaked.child)], (performance.now() - ts) / 1000);
    await stop(soaked.child);
  } else {
    reportTarget({ target: 'soak: RSS growth over 1,000 generations <= 10 %', measured: 'not run (--soak)', met: null });
  }

  if (!args['skip-postgres'] && (await postgresReachable())) {
    const svc = folioEnv(await services());
    const pgFirst = await serve(svc.env);
    await stop(pgFirst.child);
    const p = await serve(svc.env);
    const pgIdle = await idleRss(p.child);
    row('serve, PostgreSQL + Redis', p, pgIdle, `x${(p.startMs / bareAlone.start.startMs).toFixed(1)} start, x${(pgIdle / bareAlone.rss).toFixed(1)} RSS of bare Fastify`);
    reportTarget({ target: 'idle RSS of folio serve on PostgreSQL <= 120 MB', measured: `${pgIdle.toFixed(0)} MB`, met: pgIdle <= 120 });
    reportTarget({ target: 'start to first answer on PostgreSQL <= 2 s', measured: `${(p.startMs / 1000).toFixed(2)} s (${seconds(p.startCpuMs).trim()} s CPU, load ${os.loadavg()[0].toFixed(1)})`, met: p.startMs <= 2000 });
    await stop(p.child);
    if (SOAK_ON) {
      // The same soak with the database outside the process: what grows in Folio's own memory.
      const q = await serve(svc.env, true);
      const pgKey = await apiKey(q.api, svc.env);
      await generate(q.api, pgKey, GENERATIONS);
      const pgAfterGen = await idleRss(q.child);
      row(`serve, PostgreSQL, after ${GENERATIONS} generations (with the GC probe)`, null, pgAfterGen);
      const pgGcAtGen = await afterGc(q.child);
      const ts = performance.now();
      await generate(q.api, pgKey, SOAK - GENERATIONS, GENERATIONS);
      const pgAfterSoak = await idleRss(q.child);
      soakReport('postgres', 'PostgreSQL', [pgAfterGen, pgAfterSoak], [pgGcAtGen, await afterGc(q.child)], (performance.now() - ts) / 1000);
      await stop(q.child);
    }
    const w = await startChild([folioBin, 'worker'], svc.env, { line: /Folio worker running/ });
    const workerIdle = await idleRss(w.child);
    row('worker, PostgreSQL + Redis', w, workerIdle, '(start: to its "running" log line)');
    await stop(w.child);
  } else {
    console.log(`PostgreSQL at ${PG_URL.replace(/:[^:@/]*@/, ':***@')} not measured (--skip-postgres or unreachable).`);
    reportTarget({ target: 'idle RSS of folio serve on PostgreSQL <= 120 MB', measured: 'not measured', met: null });
    reportTarget({ target: 'start to first answer on PostgreSQL <= 2 s', measured: 'not measured', met: null });
  }
  console.log(`\n${'process'.padEnd(44)} ${'start'.padStart(8)}  ${'CPU'.padStart(8)}  ${'RSS'.padStart(8)}`);
  for (const r of rows) console.log(r);
  console.log(`load at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

try {
  await main();
} finally {
  for (const c of children) await stop(c);
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
}
process.exit(0);
