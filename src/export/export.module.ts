// The export module: the LibreOffice pool (started lazily on the first conversion that needs it, or at
// boot), the converter, the export service, the cache sweeper, and the export and conversion routes.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { documentIsolate } from '../documents/isolate/document-isolate.ts';
import type { FolioModule } from '../infra/module.ts';
import type { RunsService } from '../runs/runs.service.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { FilesService } from '../storage/files.service.ts';
import { Converter, type LibreOfficeEngine } from './converter.ts';
import { ExportRepository } from './export.repository.ts';
import { exportRoutes } from './export.routes.ts';
import { ExportService } from './export.service.ts';
import { ExportSweeper } from './export-sweeper.ts';
import { LibreOfficePool } from './libreoffice/libreoffice-pool.ts';
import { probeLibreOffice } from './libreoffice/probe.ts';

export interface ExportModuleDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  runs: RunsService;
  files: FilesService;
  log: FastifyBaseLogger;
}

export interface ExportModule extends FolioModule {
  service: ExportService;
  /** The converter behind exports (template layout thumbnails render through it too). */
  converter: Converter;
  pool: LibreOfficePool;
  sweeper: ExportSweeper;
  /** Boots the pool when FOLIO_EXPORT_POOL_START=boot (in the background) and starts the sweeper. */
  start(): Promise<void>;
  /** Stops the sweeper and every LibreOffice instance. */
  close(): Promise<void>;
}

/** A start timeout well above a cold start on a loaded machine (a new profile takes a few seconds). */
const START_TIMEOUT_MS = 60_000;

export function createExportModule(d: ExportModuleDeps): ExportModule {
  const c = d.config.export;
  const tmp = path.join(d.config.dataDir, 'tmp');
  const pool = new LibreOfficePool({
    size: c.poolSize,
    maxConversions: c.maxConversions,
    timeoutMs: c.timeoutMs,
    queueLimit: c.queueLimit,
    startTimeoutMs: START_TIMEOUT_MS,
    sofficePath: c.sofficePath,
    pythonPath: c.sofficePython,
    workDir: path.join(tmp, 'libreoffice'),
  }, d.log);
  let probe: Promise<string | null> | null = null;
  const office: LibreOfficeEngine = {
    unavailable: () => (probe ??= probeLibreOffice(c.sofficePath, c.sofficePython)),
    convert: (req) => pool.convert(req),
  };
  const repo = new ExportRepository(d.database.db);
  const converter = new Converter(office, c.timeoutMs, c.pngMaxPages, documentIsolate({ maxHeapMb: d.config.documents.renderMaxHeapMb, threads: d.config.documents.renderThreads }));
  const service = new ExportService({ runs: d.runs, files: d.files, blobs: d.blobs, repo, converter, scratchDir: path.join(tmp, 'export') });
  const sweeper = new ExportSweeper(repo, service, d.config.storage.signedUrlTtlSeconds, c.sweepIntervalMs, d.log);

  return {
    name: 'export',
    routes: (api) => exportRoutes(api, service),
    service,
    converter,
    pool,
    sweeper,
    async start() {
      sweeper.start();
      if (c.poolStart !== 'boot') return;
      const missing = await office.unavailable();
      if (missing) {
        d.log.warn(`${missing}: exports to pdf, png, odt and odp answer 501 until LibreOffice is installed`);
        return;
      }
      void pool.start();
    },
    async close() {
      await sweeper.stop();
      await pool.stop();
    },
  };
}
