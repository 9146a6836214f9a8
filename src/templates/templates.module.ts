// The templates module. The generation side (resolving a request's template, opening it in a task,
// filling fields) is needed before the runs engine is built; the management service and its routes
// need the export converter for layout thumbnails, built later: they come with `createTemplatesApi`.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, Format } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { TemplateSource } from '../documents/agent/document-agent.ts';
import type { Converter } from '../export/converter.ts';
import type { FolioModule } from '../infra/module.ts';
import type { TemplateResolver } from '../runs/generate.service.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { keysOfKind, type BlobOwner } from '../storage/orphan-sweep.ts';
import type { PurgeSource } from '../storage/purge.ts';
import type { FillReport } from './fields.ts';
import { LayoutThumbnails } from './template-thumbnails.ts';
import { describeFill, fillBytes, TEMPLATE_VERSION_FIELD, templateOfRequest, TemplateUse } from './template-use.ts';
import { TemplatesRepository } from './templates.repository.ts';
import { templatesRoutes } from './templates.routes.ts';
import { TemplatesService } from './templates.service.ts';

export interface TemplatesModule {
  repo: TemplatesRepository;
  use: TemplateUse;
  /** For the runs engine: the template a generation request uses. */
  resolver: TemplateResolver;
  /** For the document agents: opening templates and filling fields. */
  source: TemplateSource;
  /** For the storage purge sweeper: deleted templates' bytes, after FOLIO_TEMPLATE_PURGE_GRACE_SECONDS. */
  purgeSource: PurgeSource;
  /** For the orphan sweep: template versions' keys (`orgs/<org>/templates/...`) and which a version row refers to. */
  blobOwner: BlobOwner;
}

export interface TemplatesApi extends FolioModule {
  /** The management service behind the routes. */
  service: TemplatesService;
}

export function createTemplatesModule(d: { config: Config; database: Database; blobs: BlobStore; log: FastifyBaseLogger }): TemplatesModule {
  const repo = new TemplatesRepository(d.database.db);
  const use = new TemplateUse(repo, d.blobs);
  return {
    repo,
    use,
    resolver: { resolve: (orgId, format, body) => use.resolve(orgId, format, body), versionField: TEMPLATE_VERSION_FIELD },
    source: {
      refOf: (request) => templateOfRequest(request),
      open: (orgId, format, ref, request) => use.open(orgId, format as Format, ref, request),
      fill: (format, bytes, fields) => fillBytes(format, bytes, fields),
      describeFill: (report) => describeFill(report as FillReport),
    },
    purgeSource: {
      name: 'templates',
      claim: (limit) => repo.claimPurge(d.config.storage.templatePurgeGraceSeconds, limit),
      markPurged: (id) => repo.markPurged(id),
    },
    blobOwner: { name: 'templates', owns: keysOfKind('templates'), referenced: (keys) => repo.referencedBlobKeys(keys) },
  };
}

/** The templates module's routes and management service; layout thumbnails render through the export module's converter. */
export function createTemplatesApi(templates: TemplatesModule, d: { config: Config; blobs: BlobStore; converter: Converter | null; log: FastifyBaseLogger }): TemplatesApi {
  const thumbnails = new LayoutThumbnails(d.config.documents.templateThumbnails ? d.converter : null, path.join(d.config.dataDir, 'tmp', 'templates'), d.config.export.pngMaxPages, d.log);
  const service = new TemplatesService(templates.repo, d.blobs, d.config.storage.zip, thumbnails);
  return {
    name: 'templates',
    service,
    routes: (api) => templatesRoutes(api, { config: d.config, templates: service }),
  };
}
