// Runs real `folio` processes for tests that need more than one server, or the CLI itself.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'folio.js');

/**
 * A port for a child process to listen on. It is picked below Linux's ephemeral range (32768-60999):
 * a port from that range, free when checked, can be taken by any outgoing connection before the child
 * binds it (EADDRINUSE), which no other test process does with ports below it.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>, opts: { bootTimeoutMs?: number; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  // A port free when checked can still be taken (by another test's server) before the child binds it: try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), env, opts);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof PortTaken)) throw err;
    }
  }
}

class PortTaken extends Error {}

async function startOn(port: number, env: Record<string, string>, opts: { bootTimeoutMs?: number; nodeArgs?: string[] }): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), BIN, 'serve'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const url = `http://127.0.0.1:${port}`;
  // Generous: a loaded CI machine (2 cores shared) can take well over 30 s to boot a server.
  const deadline = Date.now() + (opts.bootTimeoutMs ?? 90_000);
  while (!out.includes('Folio listening')) {
    if (child.exitCode !== null) throw new (out.includes('EADDRINUSE') ? PortTaken : Error)(`server exited with ${child.exitCode}: ${out}`);
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start: ${out}`); }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    child,
    output: () => out,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }),
  };
}

export async function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: err.code ?? 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}
