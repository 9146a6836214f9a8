// The ids a generation request points at (files, images, a run to resume) must exist in the caller's
// organization before any work starts. Unknown ids and other organizations' ids are both 404.
import { errors } from '../errors.ts';
import type { FilesRepository } from '../storage/files.repository.ts';
import type { ImagesRepository } from '../storage/images.repository.ts';
import type { GenerateRequest } from './runs.schemas.ts';

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

  constructor(files: FilesRepository, images: ImagesRepository) {
    this.files = files;
    this.images = images;
  }

  async assertExist(orgId: string, body: GenerateRequest): Promise<void> {
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
  }
}
