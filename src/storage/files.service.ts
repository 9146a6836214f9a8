// Files: upload (checked, sniffed, stored, then recorded), lookup with a fresh signed link, listing, deletion.
import fs from 'node:fs';
import type { BlobStore, SignedUrl } from './blob-store.ts';
import { fileBlobKey, storeThenRecord } from './blob-store.ts';
import { errors } from '../errors.ts';
import { decodeCursor, toPage } from '../http/pagination.ts';
import { newId } from '../ids.ts';
import type { FilePurpose, FileRow, FilesRepository } from './files.repository.ts';
import type { ReceivedUpload } from './multipart-upload.ts';
import { checkZip, correctFileName, isZipSignature, OOXML_TYPES, readHead, sniffType, type Sniffed, type ZipLimits } from './upload-checks.ts';

export type FileView = { file: FileRow; link: SignedUrl };

export class FilesService {
  private readonly repo: FilesRepository;
  private readonly blobs: BlobStore;
  private readonly zipLimits: ZipLimits;

  constructor(repo: FilesRepository, blobs: BlobStore, zipLimits: ZipLimits) {
    this.repo = repo;
    this.blobs = blobs;
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
    const row = await storeThenRecord(this.blobs, key, fs.createReadStream(staged.path), { contentType: sniffed.contentType, contentLength: staged.size }, async (stored) => {
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
    });
    return this.view(row);
  }

  async get(orgId: string, fileId: string): Promise<FileView> {
    const row = await this.repo.findInOrg(orgId, fileId);
    if (!row) throw errors.notFound('File');
    return this.view(row);
  }

  async list(orgId: string, limit: number, cursor: string | undefined, purpose: FilePurpose | undefined): Promise<{ items: FileView[]; next_cursor: string | null }> {
    const rows = await this.repo.listByOrg(orgId, limit, decodeCursor(cursor), purpose);
    const page = toPage(rows, limit, (r) => r.file_id);
    return { items: await Promise.all(page.items.map((r) => this.view(r))), next_cursor: page.next_cursor };
  }

  /** Soft delete: gone from the API at once; the purge sweeper removes the bytes after the grace period. */
  async delete(orgId: string, fileId: string): Promise<void> {
    if (!(await this.repo.softDelete(orgId, fileId))) throw errors.notFound('File');
  }

  private async view(file: FileRow): Promise<FileView> {
    const link = await this.blobs.signedUrl(file.blob_key, { fileName: file.file_name, contentType: file.content_type, disposition: 'attachment' });
    return { file, link };
  }
}
