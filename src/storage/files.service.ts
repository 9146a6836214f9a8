// Files: what an upload of any type goes through (zip limits, type sniffed from the bytes, purpose
// `init` only for Office documents) on the shared upload core (uploads/upload-store.ts), which stores,
// looks up, lists and deletes.
import fs from 'node:fs';
import type { BlobStore, SignedUrl } from './blob-store.ts';
import { fileBlobKey } from './blob-store.ts';
import { errors } from '../errors.ts';
import { newId } from '../ids.ts';
import type { FilePurpose, FileRow, FilesRepository } from './files.repository.ts';
import type { ReceivedUpload } from './multipart-upload.ts';
import { checkZip, correctFileName, isZipSignature, OOXML_TYPES, readHead, sniffType, type Sniffed, type ZipLimits } from './upload-checks.ts';
import { UploadStore } from './uploads/upload-store.ts';

export type FileView = { file: FileRow; link: SignedUrl };
const asFile = ({ row, link }: { row: FileRow; link: SignedUrl }): FileView => ({ file: row, link });

export class FilesService {
  private readonly store: UploadStore<FileRow, FilePurpose | undefined>;
  private readonly repo: FilesRepository;
  private readonly zipLimits: ZipLimits;

  constructor(repo: FilesRepository, blobs: BlobStore, zipLimits: ZipLimits) {
    this.store = new UploadStore(repo, blobs, { noun: 'File', idOf: (r) => r.file_id, disposition: 'attachment' });
    this.repo = repo;
    this.zipLimits = zipLimits;
  }

  /** `accept` may refuse the sniffed type (throwing) before anything is stored. */
  async create(orgId: string, upload: ReceivedUpload, options: { accept?: (sniffed: Sniffed, size: number) => void } = {}): Promise<FileView> {
    const staged = upload.file;
    const purpose = (upload.fields.purpose as FilePurpose | undefined) ?? 'context';
    const head = await readHead(staged.path);
    // Archives are checked before anything (including type sniffing, which opens OOXML) parses them.
    if (isZipSignature(head)) await checkZip(staged.path, this.zipLimits);
    const sniffed = await sniffType(staged.path, head, staged.fileName);
    options.accept?.(sniffed, staged.size);
    if (purpose === 'init' && !OOXML_TYPES.has(sniffed.contentType)) {
      throw errors.validation([{
        loc: ['body', 'file'],
        msg: `A file with purpose "init" must be a Word, Excel or PowerPoint document (.docx, .xlsx, .xlsm, .pptx); these bytes are ${sniffed.contentType}`,
        type: 'unsupported_file_type',
      }]);
    }
    const fileId = newId('file');
    const key = fileBlobKey(orgId, fileId);
    return asFile(await this.store.store(key, fs.createReadStream(staged.path), { contentType: sniffed.contentType, size: staged.size }, async (stored) => {
      if (stored.sha256 !== staged.sha256 || stored.size !== staged.size) throw new Error(`stored bytes of ${key} differ from the upload`);
      return this.repo.insert({
        file_id: fileId,
        org_id: orgId,
        file_name: correctFileName(staged.fileName, sniffed),
        content_type: sniffed.contentType,
        size: stored.size,
        sha256: stored.sha256,
        purpose,
        blob_key: key,
      });
    }));
  }

  async get(orgId: string, fileId: string): Promise<FileView> {
    return asFile(await this.store.get(orgId, fileId));
  }

  async list(orgId: string, limit: number, cursor: string | undefined, purpose: FilePurpose | undefined): Promise<{ items: FileView[]; next_cursor: string | null }> {
    const page = await this.store.list(orgId, limit, cursor, purpose);
    return { items: page.items.map(asFile), next_cursor: page.next_cursor };
  }

  /** Soft delete: gone from the API at once; the purge sweeper removes the bytes after the grace period. */
  delete(orgId: string, fileId: string): Promise<void> {
    return this.store.delete(orgId, fileId);
  }
}
