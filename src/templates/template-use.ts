// Templates in generation. When a request is accepted, the template it names (or the organization's
// default for the format, for a new document) is resolved to a version and recorded on the run and in
// the task's request; the task then opens exactly that version, so a later upload never changes a run
// that was already made or queued. `fields` fills `{{name}}` fields without a model.
import type { Format } from '../config.ts';
import { AppError, errors } from '../errors.ts';
import { unreadableReason } from '../documents/agent/tool-error.ts';
import { lazyImport } from '../infra/lazy.ts';
import type { GenerateRequest } from '../runs/runs.schemas.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { FillReport } from './fields.ts';
import type { TemplatesRepository } from './templates.repository.ts';

// Opening and filling a template needs the format engines: loaded with the first task that uses one
// (resolving which template a request names needs only the database).
const engines = lazyImport(async () => {
  const [{ OoxmlPackage }, { fillFields }, { startFromTemplate }, { asksToKeepContent }] = await Promise.all([
    import('../documents/ooxml/package.ts'), import('./fields.ts'), import('./template-documents.ts'), import('./template-start.ts'),
  ]);
  return { OoxmlPackage, fillFields, startFromTemplate, asksToKeepContent };
});

/** The task request's field carrying the resolved version (set by the engine, never accepted from callers). */
export const TEMPLATE_VERSION_FIELD = 'template_version';

export interface ResolvedTemplate {
  template_id: string;
  version: number;
}

const LABEL: Record<Format, string> = { slides: 'Slides', word: 'Word', excel: 'Excel' };

/** The template a stored task request names, with its version. */
export function templateOfRequest(request: GenerateRequest): ResolvedTemplate | null {
  const version = (request as Record<string, unknown>)[TEMPLATE_VERSION_FIELD];
  return request.template_id && typeof version === 'number' ? { template_id: request.template_id, version } : null;
}

export interface OpenedTemplate {
  doc: unknown;
  /** true: the template's own content was kept (asked for in the prompt, or a fill-in). */
  kept: boolean;
  fill: FillReport | null;
}

export class TemplateUse {
  private readonly repo: TemplatesRepository;
  private readonly blobs: BlobStore;

  constructor(repo: TemplatesRepository, blobs: BlobStore) {
    this.repo = repo;
    this.blobs = blobs;
  }

  /**
   * The template a new generation request uses: `template_id` (404 when it is not the organization's,
   * 422 when it is of another format or combined with init_file or run_id), else the organization's
   * default for the format when the request starts a new document, else none.
   */
  async resolve(orgId: string, format: Format, body: GenerateRequest): Promise<ResolvedTemplate | null> {
    const invalid = (loc: string, msg: string, type = 'value_error') => errors.validation([{ loc: ['body', loc], msg, type }]);
    if (body.template_id) {
      if (body.init_file) throw invalid('template_id', 'A template is the design of a new document; init_file is a document to edit. Give one of them');
      if (body.run_id) throw invalid('template_id', 'A resumed run keeps the design it was made with (its template is recorded on the run); leave template_id out, or start a new run');
      const t = await this.repo.findInOrg(orgId, body.template_id);
      if (!t) throw errors.notFound(`Template ${body.template_id}`);
      if (t.format !== format) throw invalid('template_id', `Template ${t.template_id} is a ${LABEL[t.format]} template; use it with POST /${t.format}/generate`, 'format_mismatch');
      this.assertFieldsMode(body);
      return { template_id: t.template_id, version: t.current_version };
    }
    if (body.init_file || body.run_id) {
      this.assertFieldsMode(body);
      return null;
    }
    const d = await this.repo.findDefault(orgId, format);
    if (!d && body.fields) throw invalid('fields', 'fields fill the {{name}} fields of a template or document: give template_id, init_file or run_id (or set a default template for this format)');
    this.assertFieldsMode(body);
    return d ? { template_id: d.template_id, version: d.current_version } : null;
  }

  private assertFieldsMode(body: GenerateRequest): void {
    if (body.fields && body.mode === 'ask') throw errors.validation([{ loc: ['body', 'fields'], msg: 'fields fill a document; they cannot be combined with mode "ask"', type: 'value_error' }]);
  }

  async bytes(orgId: string, ref: ResolvedTemplate): Promise<Buffer> {
    const v = await this.repo.findVersion(orgId, ref.template_id, ref.version);
    if (!v) throw errors.notFound(`Template ${ref.template_id} version ${ref.version}`);
    if (await this.repo.isPurged(orgId, ref.template_id)) throw new AppError('not_found', `Template ${ref.template_id} was deleted, and its file removed after FOLIO_TEMPLATE_PURGE_GRACE_SECONDS, before this generation started: generate again without it or with another template.`);
    return Buffer.concat(await (await this.blobs.get(v.blob_key)).body.toArray());
  }

  /** The start of a task's new document made from the template version the request recorded. */
  async open(orgId: string, format: Format, ref: ResolvedTemplate, request: GenerateRequest): Promise<OpenedTemplate> {
    let bytes = await this.bytes(orgId, ref);
    const { startFromTemplate, asksToKeepContent } = await engines();
    let fill: FillReport | null = null;
    if (request.fields) ({ bytes, report: fill } = await fillBytes(format, bytes, request.fields));
    const kept = !!request.fields || asksToKeepContent(request.prompt);
    try {
      return { doc: startFromTemplate(format, bytes, kept).doc, kept, fill };
    } catch (err) {
      throw errors.invalidRequest(`Template ${ref.template_id} (version ${ref.version}) cannot be opened: ${unreadableReason(err)}`);
    }
  }
}

/** Fills `{{name}}` fields in a document's bytes; untouched parts keep their bytes. */
export async function fillBytes(format: Format, bytes: Buffer, values: Record<string, string>): Promise<{ bytes: Buffer; report: FillReport }> {
  const { OoxmlPackage, fillFields } = await engines();
  const pkg = OoxmlPackage.open(bytes, { what: 'an Office document' });
  const report = fillFields(pkg, format, values);
  return { bytes: Object.keys(report.filled).length ? pkg.save() : bytes, report };
}

/** The summary of a fill-in task. */
export function describeFill(report: FillReport): string {
  const filled = Object.entries(report.filled);
  const parts = [filled.length
    ? `Filled ${filled.length} field${filled.length === 1 ? '' : 's'} (${filled.map(([n, c]) => `${n}${c > 1 ? ` x${c}` : ''}`).join(', ')}); no model was called.`
    : 'No field was filled; no model was called.'];
  if (report.unfilled.length) parts.push(`Left as they are (no value given): ${report.unfilled.map((n) => `{{${n}}}`).join(', ')}.`);
  if (report.unknown.length) parts.push(`Not in the document: ${report.unknown.join(', ')}.`);
  return parts.join(' ');
}
