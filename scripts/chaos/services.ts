// The chaos run's own backing services: a private PostgreSQL (initdb into a temp dir, restarted with
// pg_ctl), a private redis-server, s3rver behind a front that can be switched to answer 503, and a
// webhook receiver that can be taken down. Never the shared 127.0.0.1:5432 / 6379 servers.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import S3rver from 's3rver';
import { forward } from '../../test/helpers/http-forward.ts';

/** A port below Linux's ephemeral range, free when checked (see test/helpers/processes.ts). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const ok = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) return port;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pgBin(name: string): string {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const p = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (fs.existsSync(p)) return p;
  }
  throw new Error(`no ${name} under /usr/lib/postgresql/*/bin`);
}

export interface PrivatePostgres { url: string; port: number; restart(): Promise<void>; stop(): Promise<void> }

/** initdb + pg_ctl start as the `postgres` OS user when running as root (PostgreSQL refuses root). */
export async function startPostgres(dir: string): Promise<PrivatePostgres> {
  const port = await freePort();
  const data = path.join(dir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (bin: string, args: string[]) => {
    const cmd = asRoot ? ['runuser', ['-u', 'postgres', '--', pgBin(bin), ...args]] as const : [pgBin(bin), args] as const;
    return execFileSync(cmd[0], [...cmd[1]], { stdio: 'pipe', cwd: dir });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const log = path.join(dir, 'postgres.log');
  run('pg_ctl', ['-D', data, '-o', opts, '-l', log, '-w', '-t', '120', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    // -m fast: disconnects every client and aborts their transactions, as an operator's restart does.
    async restart() { run('pg_ctl', ['-D', data, '-o', opts, '-l', log, '-m', 'fast', '-w', '-t', '120', 'restart']); },
    async stop() { try { run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']); } catch { /* already down */ } },
  };
}

export interface PrivateRedis { url: string; restart(): Promise<void>; stop(): Promise<void> }

export async function startRedis(dir: string): Promise<PrivateRedis> {
  const port = await freePort();
  fs.mkdirSync(dir, { recursive: true });
  let child: ChildProcess;
  const up = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => { s.end(); resolve(true); });
        s.on('error', () => resolve(false));
      })) return;
      await sleep(100);
    }
    throw new Error('private redis-server did not start');
  };
  const down = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  await up();
  return {
    url: `redis://127.0.0.1:${port}`,
    // A restart loses every key (no persistence): counters and the key-cache epoch start again from 0.
    async restart() { await down(); await up(); },
    stop: down,
  };
}

export interface ChaosS3 {
  env: Record<string, string>;
  /** Every object key in the bucket (read directly, not through the failing front). */
  keys(): string[];
  /** While true, the front answers every request 503 SlowDown/ServiceUnavailable. */
  failing: boolean;
  close(): Promise<void>;
}

export async function startS3(dir: string, bucket = 'folio-chaos'): Promise<ChaosS3> {
  fs.mkdirSync(dir, { recursive: true });
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port: upstreamPort } = await s3rver.run();
  const state: { failing: boolean } = { failing: false };
  const front = http.createServer((req, res) => {
    if (state.failing) {
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>ServiceUnavailable</Code><Message>Chaos: the store is unavailable.</Message></Error>');
      return;
    }
    forward(req, res, upstreamPort);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
  return {
    env: {
      FOLIO_S3_BUCKET: bucket, FOLIO_S3_ENDPOINT: `http://127.0.0.1:${port}`, FOLIO_S3_REGION: 'us-east-1',
      FOLIO_S3_ACCESS_KEY_ID: 'S3RVER', FOLIO_S3_SECRET_ACCESS_KEY: 'S3RVER', FOLIO_S3_FORCE_PATH_STYLE: 'true',
    },
    // Read from s3rver's directory (an object is its `<key>._S3rver_object` file): s3rver's own listing
    // answered InternalError over a few thousand objects in a long run.
    keys() {
      const root = path.join(dir, bucket);
      const suffix = '._S3rver_object';
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((f) => f.endsWith(suffix))
        .map((f) => f.slice(0, -suffix.length).split(path.sep).join('/'));
    },
    get failing() { return state.failing; },
    set failing(v: boolean) { state.failing = v; },
    async close() {
      front.closeAllConnections();
      await new Promise((r) => front.close(r));
      await s3rver.close();
    },
  };
}

export interface Received { path: string; event: string; webhookId: string; taskId: string; at: number }

export interface ChaosReceiver {
  url: string;
  received: Received[];
  /** Refuses connections for `ms` (the listening socket is closed), then listens again on the same port. */
  down(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<ChaosReceiver> {
  const received: Received[] = [];
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: any = {};
      try { body = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { /* not JSON */ }
      received.push({ path: req.url ?? '', event: String(req.headers['x-service-event'] ?? ''), webhookId: String(req.headers['webhook-id'] ?? ''), taskId: body.task_id ?? '', at: Date.now() });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  const listen = () => new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', () => { server.off('error', reject); resolve(); }); });
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async down(ms) {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await sleep(ms);
      for (let i = 0; ; i++) {
        try { await listen(); return; } catch (err) { if (i > 50) throw err; await sleep(100); }
      }
    },
    close: async () => { server.closeAllConnections(); await new Promise((r) => server.close(r)); },
  };
}
