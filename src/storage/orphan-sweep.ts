// The orphaned-blob sweep: removes stored bytes that no row refers to, such as those of a process that
// died between storing a blob and committing its row, or of a delete whose row went but whose bytes did
// not. Once per FOLIO_ORPHAN_SWEEP_INTERVAL_MS in the whole deployment (a pass is claimed in the
// database), one process lists the store under `orgs/` and, for every blob older than
// FOLIO_ORPHAN_BLOB_GRACE_SECONDS, asks the module that owns its kind of key whether a row still refers
// to it; it removes the ones none does.
// What keeps it safe: only keys a registered owner recognises, of organizations this database knows,
// are ever considered (anything else in the bucket is left alone and counted); a pass that finds most
// of what it looked at orphaned (a database restored from an old backup, or the wrong database) removes
// nothing and logs an error; the grace period is far longer than any write between storing a
// blob and committing its row; every owned kind of key is written once (ids, task attempts, template
// versions) except that a failed template version's number is used again, so a blob is re-checked right
// before it is removed and kept if it was written since it was listed. The export cache's keys are
// reused by design and have their own sweeper; they are not owned here.
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicTask } from '../jobs/periodic-task.ts';
import type { BlobStore } from './blob-store.ts';
import type { OrphanSweepRepository } from './orphan-sweep.repository.ts';

const BATCH = 500;
const PASS = 'orphaned-blobs';
const ASK_EVERY_MS = 15 * 60_000;

/** A module's kind of stored bytes: which keys are its own, and which of them a row still refers to. */
export interface BlobOwner {
  name: string;
  owns(key: string): boolean;
  /** Of these keys (all owned), those a row of the owner's tables refers to. */
  referenced(keys: string[]): Promise<Set<string>>;
}

export interface OrphanSweepSettings {
  /** 0: never on a timer in this process (sweepOnce still works). */
  intervalMs: number;
  graceSeconds: number;
}

export interface OrphanSweepResult {
  /** False when another process ran the pass within the interval. */
  ran: boolean;
  listed: number;
  /** Younger than the grace period. */
  young: number;
  /** Keys no owner recognises, or of an organization this database does not know: never touched. */
  unowned: number;
  referenced: number;
  /** Removed (or, in a dry run, that would have been), by owner. */
  removed: Record<string, number>;
  /** Written again since they were listed: kept. */
  rewritten: number;
  failed: number;
  /** More than half of what was looked at seemed orphaned: nothing was removed (`orphans` lists them). */
  refused: boolean;
  /** A dry run removes nothing and lists what it would remove (the first 1,000 keys). */
  orphans: string[];
}

export class OrphanSweeper {
  private readonly owners: BlobOwner[] = [];
  private readonly periodic: PeriodicTask;
  private readonly holder = `${os.hostname()}~${process.pid}`;

  private readonly repo: OrphanSweepRepository;
  private readonly blobs: BlobStore;
  private readonly settings: OrphanSweepSettings;
  private readonly log: FastifyBaseLogger;

  constructor(repo: OrphanSweepRepository, blobs: BlobStore, settings: OrphanSweepSettings, log: FastifyBaseLogger) {
    this.repo = repo;
    this.blobs = blobs;
    this.settings = settings;
    this.log = log;
    // Every process asks at most every 15 minutes (a process restarted more often than the interval
    // still takes its turn); the claim in the database makes it one pass per interval in the deployment.
    const ask = settings.intervalMs > 0 ? Math.min(settings.intervalMs, ASK_EVERY_MS) : 0;
    this.periodic = new PeriodicTask({ name: 'orphaned blob sweep', intervalMs: ask, run: () => this.sweepOnce(), log, failureLevel: 'warn' });
  }

  addOwner(owner: BlobOwner): void {
    this.owners.push(owner);
  }

  start(): void {
    this.periodic.start();
  }

  async stop(): Promise<void> {
    await this.periodic.stop();
  }

