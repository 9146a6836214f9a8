// Real processes running the engine with the scripted test agents (see agent-worker.ts, agent-server.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, ROOT } from './processes.ts';

export interface AgentProcess {
  child: ChildProcess;
  pid: number;
  url: string | null;
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

async function start(script: string, env: Record<string, string>, ready: string, port: number | null): Promise<AgentProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'test', 'helpers', script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env, ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const deadline = Date.now() + 90_000; // a loaded CI machine can take this long to start a process
  while (!out.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}: ${out}`);
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`${script} did not start: ${out}`); }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    pid: child.pid!,
    url: port ? `http://127.0.0.1:${port}` : null,
    output: () => out,
    exited,
    kill: (signal) => { child.kill(signal); },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(force);
    },
  };
}

export function startAgentWorker(env: Record<string, string>): Promise<AgentProcess> {
  return start('agent-worker.ts', env, 'Folio worker running', null);
}

export async function startAgentServer(env: Record<string, string>): Promise<AgentProcess> {
  return start('agent-server.ts', env, 'Folio listening', await freePort());
}
