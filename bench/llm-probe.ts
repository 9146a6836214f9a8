// Preloaded (`node --import`) into the Folio server by bench/llm-invoke.bench.ts: counts the database
// statements the process sends (pg clients and PGlite), by what they touch, and answers its counters
// and process.cpuUsage() as JSON on 127.0.0.1:BENCH_PROBE_PORT, so the bench can print statements
// and CPU time per request, figures that do not depend on the machine's load. Never part of Folio itself.
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import pg from 'pg';

const counts: Record<string, number> = {};
/** PGlite: the longest a statement of each bucket took, from the call to its answer, since the last reading. */
let slowest: Record<string, number> = {};
/** PGlite: time its statements held the thread, in total and the longest one, since the last reading. */
let blocked = { totalMs: 0, maxMs: 0 };
/** Garbage-collection pauses since the last reading: total and longest, in ms. */
let gc = { totalMs: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) { gc.totalMs += e.duration; if (e.duration > gc.maxMs) gc.maxMs = e.duration; }
}).observe({ entryTypes: ['gc'] });
/** The usage outbox's journal (src/llm/usage-outbox.ts): writes and the records they carried, since start. */
const journal = { writes: 0, records: 0 };
const writeSync = fs.writeSync;
fs.writeSync = function (this: unknown, ...a: Parameters<typeof fs.writeSync>) {
  if (typeof a[1] === 'string' && a[1].startsWith('{"usage_id"')) { journal.writes++; journal.records += a[1].split('\n').length - 1; }
  return (writeSync as (...x: unknown[]) => number).apply(this, a);
} as typeof fs.writeSync;
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

/** The bucket of one SQL text: the first table it names that says which stage it belongs to. */
function bucket(text: string): string {
  const t = text.slice(0, 600).toLowerCase().trimStart();
  if (/^(begin|commit|rollback|savepoint|release)/.test(t)) return 'transaction control';
  if (t.includes('pgboss') || t.includes('job')) return 'job queue';
  if (t.includes('api_keys') || t.includes('organizations')) return 'auth';
  if (t.includes('credit_leases')) return 'credit leases';
  if (t.includes('llm_usage')) return 'usage records';
  if (t.includes('credit_accounts') || t.includes('credit_ledger')) return 'credits';
  if (t.includes('llm_budget')) return 'budget';
  return 'other';
}

function count(sql: unknown): void {
  const text = typeof sql === 'string' ? sql : typeof (sql as { text?: unknown })?.text === 'string' ? (sql as { text: string }).text : '';
  const b = bucket(text);
  counts[b] = (counts[b] ?? 0) + 1;
}

const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  count(args[0]);
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pgQuery;

// PGlite is loaded only when the embedded database is used; patch it when present.
try {
  const { PGlite } = await import('@electric-sql/pglite');
  for (const name of ['query', 'exec'] as const) {
    const proto = PGlite.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
    const orig = proto[name];
    proto[name] = function (this: unknown, ...args: unknown[]) {
      count(args[0]);
      const t0 = performance.now();
      const p = orig.apply(this, args) as Promise<unknown>;
      const b = bucket(typeof args[0] === 'string' ? args[0] : '');
      p.then(() => { const ms = performance.now() - t0; if (ms > (slowest[b] ?? 0)) slowest[b] = ms; }, () => {});
      return p;
    };
  }
  // The synchronous part of every statement (PGlite runs it on this thread, blocking the event loop).
  const proto = PGlite.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const sync = proto.execProtocolRawSync;
  if (sync) {
    proto.execProtocolRawSync = function (this: unknown, ...args: unknown[]) {
      const t0 = performance.now();
      try { return sync.apply(this, args); } finally {
        const ms = performance.now() - t0;
        blocked.totalMs += ms;
        if (ms > blocked.maxMs) blocked.maxMs = ms;
      }
    };
  }
} catch { /* not installed */ }

// A CPU profile of a window of the load (GET /profile/start, then /profile/stop answers it).
const session = new Session();
session.connect();

const port = Number(process.env.BENCH_PROBE_PORT);
if (port) {
  http.createServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/profile/start') {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
      res.end('{}');
      return;
    }
    if (req.url === '/profile/stop') {
      const { profile } = await session.post('Profiler.stop');
      res.end(JSON.stringify(profile));
      return;
    }
    const cpu = process.cpuUsage();
    const loopMs = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    res.end(JSON.stringify({ statements: { ...counts }, cpuUs: cpu.user + cpu.system, loopMs, slowestMs: slowest, pgliteBlockedMs: blocked, gcMs: gc, journal }));
    loop.reset();
    slowest = {};
    blocked = { totalMs: 0, maxMs: 0 };
    gc = { totalMs: 0, maxMs: 0 };
  }).listen(port, '127.0.0.1').unref();
}
