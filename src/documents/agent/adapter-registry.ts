// Which formats this process can generate. Each format installs itself by existing: a module
// `src/documents/<format>/<format>.adapter.ts` exporting `adapter` (see format-adapter.ts). A format
// whose module is absent has no agent, and its generate endpoint keeps answering 501; a module that
// exists but fails to load stops the process at start-up, loudly, rather than hiding a broken format.
import type { FastifyBaseLogger } from 'fastify';
import type { Config, Format } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { LlmModule } from '../../llm/llm.module.ts';
import type { OutboundGuard } from '../../net/outbound.ts';
import { FORMATS, type AgentRunner } from '../../runs/agents.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { FilesRepository } from '../../storage/files.repository.ts';
import { ImagesRepository } from '../../storage/images.repository.ts';
import { AgentTurnsRepository } from './agent-turns.repository.ts';
import { DocumentAgent, type TemplateSource } from './document-agent.ts';
import type { AnyFormatAdapter } from './format-adapter.ts';
import { InputResolver } from './input-resolver.ts';
import { unreadableReason } from './tool-error.ts';
import { documentIsolate, type DocumentIsolate } from '../isolate/document-isolate.ts';

export class AdapterRegistry {
  private readonly adapters = new Map<Format, AnyFormatAdapter>();

  register(adapter: AnyFormatAdapter): this {
    this.adapters.set(adapter.format, adapter);
    return this;
  }

  get(format: Format): AnyFormatAdapter | undefined {
    return this.adapters.get(format);
  }

  all(): AnyFormatAdapter[] {
    return [...this.adapters.values()];
  }
}

function isMissingModule(err: unknown, specifier: string): boolean {
  const e = err as NodeJS.ErrnoException & { url?: string };
  return e?.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes(specifier.replace(/^\.\.\//, ''));
}

/** The adapters present in this installation, found by the naming convention. */
export async function loadInstalledAdapters(): Promise<AdapterRegistry> {
  const registry = new AdapterRegistry();
  for (const format of FORMATS) {
    const specifier = `../${format}/${format}.adapter.ts`;
    let mod: { adapter?: AnyFormatAdapter };
    try {
      mod = await import(specifier);
    } catch (err) {
      if (isMissingModule(err, specifier)) continue;
      throw err;
    }
    if (!mod.adapter || mod.adapter.format !== format) throw new Error(`${specifier} must export \`adapter\`, a FormatAdapter whose format is "${format}"`);
    registry.register(mod.adapter);
  }
  return registry;
}

export interface DocumentAgentsDeps {
  config: Config;
  database: Database;
  llm: LlmModule;
  blobs: BlobStore;
  outbound: OutboundGuard;
  log: FastifyBaseLogger;
  /** Organization templates and field fill-in (src/templates). */
  templates?: TemplateSource;
}

/**
 * Why bytes cannot be opened by the format's adapter, or null when they can (or no adapter is
 * installed: the generate endpoint answers 501 then). Any failure of the reader counts as unreadable.
 */
export function initFileReader(adapters: AdapterRegistry, isolate?: DocumentIsolate): (format: Format, bytes: Buffer) => Promise<string | null> {
  return async (format, bytes) => {
    const adapter = adapters.get(format);
    if (!adapter) return null;
    try {
      // In a document thread when there is one: a file too large to hold is refused, the server stays up.
      if (isolate) await isolate.run('open', { format, bytes });
      else await adapter.read(bytes);
      return null;
    } catch (err) {
      return unreadableReason(err);
    }
  };
}

/** The process's document threads for this configuration (src/documents/isolate). */
export function documentThreads(config: Config): DocumentIsolate {
  return documentIsolate({ maxHeapMb: config.documents.renderMaxHeapMb, threads: config.documents.renderThreads });
}

/** One AgentRunner per installed adapter, for the runs engine (`folio serve` and `folio worker`). */
export function createDocumentAgents(d: DocumentAgentsDeps, adapters: AdapterRegistry): Partial<Record<Format, AgentRunner>> {
  const db = d.database.db;
  const resolver = new InputResolver({
    blobs: d.blobs, files: new FilesRepository(db), images: new ImagesRepository(db), outbound: d.outbound,
    contextFileChars: d.config.documents.contextFileChars, isolate: documentThreads(d.config),
  });
  const turns = new AgentTurnsRepository(db);
  const settings = { maxTurns: d.config.documents.maxTurns, turnTimeoutMs: d.config.documents.turnTimeoutMs, renderCredits: d.config.documents.renderCredits };
  const agents: Partial<Record<Format, AgentRunner>> = {};
  for (const adapter of adapters.all()) {
    agents[adapter.format] = new DocumentAgent({ adapter, registry: d.llm.registry, compiler: d.llm.compiler, resolver, turns, settings, log: d.log, templates: d.templates, isolate: documentThreads(d.config) });
  }
  return agents;
}
