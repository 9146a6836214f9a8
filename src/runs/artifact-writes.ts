// A task's writes to the blob store, retried through a short outage of the store (an S3 503 or a
// reset connection) instead of failing the task or leaking bytes: the document's upload (when it is in
// memory, so it can be sent again), and the removal of the bytes that earlier attempts of the task left.
import { Readable } from 'node:stream';
import type { BlobStore, PutOptions, StoredBlob } from '../storage/blob-store.ts';
import { asStorageFull } from '../storage/disk-full.ts';

/** Waits between tries: about 30 s in all, which outlasts a store's brief unavailability. */
export const BLOB_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16_000] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stores `body`; a Buffer is sent again after a failure (a full disk is final), a stream only once. */
export async function putArtifact(blobs: BlobStore, key: string, body: Buffer | Readable, options: PutOptions, delays: readonly number[] = BLOB_RETRY_DELAYS_MS): Promise<StoredBlob> {
  if (!Buffer.isBuffer(body)) return blobs.put(key, body, options);
  for (let i = 0; ; i++) {
    try {
      return await blobs.put(key, Readable.from([body]), { ...options, contentLength: body.length });
    } catch (err) {
      if (i >= delays.length || asStorageFull(err)) throw err;
      await sleep(delays[i]);
    }
  }
}

/** Deletes `keys` (a missing key is no error), trying each again after a failure; false if one stayed. */
export async function deleteBlobs(blobs: BlobStore, keys: string[], delays: readonly number[] = BLOB_RETRY_DELAYS_MS): Promise<boolean> {
  let all = true;
  for (const key of keys) {
    for (let i = 0; ; i++) {
      try { await blobs.delete(key); break; } catch {
        if (i >= delays.length) { all = false; break; }
        await sleep(delays[i]);
      }
    }
  }
  return all;
}
