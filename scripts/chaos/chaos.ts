// `npm run chaos` (about 10 minutes) and `npm run chaos -- --short` / CHAOS_SHORT=1 (about 2 minutes of
// faults, for CI): a private cluster (PostgreSQL, Redis, s3rver, two `folio serve`, two `folio worker`)
// under generate/export load with webhook deliveries, faults injected one at a time and then
// overlapping, then the invariants of scripts/chaos/invariants.ts. Prints a table; exits 1 on any
// violation or 500. See docs/architecture/outages.md ("The cluster chaos test").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLocalIssuer } from '../../src/identity/local-issuer.ts';
import { alive, processesUsing, sofficeDescendants, startFolio, waitReady, type FolioProcess } from './cluster.ts';
import { checkInvariants, drain } from './invariants.ts';
import { newLoadState, runLoad, type Org } from './load.ts';
import { startPostgres, startReceiver, startRedis, startS3 } from './services.ts';
import { printReport, type FaultRecord } from './report.ts';

const short = process.argv.includes('--short') || process.env.CHAOS_SHORT === '1';
const keep = process.argv.includes('--keep');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(0);
const say = (m: string) => process.stdout.write(`[chaos ${secs().padStart(4)}s] ${m}\n`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-chaos-'));
fs.chmodSync(work, 0o755);
const logDir = path.join(work, 'logs');
fs.mkdirSync(logDir);
const cleanups: (() => Promise<unknown>)[] = [];
/** Stops everything this run started; the work dir (logs) is kept with --keep or after a failed run. */
async function cleanup(failed = false): Promise<void> {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  // Anything still running from this run's directory (LibreOffice left by a killed process).
  for (const pid of processesUsing(work)) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
  if (!keep && !failed) fs.rmSync(work, { recursive: true, force: true });
  else process.stdout.write(`logs kept in ${logDir}\n`);
}
process.on('SIGINT', () => { void cleanup().then(() => process.exit(130)); });

async function main(): Promise<number> {
  say(`${short ? 'short' : 'long'} run in ${work}`);
  const postgres = await startPostgres(path.join(work, 'pg'));
  cleanups.push(() => postgres.stop());
  const redis = await startRedis(path.join(work, 'redis'));
  cleanups.push(() => redis.stop());
  const s3 = await startS3(path.join(work, 's3'));
  cleanups.push(() => s3.close());
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  say(`PostgreSQL ${postgres.url}, Redis ${redis.url}, S3 ${s3.env.FOLIO_S3_ENDPOINT}, receiver ${receiver.url}`);

  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const issuer = await openLocalIssuer(dataDir); // before the servers: they all read this data dir's keys
  const env: Record<string, string> = {
    LOG_LEVEL: 'info',
    DATABASE_URL: postgres.url, REDIS_URL: redis.url, FOLIO_REDIS_PREFIX: 'chaos:', FOLIO_DATA_DIR: dataDir, ...s3.env,
    FOLIO_MIGRATE_ON_START: 'false', FOLIO_ALLOW_PRIVATE_URLS: 'true',
    // Limits out of the way (signup on a development server gives the pro tier): the run is about faults.
    ...Object.fromEntries(['FREE', 'PRO', 'ENTERPRISE'].flatMap((t) => [[`FOLIO_RATE_LIMIT_${t}`, '100000'], [`FOLIO_SIGNUP_CREDITS_${t}`, '100000000'], [`FOLIO_CONCURRENT_RUNS_${t}`, '100']])),
    // Retries that outlast the 30 s receiver outage within the run; a dead worker's task is retried after 10 s.
    FOLIO_WEBHOOK_RETRY_DELAYS_MS: '1000,2000,4000,8000,8000,8000,8000,8000,8000,8000,8000,8000', FOLIO_WEBHOOK_TIMEOUT_MS: '5000',
    FOLIO_TASK_HEARTBEAT_SECONDS: '10', FOLIO_EXPORT_POOL_SIZE: '1', FOLIO_SHUTDOWN_GRACE_SECONDS: '5',
  };
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../bin/folio.js'), 'migrate'], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
  const apiEnv = { ...env, FOLIO_WORKERS: '0', FOLIO_EXPORT_POOL_START: 'boot' };
  const apis: FolioProcess[] = [];
  for (const n of [1, 2]) apis.push(await startFolio(`api-${n}`, 'api', apiEnv, logDir));
  const workers = await Promise.all([1, 2].map((n) => startFolio(`worker-${n}`, 'worker', { ...env, FOLIO_WORKERS: '2' }, logDir)));
  const all = [...apis, ...workers];
  cleanups.push(() => Promise.all(all.map((p) => p.stop())));
  say(`up: ${all.map((p) => `${p.name} pid ${p.pid()}`).join(', ')}`);

  const orgs: Org[] = [];
  for (const n of [1, 2]) {
    const token = await issuer.mint({ sub: `chaos-${n}`, email: `chaos-${n}@example.com`, ttlSeconds: 3600 });
    const res = await fetch(`${apis[0].url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: `Chaos ${n}` }) });
    if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
    const org = await res.json() as { org_id: string; secret: string };
    const sub = await fetch(`${apis[0].url}/api/v1/webhooks`, { method: 'POST', headers: { 'x-api-key': org.secret, 'content-type': 'application/json' }, body: JSON.stringify({ url: `${receiver.url}/subscription/${org.org_id}`, events: ['run.completed', 'run.failed'] }) });
    if (sub.status !== 201) throw new Error(`subscribe: ${sub.status} ${await sub.text()}`);
    orgs.push({ orgId: org.org_id, secret: org.secret });
  }

  const state = newLoadState();
  const stop = new AbortController();
  const load = runLoad(state, apis, orgs, receiver.url, short ? 4 : 6, stop.signal);
  const faults: FaultRecord[] = [];
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

  const inject: Record<string, () => Promise<string>> = {
    'kill -9 API': async () => {
      const p = pick(apis.filter((a) => a.pid()));
      const pid = p.pid()!;
      const office = sofficeDescendants(pid);
      p.kill9();
      await waitReady(p);
      // LibreOffice should end with the process that started it (the UNO bridge watches its parent): count
      // and end whatever outlived it anyway.
      const outlived = office.filter(alive);
      for (const o of outlived) process.kill(o, 'SIGKILL');
      return `${p.name} pid ${pid}, back after restart${outlived.length ? `; ${outlived.length} of its LibreOffice processes outlived it (killed)` : ''}`;
    },
    'kill -9 worker': async () => { const p = pick(workers.filter((a) => a.pid())); const pid = p.pid(); p.kill9(); await waitReady(p); return `${p.name} pid ${pid}, back after restart`; },
    'kill -9 soffice': async () => {
      // A worker's LibreOffice if it has one; exports convert in the API processes, so usually theirs.
      for (let i = 0; i < 20; i++) {
        for (const p of [...workers, ...apis]) {
          const pid = p.pid();
          const found = pid ? sofficeDescendants(pid) : [];
          if (found.length) { for (const s of found) process.kill(s, 'SIGKILL'); return `soffice pid ${found.join(',')} under ${p.name}`; }
        }
        await sleep(500);
      }
      return 'skipped: no LibreOffice process found';
    },
    'PostgreSQL restart': async () => { const s = Date.now(); await postgres.restart(); return `pg_ctl restart -m fast, ${((Date.now() - s) / 1000).toFixed(1)} s`; },
    'Redis restart': async () => { await redis.restart(); return 'SIGTERM, started again empty'; },
    'S3 503 for 10 s': async () => { s3.failing = true; await sleep(10_000); s3.failing = false; return 'every S3 request answered 503'; },
    'webhook receiver down 30 s': async () => { await receiver.down(30_000); return 'connections refused'; },
  };
  const run = async (names: string[]) => {
    const at = Number(secs());
    const started = Date.now();
    const notes = await Promise.all(names.map(async (n) => {
      try { return await inject[n](); } catch (err) { return `FAILED: ${(err as Error).message}`; }
    }));
    names.forEach((n, i) => faults.push({ fault: n, at, seconds: Math.round((Date.now() - started) / 1000), note: notes[i], overlapping: names.length > 1 }));
    say(`${names.join(' + ')}: ${notes.join('; ')}`);
  };

  const gap = short ? 5_000 : 25_000;
  await sleep(short ? 8_000 : 30_000);
  for (const name of Object.keys(inject)) {
    await run([name]);
    await sleep(gap);
  }
  const overlapRounds = short ? 1 : 3;
  for (let i = 0; i < overlapRounds; i++) {
    await run(['kill -9 worker', 'PostgreSQL restart', 'S3 503 for 10 s', 'kill -9 soffice']);
    await sleep(gap);
    await run(['webhook receiver down 30 s', 'kill -9 API', 'Redis restart', 'kill -9 worker']);
    await sleep(gap);
  }
  stop.abort();
  await load;
  say(`load stopped: ${state.outcomes.length} requests, ${state.accepted.size} tasks accepted; draining`);
  await Promise.all(all.map((p) => waitReady(p)));
  const drained = await drain(postgres.url, 240_000);
  if (!drained) say('the cluster did not drain within 240 s');
  const violations = await checkInvariants(postgres.url, state, receiver.received, s3.keys(), receiver.url)
    .catch((err: Error) => [`the invariants could not be checked: ${err.message}`]);
  if (!drained) violations.unshift('tasks or deliveries still pending 240 s after the load stopped');
  printReport({ short, seconds: Number(secs()), faults, state, violations, received: receiver.received.length, restarts: all.map((p) => `${p.name} ${p.restarts}`).join(', ') });
  return violations.length ? 1 : 0;
}

main().then(async (code) => { await cleanup(code !== 0); process.exit(code); }, async (err) => {
  process.stderr.write(`chaos run failed: ${(err as Error).stack}\n`);
  await cleanup(true);
  process.exit(2);
});
