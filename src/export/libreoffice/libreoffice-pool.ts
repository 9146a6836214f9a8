// A pool of warm LibreOffice instances with a bounded wait queue.
// - Each slot holds one instance; a conversion takes an idle one, or waits in a FIFO queue.
// - A full queue, or a wait longer than the conversion timeout, is refused (503 with Retry-After upstream).
// - An instance is replaced after maxConversions (LibreOffice leaks memory over time), and whenever it dies
//   (crash, kill -9) or hangs (timeout: it is killed). A conversion whose instance crashed under it is
//   tried once more on a fresh instance; a timeout is not retried (the document is the likely cause).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConversionError, LibreOfficeInstance, type ConvertRequest } from './libreoffice-instance.ts';

export interface PoolSettings {
  size: number;
  maxConversions: number;
  timeoutMs: number;
  queueLimit: number;
  startTimeoutMs: number;
  sofficePath: string;
  pythonPath: string;
  /** Profiles live under here, one directory per slot of this process. */
  workDir: string;
}

export class QueueFullError extends Error {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

type Waiter = { resolve: (i: LibreOfficeInstance) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

export interface PoolStats {
  started: boolean;
  instances: { slot: number; pids: number[]; conversions: number; busy: boolean; alive: boolean }[];
  queued: number;
  conversions: number;
  restarts: number;
  crashRetries: number;
}

export class LibreOfficePool {
  private readonly s: PoolSettings;
  private readonly log: FastifyBaseLogger;
  private readonly slots: (LibreOfficeInstance | null)[];
  private readonly busy = new Set<LibreOfficeInstance>();
  private readonly idle: LibreOfficeInstance[] = [];
  private readonly starting = new Set<number>();
  private readonly everStarted = new Set<number>();
  private readonly queue: Waiter[] = [];
  private started = false;
  private stopped = false;
  private lastStartError: string | null = null;
  private avgMs = 1000;
  private counters = { conversions: 0, restarts: 0, crashRetries: 0 };

  constructor(settings: PoolSettings, log: FastifyBaseLogger) {
    this.s = settings;
    this.log = log;
    this.slots = Array.from({ length: settings.size }, () => null);
  }

  /** Starts every slot (idempotent); resolves once at least one instance is ready or all failed. */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    this.removeStaleProfiles();
    await Promise.any(this.slots.map((_, slot) => this.startSlot(slot))).catch(() => {});
  }

  stats(): PoolStats {
    return {
      started: this.started,
      instances: this.slots.flatMap((i) => (i ? [{ slot: i.slot, pids: i.pids(), conversions: i.conversions, busy: this.busy.has(i), alive: i.isAlive }] : [])),
      queued: this.queue.length,
      ...this.counters,
    };
  }

  async convert(req: ConvertRequest): Promise<void> {
    try {
      await this.convertOnce(req);
    } catch (err) {
      if (!(err instanceof ConversionError) || err.kind !== 'crashed' || this.stopped) throw err;
      this.counters.crashRetries++;
      this.log.warn({ filter: req.filter }, 'LibreOffice died during a conversion; retrying once on a fresh instance');
      await this.convertOnce(req);
    }
  }

  private async convertOnce(req: ConvertRequest): Promise<void> {
    const instance = await this.acquire();
    const t0 = Date.now();
    try {
      await instance.convert(req, this.s.timeoutMs);
      this.avgMs = this.avgMs * 0.8 + (Date.now() - t0) * 0.2;
      this.counters.conversions++;
    } finally {
      this.release(instance);
    }
  }

  private retryAfter(): number {
    const waves = (this.queue.length + 1) / Math.max(1, this.s.size);
    return Math.min(60, Math.max(1, Math.ceil((waves * this.avgMs) / 1000)));
  }

  private acquire(): Promise<LibreOfficeInstance> {
    if (this.stopped) return Promise.reject(new ConversionError('crashed', 'the conversion pool is shutting down'));
    if (!this.started) void this.start();
    const ready = this.idle.shift();
    if (ready) {
      this.busy.add(ready);
      return Promise.resolve(ready);
    }
    if (this.lastStartError && this.starting.size === 0 && this.slots.every((i) => !i)) {
      // Nothing runs and nothing is starting: try again, but tell this caller why it failed.
      this.slots.forEach((_, slot) => void this.startSlot(slot));
      return Promise.reject(new ConversionError('start_failed', this.lastStartError));
    }
    if (this.queue.length >= this.s.queueLimit) {
      return Promise.reject(new QueueFullError(`All ${this.s.size} LibreOffice instance(s) are busy and ${this.queue.length} conversions are waiting.`, this.retryAfter()));
    }
    // The wait is for a busy instance to finish. While no instance runs yet (cold start, or a restart after
    // a crash), the start has its own deadline, and a failed start rejects every waiter at once.
    const waitMs = this.s.timeoutMs + (this.slots.every((i) => !i) ? this.s.startTimeoutMs : 0);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          reject(new QueueFullError(`No LibreOffice instance became free within ${waitMs} ms.`, this.retryAfter()));
        }, waitMs),
      };
      this.queue.push(waiter);
    });
  }

  private release(instance: LibreOfficeInstance): void {
    this.busy.delete(instance);
    if (this.stopped) return;
    if (!instance.isAlive) return; // its death handler restarts the slot
    if (instance.conversions >= this.s.maxConversions) {
      this.log.info({ slot: instance.slot, conversions: instance.conversions }, 'recycling LibreOffice instance');
      void this.recycle(instance);
      return;
    }
    this.offer(instance);
  }

  private offer(instance: LibreOfficeInstance): void {
    const waiter = this.queue.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      this.busy.add(instance);
      waiter.resolve(instance);
    } else {
      this.idle.push(instance);
    }
  }

  private forget(instance: LibreOfficeInstance): void {
    const i = this.idle.indexOf(instance);
    if (i >= 0) this.idle.splice(i, 1);
    if (this.slots[instance.slot] === instance) this.slots[instance.slot] = null;
  }

  private async recycle(instance: LibreOfficeInstance): Promise<void> {
    this.forget(instance);
    await instance.stop();
    await this.startSlot(instance.slot).catch(() => {});
  }

  /** Profiles left by processes that died without stopping their pool (their pid is gone). */
  private removeStaleProfiles(): void {
    let entries: string[];
    try { entries = fs.readdirSync(this.s.workDir); } catch { return; }
    for (const name of entries) {
      const pid = Number(/^(\d+)-\d+$/.exec(name)?.[1]);
      if (!pid || pid === process.pid) continue;
      try { process.kill(pid, 0); } catch { fs.rmSync(path.join(this.s.workDir, name), { recursive: true, force: true }); }
    }
  }

  /** Per process and slot: two processes sharing a data dir never share a profile. */
  private profileDir(slot: number): string {
    return path.join(this.s.workDir, `${process.pid}-${slot}`);
  }

  private async startSlot(slot: number): Promise<void> {
    if (this.stopped || this.starting.has(slot) || this.slots[slot]) return;
    this.starting.add(slot);
    const instance = new LibreOfficeInstance({
      slot,
      sofficePath: this.s.sofficePath,
      pythonPath: this.s.pythonPath,
      profileDir: this.profileDir(slot),
      startTimeoutMs: this.s.startTimeoutMs,
      log: this.log,
    });
    try {
      await instance.start();
    } catch (err) {
      this.lastStartError = (err as Error).message;
      this.log.error({ slot, err }, 'LibreOffice instance failed to start');
      // Waiters cannot be served by this slot; if no other slot can serve them either, fail them now.
      if (this.slots.every((i) => !i) && this.starting.size === 1) {
        for (const w of this.queue.splice(0)) { clearTimeout(w.timer); w.reject(new ConversionError('start_failed', this.lastStartError)); }
      }
      throw err;
    } finally {
      this.starting.delete(slot);
    }
    if (this.stopped) { await instance.stop(); return; }
    this.lastStartError = null;
    if (this.everStarted.has(slot)) this.counters.restarts++;
    this.everStarted.add(slot);
    this.slots[slot] = instance;
    instance.onDeath = () => {
      this.forget(instance);
      this.busy.delete(instance);
      void this.startSlot(slot).catch(() => {});
    };
    this.offer(instance);
  }

  /** Stops every instance and refuses waiting conversions; leaves no soffice process behind. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const w of this.queue.splice(0)) { clearTimeout(w.timer); w.reject(new ConversionError('crashed', 'the conversion pool is shutting down')); }
    const all = this.slots.filter((i): i is LibreOfficeInstance => i !== null);
    this.slots.fill(null);
    this.idle.length = 0;
    await Promise.all(all.map((i) => i.stop()));
    // Instances still starting notice `stopped` and stop themselves; wait for them.
    while (this.starting.size > 0) await new Promise((r) => setTimeout(r, 20));
    for (let slot = 0; slot < this.s.size; slot++) fs.rmSync(this.profileDir(slot), { recursive: true, force: true, maxRetries: 3 });
  }
}
