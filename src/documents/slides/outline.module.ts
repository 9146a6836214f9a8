// The Slides outline module: POST /slides/outline, answered at once or run as a task by the runs engine's outline runner.
import type { LlmModule } from '../../llm/llm.module.ts';
import type { FolioModule } from '../../infra/module.ts';
import type { AgentRegistry } from '../../runs/agents.ts';
import type { GenerateService } from '../../runs/generate.service.ts';
import { ReferenceChecker } from '../../runs/references.ts';
import type { RunLinks } from '../../runs/run-links.ts';
import type { StorageRepositories } from '../../storage/storage.module.ts';
import type { InputResolver } from '../agent/input-resolver.ts';
import { OUTLINE_RUNNER, SlidesOutlineRunner } from './outline.runner.ts';
import { slidesOutlineRoutes } from './outline.routes.ts';
import { SlidesOutlineService } from './outline.service.ts';

export interface SlidesOutlineModuleDeps {
  llm: LlmModule;
  storage: StorageRepositories;
  /** The document agents' input reader (`inputResolver` in src/documents/agent/adapter-registry.ts). */
  resolver: () => Promise<InputResolver>;
  /** The runs engine: an async outline is queued as a task, and every process that runs tasks knows its runner. */
  generate: GenerateService;
  links: RunLinks;
  agents: AgentRegistry;
}

export interface SlidesOutlineModule extends FolioModule {
  service: SlidesOutlineService;
}

export function createSlidesOutlineModule(d: SlidesOutlineModuleDeps): SlidesOutlineModule {
  const service = new SlidesOutlineService({ llm: d.llm, references: new ReferenceChecker(d.storage.files, d.storage.images), resolver: d.resolver });
  d.agents.registerRunner(OUTLINE_RUNNER, new SlidesOutlineRunner(service));
  return {
    name: 'slides-outline',
    service,
    routes: (api) => slidesOutlineRoutes(api, { outline: service, generate: d.generate, links: d.links }),
  };
}
