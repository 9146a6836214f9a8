// POST /api/v1/llm/invoke overhead: the same text request sent through Folio (child process, embedded
// PGlite, default model gpt-4.1 on the scripted provider) and straight to the scripted provider
// (child process, OpenAI Responses wire format), measured in the same run. Rounds alternate between
// the two sides; each side's figure is the median of its rounds. Run once per provider delay: with no
// delay the ratio is Folio's whole cost per call (auth, rate limit, credits hold, AI SDK, usage
// record, ledger); with a realistic delay it shows what that cost means next to a real model. A third
// side, a bare Node relay of the same call (bench/bare-llm-proxy.ts), runs in the same rounds: what any
// process between the client and the provider costs on this machine, whatever it does.
//
//   node bench/llm-invoke.bench.ts [--duration 4] [--rounds 3] [--warmup 1] [--connections 10] [--delays 0,50,500]
//                                  [--with-services] [--cpu-rate 200] [--cpu-seconds 5] [--folio <checkout>/bin/folio.js] [--save-profile <prefix>]
//
// Load-independent figures, per delay (bench/llm-probe.ts is preloaded into the server): server CPU µs
// and database statements per call at a fixed rate (--cpu-rate calls/s, so builds compare at the same
// batching), PGlite's time on the thread, and CPU per stage from a profile of a window of the load
// (bench/llm-breakdown.ts). --folio runs another checkout's build with this bench, for before/after.
//
// --with-services runs Folio on PostgreSQL + Redis instead (DATABASE_URL, REDIS_URL; defaults
// postgres://postgres@127.0.0.1:5432/postgres and redis://127.0.0.1:6379), in a scratch database.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import autocannon from 'autocannon';
import { median, ms2, printResults, reportTargets, summarize, type Breakdown, type Scenario, type Side } from './llm-invoke-report.ts';
import { journalPerCall, perRequest, readProbe, stagesOf, startProfile, stopProfile } from './llm-breakdown.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const providerScript = path.join(root, 'bench', 'fake-llm-provider.ts');
const probeScript = path.join(root, 'bench', 'llm-probe.ts');
const bareProxyScript = path.join(root, 'bench', 'bare-llm-proxy.ts');

// strict: false, because `npm run bench` passes every bench the same arguments.
const { values: args } = parseArgs({
  strict: false,
  options: {
    duration: { type: 'string', default: '4' }, rounds: { type: 'string', default: '3' }, warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' }, delays: { type: 'string', default: '0,50,500' }, 'with-services': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' }, 'results-dir': { type: 'string' }, 'breakdown-seconds': { type: 'string', default: '3' }, 'save-profile': { type: 'string' },
    folio: { type: 'string', default: path.join(root, 'bin', 'folio.js') }, 'cpu-rate': { type: 'string', default: '200' }, 'cpu-seconds': { type: 'string', default: '5' },
  },
});
const opts = { duration: Number(args.duration), rounds: Number(args.rounds), warmup: Number(args.warmup), connections: Number(args.connections) };
const delays = String(args.delays).split(',').map(Number);
/** --folio: another checkout's bin/folio.js, to compare builds with the same bench. */
const folioBin = String(args.folio);
const children: ChildProcess[] = [];
const cleanups: (() => void | Promise<void>)[] = [];

