// Receives a multipart/form-data upload: the `file` part is streamed to a private staging file (hashed
// and counted on the way, cut off with 413 the moment it passes the tier's limit) and the other parts
// are collected as text fields and validated against the route's schema (422 with `detail`).
// The staged file is removed when the request ends, whatever happens: success, error or a client
// that goes away mid-upload.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { TObject } from 'typebox';
import { AppError, errors, type ValidationDetail } from '../errors.ts';
import { toValidationDetail, validatorCompiler } from '../http/validation.ts';
import { badStringReason } from '../http/input-hygiene.ts';
import { HashingCounter } from './blob-store.ts';
import { sanitizeFileName } from './upload-checks.ts';

export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
  /** Sanitized name from the part's `filename`. */
  fileName: string;
  /** Content-Type the client declared for the part (never trusted, kept for messages). */
  declaredType: string;
}

export interface ReceivedUpload {
  file: StagedFile;
  fields: Record<string, unknown>;
}

export interface ReceiveOptions {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  stagingDir: string;
  /** Schema of the text fields (the `file` part is handled here). */
  fields: TObject;
  /** Name used when the part has none. */
  fallbackName: string;
}

const FIELD_LIMITS = { fields: 20, fieldSize: 64 * 1024, fieldNameSize: 100, files: 1, parts: 21, headerPairs: 100 };
/** Room for the text fields and multipart framing in a Content-Length pre-check. */
const FORM_OVERHEAD = FIELD_LIMITS.fields * FIELD_LIMITS.fieldSize + 64 * 1024;

/** Multipart routes validate their text fields here; their `body` schema only documents the form. */
export const multipartValidatorCompiler: FastifySchemaCompiler<any> = (route) =>
  route.httpPart === 'body' ? () => true : validatorCompiler(route);

export function tooLarge(maxBytes: number): AppError {
  return errors.payloadTooLarge(`The file is larger than the ${maxBytes}-byte upload limit of your organization's tier.`);
}

const invalid = (loc: string, msg: string, type: string, input?: unknown): ValidationDetail =>
  ({ loc: ['body', loc], msg, type, ...(input !== undefined ? { input } : {}) });

/** Maps @fastify/multipart and busboy failures to the documented envelope. */
function translate(err: any, maxBytes: number): unknown {
  if (err instanceof AppError) return err;
  switch (err?.code) {
    case 'FST_REQ_FILE_TOO_LARGE': return tooLarge(maxBytes);
    case 'FST_FILES_LIMIT': return errors.validation([invalid('file', 'Send exactly one file part, named "file"', 'too_many_files')]);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT': return errors.validation([{ loc: ['body'], msg: `At most ${FIELD_LIMITS.fields} form fields are accepted`, type: 'too_many_fields' }]);
    case 'FST_PROTO_VIOLATION': return errors.validation([{ loc: ['body'], msg: 'Field name not allowed', type: 'extra_forbidden' }]);
    case 'FST_MP_PREMATURE_CLOSE': return errors.invalidRequest('The upload was interrupted before it was complete.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE': return errors.invalidRequest('Send the upload as multipart/form-data.');
  }
  if (err instanceof Error && /multipart|part|boundary|unexpected end/i.test(err.message)) {
    return errors.invalidRequest('The multipart/form-data body is malformed.');
  }
  return err;
}

async function stage(part: { file: NodeJS.ReadableStream & { truncated?: boolean }; filename?: string; mimetype?: string }, options: ReceiveOptions, onPath: (p: string) => void): Promise<StagedFile> {
  await fsp.mkdir(options.stagingDir, { recursive: true });
  const file = path.join(options.stagingDir, `${randomBytes(12).toString('hex')}.upload`);
  onPath(file);
  const counter = new HashingCounter();
  // busboy truncates the part at the limit and says so with 'limit': fail the pipeline right there.
  part.file.on('limit', () => (part.file as any).destroy(tooLarge(options.maxBytes)));
  await pipeline(part.file, counter, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  if (part.file.truncated) throw tooLarge(options.maxBytes);
  return {
    path: file,
    size: counter.bytes,
    sha256: counter.sha256(),
    fileName: sanitizeFileName(part.filename, options.fallbackName),
    declaredType: part.mimetype ?? 'application/octet-stream',
  };
}

export async function receiveUpload(request: FastifyRequest, options: ReceiveOptions, onStaged: (p: string) => void): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw errors.invalidRequest('Send the upload as multipart/form-data with the file in a part named "file".');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + FORM_OVERHEAD) throw tooLarge(options.maxBytes);

  let staged: StagedFile | null = null;
  const fields: Record<string, unknown> = {};
  const detail: ValidationDetail[] = [];
  try {
    for await (const part of request.parts({ limits: { ...FIELD_LIMITS, fileSize: options.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          // Stop reading here: the body is not what this endpoint takes.
          throw errors.validation([invalid(part.fieldname, 'Extra inputs are not permitted; the file goes in the part named "file"', 'extra_forbidden'), invalid('file', 'Field required', 'missing')]);
        }
        // Refused rather than cleaned up: the client learns its name is broken (input-hygiene.md).
        const badName = typeof part.filename === 'string' ? badStringReason(part.filename) : null;
        if (badName) throw errors.validation([{ loc: ['body', 'file', 'filename'], msg: `File name: ${badName.msg}`, type: badName.type, input: part.filename }]);
        staged = await stage(part, options, onStaged);
      } else if (part.fieldname === 'file') {
        detail.push(invalid('file', 'Should be a file part (with a filename), not a text field', 'file_type'));
      } else if (part.fieldname in fields) {
        detail.push(invalid(part.fieldname, 'Send each field once', 'duplicate_field'));
      } else if (part.valueTruncated) {
        detail.push(invalid(part.fieldname, `String should have at most ${FIELD_LIMITS.fieldSize} bytes`, 'string_too_long'));
      } else if (typeof part.value === 'string' && badStringReason(part.value)) {
        detail.push(invalid(part.fieldname, badStringReason(part.value)!.msg, badStringReason(part.value)!.type, part.value));
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw translate(err, options.maxBytes);
  }
  if (!staged && !detail.some((d) => d.loc[1] === 'file')) detail.push(invalid('file', 'Field required', 'missing'));
  const validate = validatorCompiler({ schema: options.fields, httpPart: 'body', method: request.method, url: request.url }) as any;
  if (!validate(fields)) detail.push(...toValidationDetail(validate.errors ?? [], 'body', fields));
  if (detail.length) throw errors.validation(detail);
  return { file: staged!, fields };
}

/**
 * Receives the upload, runs `use` with it and removes the staged file afterwards, also when `use`
 * throws or the client disconnects. While the body is unread, an error response closes the connection
 * instead of draining the rest of an oversized upload.
 */
export async function withUpload<T>(request: FastifyRequest, reply: FastifyReply, options: ReceiveOptions, use: (upload: ReceivedUpload) => Promise<T>): Promise<T> {
  const staged: string[] = [];
  const cleanup = () => Promise.all(staged.map((p) => fsp.rm(p, { force: true }))).then(() => {});
  try {
    return await use(await receiveUpload(request, options, (p) => staged.push(p)));
  } catch (err) {
    if (!request.raw.complete) reply.header('connection', 'close');
    throw err;
  } finally {
    await cleanup();
  }
}
