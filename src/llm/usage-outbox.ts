// The usage outbox: succeeded LLM calls' usage records leave the request's critical path. A record is
// appended to a journal file (one synchronous write for the records of an event-loop turn, before their
// answers are sent) and written to the database later, in batches, by one statement that is idempotent
// by usage_id. The journal survives the
// process: a successor replays what its dead predecessor left (same host, process gone), so a record is
// never lost and, being idempotent, never counted twice. While a record waits, this process counts it
// in budget checks (`pendingCredits`) and reads wait for it (`settled`). A call paid from a credit lease
// is charged when its record is written (`write` settles the lease's charge in the same transaction).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PendingUsage } from './llm-usage.repository.ts';

const RETRY_MS = 1000;
const HOST = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');
/** Boot ids of the outboxes open in this process (tests run several apps in one process). */
const LIVE = new Set<string>();

interface Waiter { orgId: string | null; upTo: number; resolve: () => void }
interface Journaling { record: PendingUsage; line: string; resolve: () => void; reject: (err: unknown) => void }

/** Writes a batch of records idempotently (by usage_id) with their lease charges; returns how many were new. */
export type WriteUsage = (rows: PendingUsage[]) => Promise<number>;

/** Whether `<host>~<boot>` (an outbox's, and a credit lease holder's, name) belongs to a process of this host that is gone. */
export function deadOnThisHost(holder: string): boolean {
  const [host, boot] = holder.split('~');
  if (host !== HOST || !boot || LIVE.has(boot)) return false;
  const pid = Number(boot.split('-')[0]);
  if (pid === process.pid) return true; // same pid, not open here: a predecessor (a restarted container's pid 1)
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export class UsageOutbox {
  private readonly dir: string;
  private readonly write: WriteUsage;
  private readonly delayMs: number;
  private readonly log: FastifyBaseLogger;
  private readonly boot = `${process.pid}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  private pending: PendingUsage[] = [];
  /** Records taken in this event-loop turn, waiting for its journal write. */
  private journaling: Journaling[] = [];
  /** The batch being written. */
  private inflight: PendingUsage[] = [];
  /** Journal segments holding exactly the pending records (and those of a failed batch). */
  private files: string[] = [];
  private fd: number | null = null;
  private segment = 0;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Sequence numbers: `added` counts records taken, `written` those durably in the database. */
  private added = 0;
  private written = 0;
  private readonly seqOf = new WeakMap<PendingUsage, number>();
  private waiters: Waiter[] = [];
  private closed = false;

  constructor(deps: { dataDir: string; write: WriteUsage; delayMs: number; log: FastifyBaseLogger }) {
    this.dir = path.join(deps.dataDir, 'llm-usage-outbox');
    this.write = deps.write;
    this.delayMs = deps.delayMs;
    this.log = deps.log;
  }

  /** Opens the journal directory and writes what a dead predecessor on this host left behind. */
  async start(): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    LIVE.add(this.boot);
    for (const name of fs.readdirSync(this.dir)) {
      if (!name.endsWith('.jsonl') || !this.orphaned(name)) continue;
      const file = path.join(this.dir, name);
      const rows = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).flatMap((line) => {
        try { return [JSON.parse(line) as PendingUsage]; } catch { return []; } // a line cut by the crash was never acknowledged
      });
      const fresh = await this.write(rows);
      this.log.info({ file: name, records: rows.length, new: fresh }, 'LLM usage outbox: replayed a journal left by a previous process');
      fs.rmSync(file, { force: true });
    }
  }

  /**
   * Takes a record: resolves once it is in the journal (rejects when the journal cannot be written: then
   * the call must not be delivered); it is written to the database with the next batch. The records taken
   * in one turn of the event loop share one journal write, made before the turn's answers are sent
   * (`setImmediate`: after the poll phase that finished their calls).
   */
  add(record: PendingUsage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the usage outbox is closed'));
    const line = `${JSON.stringify(record)}\n`;
    if (!this.journaling.length) setImmediate(() => this.journalTurn());
    return new Promise((resolve, reject) => this.journaling.push({ record, line, resolve, reject }));
  }

  /** One write for the records taken in this turn; each is pending (counted, batched) once it is in the journal. */
  private journalTurn(): void {
    const turn = this.journaling;
    if (!turn.length) return; // close() wrote them already
    this.journaling = [];
    try {
      if (this.fd === null) {
        const file = path.join(this.dir, `${HOST}~${this.boot}~${++this.segment}.jsonl`);
        this.fd = fs.openSync(file, 'a');
        this.files.push(file);
      }
      const text = turn.length === 1 ? turn[0].line : turn.map((j) => j.line).join('');
      fs.writeSync(this.fd, text);
    } catch (err) {
      for (const j of turn) j.reject(err);
      return;
    }
    for (const j of turn) {
      this.seqOf.set(j.record, ++this.added);
      this.pending.push(j.record);
      j.resolve();
    }
    this.schedule();
  }

  /** This process's name among journals and credit lease holders (`<host>~<boot>`). */
  get holder(): string {
    return `${HOST}~${this.boot}`;
  }

  /**
   * Credits of the organization's succeeded calls not yet in the database (counted by budget checks).
   * `leased: false` leaves out what was paid from credit leases (the leases' held credits count it).
   */
  pendingCredits(orgId: string, leased = true): number {
    let n = 0;
    for (const list of [this.inflight, this.pending, this.journaling.map((j) => j.record)]) {
      for (const r of list) if (r.org_id === orgId && r.status === 'succeeded') n += r.credits - (leased ? 0 : (r.lease_credits ?? 0));
    }
    return n;
  }

  /**
   * Resolves once every record taken so far (of the organization, or all) is in the database; `leased`:
   * only those paid from credit leases (whose charges are written with them).
   */
  settled(orgId: string | null = null, leased = false): Promise<void> {
    const mine = [...this.inflight, ...this.pending].filter((r) => (orgId === null || r.org_id === orgId) && (!leased || r.lease_id));
    if (!mine.length) return Promise.resolve();
    const upTo = this.seqOf.get(mine[mine.length - 1])!;
    this.flushSoon();
    return new Promise((resolve) => this.waiters.push({ orgId, upTo, resolve }));
  }

  /** Writes everything pending (at shutdown); what cannot be written stays in the journal for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.journalTurn(); // records of this turn, not yet in the journal
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flushing) await this.flushing;
    if (this.pending.length) await this.flush();
    this.closeSegment();
    LIVE.delete(this.boot);
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
  }

  private orphaned(name: string): boolean {
    const [host, boot] = name.split('~');
    return deadOnThisHost(`${host}~${boot}`);
  }

  private schedule(): void {
    if (this.flushing || this.timer) return;
    if (this.delayMs === 0) void this.flush();
    else this.timer = setTimeout(() => { this.timer = null; void this.flush(); }, this.delayMs);
  }

  private flushSoon(): void {
    if (this.flushing) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.flush();
  }

  private closeSegment(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (!this.pending.length) return Promise.resolve();
    const run = async () => {
      const batch = this.pending;
      const files = this.files;
      this.inflight = batch;
      this.pending = [];
      this.closeSegment(); // later records go to a new segment, so these files hold this batch only
      this.files = [];
      let ok = true;
      try {
        await this.write(batch);
      } catch (err) {
        ok = false;
        this.log.error({ err, records: batch.length }, 'LLM usage outbox: could not write a batch; retrying');
        this.files = [...files, ...this.files];
        this.pending = [...batch, ...this.pending];
      }
      this.inflight = [];
      if (ok) {
        this.written = this.seqOf.get(batch[batch.length - 1])!;
        for (const f of files) fs.rmSync(f, { force: true });
        this.waiters = this.waiters.filter((w) => (w.upTo <= this.written ? (w.resolve(), false) : true));
      }
      this.flushing = null;
      if (!this.pending.length || this.closed) return;
      if (ok) this.schedule();
      else this.timer = setTimeout(() => { this.timer = null; void this.flush(); }, RETRY_MS);
    };
    this.flushing = run();
    return this.flushing;
  }
}
