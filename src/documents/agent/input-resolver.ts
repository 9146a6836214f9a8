// Turns a generation request's references into what agents read: the init_file's bytes, context files
// as text with citation numbers, data sources as tables, image assets and the brand logo as bytes.
// Every id was checked to exist in the caller's organization when the request was accepted; one
// deleted since then fails the task with the same 404 the request would have got.
import { imageSize } from 'image-size';
import { AppError, errors } from '../../errors.ts';
import type { OutboundGuard } from '../../net/outbound.ts';
import type { GenerateRequest } from '../../runs/runs.schemas.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { FileRow, FilesRepository } from '../../storage/files.repository.ts';
import type { ImagesRepository } from '../../storage/images.repository.ts';
import { extractText } from './context-text.ts';
import { MAX_TASK_CELLS, MAX_TASK_CHARS, readCsvTable, readJsonTable, readXlsxTables, toTable, tooLargeForATask } from './data-sources.ts';
import type { BrandInput, ContextFile, DataTable, ImageInput, ResolvedInputs } from './format-adapter.ts';
import { DocumentOutOfMemory, type DocumentIsolate } from '../isolate/document-isolate.ts';

/** Context files whose text is extracted by parsing an Office package (in a document thread). */
const OFFICE_TEXT = /wordprocessingml|presentationml|spreadsheetml|application\/pdf|\.(docx|pptx|xlsx|pdf)$/i;
const EMBEDDABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml']);
const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const LOGO_TIMEOUT_MS = 10_000;

export interface InputResolverDeps {
  blobs: BlobStore;
  files: FilesRepository;
  images: ImagesRepository;
  outbound: OutboundGuard;
  /** Characters of text kept per context file. */
  contextFileChars: number;
  /** Document threads for reading uploaded workbooks and Office files (absent: read in process). */
  isolate?: DocumentIsolate;
}

export interface ResolvedRequest {
  inputs: ResolvedInputs;
  /** Problems that did not stop the task (an image type that cannot be embedded); told in the summary. */
  notes: string[];
}

const hex = (c: string | undefined) => {
  if (!c) return null;
  const h = c.replace('#', '').toUpperCase();
  return h.length === 3 ? h.split('').map((x) => x + x).join('') : h;
};

export class InputResolver {
  private readonly d: InputResolverDeps;

  constructor(deps: InputResolverDeps) {
    this.d = deps;
  }

  async fileBytes(orgId: string, fileId: string): Promise<{ row: FileRow; bytes: Buffer }> {
    const row = await this.d.files.findInOrg(orgId, fileId);
    if (!row) throw errors.notFound(`File ${fileId}`);
    const body = (await this.d.blobs.get(row.blob_key)).body;
    return { row, bytes: Buffer.concat(await body.toArray()) };
  }

  async resolve(orgId: string, request: GenerateRequest): Promise<ResolvedRequest> {
    const notes: string[] = [];
    const [contextFiles, dataSources, images, brand] = await Promise.all([
      this.contextFiles(orgId, request, notes),
      this.dataSources(orgId, request),
      this.images(orgId, request, notes),
      this.brand(orgId, request, notes),
    ]);
    return { inputs: { contextFiles, dataSources, images, brand }, notes };
  }

