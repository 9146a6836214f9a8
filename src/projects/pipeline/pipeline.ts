// The analysis pipeline's three stages, each a durable job (pipeline.jobs.ts), each idempotent:
//   index      pending -> indexing -> indexed | failed   text and structure of the file (extract/)
//   facts      pending -> extracting -> reconciling       named facts (facts/), then a reconciliation request
//   reconcile  reconciling -> completed                    insights across the project's files (reconcile/)
// Every move is a conditional update, and the next stage's job is sent in the transaction of the move
// (through the queue's transaction support, never awaiting the queue while holding a transaction), so
// a crash between the two cannot lose the chain and a redelivered job cannot run a stage twice.
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from 'pg-boss';
import type { Kysely, Transaction } from 'kysely';
import type { ProjectsConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { JobPayloads } from '../../jobs/registry.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { InsightsRepository } from '../insights.repository.ts';
import type { ProjectFilesRepository } from '../project-files.repository.ts';
import type { ProjectsRepository } from '../projects.repository.ts';
import { extractFile } from '../../documents/extract/extract-file.ts';
import { UnreadableFile } from '../../documents/extract/extracted.ts';
import { extractFactsByRules, type Fact } from './facts/fact-rules.ts';
import { reconcileProject } from './reconcile/reconcile.ts';

/** Facts by a model, when the deployment has one for it; null means "use the rules". */
export type ModelFactsExtractor = (orgId: string, file: { file_id: string; uploaded_by_key: string | null }, content: import('../../documents/extract/extracted.ts').ExtractedDoc, signal: AbortSignal) =>
  Promise<{ facts: Fact[]; credits: number } | null>;

export interface PipelineDeps {
  config: ProjectsConfig;
  db: Kysely<DB>;
  jobs: JobQueue;
  blobs: BlobStore;
  projects: ProjectsRepository;
  files: ProjectFilesRepository;
  insights: InsightsRepository;
  modelFacts: ModelFactsExtractor;
  log: FastifyBaseLogger;
}

class Superseded extends Error {}

type FileJob = Job<JobPayloads['project.index']>;

export class ProjectPipeline {
  private readonly d: PipelineDeps;

  constructor(deps: PipelineDeps) {
    this.d = deps;
  }

  /** Starts a new file's pipeline, in the transaction that attaches it. */
  async enqueueIndex(trx: Transaction<DB>, ids: { org_id: string; project_id: string; file_id: string }): Promise<void> {
    await this.d.jobs.send('project.index', ids, { trx, expireInSeconds: this.d.config.jobTimeoutSeconds });
  }

  /** Asks for the project's reconciliation (a file's facts changed or a file went away), in the caller's transaction. */
  async requestReconcile(trx: Transaction<DB>, orgId: string, projectId: string): Promise<number | null> {
    const seq = await this.d.projects.requestReconcile(trx, orgId, projectId);
    if (seq !== null) await this.sendReconcile(trx, orgId, projectId);
    return seq;
  }

  /**
   * A reconciliation job, due after FOLIO_PROJECT_RECONCILE_DELAY_MS, unless one is already waiting for
   * this project: that one will cover this request too, so files finishing together cost one reconciliation.
   */
  private async sendReconcile(trx: Transaction<DB>, orgId: string, projectId: string): Promise<void> {
    const delay = this.d.config.reconcileDelayMs;
    await this.d.jobs.sendOnce('project.reconcile', { org_id: orgId, project_id: projectId }, projectId, {
      trx, expireInSeconds: this.d.config.jobTimeoutSeconds, ...(delay > 0 ? { startAfter: new Date(Date.now() + delay) } : {}),
    });
  }

  async index(job: FileJob): Promise<void> {
    const { org_id: orgId, file_id: fileId } = job.data;
    const file = await this.d.files.findForPipeline(orgId, fileId);
    if (!file || !(await this.d.files.startIndex(orgId, fileId))) return;
    let content;
    try {
      const blob = await this.d.blobs.get(file.blob_key);
      const bytes = Buffer.concat(await blob.body.toArray());
      content = await extractFile(bytes, file.content_type, this.d.config.maxTextChars);
    } catch (err) {
      if (!(err instanceof UnreadableFile) && !isParseError(err)) throw err; // storage or database trouble: the job is retried
      this.d.log.info({ file_id: fileId, err }, 'project file could not be indexed');
      await this.d.db.transaction().execute((trx) => this.d.files.fail(trx, orgId, fileId, 'index', (err as Error).message));
      return;
    }
    await this.d.db.transaction().execute(async (trx) => {
      if (await this.d.files.finishIndex(trx, orgId, fileId, content, content.stats)) {
        await this.d.jobs.send('project.facts', job.data, { trx, expireInSeconds: this.d.config.jobTimeoutSeconds });
      }
    });
  }

  async facts(job: FileJob): Promise<void> {
    const { org_id: orgId, project_id: projectId, file_id: fileId } = job.data;
    const file = await this.d.files.findForPipeline(orgId, fileId);
    if (!file || !(await this.d.files.startFacts(orgId, fileId))) return;
    const content = await this.d.files.content(orgId, fileId);
    if (!content) return void (await this.d.db.transaction().execute((trx) => this.d.files.fail(trx, orgId, fileId, 'facts', 'The indexed content of the file is missing.')));
    let facts: Fact[];
    let method = 'rules';
    let note: string | null = null;
    try {
      const byModel = await this.d.modelFacts(orgId, file, content, job.signal);
      if (byModel) { facts = byModel.facts; method = 'model'; } else facts = extractFactsByRules(content);
    } catch (err) {
      this.d.log.warn({ err, file_id: fileId }, 'model fact extraction failed; using the rules');
      note = `Facts were extracted by the deterministic rules because the model call failed: ${(err as Error).message}`.slice(0, 1000);
      facts = extractFactsByRules(content);
    }
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.insights.replaceFacts(trx, { orgId, projectId, fileId }, facts);
      const seq = await this.d.projects.requestReconcile(trx, orgId, projectId);
      if (seq === null) throw new Superseded();
      if (!(await this.d.files.finishFacts(trx, orgId, fileId, { count: facts.length, method, seq, note }))) throw new Superseded();
      await this.sendReconcile(trx, orgId, projectId);
    }).catch((err) => { if (!(err instanceof Superseded)) throw err; });
  }

  async reconcile(job: Job<JobPayloads['project.reconcile']>): Promise<void> {
    const { org_id: orgId, project_id: projectId } = job.data;
    const project = await this.d.projects.forReconcile(orgId, projectId);
    if (!project || project.reconcile_done >= project.reconcile_requested) return;
    // Facts written up to this request were committed before it was counted, so the reads below see them.
    const target = project.reconcile_requested;
    await this.d.projects.markReconciling(orgId, projectId);
    const [contents, facts] = await Promise.all([this.d.files.contents(orgId, projectId), this.d.insights.factsOfProject(orgId, projectId)]);
    const files = contents.map((c) => ({ fileId: c.file_id, fileName: c.file_name, content: c.content }));
    const drafts = reconcileProject(files, facts.filter((f) => files.some((x) => x.fileId === f.fileId)), this.d.config.similarityThreshold);
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await this.d.projects.finishReconcile(trx, orgId, projectId, target))) throw new Superseded();
      await this.d.insights.replaceInsights(trx, orgId, projectId, drafts);
      await this.d.files.completeReconciled(trx, orgId, projectId, target);
    }).catch((err) => { if (!(err instanceof Superseded)) throw err; });
  }

  /** A stage's job died on every attempt: its file (or the reconciliation) fails for good, so progress can reach 100. */
  async dead(job: Job<JobPayloads['project.dead']>): Promise<void> {
    const { org_id: orgId, project_id: projectId, file_id: fileId } = job.data;
    const message = 'Analysis was interrupted on every attempt (its workers stopped or failed) and was given up.';
    this.d.log.error({ project_id: projectId, file_id: fileId }, 'project analysis job given up');
    await this.d.db.transaction().execute(async (trx) => {
      if (!fileId) {
        await this.d.projects.failReconcile(trx, orgId, projectId, message);
        await this.d.files.failReconciling(trx, orgId, projectId, message);
        return;
      }
      if (!(await this.d.files.fail(trx, orgId, fileId, 'index', message))) await this.d.files.fail(trx, orgId, fileId, 'facts', message);
    });
  }
}

/** Parsers of the file formats throw plain errors on damaged input; those are the file's problem, not the worker's. */
function isParseError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const name = err.name ?? '';
  return ['InvalidPDFException', 'FormatError', 'UnknownErrorException', 'MissingPDFException', 'PasswordException'].includes(name)
    || /zip|corrupt|central directory|end of data|invalid|unexpected|not a valid/i.test(err.message);
}
