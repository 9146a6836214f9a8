// Blobs in an S3-compatible bucket (AWS S3, MinIO, R2, ...) through the AWS SDK v3. Uploads stream
// through @aws-sdk/lib-storage: one PutObject for small bodies, a multipart upload for large ones,
// aborted on any failure so no parts are left behind. Downloads are presigned GET URLs.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Config } from '../config.ts';
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
import { contentDisposition } from './signed-links.ts';

/** S3's own ceiling for presigned URLs. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export interface S3BlobStoreOptions {
  defaultTtlSeconds: number;
  /** Multipart part size in bytes (S3's minimum is 5 MiB). */
  partSize?: number;
}

function clientConfig(s3: S3Config, endpoint: string | null): S3ClientConfig {
  return {
    region: s3.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // The newer default checksums (CRC32 trailers) are not understood by many S3-compatible servers;
    // integrity is checked with our own SHA-256 instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly presigner: S3Client;
  private readonly s3: S3Config;
  private readonly options: S3BlobStoreOptions;

  constructor(s3: S3Config, options: S3BlobStoreOptions) {
    this.s3 = s3;
    this.options = options;
    this.client = new S3Client(clientConfig(s3, s3.endpoint));
    this.presigner = s3.publicEndpoint ? new S3Client(clientConfig(s3, s3.publicEndpoint)) : this.client;
  }

  /** The object key in the bucket. */
  objectKey(key: string): string {
    assertValidKey(key);
    return `${this.s3.prefix}${key}`;
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredBlob> {
    const counter = new HashingCounter();
    const sourceError = watchErrors(body);
    const piping = pipeline(body, counter);
    piping.catch(() => {}); // its failure surfaces through the upload below
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.s3.bucket,
        Key: this.objectKey(key),
        Body: counter,
        ContentType: options.contentType,
        ...(options.contentLength !== undefined ? { ContentLength: options.contentLength } : {}),
      },
      partSize: this.options.partSize ?? 8 * 1024 * 1024,
      queueSize: 4,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      await piping;
    } catch (err) {
      body.destroy();
      counter.destroy();
      throw sourceError() ?? storageFailure(err, 'store the content');
    }
    return { size: counter.bytes, sha256: counter.sha256() };
  }

  async get(key: string, range?: ByteRange): Promise<BlobBody> {
    try {
      const res = await this.client.send(new GetObjectCommand({
        Bucket: this.s3.bucket,
        Key: this.objectKey(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }));
      const total = range ? Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1]) : Number(res.ContentLength);
      return { body: res.Body as Readable, size: total };
    } catch (err) {
      if (isNotFound(err)) throw errors.notFound('Blob');
      throw storageFailure(err, 'read the content');
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: this.objectKey(key) }));
      return Number(res.ContentLength);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw storageFailure(err, 'read the content');
    }
  }

  async *list(prefix: string): AsyncIterable<ListedBlob> {
    const base = this.s3.prefix;
    // ListObjects (version 1) with the last key of a page as the next page's Marker (keys come in UTF-8
    // binary order): every S3-compatible server answers it, while version 2's continuation tokens are
    // opaque values some servers cannot even mint (s3rver's need DES, which OpenSSL 3 no longer offers).
    let after: string | undefined;
    for (;;) {
      let page;
      try {
        page = await this.client.send(new ListObjectsCommand({ Bucket: this.s3.bucket, Prefix: `${base}${prefix}`, ...(after ? { Marker: after } : {}) }));
      } catch (err) {
        throw storageFailure(err, 'list the content');
      }
      const objects = page.Contents ?? [];
      for (const o of objects) {
        if (o.Key?.startsWith(base) && o.LastModified) yield { key: o.Key.slice(base.length), lastModified: o.LastModified };
      }
      const last = objects.at(-1)?.Key;
      if (!page.IsTruncated || !last || last === after) return;
      after = last;
    }
  }

  async modified(key: string): Promise<Date | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: this.objectKey(key) }));
      return res.LastModified ?? null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw storageFailure(err, 'read the content');
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      if (isNotFound(err)) return;
      throw storageFailure(err, 'delete the content');
    }
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<SignedUrl> {
    const expiresIn = Math.min(options.expiresIn ?? this.options.defaultTtlSeconds, MAX_PRESIGN_SECONDS);
    const signedAt = new Date();
    const command = new GetObjectCommand({
      Bucket: this.s3.bucket,
      Key: this.objectKey(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition(options.disposition ?? 'attachment', options.fileName, options.displayName),
    });
    const url = await getSignedUrl(this.presigner, command, { expiresIn, signingDate: signedAt });
    return { url, expiresAt: new Date(signedAt.getTime() + expiresIn * 1000) };
  }

  close(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }
}
