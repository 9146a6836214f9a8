// Use cases: export a run's current document, convert an uploaded file. Both check the format against
// the source type's row of the matrix, answer from the cache when the same source version was already
// converted with the same options, and otherwise convert once (concurrent identical requests share one
// conversion), store the rendition and remember it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError, errors } from '../errors.ts';
import { ulid } from '../ids.ts';
import { displayName } from '../documents/titles/download-name.ts';
import type { RunsService } from '../runs/runs.service.ts';
import type { BlobStore, SignedUrl } from '../storage/blob-store.ts';
import type { FilesService } from '../storage/files.service.ts';
import type { ConversionResult, Converter, OutputFile } from './converter.ts';
import type { ExportRepository, PageBlob, RenditionRow } from './export.repository.ts';
import { ALLOWED, CONTENT_TYPE, LABEL, SOURCE_CONTENT_TYPES, SOURCE_TYPE_OF_FORMAT, engineFor, stemOf, type ExportFormat, type SourceType } from './formats.ts';

export interface ExportRequest {
  format: ExportFormat;
  sheet?: string;
}

/** What is converted: a run's artifact version or an uploaded file. */
interface Source {
  kind: 'run' | 'file';
  orgId: string;
  id: string;
  versionId: string;
  blobKey: string;
  fileName: string;
  type: SourceType;
  /** Where a problem with the document is reported in a 422. */
  loc: string[];
  /** The run version's title when it was named after it: downloads carry it in Content-Disposition's filename*. */
  title?: string | null;
}

export interface ExportView {
  /** The type of the document converted. */
  source: SourceType;
  format: ExportFormat;
  cached: boolean;
  fileName: string;
  contentType: string;
  size: number;
  link: SignedUrl;
  pages: { page: number; link: SignedUrl }[] | null;
}

export interface ExportServiceDeps {
  runs: RunsService;
  files: FilesService;
  blobs: BlobStore;
  repo: ExportRepository;
  converter: Converter;
  /** Scratch directories of conversions are made (and removed) under here. */
  scratchDir: string;
}

export class ExportService {
  private readonly d: ExportServiceDeps;
  private readonly inflight = new Map<string, Promise<RenditionRow>>();

  constructor(deps: ExportServiceDeps) {
    this.d = deps;
  }

  async exportRun(orgId: string, runId: string, req: ExportRequest): Promise<ExportView> {
    const { run } = await this.d.runs.get(orgId, runId);
    if (run.status === 'expired') throw new AppError('gone', `Run ${runId} expired before it produced a document; it cannot be exported.`);
    if (run.status !== 'completed') throw errors.conflict(`Run ${runId} is ${run.status}: only completed runs can be exported.`);
    if (!run.version) throw errors.conflict(`Run ${runId} has no document to export.`);
    const v = run.version;
    return this.export({ kind: 'run', orgId, id: runId, versionId: v.version_id, blobKey: v.blob_key, fileName: v.file_name, type: SOURCE_TYPE_OF_FORMAT[run.format], loc: ['path', 'run_id'], title: v.title ?? null }, req);
  }

  /**
   * Page images of version `n` of a run (its current one without `n`), for previews and thumbnails: the
   * `png` rendition of that version (Word documents too, which `POST /runs/{id}/export` does not offer
   * as png), cached like an export.
   */
  async previewRun(orgId: string, runId: string, n?: number): Promise<ExportView & { version: number }> {
    const { run, version: v } = await this.d.runs.versionOf(orgId, runId, n);
    const source: Source = { kind: 'run', orgId, id: runId, versionId: v.version_id, blobKey: v.blob_key, fileName: v.file_name, type: SOURCE_TYPE_OF_FORMAT[run.format], loc: ['path', 'run_id'], title: v.title ?? null };
    return { ...(await this.render(source, { format: 'png' })), version: v.version };
  }

  /** The renditions made of a run's versions, newest first, each with fresh links. */
  async listRunExports(orgId: string, runId: string): Promise<(ExportView & { versionId: string; createdAt: Date })[]> {
    const { run } = await this.d.runs.get(orgId, runId);
    const rows = await this.d.repo.listBySource(orgId, runId);
    const source = { kind: 'run', orgId, id: runId, type: SOURCE_TYPE_OF_FORMAT[run.format], fileName: run.version?.file_name ?? run.file_name ?? 'document', title: run.version?.title ?? null } as Source;
    return Promise.all(rows.map(async (row) => ({ ...(await this.view(row, true, source)), versionId: row.version_id, createdAt: row.created_at })));
  }

