// A full disk is an answer, not a crash. Any failure whose cause is a lack of space (ENOSPC, EDQUOT
// from the file system; SQLSTATE 53100 disk_full from PostgreSQL; PGlite's "could not extend file" /
// "No space left on device") becomes 507 `insufficient_storage` with a message an operator can act
// on, whatever route hit it. The last time it happened is kept so that /health can report it.
import { AppError } from '../errors.ts';

const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const NO_SPACE_TEXT = /no space left on device|could not extend file|disk quota exceeded|disk full/i;

/** How long after the last out-of-space failure /health keeps reporting it (unless a check shows space again). */
export const FULL_REMEMBERED_MS = 60_000;

let lastFullAt = 0;

/** True when the error, or any error in its `cause` chain, is a lack of space. */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AppError && e.code === 'insufficient_storage') return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NO_SPACE_CODES.has(code)) return true;
    const errno = (e as { errno?: unknown }).errno;
    if (errno === 28 || errno === -28) return true; // ENOSPC as a bare errno (Emscripten file systems)
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && NO_SPACE_TEXT.test(message)) return true;
  }
  return false;
}

export function storageFullError(cause: unknown): AppError {
  lastFullAt = Date.now();
  return new AppError(
    'insufficient_storage',
    'The server is out of disk space: its data directory (blob store or database) could not be written. Nothing already stored was lost and nothing was charged. An operator must free space or grow the volume of FOLIO_DATA_DIR (or the database); retry afterwards.',
    { cause, headers: { 'Retry-After': '60' } },
  );
}

/** The error as 507 when it is a lack of space; undefined otherwise. */
export function asStorageFull(err: unknown): AppError | undefined {
  if (err instanceof AppError && err.code === 'insufficient_storage') return err;
  return isStorageFull(err) ? storageFullError(err) : undefined;
}

/** When the last out-of-space failure happened (0: never), for /health. */
export function lastStorageFullAt(): number {
  return lastFullAt;
}

/** /health found space again: stop reporting the old failure. */
export function clearStorageFull(): void {
  lastFullAt = 0;
}
