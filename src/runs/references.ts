// The ids a generation request points at (files, images, a run to resume) must exist in the caller's
// organization before any work starts. Unknown ids and other organizations' ids are both 404. An
// init_file must also be a document the format can open: one that cannot is a 422 naming the file and
// what could not be read, answered before any task is queued (sync and async calls alike).
import type { Format } from '../config.ts';
import { errors, type AppError } from '../errors.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { FilesRepository } from '../storage/files.repository.ts';
import type { ImagesRepository } from '../storage/images.repository.ts';
import { FORMAT_LABEL } from './agents.ts';
import type { GenerateRequest } from './runs.schemas.ts';

/** Why bytes cannot be opened as a document of the format, or null when they can. */
export type InitFileReader = (format: Format, bytes: Buffer) => Promise<string | null>;

/** The 422 of an init_file that cannot be opened: `detail` on body.init_file, a message naming the file and the reason. */
export function initFileUnreadable(format: Format, fileId: string, fileName: string, reason: string): AppError {
  return errors.validation(
    [{ loc: ['body', 'init_file'], msg: reason, type: 'document_unreadable', input: fileId }],
    `init_file ${fileId} (${fileName}) cannot be opened as ${/^[AEIOU]/.test(FORMAT_LABEL[format]) ? 'an' : 'a'} ${FORMAT_LABEL[format]} document: ${reason}`,
  );
}

export function referencedFileIds(body: GenerateRequest): string[] {
  const ids: string[] = [];
  if (body.init_file) ids.push(body.init_file);
  for (const f of body.context_files ?? []) ids.push(typeof f === 'string' ? f : f.file_id);
  for (const d of body.data_sources ?? []) if ('file_id' in d) ids.push(d.file_id);
  return [...new Set(ids)];
}

export function referencedImageIds(body: GenerateRequest): string[] {
  const ids = (body.image_assets ?? []).map((a) => a.image_id);
  if (body.brand?.logo_image_id) ids.push(body.brand.logo_image_id);
  return [...new Set(ids)];
}

export class ReferenceChecker {
  private readonly files: FilesRepository;
  private readonly images: ImagesRepository;
  private readonly initFiles: { blobs: BlobStore; read: InitFileReader } | null;

  /** `initFiles`: checks that an init_file opens as a document of the endpoint's format. */
  constructor(files: FilesRepository, images: ImagesRepository, initFiles: { blobs: BlobStore; read: InitFileReader } | null = null) {
    this.files = files;
    this.images = images;
    this.initFiles = initFiles;
  }

  /** 404 for an id that is not the caller's; with `format`, 422 for an init_file that format cannot open. */
  async assertExist(orgId: string, body: GenerateRequest, format?: Format): Promise<void> {
    if (body.brand?.logo_url && body.brand.logo_image_id) {
      throw errors.validation([{ loc: ['body', 'brand'], msg: 'Give logo_url or logo_image_id, not both', type: 'value_error', input: body.brand }]);
    }
    const fileIds = referencedFileIds(body);
    const imageIds = referencedImageIds(body);
    const [files, images] = await Promise.all([
      Promise.all(fileIds.map((id) => this.files.findInOrg(orgId, id))),
      Promise.all(imageIds.map((id) => this.images.findInOrg(orgId, id))),
    ]);
    const missingFile = fileIds.find((_, i) => !files[i]);
    if (missingFile) throw errors.notFound(`File ${missingFile}`);
    const missingImage = imageIds.find((_, i) => !images[i]);
    if (missingImage) throw errors.notFound(`Image ${missingImage}`);
    const init = body.init_file ? files[fileIds.indexOf(body.init_file)] : undefined;
    if (format && init && this.initFiles) {
      const bytes = Buffer.concat(await (await this.initFiles.blobs.get(init.blob_key)).body.toArray());
      const reason = await this.initFiles.read(format, bytes);
      if (reason) throw initFileUnreadable(format, init.file_id, init.file_name, reason);
    }
  }
}