  private async contextFiles(orgId: string, request: GenerateRequest, notes: string[]): Promise<ContextFile[]> {
    const ids = (request.context_files ?? []).map((f) => (typeof f === 'string' ? f : f.file_id));
    return Promise.all([...new Set(ids)].map(async (id, i) => {
      const { row, bytes } = await this.fileBytes(orgId, id);
      let text: string | null;
      let tooLarge: DocumentOutOfMemory | null = null;
      try {
        text = this.d.isolate && OFFICE_TEXT.test(`${row.content_type} ${row.file_name}`)
          ? await this.d.isolate.run('text', { bytes, contentType: row.content_type, fileName: row.file_name })
          : await extractText(bytes, row.content_type, row.file_name);
      } catch (err) {
        if (err instanceof DocumentOutOfMemory) tooLarge = err;
        text = null;
      }
      if (tooLarge) notes.push(`Context file ${row.file_name} is too large to read within the ${tooLarge.limitMb} MB memory limit of a document thread; it is listed but not quoted.`);
      else if (text === null) notes.push(`No text could be read from context file ${row.file_name}; it is listed but not quoted.`);
      const full = (text ?? '').replace(/\r\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
      const max = this.d.contextFileChars;
      return { file_id: id, file_name: row.file_name, content_type: row.content_type, text: full.slice(0, max), truncated: full.length > max, ref: i + 1 };
    }));
  }

  private async dataSources(orgId: string, request: GenerateRequest): Promise<DataTable[]> {
    const tables = (await Promise.all((request.data_sources ?? []).map(async (source): Promise<DataTable[]> => {
      if (!('file_id' in source)) return [toTable(source.name, source.columns, source.rows, { kind: 'inline' })];
      const { row, bytes } = await this.fileBytes(orgId, source.file_id);
      return this.fileTables({ file_id: source.file_id, file_name: row.file_name, bytes }, source.kind);
    }))).flat();
    // What a task builds from its data sources is built and rendered in this process: bounded here.
    const tooLarge = tooLargeForATask(tables);
    if (tooLarge) throw errors.validation([{ loc: ['body', 'data_sources'], msg: tooLarge, type: 'too_large', ctx: { max_cells: MAX_TASK_CELLS, max_chars: MAX_TASK_CHARS } }], tooLarge);
    return tables;
  }

  /** An uploaded data source's tables, read (exceljs, the CSV or JSON parser) in a document thread when there is one. */
  private async fileTables(file: { file_id: string; file_name: string; bytes: Buffer }, kind: 'xlsx' | 'csv' | 'json'): Promise<DataTable[]> {
    if (!this.d.isolate) return kind === 'csv' ? [readCsvTable(file)] : kind === 'json' ? [readJsonTable(file)] : readXlsxTables(file);
    try {
      return await this.d.isolate.run('tables', { ...file, kind });
    } catch (err) {
      if (!(err instanceof DocumentOutOfMemory)) throw err;
      const msg = `Data source ${file.file_id} (${file.file_name}) is too large to read within the ${err.limitMb} MB memory limit of a document thread (FOLIO_RENDER_MAX_HEAP_MB): upload fewer rows or split it into several files.`;
      throw errors.validation([{ loc: ['body', 'data_sources'], msg, type: 'too_large', input: file.file_id }], msg);
    }
  }

  private async images(orgId: string, request: GenerateRequest, notes: string[]): Promise<ImageInput[]> {
    const out = await Promise.all((request.image_assets ?? []).map(async (asset) => {
      const image = await this.image(orgId, asset.image_id, notes);
      if (!image) return null;
      return { ...image, caption: asset.caption ?? image.caption, tags: asset.tags ?? image.tags };
    }));
    return out.filter((i): i is ImageInput => i !== null);
  }

  private async image(orgId: string, imageId: string, notes: string[]): Promise<ImageInput | null> {
    const row = await this.d.images.findInOrg(orgId, imageId);
    if (!row) throw errors.notFound(`Image ${imageId}`);
    if (!EMBEDDABLE.has(row.content_type)) {
      notes.push(`Image ${row.file_name} (${row.content_type}) cannot be embedded in Office documents and was left out; upload it as PNG or JPEG.`);
      return null;
    }
    const bytes = Buffer.concat(await (await this.d.blobs.get(row.blob_key)).body.toArray());
    return { image_id: row.image_id, file_name: row.file_name, content_type: row.content_type, bytes, width: row.width, height: row.height, caption: row.caption, tags: row.tags };
  }

  private async brand(orgId: string, request: GenerateRequest, notes: string[]): Promise<BrandInput | null> {
    const b = request.brand;
    if (!b) return null;
    let logo: ImageInput | null = null;
    if (b.logo_image_id) logo = await this.image(orgId, b.logo_image_id, notes);
    else if (b.logo_url) logo = await this.fetchLogo(b.logo_url, notes);
    return { primaryColor: hex(b.primary_color), secondaryColor: hex(b.secondary_color), font: b.font ?? null, logo };
  }

  /** The logo behind logo_url, through the SSRF guard; a logo that cannot be fetched is left out, not fatal. */
  private async fetchLogo(url: string, notes: string[]): Promise<ImageInput | null> {
    try {
      const res = await this.d.outbound.request(url, { timeoutMs: LOGO_TIMEOUT_MS, maxResponseBytes: LOGO_MAX_BYTES, maxRedirects: 3 });
      if (res.status !== 200 || res.truncated) throw new Error(res.truncated ? 'larger than 5 MiB' : `HTTP ${res.status}`);
      const size = imageSize(res.body);
      const type = size.type === 'jpg' ? 'image/jpeg' : size.type === 'svg' ? 'image/svg+xml' : `image/${size.type}`;
      if (!EMBEDDABLE.has(type) || type === 'image/svg+xml') throw new Error(`${size.type} images cannot be embedded`);
      return { image_id: 'logo_url', file_name: new URL(url).pathname.split('/').pop() || 'logo', content_type: type, bytes: res.body, width: size.width ?? null, height: size.height ?? null, caption: null, tags: ['logo'] };
    } catch (err) {
      const why = (err instanceof AppError ? err.message : (err as Error).message).replace(/\.+$/, '');
      notes.push(`The brand logo at ${url} was left out: ${why}.`);
      return null;
    }
  }
}
