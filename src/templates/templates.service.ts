// Templates: upload (checked, analysed, thumbnails rendered, stored, then recorded), versions, the one
// default per organization and format, listing, lookup with fresh signed links, and deletion.
import { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import type { Format } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { errors } from '../errors.ts';
import { decodeCursor, toPage } from '../http/pagination.ts';
import { newId } from '../ids.ts';
import type { BlobStore, SignedUrl } from '../storage/blob-store.ts';
import type { ReceivedUpload } from '../storage/multipart-upload.ts';
import type { ZipLimits } from '../storage/upload-checks.ts';
import { checkTemplateUpload, type CheckedTemplate } from './template-upload.ts';
import type { LayoutThumbnails } from './template-thumbnails.ts';
import type { TemplatePatch, TemplateRow, TemplatesRepository, TemplateVersionRow } from './templates.repository.ts';

export interface TemplateView {
  template: TemplateRow;
  file: TemplateVersionRow;
  link: SignedUrl;
  /** Signed thumbnail links by layout index (null where there is none). */
  thumbnails: (string | null)[];
  versions?: TemplateVersionRow[];
}

export function templateBlobKey(orgId: string, templateId: string, version: number): string {
  return `orgs/${orgId}/templates/${templateId}/v${version}`;
}

/** Parses the multipart `tags` field: a JSON array of strings, or comma-separated. */
export function parseTags(raw: unknown): string[] {
  if (typeof raw !== 'string' || !raw.trim()) return [];
  let tags: unknown;
  if (raw.trim().startsWith('[')) {
    try { tags = JSON.parse(raw); } catch { tags = null; }
  } else tags = raw.split(',').map((t) => t.trim()).filter(Boolean);
  const bad = (msg: string) => errors.validation([{ loc: ['body', 'tags'], msg, type: 'value_error', input: raw }]);
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string')) throw bad('Give tags comma-separated or as a JSON array of strings');
  const unique = [...new Set((tags as string[]).map((t) => t.trim()).filter(Boolean))];
  if (unique.length > 20 || unique.some((t) => t.length > 50)) throw bad('At most 20 tags of 1-50 characters');
  return unique;
}

export class TemplatesService {
  private readonly repo: TemplatesRepository;
  private readonly blobs: BlobStore;
  private readonly zipLimits: ZipLimits;
  private readonly thumbnails: LayoutThumbnails;

  constructor(repo: TemplatesRepository, blobs: BlobStore, zipLimits: ZipLimits, thumbnails: LayoutThumbnails) {
    this.repo = repo;
    this.blobs = blobs;
    this.zipLimits = zipLimits;
    this.thumbnails = thumbnails;
  }

  async create(orgId: string, upload: ReceivedUpload): Promise<TemplateView> {
    const f = upload.fields;
    const tags = parseTags(f.tags);
    const checked = await checkTemplateUpload(upload.file, this.zipLimits);
    const templateId = newId('tpl');
    const isDefault = f.is_default === 'true';
    const { template, file } = await this.storeVersion(orgId, templateId, 1, checked, async (trx) => {
      if (isDefault) await this.repo.clearDefault(trx, orgId, checked.format, null);
      return this.repo.insert(trx, { template_id: templateId, org_id: orgId, format: checked.format, name: String(f.name), description: (f.description as string | undefined) ?? null, tags, is_default: isDefault });
    });
    return this.view(template, file);
  }

  /** A new version: same format; the template's current version moves to it, runs keep theirs. */
  async replaceFile(orgId: string, templateId: string, upload: ReceivedUpload): Promise<TemplateView> {
    const before = await this.repo.findInOrg(orgId, templateId);
    if (!before) throw errors.notFound(`Template ${templateId}`);
    const checked = await checkTemplateUpload(upload.file, this.zipLimits, before.format);
    // Versions are numbered under a row lock; a concurrent upload takes the next number.
    for (let attempt = 0; ; attempt++) {
      const current = await this.repo.findInOrg(orgId, templateId);
      if (!current) throw errors.notFound(`Template ${templateId}`);
      const version = current.current_version + 1;
      try {
        const { template, file } = await this.storeVersion(orgId, templateId, version, checked, async (trx) => {
          const locked = await this.repo.lockInOrg(trx, orgId, templateId);
          if (!locked) throw errors.notFound(`Template ${templateId}`);
          if (locked.current_version !== version - 1) throw new VersionRace();
          return (await this.repo.update(trx, orgId, templateId, { current_version: version }))!;
        });
        return this.view(template, file);
      } catch (err) {
        if (!(err instanceof VersionRace) || attempt >= 5) throw err instanceof VersionRace ? errors.conflict('The template is being updated by another request; retry.') : err;
      }
    }
  }

  async get(orgId: string, templateId: string): Promise<TemplateView> {
    const template = await this.repo.findInOrg(orgId, templateId);
    if (!template) throw errors.notFound(`Template ${templateId}`);
    const versions = await this.repo.versions(orgId, templateId);
    const file = versions.find((v) => v.version === template.current_version)!;
    return { ...(await this.view(template, file)), versions };
  }

  async list(orgId: string, limit: number, cursor: string | undefined, format: Format | undefined): Promise<{ items: TemplateView[]; next_cursor: string | null }> {
    const rows = await this.repo.listByOrg(orgId, limit, decodeCursor(cursor), format);
    const page = toPage(rows, limit, (r) => r.template_id);
    const files = await this.repo.currentVersions(page.items);
    return { items: await Promise.all(page.items.map((t) => this.view(t, files.get(t.template_id)!))), next_cursor: page.next_cursor };
  }

  async update(orgId: string, templateId: string, patch: TemplatePatch): Promise<TemplateView> {
    const template = await this.repo.db.transaction().execute(async (trx) => {
      const current = await this.repo.lockInOrg(trx, orgId, templateId);
      if (!current) throw errors.notFound(`Template ${templateId}`);
      if (patch.is_default) await this.repo.clearDefault(trx, orgId, current.format, templateId);
      return (await this.repo.update(trx, orgId, templateId, patch))!;
    }).catch((err) => { throw uniqueDefaultRace(err); });
    const file = await this.repo.findVersion(orgId, templateId, template.current_version);
    return this.view(template, file!);
  }

  /**
   * Hidden at once (404 afterwards); runs made from it keep their documents, and resuming them needs no
   * template. The bytes go after FOLIO_TEMPLATE_PURGE_GRACE_SECONDS (the storage purge sweeper, through
   * the module's `purgeSource`).
   */
  async delete(orgId: string, templateId: string): Promise<void> {
    if (!(await this.repo.softDelete(orgId, templateId))) throw errors.notFound(`Template ${templateId}`);
  }

  /**
   * Stores the version's bytes and thumbnails, then records them in one transaction (`record` writes
   * the template row); the blobs are deleted again when the transaction fails: nothing is half-stored.
   */
  private async storeVersion(orgId: string, templateId: string, version: number, checked: CheckedTemplate, record: (trx: Transaction<DB>) => Promise<TemplateRow>): Promise<{ template: TemplateRow; file: TemplateVersionRow }> {
    const key = templateBlobKey(orgId, templateId, version);
    const analysis: Record<string, unknown> = { ...checked.analysis };
    const warnings = [...checked.analysis.warnings];
    const stored: string[] = [];
    try {
      const blob = await this.blobs.put(key, Readable.from([checked.bytes]), { contentType: checked.contentType, contentLength: checked.bytes.length });
      stored.push(key);
      if (checked.analysis.slides) {
        const { pngs, problem } = await this.thumbnails.render(checked.bytes, checked.analysis.slides.layouts.length);
        if (problem) warnings.push(problem);
        const keys: string[] = [];
        for (const [i, png] of pngs.entries()) {
          const thumbKey = `${key}-layout${i + 1}.png`;
          await this.blobs.put(thumbKey, Readable.from([png]), { contentType: 'image/png', contentLength: png.length });
          stored.push(thumbKey);
          keys.push(thumbKey);
        }
        analysis.thumbnail_keys = keys;
      }
      analysis.warnings = warnings;
      return await (this.repo.db as Kysely<DB>).transaction().execute(async (trx) => {
        const template = await record(trx);
        const file = await this.repo.insertVersion(trx, { template_id: templateId, version, org_id: orgId, file_name: checked.fileName, content_type: checked.contentType, size: blob.size, sha256: blob.sha256, blob_key: key, analysis });
        return { template, file };
      });
    } catch (err) {
      await Promise.all(stored.map((k) => this.blobs.delete(k).catch(() => {})));
      throw uniqueDefaultRace(err);
    }
  }

  private async view(template: TemplateRow, file: TemplateVersionRow): Promise<TemplateView> {
    const link = await this.blobs.signedUrl(file.blob_key, { fileName: file.file_name, contentType: file.content_type, disposition: 'attachment' });
    const keys = (file.analysis.thumbnail_keys as string[] | undefined) ?? [];
    const thumbnails = await Promise.all(keys.map(async (k, i) => (await this.blobs.signedUrl(k, { fileName: `layout${i + 1}.png`, contentType: 'image/png', disposition: 'inline' })).url));
    return { template, file, link, thumbnails };
  }
}

class VersionRace extends Error {}

/** Two requests making different templates the default at once: the partial unique index refuses one. */
function uniqueDefaultRace(err: unknown): unknown {
  const e = err as { code?: string; message?: string };
  if (e?.code === '23505' || /templates_one_default_idx/.test(e?.message ?? '')) return errors.conflict('Another template of this format became the default at the same time; retry.');
  return err;
}
