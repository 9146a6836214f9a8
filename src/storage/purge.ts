// The purge sweeper: removes the bytes of deleted images and files once their grace period is over, and
// those of other modules' deleted records registered as a `PurgeSource` (templates).
// Its state is the database itself (`deleted_at`, `purged_at`, `purge_lease_until`), so a restart loses
// nothing: whatever process sweeps next picks the rows up. Every server process runs one; claims use
// `for update skip locked` plus a lease, so several processes never purge the same row at once, and
// deleting bytes that are already gone is harmless, so a retried claim is safe.
// It also removes temp files left behind by a process that died mid-upload.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicTask } from '../jobs/periodic-task.ts';
import type { BlobStore } from './blob-store.ts';
import type { PurgeRepository, PurgeTable } from './purge.repository.ts';

const BATCH = 100;
/** Temp files older than this belong to no live upload. */
export const STALE_TEMP_MS = 24 * 3600 * 1000;

export interface PurgeSettings {
  imageGraceSeconds: number;
  fileGraceSeconds: number;
  /** 0: never sweep on a timer in this process (sweepOnce still works). */
  intervalMs: number;
  /** Directories of upload temp files to clean of stale entries. */
  tempDirs: string[];
}

export interface SweepResult {
  images: number;
  files: number;
  /** Records of the registered sources whose bytes were removed, by source name. */
  sources: Record<string, number>;
  failed: number;
  tempFiles: number;
}

/**
 * Another module's deleted records whose bytes the sweeper removes: `claim` leases up to `limit` records
 * whose grace period is over (`for update skip locked` plus a lease, as for files), with every blob key
 * they own; `markPurged` records that they are gone (conditionally, so a late second sweeper changes nothing).
 */
export interface PurgeSource {
  name: string;
  claim(limit: number): Promise<{ id: string; blobKeys: string[] }[]>;
  markPurged(id: string): Promise<void>;
}

export class StoragePurger {
  private readonly repo: PurgeRepository;
  private readonly blobs: BlobStore;
  private readonly settings: PurgeSettings;
  private readonly log: FastifyBaseLogger;
  private readonly periodic: PeriodicTask;
  private readonly sources: PurgeSource[] = [];

  constructor(repo: PurgeRepository, blobs: BlobStore, settings: PurgeSettings, log: FastifyBaseLogger) {
    this.repo = repo;
    this.blobs = blobs;
    this.settings = settings;
    this.log = log;
    this.periodic = new PeriodicTask({ name: 'storage purge sweep', intervalMs: settings.intervalMs, run: () => this.sweepOnce(), log, failureLevel: 'warn' });
  }

  /** Registers another module's deleted records (before `start`). */
  addSource(source: PurgeSource): void {
    this.sources.push(source);
  }

  start(): void {
    this.periodic.start();
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    await this.periodic.stop();
  }

  /** One pass: purge every claimable row in batches (files and images, then the registered sources), then clean stale temp files. */
  async sweepOnce(): Promise<SweepResult> {
    const result: SweepResult = { images: 0, files: 0, sources: {}, failed: 0, tempFiles: 0 };
    result.images = await this.sweepSource(this.own('images', this.settings.imageGraceSeconds), result);
    result.files = await this.sweepSource(this.own('files', this.settings.fileGraceSeconds), result);
    for (const source of this.sources) result.sources[source.name] = await this.sweepSource(source, result);
    for (const dir of this.settings.tempDirs) result.tempFiles += await removeStaleFiles(dir, STALE_TEMP_MS);
    if (result.images || result.files || result.failed || Object.values(result.sources).some(Boolean)) this.log.info(result, 'storage purge sweep');
    return result;
  }

  /** The storage module's own tables as a source: each row owns one blob. */
  private own(table: PurgeTable, graceSeconds: number): PurgeSource {
    return {
      name: table,
      claim: async (limit) => (await this.repo.claim(table, graceSeconds, limit)).map((c) => ({ id: c.id, blobKeys: [c.blob_key] })),
      markPurged: (id) => this.repo.markPurged(table, id),
    };
  }

  /** Every claimable record of one source: all its blobs deleted, then the record marked; a failure is retried by a later sweep. */
  private async sweepSource(source: PurgeSource, result: SweepResult): Promise<number> {
    let purged = 0;
    for (;;) {
      const claims = await source.claim(BATCH);
      for (const claim of claims) {
        try {
          for (const key of claim.blobKeys) await this.blobs.delete(key);
          await source.markPurged(claim.id);
          purged++;
        } catch (err) {
          // The lease runs out and a later sweep retries.
          result.failed++;
          this.log.warn({ err, source: source.name, id: claim.id }, 'could not purge stored bytes; will retry');
        }
      }
      // A pass called outside the timer (or stopping) takes one batch per source.
      if (claims.length < BATCH || !this.periodic.running) return purged;
    }
  }
}

export async function removeStaleFiles(dir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const st = await fsp.stat(file);
      if (st.isFile() && now - st.mtimeMs > maxAgeMs) {
        await fsp.rm(file, { force: true });
        removed++;
      }
    } catch { /* raced with its owner */ }
  }
  return removed;
}
