// The chaos run's Folio processes: `folio serve` and `folio worker` children on private ports, each
// supervised like a container under an orchestrator (restarted a second after it dies), plus the
// LibreOffice processes below them, found by walking parent PIDs in /proc (never by name).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './services.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'folio.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface FolioProcess {
  name: string;
  kind: 'api' | 'worker';
  url: string | null;
  pid(): number | null;
  restarts: number;
  /** Resolves once the current incarnation has logged that it is ready. */
  ready(): Promise<void>;
  kill9(): boolean;
  stop(): Promise<void>;
}

export function startFolio(name: string, kind: 'api' | 'worker', env: Record<string, string>, logDir: string): Promise<FolioProcess> {
  return (async () => {
    const port = kind === 'api' ? await freePort() : null;
    const log = fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
    const marker = kind === 'api' ? 'Folio listening' : 'Folio worker running';
    let child: ChildProcess;
    let readyPromise: Promise<void>;
    let stopping = false;
    let renewed = false;
    const proc: FolioProcess = {
      name, kind, restarts: 0,
      url: port ? `http://127.0.0.1:${port}` : null,
      pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid ?? null : null),
      ready: () => readyPromise,
      kill9: () => {
        if (!proc.pid()) return false;
        if (!renewed) { renewed = true; pending(); } // waiters from now on wait for the next incarnation
        return child.kill('SIGKILL');
      },
      stop: async () => {
        stopping = true;
        if (!proc.pid()) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(force);
        log.end();
      },
    };
    // `readyPromise` always stands for the next incarnation: when a process dies it is replaced at once by
    // a promise that the restarted one settles, so a waiter never sees the dead incarnation as ready.
    let settle: { resolve: () => void; reject: (e: Error) => void };
    const pending = () => {
      readyPromise = new Promise<void>((resolve, reject) => { settle = { resolve, reject }; });
      readyPromise.catch(() => {});
    };
    pending();
    const launch = () => {
      const args = kind === 'api' ? [BIN, 'serve'] : [BIN, 'worker'];
      child = spawn(process.execPath, args, {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      log.write(`\n=== ${new Date().toISOString()} start pid ${child.pid}\n`);
      const mine = settle;
      let seen = '';
      let ready = false;
      const onData = (d: Buffer) => {
        log.write(d);
        if (!ready && (seen += d.toString()).includes(marker)) { ready = true; seen = ''; mine.resolve(); }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code, signal) => {
        log.write(`\n=== ${new Date().toISOString()} exit ${code ?? signal}\n`);
        if (stopping) return mine.reject(new Error(`${name} stopped`));
        proc.restarts++;
        if (ready && !renewed) pending(); // otherwise the next incarnation settles the pending promise
        renewed = false;
        setTimeout(() => { if (!stopping) launch(); }, 1000);
      });
    };
    launch();
    await withTimeout(proc.ready(), 180_000, `${name} did not start`);
    return proc;
  })();
}

export async function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for a supervised process to be up again after a kill (its next incarnation logs ready). */
export async function waitReady(p: FolioProcess, ms = 180_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try { await withTimeout(p.ready(), Math.max(1, deadline - Date.now()), `${p.name} not ready`); return; } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(500);
    }
  }
}

/** Parent PID of every process, from /proc/<pid>/stat. */
function parents(): Map<number, { ppid: number; comm: string }> {
  const out = new Map<number, { ppid: number; comm: string }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      out.set(Number(entry), { ppid, comm });
    } catch { /* exited meanwhile */ }
  }
  return out;
}

/** LibreOffice processes (oosplash, soffice, soffice.bin) descended from `rootPid`. */
export function sofficeDescendants(rootPid: number): number[] {
  const table = parents();
  const found: number[] = [];
  for (const [pid, { comm }] of table) {
    if (!/^(soffice|oosplash)/.test(comm)) continue;
    for (let p = table.get(pid)?.ppid, hops = 0; p && hops < 10; p = table.get(p)?.ppid, hops++) {
      if (p === rootPid) { found.push(pid); break; }
    }
  }
  return found;
}

/** Processes whose command line names `dir` (this run's private temp directory): what outlived its parent. */
export function processesUsing(dir: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try { if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir)) found.push(Number(entry)); } catch { /* exited */ }
  }
  return found;
}

/** Whether `pid` is still running. */
export function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch { return false; }
}
