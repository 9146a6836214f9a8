// Webhook delivery latency: from a task's terminal transition (the event's occurred_at_ms, taken as
// the terminal transaction starts) to the first delivery attempt arriving at a receiver on loopback.
// The real engine end to end: generate use case, pg-boss, a no-op agent, the finalizer's transaction
// that writes the event and enqueues the delivery job, the delivery worker, signing, HTTP. On PGlite
// and on PostgreSQL; `steady` paces tasks (default 20/s), `burst` sends them as fast as 8 callers can.
// Baseline, measured in the same run and under the same load: the engine's own job pickup, from a
// task's enqueue to its agent starting (the same queue mechanics a delivery job goes through), plus
// a bare signed POST from this process to the receiver for scale. Target: p95 under 1 s.
//
//   node bench/webhook-latency.bench.ts [--tasks 200] [--rate 20] [--modes steady,burst] [--skip-postgres]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { OutboundGuard } from '../src/net/outbound.ts';
import type { AgentRunner } from '../src/runs/agents.ts';
import { WebhookSender } from '../src/webhooks/webhook-sender.ts';
import { reportTarget } from './summary.ts';

const { values: args } = parseArgs({
  strict: false,
  options: { tasks: { type: 'string', default: '200' }, rate: { type: 'string', default: '20' }, modes: { type: 'string', default: 'steady,burst' }, 'skip-postgres': { type: 'boolean', default: false } },
});
const TASKS = Number(args.tasks);
const RATE = Number(args.rate);
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A receiver that notes when each task's first delivery arrived, against the event's occurred_at_ms. */
async function receiver() {
  const latency = new Map<string, number>();
  let onArrival = () => {};
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
      if (body.task_id && !latency.has(body.task_id)) latency.set(body.task_id, now - body.occurred_at_ms);
      res.end('ok');
      onArrival();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    latency,
    until: async (n: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (latency.size < n && Date.now() < deadline) await new Promise<void>((r) => { onArrival = r; setTimeout(r, 100); });
      if (latency.size < n) throw new Error(`only ${latency.size} of ${n} deliveries arrived`);
    },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try { await c.connect(); await c.end(); return true; } catch { return false; }
}

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `folio_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => { const c = new pg.Client({ connectionString: PG_URL }); await c.connect(); await c.query(`drop database if exists ${name} with (force)`); await c.end(); },
  };
}

/** The baseline: signed POSTs of a run.completed-sized body straight to the receiver, one at a time. */
async function bareSend(url: string, n: number): Promise<number[]> {
  const sender = new WebhookSender(new OutboundGuard({ allowPrivate: true }), 15_000);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = Date.now();
    const body = JSON.stringify({ event: 'run.completed', task_id: `bare_${i}`, occurred_at_ms: t0, summary: 'x'.repeat(200) });
    await sender.send(`${url}/bare`, 'whsec_bench', 'run.completed', body, `dlv_bench_${i}`);
    out.push(Date.now() - t0);
  }
  return out;
}

async function measure(backend: 'pglite' | 'postgres', mode: 'steady' | 'burst') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const scratch = backend === 'postgres' ? await scratchDatabase() : null;
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', FOLIO_WORKERS: '4', FOLIO_ALLOW_PRIVATE_URLS: 'true',
    FOLIO_CONCURRENT_RUNS_ENTERPRISE: '100000', FOLIO_SIGNUP_CREDITS_ENTERPRISE: '1000000000', FOLIO_MIN_BALANCE_WORD: '1',
    FOLIO_RUNS_SWEEP_INTERVAL_MS: '0', FOLIO_SHUTDOWN_GRACE_SECONDS: '1',
    ...(scratch ? { DATABASE_URL: scratch.url, FOLIO_DATABASE_POOL_SIZE: '20' } : {}),
  });
  const enqueuedAt = new Map<string, number>();
  const pickup: number[] = [];
  const noop: AgentRunner = {
    name: 'noop',
    run: async (input) => {
      const t0 = enqueuedAt.get(input.task.task_id);
      if (t0 !== undefined) pickup.push(Date.now() - t0);
      return { artifact: null, summary: 'done', credits: 0 };
    },
  };
  const r = await receiver();
  const database = await openDatabase(config, { memory: true });
  const ctx = await createContext(config, log, { database, migrate: true, queue: true, agents: { word: noop } });
  try {
    await ctx.jobs.workers.start(4);
    const user = await ctx.users.upsert({ issuer: 'bench', subject: 'bench', email: null, name: null } as any);
    const signup = await ctx.signup.signup(user.user_id, { org_name: 'Bench', tier: 'enterprise', key_name: 'bench' });
    const key = await ctx.apiKeys.authenticate(signup.secret);
    await ctx.webhooks.service.create(key.org_id, { url: `${r.url}/hook`, events: ['run.completed'] });
    let measuring = false;
    const enqueue = async () => {
      const t0 = Date.now();
      const { task } = await ctx.runs.generate.generate(key, 'word', { prompt: 'noop', async: true });
      // The task may start before generate returns; its start is matched against the call's start.
      if (measuring) enqueuedAt.set(task.task_id, t0);
    };
    for (let i = 0; i < 5; i++) await enqueue(); // warm-up
    await r.until(5, 30_000);
    r.latency.clear();
    measuring = true;
    const started = Date.now();
    if (mode === 'steady') {
      for (let i = 0; i < TASKS; i++) {
        await enqueue();
        await sleep(Math.max(0, started + ((i + 1) * 1000) / RATE - Date.now()));
      }
    } else {
      let next = 0;
      await Promise.all(Array.from({ length: 8 }, async () => { while (next++ < TASKS) await enqueue(); }));
    }
    await r.until(TASKS, 120_000);
    return { delivery: [...r.latency.values()], pickup };
  } finally {
    await ctx.close();
    await database.close();
    await r.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const backends: ('pglite' | 'postgres')[] = ['pglite'];
if (!args['skip-postgres']) {
  if (await postgresReachable()) backends.push('postgres');
  else console.log(`PostgreSQL at ${PG_URL.replace(/:[^:@/]*@/, ':***@')} is not reachable: measuring PGlite only.`);
}
const base = await receiver();
const bare = await bareSend(base.url, 200);
await base.close();
const bareP50 = Math.max(1, pct(bare, 50));
console.log(`${TASKS} tasks per configuration (steady: ${RATE} tasks/s; burst: 8 concurrent callers), 4 workers; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`);
console.log(`baseline: bare signed POST to the receiver  p50 ${pct(bare, 50)} ms  p95 ${pct(bare, 95)} ms`);
const misses: string[] = [];
for (const backend of backends) {
  for (const mode of String(args.modes).split(',') as ('steady' | 'burst')[]) {
    const { delivery: xs, pickup } = await measure(backend, mode);
    const p50 = pct(xs, 50);
    const p95 = pct(xs, 95);
    if (p95 >= 1000) misses.push(`${backend}/${mode}`);
    if (mode === 'burst') reportTarget({ target: `webhook delivery under a burst, ${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}: p95 < 1 s`, measured: `p95 ${p95} ms`, met: p95 < 1000 });
    const ratio = (a: number, b: number) => `x${(a / Math.max(1, b)).toFixed(2)}`;
    console.log(
      `${backend.padEnd(8)} ${mode.padEnd(6)}  terminal -> first attempt  p50 ${String(p50).padStart(5)} ms  p95 ${String(p95).padStart(5)} ms  max ${String(Math.max(...xs)).padStart(5)} ms` +
      `  | task pickup (baseline) p50 ${String(pct(pickup, 50)).padStart(5)} ms  p95 ${String(pct(pickup, 95)).padStart(5)} ms  | ratio p50 ${ratio(p50, pct(pickup, 50))}  p95 ${ratio(p95, pct(pickup, 95))}  | p50 ${ratio(p50, bareP50)} the bare POST`,
    );
  }
}
console.log(misses.length ? `MISSED the p95 < 1 s target: ${misses.join(', ')}` : 'p95 < 1 s on every configuration: target met');
process.exit(0);
