// Chooses the blob store once, from config: S3 when FOLIO_S3_BUCKET is set, local disk otherwise.
// The S3 store (and the AWS SDK behind it) is loaded only when it is the one chosen.
import path from 'node:path';
import type { Config, Tier } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import type { PurgeSettings } from './purge.ts';
import { loadUrlSigningSecret } from './signed-links.ts';

/** Where blob-links.routes.ts serves local signed links, under the API prefix. */
export const BLOB_LINK_PATH = '/api/v1/blobs';

export async function createBlobStore(config: Config): Promise<BlobStore> {
  const ttl = config.storage.signedUrlTtlSeconds;
  if (config.storage.s3) {
    const { S3BlobStore } = await import('./s3-blob-store.ts');
    return new S3BlobStore(config.storage.s3, { defaultTtlSeconds: ttl });
  }
  return new LocalBlobStore({
    root: path.join(config.dataDir, 'blobs'),
    linkBase: `${config.publicUrl}${BLOB_LINK_PATH}`,
    secret: loadUrlSigningSecret(config),
    defaultTtlSeconds: ttl,
  });
}

/** Uploads are staged here (always local disk, whatever the blob store) while they are checked. */
export function uploadStagingDir(config: Config): string {
  return path.join(config.dataDir, 'tmp', 'uploads');
}

export function uploadLimit(config: Config, tier: Tier): number {
  return config.storage.uploadLimits[tier];
}

export function purgeSettings(config: Config, blobs: BlobStore): PurgeSettings {
  return {
    imageGraceSeconds: config.storage.imagePurgeGraceSeconds,
    fileGraceSeconds: config.storage.filePurgeGraceSeconds,
    intervalMs: config.storage.purgeIntervalMs,
    tempDirs: [uploadStagingDir(config), ...(blobs instanceof LocalBlobStore ? [blobs.tmpDir] : [])],
  };
}
