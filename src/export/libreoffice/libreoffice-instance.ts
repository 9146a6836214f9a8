// One long-lived headless LibreOffice: `soffice --accept=pipe,...` with its own user profile, driven by
// uno-bridge.py over UNO. soffice runs in its own process group so that a crash, a hang or a stop can
// take down the whole tree (oosplash and soffice.bin) with one signal.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

const BRIDGE_SCRIPT = path.join(import.meta.dirname, 'uno-bridge.py');

/** unreadable: the document cannot be opened; crashed: the instance died; timeout: it took too long. */
export type FailureKind = 'unreadable' | 'crashed' | 'timeout' | 'failed' | 'start_failed';

export class ConversionError extends Error {
  readonly kind: FailureKind;

  constructor(kind: FailureKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface ConvertRequest {
  src: string;
  dst: string;
  filter: string;
  filterOptions?: string;
  /** Recalculate every formula before storing (workbooks without computed values). */
  recalc?: boolean;
}

export interface InstanceOptions {
  slot: number;
  sofficePath: string;
  pythonPath: string;
  profileDir: string;
  startTimeoutMs: number;
  log: FastifyBaseLogger;
}

// Written once into a new profile: documents never run macros nor fetch untrusted linked content.
const PROFILE_DEFAULTS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
</oor:items>
`;

type Pending = { resolve: () => void; reject: (err: ConversionError) => void; timer: NodeJS.Timeout };

export class LibreOfficeInstance {
  readonly slot: number;
  conversions = 0;
  private readonly o: InstanceOptions;
  private soffice: ChildProcess | null = null;
  private bridge: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private alive = false;
  private sofficeExit: Promise<void> = Promise.resolve();
  /** Called once when the instance dies on its own (crash, kill, hang), not on stop(). */
  onDeath: ((reason: string) => void) | null = null;

  constructor(options: InstanceOptions) {
    this.o = options;
    this.slot = options.slot;
  }

  get isAlive(): boolean {
    return this.alive;
  }

  /** The group leader (oosplash) and soffice.bin below it; what an operator would `kill -9`. */
  pids(): number[] {
    const leader = this.soffice?.pid;
    if (!leader) return [];
    try {
      // oosplash forks soffice.bin from a worker thread: look at the children of every thread.
      const children = fs.readdirSync(`/proc/${leader}/task`).flatMap((task) =>
        fs.readFileSync(`/proc/${leader}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
      return [leader, ...children];
    } catch {
      return [leader];
    }
  }

  async start(): Promise<void> {
    const userDir = path.join(this.o.profileDir, 'user');
    fs.mkdirSync(userDir, { recursive: true });
    const registry = path.join(userDir, 'registrymodifications.xcu');
    if (!fs.existsSync(registry)) fs.writeFileSync(registry, PROFILE_DEFAULTS);

    const pipe = `folio_${process.pid}_${this.slot}_${randomBytes(4).toString('hex')}`;
    const soffice = spawn(this.o.sofficePath, [
      '--headless', '--invisible', '--nologo', '--norestore', '--nodefault', '--nolockcheck',
      `-env:UserInstallation=${pathToFileURL(this.o.profileDir).href}`,
      `--accept=pipe,name=${pipe};urp;StarOffice.ComponentContext`,
    ], { detached: true, stdio: 'ignore' });
    this.soffice = soffice;
    this.sofficeExit = new Promise((resolve) => soffice.once('exit', () => resolve()));
    soffice.once('exit', (code, signal) => this.die(`soffice exited (${signal ?? `code ${code}`})`));

    const bridge = spawn(this.o.pythonPath, [BRIDGE_SCRIPT, pipe, String(this.o.startTimeoutMs / 1000), String(process.pid), String(soffice.pid ?? 0)], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.bridge = bridge;
    let stderr = '';
    bridge.stderr!.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-2000); });
    bridge.stdin!.on('error', () => { /* the bridge died; its exit handler reports it */ });

    await new Promise<void>((resolve, reject) => {
      const fail = (message: string) => { clearTimeout(timer); this.kill(); reject(new ConversionError('start_failed', message)); };
      const timer = setTimeout(() => fail(`LibreOffice did not start within ${this.o.startTimeoutMs} ms`), this.o.startTimeoutMs);
      soffice.once('error', (err) => fail(`cannot run ${this.o.sofficePath}: ${err.message}`));
      bridge.once('error', (err) => fail(`cannot run ${this.o.pythonPath}: ${err.message}`));
      bridge.once('exit', (code) => {
        if (!this.alive) fail(`the UNO bridge exited with code ${code} before LibreOffice was ready${stderr ? `: ${stderr.trim()}` : ''}`);
        else this.die(`UNO bridge exited with code ${code}`);
      });
      createInterface({ input: bridge.stdout! }).on('line', (line) => {
        let msg: { event?: string; id?: number; ok?: boolean; kind?: FailureKind; message?: string };
        try { msg = JSON.parse(line); } catch { return; }
        if (msg.event === 'ready') { clearTimeout(timer); this.alive = true; resolve(); return; }
        if (msg.event === 'error') { fail(`LibreOffice did not accept the UNO connection: ${msg.message}`); return; }
        const p = msg.id === undefined ? undefined : this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id!);
        clearTimeout(p.timer);
        if (msg.ok) { this.conversions++; p.resolve(); return; }
        p.reject(new ConversionError(msg.kind ?? 'failed', msg.message ?? 'conversion failed'));
        // The bridge lost LibreOffice: mark the instance dead now, before the pool can hand it out again.
        if (msg.kind === 'crashed') this.die(`the UNO connection was lost: ${msg.message}`);
      });
    });
  }

  /** Converts one document; a timeout kills the instance (a hung soffice is not trusted again). */
  convert(req: ConvertRequest, timeoutMs: number): Promise<void> {
    if (!this.alive || !this.bridge) return Promise.reject(new ConversionError('crashed', 'the LibreOffice instance is not running'));
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ConversionError('timeout', `the conversion took longer than ${timeoutMs} ms`));
        this.die(`conversion timed out after ${timeoutMs} ms`);
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.bridge!.stdin!.write(JSON.stringify({ id, op: 'convert', src: req.src, dst: req.dst, filter: req.filter, filter_options: req.filterOptions, recalc: req.recalc ?? false }) + '\n');
    });
  }

  private die(reason: string): void {
    if (!this.alive && this.pending.size === 0 && !this.soffice) return;
    const wasAlive = this.alive;
    this.alive = false;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new ConversionError('crashed', `LibreOffice stopped during the conversion: ${reason}`));
      this.pending.delete(id);
    }
    this.kill();
    if (wasAlive) {
      this.o.log.warn({ slot: this.slot, reason }, 'LibreOffice instance died');
      this.onDeath?.(reason);
    }
  }

  private kill(): void {
    const pid = this.soffice?.pid;
    if (pid) { try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ } }
    this.bridge?.kill('SIGKILL');
  }

  /** Asks LibreOffice to quit (the bridge terminates it when its stdin closes); kills it after graceMs. */
  async stop(graceMs = 3000): Promise<void> {
    this.onDeath = null;
    this.alive = false;
    if (!this.soffice) return;
    this.bridge?.stdin?.end();
    const timer = setTimeout(() => this.kill(), graceMs);
    await this.sofficeExit;
    clearTimeout(timer);
    // oosplash may exit before soffice.bin has: make sure nothing of the group survives.
    this.kill();
    this.soffice = null;
    this.bridge = null;
  }
}