  async convertFile(orgId: string, fileId: string, req: ExportRequest): Promise<ExportView> {
    const { file } = await this.d.files.get(orgId, fileId);
    const type = SOURCE_CONTENT_TYPES[file.content_type];
    if (!type) {
      throw errors.validation([{ loc: ['path', 'file_id'], msg: `Only office documents can be converted: Word (.docx, .doc, .rtf, .odt), Excel (.xlsx, .xls, .ods, .csv) and PowerPoint (.pptx, .ppt, .odp) files; this file is ${file.content_type}`, type: 'unsupported_file_type', input: fileId }]);
    }
    // An uploaded file never changes, so the file itself is the version.
    return this.export({ kind: 'file', orgId, id: fileId, versionId: fileId, blobKey: file.blob_key, fileName: file.file_name, type, loc: ['path', 'file_id'] }, req);
  }

  private async export(source: Source, req: ExportRequest): Promise<ExportView> {
    const allowed = ALLOWED[source.type];
    if (!allowed.includes(req.format) && source.kind === 'file') {
      // The reference service's answer for an uploaded file: 400 invalid_request naming the valid targets.
      throw new AppError('invalid_request', `Cannot convert ${source.type} to ${req.format}. Valid target formats for ${source.type}: ${allowed.join(', ')}.`, {
        body: { source_format: source.type, format: req.format, allowed: [...allowed] },
      });
    }
    if (!allowed.includes(req.format)) {
      throw errors.validation([{
        loc: ['body', 'format'],
        msg: `A ${LABEL[source.type]} ${source.kind} exports to ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}, not ${req.format}`,
        type: 'format_not_allowed',
        input: req.format,
        ctx: { allowed: [...allowed] },
      }]);
    }
    if (req.sheet !== undefined && req.format !== 'csv') {
      throw errors.validation([{ loc: ['body', 'sheet'], msg: '`sheet` applies to csv exports only', type: 'option_not_allowed', input: req.sheet }]);
    }
    if (engineFor(source.type, req.format).kind === 'original') {
      const link = await this.d.blobs.signedUrl(source.blobKey, { fileName: source.fileName, contentType: CONTENT_TYPE[req.format], ...titled(source, source.fileName) });
      const size = (await this.d.blobs.size(source.blobKey)) ?? 0;
      return { source: source.type, format: req.format, cached: true, fileName: source.fileName, contentType: CONTENT_TYPE[req.format], size, link, pages: null };
    }
    return this.render(source, req);
  }

  /** The rendition of the source in the format: from the cache, or converted once. */
  private async render(source: Source, req: ExportRequest): Promise<ExportView> {
    const key = { org_id: source.orgId, source_id: source.id, version_id: source.versionId, format: req.format, options: req.sheet === undefined ? '' : `sheet=${req.sheet}` };
    const hit = await this.d.repo.find(key);
    if (hit) return this.view(hit, true, source);

    const flightKey = `${key.source_id}|${key.version_id}|${key.format}|${key.options}`;
    let flight = this.inflight.get(flightKey);
    const joined = flight !== undefined;
    if (!flight) {
      flight = this.produce(source, req, key).finally(() => this.inflight.delete(flightKey));
      this.inflight.set(flightKey, flight);
    }
    // A caller that joined a conversion already under way did not wait for a conversion of its own.
    return this.view(await flight, joined, source);
  }

