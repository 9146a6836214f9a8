// The one shape of a Folio module: the endpoints it serves, the jobs it defines, and what it starts and stops.
import type { FastifyInstance } from 'fastify';

/**
 * What a feature module gives the composition root. Each module folder has a `<name>.module.ts` whose
 * `create<Name>Module(deps)` builds the module's services from what it is given (never another module's
 * repository or service) and returns them beside these members. `src/context.ts` builds the modules,
 * keeps their list, starts them in the order they were built and closes them in reverse; `src/app.ts`
 * registers each module's routes and pages in list order (the order of the OpenAPI document).
 * `Job` is the job definition type of `src/jobs/registry.ts` (this bottom layer cannot name it).
 */
export interface FolioModule<Job = never> {
  /** The module's name (its folder or feature). */
  readonly name: string;
  /** Registers the module's endpoints; `api` is scoped under /api/v1. */
  routes(api: FastifyInstance): Promise<void>;
  /** Registers pages outside the API prefix (the edit page, the web console). */
  pages?(app: FastifyInstance): Promise<void>;
  /** The jobs the module defines: the context defines them all in the one registry before the queue starts. */
  readonly jobs?: readonly Job[];
  /** Starts background work when the app is ready to serve (sweeps, pools); not called by one-shot CLI commands. */
  start?(): void | Promise<void>;
  /** Before the server stops accepting requests (Fastify's preClose): lets held requests go. */
  beforeClose?(): void | Promise<void>;
  /** Stops what the module started and releases what it holds; modules close in the reverse order of building. */
  close?(): Promise<void>;
}
