// The analysis pipeline's jobs: payloads, queue policies and how workers take them. The handlers are
// the pipeline's stages (pipeline.ts); projects.module.ts registers them with the job registry.
import { Type, type Static } from 'typebox';
import { polling, type JobDefinition, type QueuePolicy } from '../../jobs/registry.ts';
import type { Config } from '../../config.ts';
import type { ProjectPipeline } from './pipeline.ts';

export const ProjectFilePayload = Type.Object({ org_id: Type.String(), project_id: Type.String({ pattern: '^prj_' }), file_id: Type.String({ pattern: '^file_' }) }, { additionalProperties: false });
export const ProjectPayload = Type.Object({ org_id: Type.String(), project_id: Type.String({ pattern: '^prj_' }) }, { additionalProperties: false });
/** A dead project job keeps its payload: with `file_id` a file stage died, without it the reconciliation. */
export const ProjectDeadPayload = Type.Object({ ...ProjectPayload.properties, file_id: Type.Optional(ProjectFilePayload.properties.file_id) }, { additionalProperties: false });

declare module '../../jobs/registry.ts' {
  interface JobPayloads {
    /** Project analysis, stage 1: extract a project file's text and structure. */
    'project.index': Static<typeof ProjectFilePayload>;
    /** Stage 2: extract a file's named facts, then ask for the project's reconciliation. */
    'project.facts': Static<typeof ProjectFilePayload>;
    /** Stage 3: compare the project's facts and passages across files into insights. */
    'project.reconcile': Static<typeof ProjectPayload>;
    /** A project job that exhausted its attempts: mark its file (or the reconciliation) failed. */
    'project.dead': Static<typeof ProjectDeadPayload>;
  }
}

const DAY = 86_400;

/** Failures of the content are the file's own outcome (handled, no retry); these retries cover workers that died and database errors. */
const stagePolicy = (config: Config): QueuePolicy => ({
  policy: 'standard',
  notify: true,
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: config.projects.jobTimeoutSeconds,
  retentionSeconds: 7 * DAY,
  deleteAfterSeconds: DAY,
  deadLetter: 'project.dead',
});

const stageWork = (config: Config) => ({ ...polling(config), localConcurrency: config.projects.pipelineConcurrency });

export function pipelineJobs(pipeline: ProjectPipeline): [JobDefinition<'project.index'>, JobDefinition<'project.facts'>, JobDefinition<'project.reconcile'>, JobDefinition<'project.dead'>] {
  return [
    { name: 'project.index', payload: ProjectFilePayload, policy: stagePolicy, work: stageWork, handler: (job) => pipeline.index(job) },
    { name: 'project.facts', payload: ProjectFilePayload, policy: stagePolicy, work: stageWork, handler: (job) => pipeline.facts(job) },
    // Stately: per project (the singleton key) one reconciliation runs and at most one waits, which
    // covers every request made meanwhile; files finishing together cost one reconciliation, not one each.
    { name: 'project.reconcile', payload: ProjectPayload, policy: (config) => ({ ...stagePolicy(config), policy: 'stately' }), work: stageWork, handler: (job) => pipeline.reconcile(job) },
    {
      name: 'project.dead',
      payload: ProjectDeadPayload,
      policy: () => ({ policy: 'standard', notify: true, retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 120, retentionSeconds: 7 * DAY, deleteAfterSeconds: DAY }),
      work: (config) => ({ ...polling(config), localConcurrency: 1 }),
      handler: (job) => pipeline.dead(job),
    },
  ];
}
