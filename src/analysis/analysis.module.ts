// The analysis module: POST /excel/analyze, answered through the LLM module on files of the storage module.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { Database } from '../db/database.ts';
import type { Converter } from '../export/converter.ts';
import type { FolioModule } from '../infra/module.ts';
import type { LlmModule } from '../llm/llm.module.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { StorageRepositories } from '../storage/storage.module.ts';
import { analysisRoutes } from './analysis.routes.ts';
import { AnalysisService } from './analysis.service.ts';

export interface AnalysisModuleDeps {
  config: Config;
  database: Database;
  storage: StorageRepositories;
  blobs: BlobStore;
  llm: LlmModule;
  credits: CreditsService;
  /** The export module's converter: legacy .xls workbooks are read through the export pool. */
  converter: Converter;
  log: FastifyBaseLogger;
}

export interface AnalysisModule extends FolioModule {
  service: AnalysisService;
}

export function createAnalysisModule(d: AnalysisModuleDeps): AnalysisModule {
  const service = new AnalysisService({
    config: d.config, db: d.database.db, files: d.storage.files, blobs: d.blobs, llm: d.llm, credits: d.credits, usage: d.llm.usage, converter: d.converter, log: d.log,
  });
  return { name: 'analysis', service, routes: (api) => analysisRoutes(api, { analysis: service }) };
}
