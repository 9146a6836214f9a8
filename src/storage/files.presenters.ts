// Public shape of a file. Routes never return rows.
import type { SignedUrl } from './blob-store.ts';
import type { FileRow } from './files.repository.ts';

export function presentFile(f: FileRow, link: SignedUrl) {
  return {
    file_id: f.file_id,
    file_name: f.file_name,
    content_type: f.content_type,
    size: f.size,
    sha256: f.sha256,
    purpose: f.purpose,
    created_at: f.created_at.toISOString(),
    download_url: link.url,
    download_url_expires_at: link.expiresAt.toISOString(),
  };
}
