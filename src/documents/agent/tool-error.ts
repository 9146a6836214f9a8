// The two errors an adapter throws on purpose. Both carry a message written for their reader: the
// model (ToolError, sent back as the tool's result so it can correct the call) or the API caller
// (DocumentUnreadable: an init_file that cannot be opened is a 422 naming the file and the reason).

/** A tool call the model should fix: unknown id, value out of range, conflicting arguments. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}

/** The bytes are not a readable file of the adapter's format (not a zip, missing parts, broken XML). */
export class DocumentUnreadable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentUnreadable';
  }
}

/** What a reader's failure says about the file (an unexpected failure is named as such, never as a server error). */
export function unreadableReason(err: unknown): string {
  if (err instanceof DocumentUnreadable) return err.message;
  // A document thread ran out of memory opening it (src/documents/isolate): the file is too large, not broken.
  const limitMb = (err as { name?: string; limitMb?: number })?.name === 'DocumentOutOfMemory' ? (err as { limitMb: number }).limitMb : null;
  if (limitMb !== null) return `The file is too large to open within the ${limitMb} MB memory limit of a document thread (FOLIO_RENDER_MAX_HEAP_MB).`;
  return `the file could not be read (${(err as Error)?.message ?? String(err)}).`;
}
