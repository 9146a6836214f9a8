// The two errors an adapter throws on purpose. Both carry a message written for their reader: the
// model (ToolError, sent back as the tool's result so it can correct the call) or the API caller
// (DocumentUnreadable, which fails the task with a clear 400 naming the file).

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
