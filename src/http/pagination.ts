// Opaque cursors for newest-first keyset pagination over time-ordered ids.
import { errors } from '../errors.ts';

export function encodeCursor(lastId: string): string {
  return Buffer.from(JSON.stringify({ v: 1, id: lastId })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed?.v === 1 && typeof parsed.id === 'string' && parsed.id.length <= 64) return parsed.id;
  } catch { /* fall through */ }
  throw errors.validation([{ loc: ['query', 'cursor'], msg: 'Cursor is not valid; pass next_cursor from a previous page', type: 'value_error', input: cursor }]);
}

/** Given limit+1 rows, returns the page and the cursor to the next one. */
export function toPage<T>(rows: T[], limit: number, idOf: (row: T) => string): { items: T[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  const next_cursor = rows.length > limit ? encodeCursor(idOf(items[items.length - 1])) : null;
  return { items, next_cursor };
}
