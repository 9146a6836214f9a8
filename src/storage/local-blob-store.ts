// Blobs on local disk under FOLIO_DATA_DIR/blobs. A write goes to a temp file in the same file system
// and is renamed into place only after the whole stream was written, flushed and hashed, so a reader
// never sees half a blob and a failed write leaves nothing behind.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors } from '../errors.ts';
import {
  assertValidKey,
  HashingCounter,
  storageFailure,
  watchErrors,
  type BlobBody,
  type BlobStore,
  type ByteRange,
  type ListedBlob,
  type PutOptions,
  type SignedUrl,
  type SignedUrlOptions,
  type StoredBlob,
} from './blob-store.ts';
import { signLink, verifyLink, type LinkClaims, type LinkQuery } from './signed-links.ts';

export interface LocalBlobStoreOptions {
  root: string;
  /** Absolute URL under which blob-links.routes.ts serves signed links, e.g. https://folio.example/api/v1/blobs */
  linkBase: string;
  secret: string;
  defaultTtlSeconds: number;
}

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  readonly root: string;
  /** Temp files of writes in progress; the purge sweeper removes ones left by a crashed process. */
  readonly tmpDir: string;
  private readonly options: LocalBlobStoreOptions;

  constructor(options: LocalBlobStoreOptions) {
    this.options = options;
    this.root = path.resolve(options.root);
    this.tmpDir = path.join(this.root, '.tmp');
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, _options: PutOptions): Promise<StoredBlob> {
    const target = this.pathOf(key);
    const tmp = path.join(this.tmpDir, `${randomBytes(12).toString('hex')}.tmp`);
    const counter = new HashingCounter();
    const sourceError = watchErrors(body);
    try {
      await fsp.mkdir(this.tmpDir, { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await pipeline(body, counter, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600, flush: true }));
      await fsp.rename(tmp, target);
    } catch (err) {
      body.destroy();
      await fsp.rm(tmp, { force: true }).catch(() => {});
      throw sourceError() ?? storageFailure(err, 'store the content');
    }
    return { size: counter.bytes, sha256: counter.sha256() };
  }

  async get(key: string, range?: ByteRange): Promise<BlobBody> {
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err: any) {
      if (err.code === 'ENOENT') throw errors.notFound('Blob');
      throw storageFailure(err, 'read the content');
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here on, so a blob deleted meanwhile still reads to the end.
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { body, size };
    } catch (err) {
      await handle.close();
      throw storageFailure(err, 'read the content');
    }
  }

  async *list(prefix: string): AsyncIterable<ListedBlob> {
    const walk = async function* (dir: string, rel: string, tmpDir: string): AsyncGenerator<ListedBlob> {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (err: any) {
        if (err.code === 'ENOENT') return;
        throw storageFailure(err, 'list the content');
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (full !== tmpDir) yield* walk(full, key, tmpDir);
        } else if (e.isFile()) {
          try {
            yield { key, lastModified: (await fsp.stat(full)).mtime };
          } catch { /* deleted meanwhile */ }
        }
      }
    };
    const folder = prefix.replace(/\/+$/, '');
    if (folder) assertValidKey(folder);
    yield* walk(folder ? this.pathOf(folder) : this.root, folder, this.tmpDir);
  }

  async modified(key: string): Promise<Date | null> {
    try {
      return (await fsp.stat(this.pathOf(key))).mtime;
    } catch (err: any) {
      if (err.code === 'ENOENT') return null;
      throw storageFailure(err, 'read the content');
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.pathOf(key))).size;
    } catch (err: any) {
      if (err.code === 'ENOENT') return null;
      throw storageFailure(err, 'read the content');
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await fsp.rm(this.pathOf(key), { force: true });
    } catch (err) {
      throw storageFailure(err, 'delete the content');
    }
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<SignedUrl> {
    assertValidKey(key);
    const ttl = options.expiresIn ?? this.options.defaultTtlSeconds;
    const expires = Math.floor(Date.now() / 1000) + ttl;
    const query = signLink(this.options.secret, {
      key,
      expires,
      disposition: options.disposition ?? 'attachment',
      contentType: options.contentType,
      fileName: options.fileName,
      ...(options.displayName ? { displayName: options.displayName } : {}),
    });
    return { url: `${this.options.linkBase}/${key}?${query}`, expiresAt: new Date(expires * 1000) };
  }

  /** The claims of one of this store's links; 403 when it was altered or has expired. */
  verifyLink(key: string, query: LinkQuery): LinkClaims {
    return verifyLink(this.options.secret, key, query);
  }
}

