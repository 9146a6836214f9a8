// End-to-end task throughput of the generation engine: enqueue (the real generate use case: run, task,
// credit reservation and job in one transaction), claim (pg-boss + the per-organization slot gate),
// a no-op agent, finalize (task, run, credits, event, notifications in one transaction). On PGlite and
// on PostgreSQL, with 1, 2 and 4 in-process workers; prints tasks/s, the scaling ratio against one
// worker measured in the same run, and the latency from enqueue to handler start (p50, p95), idle
// (one task at a time) and under the burst. Target: idle p50 under 100 ms on both backends.
//
//   node bench/tasks.bench.ts [--tasks 300] [--latency-samples 40] [--enqueuers 8] [--skip-postgres]
//
// PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a scratch database
// is created per configuration and dropped afterwards. Skipped with a note when unreachable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import type { AgentRunner } from '../src/runs/agents.ts';
import { CHANNELS } from '../src/jobs/notifications.ts';
import { reportTarget } from './summary.ts';

const { values: args } = parseArgs({
  strict: false,
  options: {
    tasks: { type: 'string', default: '300' },
    'latency-samples': { type: 'string', default: '40' },
    enqueuers: { type: 'string', default: '8' },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const TASKS = Number(args.tasks);
const SAMPLES = Number(args['latency-samples']);
const ENQUEUERS = Number(args.enqueuers);
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const WORKERS = [1, 2, 4];
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

interface Result { backend: string; workers: number; tasksPerSecond: number; idle: number[]; loaded: number[] }

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };

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

async function measure(backend: 'pglite' | 'postgres', workers: number): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const scratch = backend === 'postgres' ? await scratchDatabase() : null;
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', FOLIO_WORKERS: String(workers),
    FOLIO_CONCURRENT_RUNS_ENTERPRISE: '100000', FOLIO_SIGNUP_CREDITS_ENTERPRISE: '1000000000', FOLIO_MIN_BALANCE_WORD: '1',
    FOLIO_RUNS_SWEEP_INTERVAL_MS: '0', FOLIO_SHUTDOWN_GRACE_SECONDS: '1',
    ...(scratch ? { DATABASE_URL: scratch.url, FOLIO_DATABASE_POOL_SIZE: '20' } : {}),
  });
  const started = new Map<string, number>();
  const noop: AgentRunner = {
    name: 'noop',
    async run(input) {
      started.set(input.task.task_id, performance.now());
      return { artifact: null, summary: '', credits: 0 };
    },
  };
  const database = await openDatabase(config, { memory: true });
  const ctx: AppContext = await createContext(config, log, { database, migrate: true, queue: true, agents: { word: noop } });
  try {
    await ctx.jobs.workers.start(workers);
    const user = await ctx.users.upsert({ issuer: 'bench', subject: 'bench', email: null, name: null } as any);
    const signup = await ctx.signup.signup(user.user_id, { org_name: 'Bench', tier: 'enterprise', key_name: 'bench' });
    const key = await ctx.apiKeys.authenticate(signup.secret);
    let done = 0;
    const waiters: (() => void)[] = [];
    ctx.jobs.notifications.on(CHANNELS.taskDone, () => { done++; for (const w of waiters.splice(0)) w(); });
    const until = async (n: number) => { while (done < n) await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 200); }); };
    const enqueue = async () => {
      const t0 = performance.now();
      const { task } = await ctx.runs.generate.generate(key, 'word', { prompt: 'noop', async: true });
      return { id: task.task_id, t0 };
    };

    // Warm-up, then idle latency: one task at a time.
    for (let i = 0; i < 5; i++) { await enqueue(); await until(i + 1); }
    const idle: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const before = done;
      const { id, t0 } = await enqueue();
      await until(before + 1);
      idle.push(started.get(id)! - t0);
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 20));
    }

    // Throughput: a burst of TASKS from ENQUEUERS concurrent callers, until the last one is finalized.
    const base = done;
    const enqueued: { id: string; t0: number }[] = [];
    const t0 = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: ENQUEUERS }, async () => { while (next++ < TASKS) enqueued.push(await enqueue()); }));
    await until(base + TASKS);
    const seconds = (performance.now() - t0) / 1000;
    return { backend, workers, tasksPerSecond: TASKS / seconds, idle, loaded: enqueued.map((e) => started.get(e.id)! - e.t0) };
  } finally {
    await ctx.close();
    await database.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const backends: ('pglite' | 'postgres')[] = ['pglite'];
if (!args['skip-postgres']) {
  if (await postgresReachable()) backends.push('postgres');
  else console.log(`PostgreSQL at ${PG_URL.replace(/:[^:@/]*@/, ':***@')} is not reachable: measuring PGlite only.`);
}
console.log(`${TASKS} tasks per burst from ${ENQUEUERS} concurrent enqueuers, ${SAMPLES} idle latency samples; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`);
const results: Result[] = [];
for (const backend of backends) {
  for (const workers of WORKERS) {
    const r = await measure(backend, workers);
    results.push(r);
    const one = results.find((x) => x.backend === backend && x.workers === 1)!;
    console.log(
      `${backend.padEnd(8)} workers=${workers}  ${r.tasksPerSecond.toFixed(0).padStart(5)} tasks/s  x${(r.tasksPerSecond / one.tasksPerSecond).toFixed(2)} vs 1 worker  ` +
      `enqueue->start idle p50 ${pct(r.idle, 50).toFixed(1)} ms p95 ${pct(r.idle, 95).toFixed(1)} ms | under burst p50 ${pct(r.loaded, 50).toFixed(0)} ms p95 ${pct(r.loaded, 95).toFixed(0)} ms`,
    );
  }
}
const misses = results.filter((r) => pct(r.idle, 50) >= 100);
const worstIdle = Math.max(...results.map((r) => pct(r.idle, 50)));
reportTarget({ target: 'enqueue-to-start p50 < 100 ms (idle, worst configuration)', measured: `${worstIdle.toFixed(1)} ms`, met: misses.length === 0 });
console.log(misses.length ? `MISSED the 100 ms idle p50 target: ${misses.map((r) => `${r.backend}/${r.workers}`).join(', ')}` : 'idle enqueue->start p50 < 100 ms on every configuration: target met');
process.exit(0);
