// The WOPI host's operations on a run's current document: CheckFileInfo, GetFile, PutFile and the lock
// operations. Folio keeps real locks (the contract, docs/reference/api-contract.md, only acknowledged them): a lock lasts
// FOLIO_WOPI_LOCK_TTL_SECONDS after its last LOCK or REFRESH_LOCK, and a mismatch answers 409 with the
// current lock in X-WOPI-Lock ("" when there is none). PutFile on an unlocked file is accepted, for
// clients that never lock.
import { AppError, errors } from '../errors.ts';
import type { VersionRow } from '../runs/runs.repository.ts';
import type { EditSession } from './edit-tokens.repository.ts';
import type { DocumentSavesService } from './document-saves.service.ts';
import type { WopiLocksRepository } from './wopi-locks.repository.ts';

export const MAX_LOCK_LENGTH = 1024;

export function lockMismatch(current: string, reason: string): AppError {
  return new AppError('conflict', `Lock mismatch: ${reason}.`, { headers: { 'X-WOPI-Lock': current, 'X-WOPI-LockFailureReason': reason } });
}

export interface LockOutcome {
  /** X-WOPI-ItemVersion of the document. */
  version: string;
  /** GET_LOCK: the current lock ("" when none). */
  lock?: string;
}

export class WopiService {
  private readonly saves: DocumentSavesService;
  private readonly locks: WopiLocksRepository;
  private readonly lockTtlSeconds: number;
  private readonly postMessageOrigin: string;

  constructor(deps: { saves: DocumentSavesService; locks: WopiLocksRepository; lockTtlSeconds: number; publicUrl: string }) {
    this.saves = deps.saves;
    this.locks = deps.locks;
    this.lockTtlSeconds = deps.lockTtlSeconds;
    this.postMessageOrigin = new URL(deps.publicUrl).origin;
  }

  async checkFileInfo(s: EditSession) {
    const { run, version } = await this.saves.current(s.org_id, s.run_id);
    const writable = run.status === 'completed';
    const ext = /\.[A-Za-z0-9]+$/.exec(version.file_name)?.[0] ?? '';
    return {
      BaseFileName: version.file_name,
      OwnerId: s.org_id,
      Size: version.size,
      UserId: s.token_id,
      UserFriendlyName: s.org_name,
      Version: version.version_id,
      LastModifiedTime: version.created_at.toISOString(),
      FileExtension: ext,
      UserCanWrite: writable,
      ReadOnly: !writable,
      UserCanNotWriteRelative: true,
      SupportsUpdate: true,
      SupportsLocks: true,
      SupportsGetLock: true,
      SupportsExtendedLockLength: true,
      SupportsRename: false,
      PostMessageOrigin: this.postMessageOrigin,
    };
  }

  /** The current version's bytes; 412 when they are larger than the client said it can take. */
  async getFile(s: EditSession, maxExpectedSize: number | null): Promise<{ version: VersionRow; bytes: Buffer }> {
    const { version } = await this.saves.current(s.org_id, s.run_id);
    if (maxExpectedSize !== null && version.size > maxExpectedSize) {
      throw new AppError('precondition_failed', `The file is ${version.size} bytes, more than X-WOPI-MaxExpectedSize (${maxExpectedSize}).`);
    }
    return { version, bytes: await this.saves.bytes(version) };
  }

  /**
   * A new version from the client. `lock` is X-WOPI-Lock; `modifiedTime` is Collabora's
   * X-COOL-WOPI-Timestamp: when it is not the current version's time, someone saved in between and the
   * client is told so (409 with COOLStatusCode 1010) rather than overwriting it.
   */
  async putFile(s: EditSession, bytes: Buffer, lock: string | null, modifiedTime: string | null): Promise<VersionRow> {
    const { version: current } = await this.saves.current(s.org_id, s.run_id);
    if (modifiedTime && modifiedTime !== current.created_at.toISOString()) {
      throw new AppError('conflict', 'The document was saved by someone else since it was opened.', { body: { COOLStatusCode: 1010 } });
    }
    const { version } = await this.saves.save({
      orgId: s.org_id, runId: s.run_id, bytes, baseVersionId: current.version_id,
      checkLock: (live) => {
        if (live && live.lock_id !== lock) throw lockMismatch(live.lock_id, lock ? 'the file is locked with another lock' : 'the file is locked and the request has no lock');
      },
    });
    return version;
  }

  async lock(s: EditSession, lockId: string, oldLock: string | null): Promise<LockOutcome> {
    const version = await this.versionId(s);
    checkLockId(lockId);
    if (oldLock !== null) {
      checkLockId(oldLock);
      if (!(await this.locks.relock(s.run_id, oldLock, lockId, this.lockTtlSeconds))) throw await this.mismatch(s, 'the old lock is not the current lock');
    } else if (!(await this.locks.lock(s.org_id, s.run_id, lockId, this.lockTtlSeconds))) {
      throw await this.mismatch(s, 'the file is locked with another lock');
    }
    return { version };
  }

  async refreshLock(s: EditSession, lockId: string): Promise<LockOutcome> {
    const version = await this.versionId(s);
    checkLockId(lockId);
    if (!(await this.locks.refresh(s.run_id, lockId, this.lockTtlSeconds))) throw await this.mismatch(s, 'the lock is not the current lock');
    return { version };
  }

  async unlock(s: EditSession, lockId: string): Promise<LockOutcome> {
    const version = await this.versionId(s);
    checkLockId(lockId);
    if (!(await this.locks.unlock(s.run_id, lockId))) throw await this.mismatch(s, 'the lock is not the current lock');
    return { version };
  }

  async getLock(s: EditSession): Promise<LockOutcome> {
    const version = await this.versionId(s);
    return { version, lock: (await this.locks.current(s.run_id))?.lock_id ?? '' };
  }

  private async versionId(s: EditSession): Promise<string> {
    return (await this.saves.current(s.org_id, s.run_id)).version.version_id;
  }

  private async mismatch(s: EditSession, reason: string): Promise<AppError> {
    const current = await this.locks.current(s.run_id);
    return lockMismatch(current?.lock_id ?? '', current ? reason : 'the file is not locked');
  }
}

function checkLockId(lock: string): void {
  if (lock.length === 0 || lock.length > MAX_LOCK_LENGTH) throw errors.invalidRequest(`X-WOPI-Lock must be 1-${MAX_LOCK_LENGTH} characters.`);
}
