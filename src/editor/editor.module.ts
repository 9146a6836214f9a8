// The editor module, the embedded editor: edit tokens (created first, since the runs
// engine mints edit links with them), the save path shared by WOPI and the built-in editors, the WOPI
// host (with the client's discovery and proof keys when FOLIO_WOPI_DISCOVERY_URL is set), the built-in
// editors, their routes, and a sweeper of long-expired tokens.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { AdapterRegistry } from '../documents/agent/adapter-registry.ts';
import { documentIsolate } from '../documents/isolate/document-isolate.ts';
import type { ExportService } from '../export/export.service.ts';
import type { FolioModule } from '../infra/module.ts';
import type { RunLinks } from '../runs/run-links.ts';
import type { RunsRepository } from '../runs/runs.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { BuiltinEditorService } from './builtin-editor.service.ts';
import { DocumentSavesService } from './document-saves.service.ts';
import { editPageRoutes } from './edit-page.routes.ts';
import { EditTokensRepository } from './edit-tokens.repository.ts';
import { EditTokensService } from './edit-tokens.service.ts';
import { WopiProofChecker } from './editor-auth.ts';
import { editorApiRoutes } from './editor-api.routes.ts';
import { WopiDiscovery } from './wopi-discovery.ts';
import { WopiLocksRepository } from './wopi-locks.repository.ts';
import { wopiRoutes } from './wopi.routes.ts';
import { WopiService } from './wopi.service.ts';

export function createEditTokens(config: Config, database: Database): EditTokensService {
  return new EditTokensService(new EditTokensRepository(database.db), config.publicUrl, config.editor.tokenTtlSeconds);
}

export interface EditorModuleDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  tokens: EditTokensService;
  links: RunLinks;
  /** The runs module's repository: a save adds a version to the run. */
  runs: RunsRepository;
  adapters: AdapterRegistry;
  exports: ExportService;
  log: FastifyBaseLogger;
  /** Fetches the WOPI discovery document (tests serve their own). */
  fetch?: typeof fetch;
}

export interface EditorModule extends FolioModule {
  tokens: EditTokensService;
  saves: DocumentSavesService;
  wopi: WopiService;
  builtin: BuiltinEditorService;
  discovery: WopiDiscovery | null;
  /** Registers the WOPI and editor JSON endpoints (under /api/v1). */
  routes(api: FastifyInstance): Promise<void>;
  /** Registers the edit page and its assets (at the root). */
  pages(app: FastifyInstance): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

export function createEditorModule(d: EditorModuleDeps): EditorModule {
  const c = d.config;
  const locks = new WopiLocksRepository(d.database.db);
  const saves = new DocumentSavesService({ db: d.database.db, runs: d.runs, locks, blobs: d.blobs, retentionMs: c.runs.retentionMs });
  const wopi = new WopiService({ saves, locks, lockTtlSeconds: c.editor.lockTtlSeconds, publicUrl: c.publicUrl });
  const builtin = new BuiltinEditorService({ saves, adapters: d.adapters, exports: d.exports, links: d.links, log: d.log,
    isolate: documentIsolate({ maxHeapMb: d.config.documents.renderMaxHeapMb, threads: d.config.documents.renderThreads }) });
  const discovery = c.editor.wopiDiscoveryUrl ? new WopiDiscovery(c.editor.wopiDiscoveryUrl, d.fetch) : null;
  const proofs = discovery ? new WopiProofChecker(discovery, c.publicUrl) : null;
  const limits = c.storage.uploadLimits;
  let timer: NodeJS.Timeout | null = null;

  return {
    name: 'editor',
    tokens: d.tokens, saves, wopi, builtin, discovery,
    async routes(api) {
      await api.register(async (scope) => wopiRoutes(scope, {
        wopi, tokens: d.tokens, proofs, maxBodyBytes: Math.max(limits.free, limits.pro, limits.enterprise), uploadLimit: (tier) => limits[tier],
      }));
      await api.register(async (scope) => editorApiRoutes(scope, { editor: builtin, tokens: d.tokens }));
    },
    async pages(app) {
      await app.register(async (scope) => editPageRoutes(scope, { tokens: d.tokens, saves, discovery, apiBase: `${c.publicUrl}/api/v1` }));
    },
    start() {
      // Expired tokens are refused anyway; the sweep only keeps the table small. It rides on the runs sweep interval.
      if (c.runs.sweepIntervalMs <= 0 || timer) return;
      timer = setInterval(() => { d.tokens.sweep().catch((err) => d.log.warn({ err }, 'edit token sweep failed')); }, c.runs.sweepIntervalMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
