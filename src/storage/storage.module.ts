// The storage module: uploaded files and images, their routes, and the purge of deleted bytes, on the context's blob store.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { FolioModule } from '../infra/module.ts';
import type { BlobStore } from './blob-store.ts';
import { purgeSettings } from './create-blob-store.ts';
import { FilesRepository } from './files.repository.ts';
import { FilesService } from './files.service.ts';
import { ImagesRepository } from './images.repository.ts';
import { ImagesService } from './images.service.ts';
import { PurgeRepository } from './purge.repository.ts';
import { StoragePurger } from './purge.ts';
import { storageRoutes } from './storage.routes.ts';

/** The files and images tables, for the modules that check or read references to them (runs, documents, analysis). */
export interface StorageRepositories {
  files: FilesRepository;
  images: ImagesRepository;
}

export interface StorageModule extends FolioModule {
  files: FilesService;
  images: ImagesService;
  repositories: StorageRepositories;
  /** Removes bytes of deleted files and images after their grace period; started with the app. */
  purger: StoragePurger;
}

export function createStorageModule(d: { config: Config; database: Database; blobs: BlobStore; log: FastifyBaseLogger }): StorageModule {
  const repositories = { files: new FilesRepository(d.database.db), images: new ImagesRepository(d.database.db) };
  const files = new FilesService(repositories.files, d.blobs, d.config.storage.zip);
  const images = new ImagesService(repositories.images, d.blobs);
  const purger = new StoragePurger(new PurgeRepository(d.database.db), d.blobs, purgeSettings(d.config, d.blobs), d.log);
  return {
    name: 'storage',
    files,
    images,
    repositories,
    purger,
    routes: (api) => storageRoutes(api, { config: d.config, blobs: d.blobs, files, images }),
    start: () => purger.start(),
    close: () => purger.stop(),
  };
}
