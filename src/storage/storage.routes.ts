// Registers the storage module's routes. Multipart parsing is scoped to the upload routes.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { blobLinkRoutes } from './blob-links.routes.ts';
import type { FilesService } from './files.service.ts';
import { filesRoutes } from './files.routes.ts';
import type { ImagesService } from './images.service.ts';
import { imagesRoutes } from './images.routes.ts';

export interface StorageRouteDeps {
  config: Config;
  blobs: BlobStore;
  files: FilesService;
  images: ImagesService;
}

export async function storageRoutes(api: FastifyInstance, deps: StorageRouteDeps): Promise<void> {
  await api.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    await filesRoutes(scope, deps);
    await imagesRoutes(scope, deps);
  });
  await blobLinkRoutes(api, deps);
}