/** A scratch PostgreSQL database (dropped at exit) and Redis prefix for --with-services. */
async function services(): Promise<Record<string, string>> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `folio_llm_bench_${process.pid}_${Date.now().toString(36)}`;
  const { default: pg } = await import('pg');
  const run = async (q: string) => { const c = new pg.Client({ connectionString: adminUrl }); await c.connect(); await c.query(q); await c.end(); };
  await run(`create database ${name}`);
  cleanups.push(() => run(`drop database if exists ${name} with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', FOLIO_REDIS_PREFIX: `folio-llm-bench-${process.pid}-${Date.now()}:` };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a child and resolves with the first stdout line matching `ready` (stderr is shown). */
/** How `folio` starts Node (NODE_OPTIONS, FOLIO_VENDOR_BUNDLES, FOLIO_V8_POOL_SIZE, FOLIO_IDLE_MEMORY_RELEASE_SECONDS), passed through to compare settings. */
const nodeSettings = () => Object.fromEntries(['NODE_OPTIONS', 'FOLIO_LLM_USAGE_FLUSH_DELAY_MS', 'FOLIO_VENDOR_BUNDLES', 'FOLIO_V8_POOL_SIZE', 'FOLIO_IDLE_MEMORY_RELEASE_SECONDS'].filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));

function start(label: string, script: string, argv: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, [script, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stderr!.on('data', (d) => process.stderr.write(`[${label}] ${d}`));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = ready.exec(out);
      if (m) resolve({ child, line: m[0] });
    });
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}: ${out}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return null;
  }
}

async function measure(side: Side, seconds: number, overallRate?: number) {
  const run = autocannon({ url: side.url, method: 'POST', headers: { 'content-type': 'application/json', ...side.headers }, body: side.body, connections: opts.connections, duration: seconds, ...(overallRate ? { overallRate } : {}) });
  const times: number[] = [];
  run.on('response', (_client, status, _bytes, ms) => { if (status >= 200 && status < 300) times.push(ms); });
  const r = await run;
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad) throw new Error(`${side.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts of ${r.requests.total}`);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? NaN; // nearest rank
  return Object.assign(r, { exact: { p50: at(0.5), p99: at(0.99) } });
}

async function scenario(delay: number): Promise<Scenario> {
  const provider = await start('provider', providerScript, [], { ...process.env, BENCH_PROVIDER_DELAY_MS: String(delay) }, /listening (\S+)/);
  const baseUrl = provider.line.split(' ')[1];
  // The machine's floor for a relay: the least a Node process can do for the same call (bench/bare-llm-proxy.ts).
  const bare = await start('bare proxy', bareProxyScript, [baseUrl], process.env, /listening (\S+)/);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-llm-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, FOLIO_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development',
    OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: baseUrl, FOLIO_LLM_DEFAULT_MODEL: 'gpt-4.1',
    FOLIO_RATE_LIMIT_ENTERPRISE: '1000000000', FOLIO_SIGNUP_CREDITS_ENTERPRISE: '1000000000', FOLIO_WORKERS: '0',
    FOLIO_LLM_TIMINGS: 'true', // Server-Timing marks for the breakdown (one header per answer)
    ...nodeSettings(),
    ...(args['with-services'] ? await services() : {}),
  };
  const { stdout: token } = await promisify(execFile)(process.execPath, [folioBin, 'token', '--sub', 'bench', '--email', 'bench@example.com'], { env });
  const probe = await freePort(); // bench/llm-probe.ts in the server: statements, CPU and a profile of a window
  const folio = { child: spawn(process.execPath, [...(args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', String(args['cpu-prof'])] : []), '--import', probeScript, folioBin, 'serve'], { env: { ...env, BENCH_PROBE_PORT: String(probe) }, stdio: ['ignore', 'ignore', 'inherit'] }) };
  children.push(folio.child);
  const api = `http://127.0.0.1:${port}/api/v1`;
  // Folio logs at warn here (its start-up line is info), so wait for it to answer instead.
  for (let waited = 0; !(await fetch(`${api}/health`).then((r) => r.ok, () => false)); waited += 200) {
    if (waited > 180_000 || folio.child.exitCode !== null) throw new Error('folio did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const signup = await fetch(`${api}/signup`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token.trim()}` }, body: JSON.stringify({ org_name: 'Bench', tier: 'enterprise' }) });
  const { secret } = (await signup.json()) as { secret: string };
  const prompt = 'Say hello to the bench.';
  const folioSide: Side = { name: 'via folio', url: `${api}/llm/invoke`, headers: { 'x-api-key': secret }, body: JSON.stringify({ messages: [{ role: 'user', content: prompt }] }), rps: [], p50: [], p99: [], p50Whole: [], p99Whole: [], cpuMsPerCall: [], pid: folio.child.pid };
  // What Folio's OpenAI client sends for that request (Responses API).
  const directSide: Side = { name: 'direct', url: `${baseUrl}/responses`, headers: { authorization: 'Bearer sk-bench' }, body: JSON.stringify({ model: 'gpt-4.1', input: [{ role: 'user', content: [{ type: 'input_text', text: prompt }] }] }), rps: [], p50: [], p99: [], p50Whole: [], p99Whole: [], cpuMsPerCall: [], pid: provider.child.pid };
  const check = await fetch(folioSide.url, { method: 'POST', headers: { 'content-type': 'application/json', ...folioSide.headers }, body: folioSide.body });
  if (check.status !== 200 || check.headers.get('x-llm-model') !== 'gpt-4.1') throw new Error(`folio answered ${check.status}: ${await check.text()}`);
  const bareSide: Side = { ...folioSide, name: 'bare node proxy', url: `${bare.line.split(' ')[1]}/llm/invoke`, headers: {}, rps: [], p50: [], p99: [], p50Whole: [], p99Whole: [], cpuMsPerCall: [], pid: bare.child.pid };
  const sides = [directSide, folioSide, bareSide];
  for (const side of sides) if (opts.warmup > 0) await measure(side, opts.warmup);
  for (let round = 1; round <= opts.rounds; round++) {
    for (const side of round % 2 ? sides : [...sides].reverse()) { // alternating, so no side always follows another
      const cpu0 = cpuMs(side.pid);
      const r = await measure(side, opts.duration);
      const cpu1 = cpuMs(side.pid);
      if (cpu0 !== null && cpu1 !== null) side.cpuMsPerCall.push((cpu1 - cpu0) / r.requests.total);
      side.rps.push(r.requests.average);
      side.p50.push(r.exact.p50);
      side.p99.push(r.exact.p99);
      side.p50Whole.push(r.latency.p50);
      side.p99Whole.push(r.latency.p99);
      console.log(`delay ${delay} ms, round ${round}, ${side.name}: ${Math.round(r.requests.average)} req/s, p50 ${ms2(r.exact.p50)}, p99 ${ms2(r.exact.p99)} (whole-ms histogram: ${r.latency.p50} / ${r.latency.p99} ms)`);
    }
  }
  const breakdown = await sampleBreakdown(folioSide, directSide, Number(args['breakdown-seconds']));
  const pa = await readProbe(probe);
  await startProfile(probe);
  const profiled = await measure(folioSide, Number(args['breakdown-seconds']));
  const profile = await stopProfile(probe);
  const pb = await readProbe(probe);
  if (args['save-profile']) fs.writeFileSync(`${args['save-profile']}-${delay}ms.cpuprofile`, JSON.stringify(profile));
  breakdown.cpuStages = stagesOf(profile, profiled.requests.total);
  // CPU and statements per call at a fixed rate, so that builds compare at the same batching (records per
  // flush, calls per lease grant) whatever throughput the machine's load allows.
  const p0 = await readProbe(probe);
  // (At most 60% of what the connections can carry at this delay, so the rate is reachable.)
  const fixed = await measure(folioSide, Number(args['cpu-seconds']), Math.min(Number(args['cpu-rate']), Math.floor((0.6 * opts.connections * 1000) / Math.max(delay, 1))));
  const p1 = await readProbe(probe);
  const per = perRequest(p0, p1, fixed.requests.total);
  breakdown.journal = { saturated: journalPerCall(pa, pb, profiled.requests.total), fixed: journalPerCall(p0, p1, fixed.requests.total) };
  Object.assign(breakdown, { cpuUs: per.cpuUs, statements: per.statements, statementsBy: per.byBucket, cpuRate: fixed.requests.total / Number(args['cpu-seconds']), fixedRate: { loopMaxMs: p1.loopMs?.max ?? NaN, gcUsPerCall: ((p1.gcMs?.totalMs ?? NaN) * 1000) / fixed.requests.total, gcMaxMs: p1.gcMs?.maxMs ?? NaN, pglite: p1.pgliteBlockedMs?.totalMs ? { usPerCall: (p1.pgliteBlockedMs.totalMs * 1000) / fixed.requests.total, maxMs: p1.pgliteBlockedMs.maxMs } : undefined } });
  breakdown.ttft = await timeToFirstToken(
    { ...folioSide, body: JSON.stringify({ ...JSON.parse(folioSide.body), stream: true }) },
    { ...directSide, body: JSON.stringify({ ...JSON.parse(directSide.body), stream: true }) },
    Number(args['breakdown-seconds']),
  );
  await stop(folio.child);
  await stop(bare.child);
  await stop(provider.child);
  return { delay, direct: directSide, folio: folioSide, bare: bareSide, breakdown };
}

/** Time to the first token of streamed answers (the same load: `opts.connections` loops for `seconds` per side). */
async function timeToFirstToken(folio: Side, direct: Side, seconds: number): Promise<Breakdown['ttft']> {
  const probe = await fetch(folio.url, { method: 'POST', headers: { 'content-type': 'application/json', ...folio.headers }, body: folio.body });
  await probe.arrayBuffer();
  if (probe.status === 422) return undefined; // a Folio without stream: true (comparing against an older build)
  const firsts = { folio: [] as number[], direct: [] as number[] };
  for (const [side, into, marker] of [[direct, firsts.direct, '"response.output_text.delta"'], [folio, firsts.folio, '"content":"']] as const) {
    const until = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: opts.connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(side.url, { method: 'POST', headers: { 'content-type': 'application/json', ...side.headers }, body: side.body });
        if (res.status !== 200) throw new Error(`${side.name} stream answered ${res.status}: ${await res.text()}`);
        let seen = '';
        let first = -1;
        for await (const bytes of res.body!) {
          seen += Buffer.from(bytes).toString('utf8');
          if (first < 0 && seen.includes(marker)) first = performance.now() - t0;
        }
        if (first < 0) throw new Error(`${side.name}: no content event in a streamed answer: ${seen.slice(0, 300)}`);
        into.push(first);
      }
    }));
  }
  return { folioMs: median(firsts.folio), directMs: median(firsts.direct), samples: firsts.folio.length };
}

