// The BlobStore contract, run against both implementations: local disk and S3 (a real S3-protocol
// server on loopback). Signed links over HTTP are covered in signed-links.test.ts.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.ts';
import type { BlobStore } from '../src/storage/blob-store.ts';
import { LocalBlobStore } from '../src/storage/local-blob-store.ts';
import { S3BlobStore } from '../src/storage/s3-blob-store.ts';
import { startS3, type TestS3 } from './helpers/s3.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MiB = 1024 * 1024;

async function bytes(r: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A body that delivers `good` bytes in chunks and then fails, like a client that goes away. */
function failingBody(good: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= good) {
        this.destroy(new Error('client went away'));
        return;
      }
      const n = Math.min(256 * 1024, good - sent);
      sent += n;
      this.push(randomBytes(n));
    },
  });
}

interface Backend {
  name: string;
  open(): Promise<{ store: BlobStore; leftovers(): Promise<string[]>; close(): Promise<void> }>;
}

let s3: TestS3;
beforeAll(async () => { s3 = await startS3(); });
afterAll(async () => s3?.close());

const backends: Backend[] = [
  {
    name: 'local disk',
    async open() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-blobs-'));
      const store = new LocalBlobStore({ root, linkBase: 'http://localhost/api/v1/blobs', secret: 'x'.repeat(32), defaultTtlSeconds: 60 });
      const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.relative(root, path.join(dir, e.name))]));
      return { store, leftovers: async () => walk(root), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3',
    async open() {
      const prefix = `t${randomBytes(4).toString('hex')}/`;
      const store = new S3BlobStore({ ...s3.config, prefix }, { defaultTtlSeconds: 60, partSize: 5 * MiB });
      return { store, leftovers: async () => (await s3.keys()).filter((k) => k.startsWith(prefix)), close: async () => store.close() };
    },
  },
];

