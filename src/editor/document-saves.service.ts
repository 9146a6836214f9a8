// The one way an edited document becomes a run's new version, for WOPI PutFile and the built-in editors
// alike: the bytes are stored under a new key (nothing is overwritten), then one transaction checks the
// lock, records the artifact version and moves the run onto it (updated_at bumped). Cached exports are
// keyed by version, so the next export converts the edited document afresh.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AppError, errors } from '../errors.ts';
import { newId } from '../ids.ts';
import type { RunRow, RunWithVersion, RunsRepository, VersionRow } from '../runs/runs.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { LockRow, WopiLocksRepository } from './wopi-locks.repository.ts';

export interface CurrentDocument {
  run: RunWithVersion;
  version: VersionRow;
}

export interface SaveRequest {
  orgId: string;
  runId: string;
  bytes: Buffer;
  /** The version the editor started from; a save over any other version is refused (409). Default: the current one. */
  baseVersionId?: string;
  /** Runs inside the save's transaction with the run's live lock (row-locked until commit); throws to refuse. */
  checkLock: (lock: LockRow | undefined) => void;
}

export class DocumentSavesService {
  private readonly db: Kysely<DB>;
  private readonly runs: RunsRepository;
  private readonly locks: WopiLocksRepository;
  private readonly blobs: BlobStore;
  private readonly retentionMs: number;

  constructor(deps: { db: Kysely<DB>; runs: RunsRepository; locks: WopiLocksRepository; blobs: BlobStore; retentionMs: number }) {
    this.db = deps.db;
    this.runs = deps.runs;
    this.locks = deps.locks;
    this.blobs = deps.blobs;
    this.retentionMs = deps.retentionMs;
  }

  /** The run's current document. 404 when the run is gone, 409 while it has no completed document. */
  async current(orgId: string, runId: string): Promise<CurrentDocument> {
    const run = await this.runs.findWithVersion(orgId, runId);
    if (!run) throw errors.notFound(`Run ${runId}`);
    if (!run.version) throw errors.conflict(`Run ${runId} has no document yet (status ${run.status}).`);
    return { run, version: run.version };
  }

  async bytes(version: VersionRow): Promise<Buffer> {
    const { body } = await this.blobs.get(version.blob_key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Stores the bytes as the run's new version; the run (updated_at bumped) and the version. */
  async save(req: SaveRequest): Promise<{ run: RunRow; version: VersionRow }> {
    const { run, version: base } = await this.current(req.orgId, req.runId);
    if (run.status !== 'completed') throw errors.conflict(`Run ${req.runId} is ${run.status}: wait for its task to end before saving.`);
    if (req.baseVersionId && req.baseVersionId !== base.version_id) throw staleVersion(base);
    const versionId = newId('ver');
    const blobKey = `orgs/${req.orgId}/runs/${req.runId}/edit-${versionId}`;
    const stored = await this.blobs.put(blobKey, Readable.from([req.bytes]), { contentType: base.content_type, contentLength: req.bytes.length });
    try {
      return await this.db.transaction().execute(async (trx) => {
        req.checkLock(await this.locks.current(req.runId, trx, true));
        const version = await this.runs.insertVersion(trx, {
          version_id: versionId, run_id: req.runId, org_id: req.orgId, task_id: null, blob_key: blobKey,
          content_type: base.content_type, file_name: base.file_name, title: base.title, size: stored.size, sha256: stored.sha256,
        });
        const moved = await this.runs.adoptVersion(trx, req.orgId, req.runId, versionId, base.version_id, this.retentionMs);
        if (!moved) throw errors.conflict(`Run ${req.runId} changed while saving (another save or a generation task); reload and save again.`);
        return { run: moved, version };
      });
    } catch (err) {
      await this.blobs.delete(blobKey).catch(() => {});
      throw err;
    }
  }
}

function staleVersion(current: VersionRow): AppError {
  return new AppError('conflict', `The document was changed by someone else (it is now at version ${current.version}). Reload it to see the changes, then edit again.`, {
    body: { current_version: current.version_id },
  });
}