async function sampleBreakdown(folio: Side, direct: Side, seconds: number): Promise<Breakdown> {
  const steps = new Map<string, number[]>();
  const latencies = { folio: [] as number[], direct: [] as number[] };
  for (const [side, into] of [[direct, latencies.direct], [folio, latencies.folio]] as const) {
    const until = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: opts.connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(side.url, { method: 'POST', headers: { 'content-type': 'application/json', ...side.headers }, body: side.body });
        await res.arrayBuffer();
        into.push(performance.now() - t0);
        if (side !== folio) continue;
        for (const part of (res.headers.get('server-timing') ?? '').split(',')) {
          const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
          if (m) steps.set(m[1], [...(steps.get(m[1]) ?? []), Number(m[2])]);
        }
      }
    }));
  }
  return { samples: latencies.folio.length, steps: Object.fromEntries([...steps].map(([k, v]) => [k, median(v)])), folioMs: median(latencies.folio), directMs: median(latencies.direct) };
}

async function main() {
  console.log(`llm-invoke bench: node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}, ${args['with-services'] ? 'PostgreSQL + Redis' : 'embedded PGlite'}, ${opts.connections} connections, ${opts.rounds} rounds x ${opts.duration}s per side, provider delays ${delays.join(', ')} ms`);
  const results: Scenario[] = [];
  for (const delay of delays) results.push(await scenario(delay));
  const summary = summarize(results, args['with-services'] ? 'postgres' : 'pglite');
  printResults(results);
  reportTargets(summary);
  if (args['results-dir']) {
    const out = path.join(String(args['results-dir']), 'llm-invoke.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(summary, null, 2));
    console.log(`results written to ${out}`);
  }
}

try {
  await main();
} catch (err) {
  console.error(`llm-invoke bench failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  await Promise.all(children.map(stop));
  for (const c of cleanups) await c();
}