  /**
   * One pass, when this process claims it (`force`: whatever ran lately, as `folio storage sweep-orphans`
   * does). `dryRun` removes nothing and lists the orphans. A pass that finds more than half of the old
   * blobs it looked at orphaned (and more than 100 of them) removes nothing unless `unlimited`: that is
   * what a database restored from an old backup, or the wrong database, looks like.
   */
  async sweepOnce(opts: { force?: boolean; dryRun?: boolean; unlimited?: boolean } = {}): Promise<OrphanSweepResult> {
    const result: OrphanSweepResult = { ran: false, listed: 0, young: 0, unowned: 0, referenced: 0, removed: {}, rewritten: 0, failed: 0, refused: false, orphans: [] };
    const claimed = opts.force || (await this.repo.claimPass(PASS, Math.max(1, Math.floor(this.settings.intervalMs / 1000) - 60), this.holder));
    if (!claimed) return result;
    result.ran = true;
    const found = await this.find(result);
    const considered = result.referenced + found.length;
    if (!opts.dryRun && !opts.unlimited && found.length > 100 && found.length * 2 > considered) {
      result.refused = true;
      result.orphans = found.slice(0, 1000).map((f) => f.key);
      this.log.error({ orphans: found.length, considered }, 'orphaned blob sweep: more than half of the stored blobs look orphaned; removed nothing (is this the right database? see `folio storage sweep-orphans --dry-run`)');
      return result;
    }
    for (const f of found) {
      if (opts.dryRun) {
        if (result.orphans.length < 1000) result.orphans.push(f.key);
        result.removed[f.owner] = (result.removed[f.owner] ?? 0) + 1;
        continue;
      }
      try {
        // Written again since it was listed (a template version number used again): it may be referenced by now.
        const modified = await this.blobs.modified(f.key);
        if (!modified) continue;
        if (modified.getTime() !== f.listedAt.getTime()) { result.rewritten++; continue; }
        await this.blobs.delete(f.key);
        result.removed[f.owner] = (result.removed[f.owner] ?? 0) + 1;
      } catch (err) {
        result.failed++;
        this.log.warn({ err, key: f.key }, 'could not remove an orphaned blob; the next pass retries');
      }
    }
    const removed = Object.values(result.removed).reduce((a, b) => a + b, 0);
    if (removed || result.failed) this.log.info({ ...result, orphans: undefined, dryRun: Boolean(opts.dryRun) }, 'orphaned blob sweep');
    return result;
  }

  /** The old, owned blobs of known organizations that no row refers to. */
  private async find(result: OrphanSweepResult): Promise<Orphan[]> {
    const cutoff = Date.now() - this.settings.graceSeconds * 1000;
    const out: Orphan[] = [];
    const batches = new Map<BlobOwner, { key: string; listedAt: Date }[]>();
    const flush = async (owner: BlobOwner) => {
      const batch = batches.get(owner) ?? [];
      batches.delete(owner);
      if (!batch.length) return;
      const orgOf = (k: string) => k.split('/')[1];
      const [live, orgs] = await Promise.all([owner.referenced(batch.map((b) => b.key)), this.repo.existingOrgs([...new Set(batch.map((b) => orgOf(b.key)))])]);
      for (const b of batch) {
        if (live.has(b.key)) result.referenced++;
        else if (!orgs.has(orgOf(b.key))) result.unowned++;
        else out.push({ ...b, owner: owner.name });
      }
    };
    for await (const blob of this.blobs.list('orgs/')) {
      result.listed++;
      if (blob.lastModified.getTime() > cutoff) { result.young++; continue; }
      const owner = this.owners.find((o) => o.owns(blob.key));
      if (!owner) { result.unowned++; continue; }
      const batch = batches.get(owner) ?? [];
      batch.push({ key: blob.key, listedAt: blob.lastModified });
      batches.set(owner, batch);
      if (batch.length >= BATCH) await flush(owner);
    }
    for (const owner of [...batches.keys()]) await flush(owner);
    return out;
  }
}

interface Orphan { key: string; listedAt: Date; owner: string }

/** `orgs/<org>/<kind>/...`: the keys of one kind of stored bytes. */
export const keysOfKind = (kind: string) => {
  const re = new RegExp(`^orgs/[^/]+/${kind}/`);
  return (key: string) => re.test(key);
};
