// Which formats this process can generate. Each format installs itself by existing: a module
// `src/documents/<format>/<format>.adapter.ts` exporting `adapter` (see format-adapter.ts). A format
// whose module is absent has no agent, and its generate endpoint keeps answering 501. The modules are
// found at start-up but loaded when first used (a format's engine and libraries weigh tens of MB):
// a module that exists but fails to load fails that use loudly, every time, instead of the start.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, Format } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { LlmModule } from '../../llm/llm.module.ts';
import type { OutboundGuard } from '../../net/outbound.ts';
import { FORMATS, type AgentInput, type AgentResult, type AgentRunner } from '../../runs/agents.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { StorageRepositories } from '../../storage/storage.module.ts';
import { lazyImport } from '../../infra/lazy.ts';
import { AgentTurnsRepository } from './agent-turns.repository.ts';
import type { TemplateSource } from './document-agent.ts';
import type { AnyFormatAdapter } from './format-adapter.ts';
import type { InputResolver } from './input-resolver.ts';
import { unreadableReason } from './tool-error.ts';
import { documentIsolate, type DocumentIsolate } from '../isolate/document-isolate.ts';

export class AdapterRegistry {
  private readonly loaders = new Map<Format, () => Promise<AnyFormatAdapter>>();

  /** Registers a format by the function that loads its adapter (called once, on first use). */
  register(format: Format, load: () => Promise<AnyFormatAdapter>): this {
    this.loaders.set(format, lazyImport(load));
    return this;
  }

  has(format: Format): boolean {
    return this.loaders.has(format);
  }

  formats(): Format[] {
    return [...this.loaders.keys()];
  }

  /** The format's adapter, loaded on first use; undefined when the format is not installed. */
  async get(format: Format): Promise<AnyFormatAdapter | undefined> {
    return this.loaders.get(format)?.();
  }
}

/** The adapters present in this installation, found by the naming convention (their modules load when first used). */
export async function loadInstalledAdapters(): Promise<AdapterRegistry> {
  const registry = new AdapterRegistry();
  for (const format of FORMATS) {
    const specifier = `../${format}/${format}.adapter.ts`;
    if (!fs.existsSync(fileURLToPath(new URL(specifier, import.meta.url)))) continue;
    registry.register(format, async () => {
      const mod = (await import(specifier)) as { adapter?: AnyFormatAdapter };
      if (!mod.adapter || mod.adapter.format !== format) throw new Error(`${specifier} must export \`adapter\`, a FormatAdapter whose format is "${format}"`);
      return mod.adapter;
    });
  }
  return registry;
}

export interface DocumentAgentsDeps {
  config: Config;
  database: Database;
  llm: LlmModule;
  log: FastifyBaseLogger;
  /** Organization templates and field fill-in (src/templates). */
  templates?: TemplateSource;
  /** The input reader (`inputResolver`), shared with the Slides outline. */
  resolver: () => Promise<InputResolver>;
}

/**
 * The one input reader of the document agents and the Slides outline (context files, data sources,
 * images of a request), loaded with its first use. It reads through the storage module's repositories.
 */
export function inputResolver(d: { config: Config; blobs: BlobStore; outbound: OutboundGuard; storage: StorageRepositories }): () => Promise<InputResolver> {
  return lazyImport(async () => {
    const { InputResolver } = await import('./input-resolver.ts');
    return new InputResolver({
      blobs: d.blobs, files: d.storage.files, images: d.storage.images, outbound: d.outbound,
      contextFileChars: d.config.documents.contextFileChars, isolate: documentThreads(d.config),
    });
  });
}

/**
 * Why bytes cannot be opened by the format's adapter, or null when they can (or no adapter is
 * installed: the generate endpoint answers 501 then). Any failure of the reader counts as unreadable.
 */
export function initFileReader(adapters: AdapterRegistry, isolate?: DocumentIsolate): (format: Format, bytes: Buffer) => Promise<string | null> {
  return async (format, bytes) => {
    if (!adapters.has(format)) return null;
    try {
      const adapter = (await adapters.get(format))!;
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

/**
 * One AgentRunner per installed adapter, for the runs engine (`folio serve` and `folio worker`). The
 * agent core, its input readers and the format's adapter load with the first task of the format.
 */
export function createDocumentAgents(d: DocumentAgentsDeps, adapters: AdapterRegistry): Partial<Record<Format, AgentRunner>> {
  const db = d.database.db;
  const core = lazyImport(async () => {
    const [{ DocumentAgent }, resolver] = await Promise.all([import('./document-agent.ts'), d.resolver()]);
    return { DocumentAgent, resolver };
  });
  const turns = new AgentTurnsRepository(db);
  const settings = { maxTurns: d.config.documents.maxTurns, turnTimeoutMs: d.config.documents.turnTimeoutMs, renderCredits: d.config.documents.renderCredits };
  const agents: Partial<Record<Format, AgentRunner>> = {};
  for (const format of adapters.formats()) {
    agents[format] = new LazyAgent(format, async () => {
      const [{ DocumentAgent, resolver }, adapter] = await Promise.all([core(), adapters.get(format)]);
      return new DocumentAgent({ adapter: adapter!, registry: d.llm.registry, compiler: d.llm.compiler, resolver, turns, settings, log: d.log, templates: d.templates, isolate: documentThreads(d.config) });
    });
  }
  return agents;
}

/** A format's DocumentAgent, built on its first task. Its name follows the adapters' convention until then. */
class LazyAgent implements AgentRunner {
  private agent: AgentRunner | undefined;
  private readonly format: Format;
  private readonly load: () => Promise<AgentRunner>;

  constructor(format: Format, create: () => Promise<AgentRunner>) {
    this.format = format;
    this.load = lazyImport(async () => (this.agent = await create()));
  }

  get name(): string {
    return this.agent?.name ?? `folio-${this.format}-agent`;
  }

  async run(input: AgentInput): Promise<AgentResult> {
    return (await this.load()).run(input);
  }
}