describe.each(backends)('BlobStore on $name', (backend) => {
  let store: BlobStore;
  let leftovers: () => Promise<string[]>;
  let close: () => Promise<void>;
  beforeAll(async () => { ({ store, leftovers, close } = await backend.open()); });
  afterAll(async () => close?.());

  it('puts a stream and reports its size and SHA-256, then gets it back', async () => {
    const data = randomBytes(100_000);
    const stored = await store.put('orgs/o1/files/a', Readable.from([data.subarray(0, 40_000), data.subarray(40_000)]), { contentType: 'application/octet-stream' });
    expect(stored).toEqual({ size: data.length, sha256: sha(data) });
    const got = await store.get('orgs/o1/files/a');
    expect(got.size).toBe(data.length);
    expect(sha(await bytes(got.body))).toBe(sha(data));
    expect(await store.size('orgs/o1/files/a')).toBe(data.length);
  });

  it('gets a byte range, reporting the size of the whole blob', async () => {
    await store.put('orgs/o1/files/range', Readable.from([Buffer.from('0123456789')]), { contentType: 'text/plain' });
    const got = await store.get('orgs/o1/files/range', { start: 2, end: 5 });
    expect(got.size).toBe(10);
    expect(await text(got.body)).toBe('2345');
  });

  it('answers 404 not_found for a missing blob and null for its size', async () => {
    const err = await store.get('orgs/o1/files/missing').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('not_found');
    expect(await store.size('orgs/o1/files/missing')).toBeNull();
  });

  it('deletes, and deleting again is not an error', async () => {
    await store.put('orgs/o1/files/del', Readable.from([Buffer.from('bye')]), { contentType: 'text/plain' });
    await store.delete('orgs/o1/files/del');
    expect(await store.size('orgs/o1/files/del')).toBeNull();
    await expect(store.delete('orgs/o1/files/del')).resolves.toBeUndefined();
  });

  it('lists every blob under a folder with when it was written, and tells when one was written', async () => {
    const before = Date.now() - 2000;
    for (const k of ['orgs/ol/files/a', 'orgs/ol/runs/r1/t.1', 'orgs/ol/runs/r1/t.2', 'orgs/olx/files/b', 'other/c']) await store.put(k, Readable.from([Buffer.from(k)]), { contentType: 'text/plain' });
    const listed: { key: string; lastModified: Date }[] = [];
    for await (const b of store.list('orgs/ol/')) listed.push(b);
    expect(listed.map((b) => b.key).sort()).toEqual(['orgs/ol/files/a', 'orgs/ol/runs/r1/t.1', 'orgs/ol/runs/r1/t.2']);
    for (const b of listed) {
      expect(b.lastModified.getTime()).toBeGreaterThan(before);
      expect((await store.modified(b.key))?.getTime()).toBe(b.lastModified.getTime());
    }
    expect(await store.modified('orgs/ol/files/missing')).toBeNull();
    const all: string[] = [];
    for await (const b of store.list('')) all.push(b.key);
    expect(all).toEqual(expect.arrayContaining(['orgs/olx/files/b', 'other/c']));
    const none: string[] = [];
    for await (const b of store.list('orgs/nothing-here/')) none.push(b.key);
    expect(none).toEqual([]);
    for (const k of ['orgs/ol/files/a', 'orgs/ol/runs/r1/t.1', 'orgs/ol/runs/r1/t.2', 'orgs/olx/files/b', 'other/c']) await store.delete(k);
  });

  it('lists past one page of results (S3 answers 1,000 keys a page)', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `orgs/many/files/f${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' })));
    const listed = new Set<string>();
    for await (const b of store.list('orgs/many/')) listed.add(b.key);
    expect(listed.size).toBe(1005);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => store.delete(k)));
  }, 120_000);

  it('replaces a blob as a whole', async () => {
    await store.put('orgs/o1/files/v', Readable.from([Buffer.from('version one')]), { contentType: 'text/plain' });
    await store.put('orgs/o1/files/v', Readable.from([Buffer.from('v2')]), { contentType: 'text/plain' });
    expect(await text((await store.get('orgs/o1/files/v')).body)).toBe('v2');
  });

  it('stores a body larger than one multipart part', async () => {
    const data = randomBytes(6 * MiB + 123);
    const stored = await store.put('orgs/o1/files/big', Readable.from([data]), { contentType: 'application/octet-stream', contentLength: data.length });
    expect(stored.sha256).toBe(sha(data));
    expect(await store.size('orgs/o1/files/big')).toBe(data.length);
  });

  it('leaves nothing behind when the body fails halfway (small body)', async () => {
    const before = await leftovers();
    await expect(store.put('orgs/o1/files/broken-small', failingBody(100_000), { contentType: 'application/octet-stream' })).rejects.toThrow('client went away');
    expect(await store.size('orgs/o1/files/broken-small')).toBeNull();
    expect(await leftovers()).toEqual(before);
  });

  it('leaves nothing behind when the body fails after several MiB (multipart on S3)', async () => {
    const before = await leftovers();
    const sent: string[] = [];
    if (store instanceof S3BlobStore) {
      store.client.middlewareStack.add((next, context) => async (args) => {
        sent.push(context.commandName as string);
        return next(args);
      }, { step: 'initialize', name: 'recordCommands' });
    }
    await expect(store.put('orgs/o1/files/broken-big', failingBody(7 * MiB), { contentType: 'application/octet-stream' })).rejects.toThrow('client went away');
    expect(await store.size('orgs/o1/files/broken-big')).toBeNull();
    expect(await leftovers()).toEqual(before);
    if (store instanceof S3BlobStore) {
      store.client.middlewareStack.remove('recordCommands');
      // The multipart upload was started and then aborted, so no parts are kept (billed) by the store.
      expect(sent).toContain('CreateMultipartUploadCommand');
      expect(sent).toContain('AbortMultipartUploadCommand');
      expect(sent).not.toContain('CompleteMultipartUploadCommand');
    }
  });

  it('refuses keys that could escape the store', async () => {
    for (const key of ['../etc/passwd', 'orgs/../../x', '/abs', 'a//b', '']) {
      await expect(store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }), key).rejects.toThrow(/Invalid blob key/);
    }
  });

  it('presigns S3 links for FOLIO_S3_PUBLIC_ENDPOINT when clients reach the store under another address', async () => {
    if (!(store instanceof S3BlobStore)) return;
    await store.put('orgs/o1/files/public', Readable.from([Buffer.from('seen from outside')]), { contentType: 'text/plain' });
    const publicEndpoint = s3.endpoint.replace('127.0.0.1', 'localhost');
    const outside = new S3BlobStore({ ...s3.config, prefix: store.objectKey('x').slice(0, -1), publicEndpoint }, { defaultTtlSeconds: 60 });
    try {
      const link = await outside.signedUrl('orgs/o1/files/public', { fileName: 'p.txt', contentType: 'text/plain' });
      expect(link.url.startsWith(`${publicEndpoint}/`)).toBe(true);
      const res = await fetch(link.url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('seen from outside');
    } finally {
      outside.close();
    }
  });

  it('signs links that expire', async () => {
    const link = await store.signedUrl('orgs/o1/files/a', { fileName: 'report.pdf', contentType: 'application/pdf', expiresIn: 120 });
    expect(link.url).toMatch(/^https?:\/\//);
    expect(Math.abs(link.expiresAt.getTime() - (Date.now() + 120_000))).toBeLessThan(5_000);
  });
});
