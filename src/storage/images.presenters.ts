// Public shape of an image. Routes never return rows.
import type { SignedUrl } from './blob-store.ts';
import type { ImageRow } from './images.repository.ts';

export function presentImage(i: ImageRow, link: SignedUrl) {
  return {
    image_id: i.image_id,
    file_name: i.file_name,
    content_type: i.content_type,
    size: i.size,
    sha256: i.sha256,
    width: i.width,
    height: i.height,
    tags: i.tags,
    caption: i.caption,
    created_at: i.created_at.toISOString(),
    url: link.url,
    url_expires_at: link.expiresAt.toISOString(),
  };
}
