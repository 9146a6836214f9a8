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
import { OrphanSweepRepository } from './orphan-sweep.repository.ts';
import { keysOfKind, OrphanSweeper } from './orphan-sweep.ts';
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
  /** Removes blobs no row refers to, once per interval in the deployment; other modules add the owners of their keys. */
  orphans: OrphanSweeper;
}

export function createStorageModule(d: { config: Config; database: Database; blobs: BlobStore; log: FastifyBaseLogger }): StorageModule {
  const repositories = { files: new FilesRepository(d.database.db), images: new ImagesRepository(d.database.db) };
  const files = new FilesService(repositories.files, d.blobs, d.config.storage.zip);
  const images = new ImagesService(repositories.images, d.blobs);
  const purger = new StoragePurger(new PurgeRepository(d.database.db), d.blobs, purgeSettings(d.config, d.blobs), d.log);
  const orphanRepo = new OrphanSweepRepository(d.database.db);
  const orphans = new OrphanSweeper(orphanRepo, d.blobs, { intervalMs: d.config.storage.orphanSweepIntervalMs, graceSeconds: d.config.storage.orphanBlobGraceSeconds }, d.log);
  const filesOrImages = [keysOfKind('files'), keysOfKind('images')];
  orphans.addOwner({ name: 'files and images', owns: (key) => filesOrImages.some((f) => f(key)), referenced: (keys) => orphanRepo.referencedByFilesAndImages(keys) });
  return {
    name: 'storage',
    files,
    images,
    repositories,
    purger,
    orphans,
    routes: (api) => storageRoutes(api, { config: d.config, blobs: d.blobs, files, images }),
    start: () => { purger.start(); orphans.start(); },
    close: async () => { await Promise.all([purger.stop(), orphans.stop()]); },
  };
}
