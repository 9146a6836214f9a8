// Signed download links for blobs on local disk, served by Folio itself (see blob-links.routes.ts):
//   <public URL>/api/v1/blobs/<key>?expires=<unix s>&disposition=<attachment|inline>&type=<content type>
//                                  &name=<file name>&signature=<base64url HMAC-SHA256>
// The HMAC covers the key, expiry, disposition, content type and file name, so none can be changed.
// On S3 the same role is played by presigned GET URLs (s3-blob-store.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { asciiFileName } from '../documents/titles/download-name.ts';
import { errors } from '../errors.ts';
import { assertValidKey, type ByteRange } from './blob-store.ts';

export interface LinkClaims {
  key: string;
  expires: number;
  disposition: 'attachment' | 'inline';
  contentType: string;
  fileName: string;
  /** The full name for `filename*` (a document's title), when it differs from fileName. */
  displayName?: string;
}

export type LinkQuery = Partial<Record<'expires' | 'disposition' | 'type' | 'name' | 'title' | 'signature', string>>;

function mac(secret: string, c: LinkClaims): Buffer {
  // The display name joins the signed fields only when there is one, so links made before it stay valid.
  const fields = ['folio-blob-link-v1', c.key, c.expires, c.disposition, c.contentType, c.fileName, ...(c.displayName !== undefined ? [c.displayName] : [])];
  const canonical = JSON.stringify(fields);
  return createHmac('sha256', secret).update(canonical).digest();
}

/** The query string of a signed link (without the leading `?`). */
export function signLink(secret: string, claims: LinkClaims): string {
  const q = new URLSearchParams({
    expires: String(claims.expires),
    disposition: claims.disposition,
    type: claims.contentType,
    name: claims.fileName,
    ...(claims.displayName !== undefined ? { title: claims.displayName } : {}),
    signature: mac(secret, claims).toString('base64url'),
  });
  return q.toString();
}

/** The claims of a link; 403 `forbidden` when it was altered, is incomplete or has expired. */
export function verifyLink(secret: string, key: string, query: LinkQuery, nowMs = Date.now()): LinkClaims {
  const invalid = () => errors.forbidden('This download link is not valid. Ask the API for a fresh one.');
  const { expires, disposition, type, name, title, signature } = query;
  if (!expires || !/^\d{1,12}$/.test(expires) || (disposition !== 'attachment' && disposition !== 'inline')) throw invalid();
  if (type === undefined || name === undefined || !signature || !/^[A-Za-z0-9_-]{43}$/.test(signature)) throw invalid();
  try {
    assertValidKey(key);
  } catch {
    throw invalid();
  }
  const claims: LinkClaims = { key, expires: Number(expires), disposition, contentType: type, fileName: name, ...(title !== undefined ? { displayName: title } : {}) };
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, claims);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  if (claims.expires * 1000 <= nowMs) throw errors.forbidden('This download link has expired. Ask the API for a fresh one.');
  return claims;
}

/** The secret that signs local download links: configured, or random and kept in the data dir. */
export function loadUrlSigningSecret(config: Config): string {
  if (config.storage.urlSigningSecret) return config.storage.urlSigningSecret;
  const file = path.join(config.dataDir, 'storage', 'url-signing-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err: any) {
    if (err.code !== 'ENOENT') throw new Error(`Cannot read the URL signing secret in ${file}: ${err.message}`);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx' so that two processes starting together agree on one secret.
    fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (err: any) {
    if (err.code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}

/**
 * Content-Disposition per RFC 6266: an ASCII `filename` fallback for old clients and the exact
 * UTF-8 name in `filename*` (RFC 8187). A generated document is downloaded under its short slug
 * (`filename`) and its full title (`filename*`, which browsers prefer).
 */
export function contentDisposition(disposition: 'attachment' | 'inline', fileName: string, displayName?: string): string {
  // A printable ASCII name without quotes or backslashes is its own fallback (a caller's "Q3 memo, final.docx"
  // stays itself for clients that only read `filename`); any other becomes its slug ("Überblick.docx" -> "uberblick.docx").
  const fallback = /^[\x20-\x7e]+$/.test(fileName) && !/["\\]/.test(fileName) ? fileName : asciiFileName(fileName);
  const encoded = encodeURIComponent(displayName ?? fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The single byte range asked for by a Range header (RFC 9110 section 14).
 * null: serve the whole content (no header, a syntax the server may ignore, or several ranges).
 * 'unsatisfiable': answer 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (start >= size) return 'unsatisfiable';
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (end < start) return null;
  return { start, end };
}