  private async produce(source: Source, req: ExportRequest, key: Omit<RenditionRow, 'rendition_id' | 'source_kind' | 'blob_key' | 'content_type' | 'file_name' | 'size' | 'pages' | 'created_at'>): Promise<RenditionRow> {
    await fsp.mkdir(this.d.scratchDir, { recursive: true });
    const dir = await fsp.mkdtemp(path.join(this.d.scratchDir, 'job-'));
    try {
      const srcPath = path.join(dir, `source.${source.type}`);
      const blob = await this.d.blobs.get(source.blobKey);
      await pipeline(blob.body, fs.createWriteStream(srcPath));
      const result = await this.d.converter.convert({ srcPath, source: source.type, format: req.format, sheet: req.sheet, stem: stemOf(source.fileName), dir, loc: source.loc });
      const renditionId = `exp_${ulid()}`;
      // The bytes go to a key fixed by what they render (not by this attempt), so that an upload whose row
      // was never written (its process was killed, or the database went away in between) is overwritten,
      // and then named by a row, when the client retries the export; nothing else can name that key.
      const stored = await this.store(renditionPrefix(key), result);
      const { row, inserted } = await this.d.repo.insertOrGet({ ...key, rendition_id: renditionId, source_kind: source.kind, ...stored });
      // Another process stored the same rendition first: keep its copy (ours went to the same key, unless
      // its row predates fixed keys).
      if (!inserted && row.blob_key !== stored.blob_key) await this.removeBlobs(stored);
      return row;
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  private async store(prefix: string, result: ConversionResult): Promise<Pick<RenditionRow, 'blob_key' | 'content_type' | 'file_name' | 'size' | 'pages'>> {
    const put = async (name: string, out: OutputFile) => {
      const blobKey = `${prefix}/${name}`;
      const stat = await fsp.stat(out.path);
      const s = await this.d.blobs.put(blobKey, fs.createReadStream(out.path), { contentType: out.contentType, contentLength: stat.size });
      return { blob_key: blobKey, file_name: out.fileName, size: s.size };
    };
    // One page alone is the main file too: store it once.
    const single = result.pages?.length === 1;
    const pages: PageBlob[] | null = result.pages ? await Promise.all(result.pages.map((p, i) => put(`page-${String(i + 1).padStart(3, '0')}.png`, p))) : null;
    const main = single ? { ...pages![0], file_name: result.main.fileName } : await put(`main${path.extname(result.main.path)}`, result.main);
    return { blob_key: main.blob_key, content_type: result.main.contentType, file_name: main.file_name, size: main.size, pages };
  }

  private async removeBlobs(r: Pick<RenditionRow, 'blob_key' | 'pages'>): Promise<void> {
    const keys = new Set([r.blob_key, ...(r.pages ?? []).map((p) => p.blob_key)]);
    await Promise.all([...keys].map((k) => this.d.blobs.delete(k).catch(() => {})));
  }

  /** Removes a rendition's bytes, then its row (the export sweeper). */
  async forget(row: RenditionRow): Promise<void> {
    await this.removeBlobs(row);
    await this.d.repo.delete(row.rendition_id);
  }

  private async view(row: RenditionRow, cached: boolean, source: Source): Promise<ExportView> {
    const link = await this.d.blobs.signedUrl(row.blob_key, { fileName: row.file_name, contentType: row.content_type, ...titled(source, row.file_name) });
    const pages = row.pages
      ? await Promise.all(row.pages.map(async (p, i) => ({ page: i + 1, link: await this.d.blobs.signedUrl(p.blob_key, { fileName: p.file_name, contentType: CONTENT_TYPE.png, ...titled(source, p.file_name) }) })))
      : null;
    return { source: source.type, format: row.format as ExportFormat, cached, fileName: row.file_name, contentType: row.content_type, size: row.size, link, pages };
  }
}

/** Where the bytes of one rendition (source version, format, options) live: the same for every try. */
function renditionPrefix(k: { org_id: string; source_id: string; version_id: string; format: string; options: string }): string {
  const options = k.options ? `-${createHash('sha256').update(k.options).digest('hex').slice(0, 16)}` : '';
  return `orgs/${k.org_id}/exports/${k.source_id}/${k.version_id}/${k.format}${options}`;
}

/**
 * The full title as the name of a rendition of a titled run, for filename*: the slug the rendition's name
 * starts with replaced by the title ("q3-overview-pages.zip" -> "Überblick Q3 – Umsatz €-pages.zip").
 */
function titled(source: Source, fileName: string): { displayName?: string } {
  if (!source.title) return {};
  const stem = stemOf(source.fileName);
  const m = /^(.*?)(?:\.([A-Za-z0-9]{1,8}))?$/.exec(fileName)!;
  if (!m[2] || !m[1].startsWith(stem)) return {};
  const name = displayName(source.title + m[1].slice(stem.length), m[2]);
  return name ? { displayName: name } : {};
}
