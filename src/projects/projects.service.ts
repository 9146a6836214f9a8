// Projects and their files: create, read, change, delete; attaching a file (stored by the storage
// module's file machinery, then recorded and queued for analysis in one transaction); the analysis
// status roll-up.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { errors } from '../errors.ts';
import { decodeCursor, toPage } from '../http/pagination.ts';
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import { newId } from '../ids.ts';
import type { BlobStore, SignedUrl } from '../storage/blob-store.ts';
import type { FilesService } from '../storage/files.service.ts';
import type { ReceivedUpload } from '../storage/multipart-upload.ts';
import type { InsightsRepository } from './insights.repository.ts';
import type { ProjectFileRow, ProjectFilesRepository } from './project-files.repository.ts';
import type { ProjectWithCount, ProjectsRepository } from './projects.repository.ts';
import type { CreateProject, UpdateProject } from './projects.schemas.ts';
import { projectFileKind, SUPPORTED_PROJECT_TYPES } from './pipeline/project-file-types.ts';
import type { ProjectPipeline } from './pipeline/pipeline.ts';
import { presentStatus } from './projects.presenters.ts';

export interface ProjectsServiceDeps {
  db: Kysely<DB>;
  projects: ProjectsRepository;
  files: ProjectFilesRepository;
  insights: InsightsRepository;
  storage: FilesService;
  blobs: BlobStore;
  pipeline: ProjectPipeline;
}

export type ProjectFileView = { file: ProjectFileRow; link: SignedUrl };

const nullIfBlank = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

function parseTags(raw: unknown): string[] {
  if (typeof raw !== 'string') return [];
  const tags = [...new Set(raw.split(',').map((t) => t.trim()).filter(Boolean))];
  if (tags.length > 20 || tags.some((t) => t.length > 50)) {
    throw errors.validation([{ loc: ['body', 'tags'], msg: 'At most 20 comma-separated tags of at most 50 characters each', type: 'value_error', input: raw }]);
  }
  return tags;
}

export class ProjectsService {
  private readonly d: ProjectsServiceDeps;

  constructor(deps: ProjectsServiceDeps) {
    this.d = deps;
  }

  async create(orgId: string, body: CreateProject): Promise<ProjectWithCount> {
    const row = await this.d.projects.insert({
      project_id: newId('prj'), org_id: orgId, name: body.name.trim(), description: body.description ?? null,
      tags: body.tags ?? [], color: body.color ?? null, icon: body.icon ?? null,
    });
    return { ...row, file_count: 0 };
  }

  async get(orgId: string, projectId: string): Promise<ProjectWithCount> {
    const p = await this.d.projects.findInOrg(orgId, projectId);
    if (!p) throw errors.notFound('Project');
    return p;
  }

  async list(orgId: string, limit: number, cursor: string | undefined) {
    return toPage(await this.d.projects.listByOrg(orgId, limit, decodeCursor(cursor)), limit, (p) => p.project_id);
  }

  async update(orgId: string, projectId: string, body: UpdateProject): Promise<ProjectWithCount> {
    const patch = { ...body, ...(body.name !== undefined ? { name: body.name.trim() } : {}) };
    if (!(await this.d.projects.update(orgId, projectId, patch))) throw errors.notFound('Project');
    return this.get(orgId, projectId);
  }

  /** The project, its files (bytes purged after the grace period) and its insights go; pending jobs find nothing to do. */
  async delete(orgId: string, projectId: string): Promise<void> {
    const deleted = await this.d.db.transaction().execute(async (trx) => {
      if (!(await this.d.projects.softDelete(trx, orgId, projectId))) return false;
      await this.d.files.softDeleteAll(trx, orgId, projectId);
      return true;
    });
    if (!deleted) throw errors.notFound('Project');
  }

  /** Stores the upload (type checked before anything is stored), attaches it and starts its analysis. */
  async attach(key: KeyWithOrg, projectId: string, upload: ReceivedUpload): Promise<ProjectFileView> {
    const orgId = key.org_id;
    await this.get(orgId, projectId);
    const fields = upload.fields;
    const meta = { role: typeof fields.role === 'string' ? fields.role : 'context', category: nullIfBlank(fields.category), description: nullIfBlank(fields.description), tags: parseTags(fields.tags) };
    const stored = await this.d.storage.create(orgId, { file: upload.file, fields: { purpose: 'context' } }, {
      accept: (sniffed, size) => {
        if (size === 0) throw errors.validation([{ loc: ['body', 'file'], msg: 'The file is empty', type: 'empty_file' }]);
        if (!projectFileKind(sniffed.contentType)) {
          throw errors.validation([{
            loc: ['body', 'file'], type: 'unsupported_file_type',
            msg: `Project files must be Word, Excel, PowerPoint, PDF, CSV, text or Markdown files (${SUPPORTED_PROJECT_TYPES.join(', ')}); these bytes are ${sniffed.contentType}`,
          }]);
        }
      },
    });
    const fileId = stored.file.file_id;
    const ids = { org_id: orgId, project_id: projectId, file_id: fileId };
    try {
      await this.d.db.transaction().execute(async (trx) => {
        // First: locks the project row, so a concurrent delete either sees this file or makes this fail.
        if ((await this.d.projects.newGeneration(trx, orgId, projectId)) === null) throw errors.notFound('Project');
        await this.d.files.insert(trx, { ...ids, ...meta, uploaded_by_key: key.key_id });
        await this.d.pipeline.enqueueIndex(trx, ids);
      });
    } catch (err) {
      await this.d.storage.delete(orgId, fileId).catch(() => {});
      throw err;
    }
    return this.file(orgId, projectId, fileId);
  }

  async file(orgId: string, projectId: string, fileId: string): Promise<ProjectFileView> {
    const file = await this.d.files.find(orgId, projectId, fileId);
    if (!file) throw errors.notFound('Project file');
    return { file, link: await this.link(file) };
  }

  private link(file: ProjectFileRow): Promise<SignedUrl> {
    return this.d.blobs.signedUrl(file.blob_key, { fileName: file.file_name, contentType: file.content_type, disposition: 'attachment' });
  }

  async files(orgId: string, projectId: string, limit: number, cursor: string | undefined) {
    await this.get(orgId, projectId);
    const page = toPage(await this.d.files.list(orgId, projectId, limit, decodeCursor(cursor)), limit, (f) => f.file_id);
    return { items: await Promise.all(page.items.map(async (file) => ({ file, link: await this.link(file) }))), next_cursor: page.next_cursor };
  }

  /** Removes the file from the project (and from /files); its insights go at once and the project is reconciled again. */
  async removeFile(orgId: string, projectId: string, fileId: string): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      if ((await this.d.projects.newGeneration(trx, orgId, projectId)) === null) throw errors.notFound('Project');
      if (!(await this.d.files.softDelete(trx, orgId, projectId, fileId))) throw errors.notFound('Project file');
      await this.d.insights.deleteInvolving(trx, orgId, projectId, fileId);
      await this.d.pipeline.requestReconcile(trx, orgId, projectId);
    });
  }

  async status(orgId: string, projectId: string) {
    const project = await this.get(orgId, projectId);
    const [files, insights] = await Promise.all([this.d.files.all(orgId, projectId), this.d.insights.countByProject(orgId, projectId)]);
    return presentStatus(project, files, insights);
  }
}
