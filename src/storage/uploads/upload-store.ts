// The use cases files and images share: store the bytes then record the row (the blob is removed when
// the row cannot be written), look one up, list a page and soft-delete, each row handed out with a
// fresh signed link. files.service.ts and images.service.ts check and prepare what they store and
// name what they list by; this holds the rest.
import type { Readable } from 'node:stream';
import { errors } from '../../errors.ts';
import { decodeCursor, toPage } from '../../http/pagination.ts';
import { storeThenRecord, type BlobStore, type SignedUrl, type StoredBlob } from '../blob-store.ts';

/** What an upload store needs of its table's repository. */
export interface UploadRepository<Row, Filter> {
  findInOrg(orgId: string, id: string): Promise<Row | undefined>;
  listByOrg(orgId: string, limit: number, beforeId: string | null, filter: Filter): Promise<Row[]>;
  softDelete(orgId: string, id: string): Promise<boolean>;
}

interface StoredRow { file_name: string; content_type: string; blob_key: string }

export interface UploadStoreOptions<Row> {
  /** "File", "Image": what a 404 says is not found. */
  noun: string;
  idOf: (row: Row) => string;
  /** `attachment` downloads, `inline` displays. */
  disposition: 'attachment' | 'inline';
}

export class UploadStore<Row extends StoredRow, Filter> {
  private readonly repo: UploadRepository<Row, Filter>;
  private readonly blobs: BlobStore;
  private readonly options: UploadStoreOptions<Row>;

  constructor(repo: UploadRepository<Row, Filter>, blobs: BlobStore, options: UploadStoreOptions<Row>) {
    this.repo = repo;
    this.blobs = blobs;
    this.options = options;
  }

  /** Stores the bytes under `key`, then writes the row with what was stored; the view of the new row. */
  async store(key: string, body: Readable, type: { contentType: string; size: number }, record: (stored: StoredBlob) => Promise<Row>): Promise<{ row: Row; link: SignedUrl }> {
    return this.view(await storeThenRecord(this.blobs, key, body, { contentType: type.contentType, contentLength: type.size }, record));
  }

  async get(orgId: string, id: string): Promise<{ row: Row; link: SignedUrl }> {
    const row = await this.repo.findInOrg(orgId, id);
    if (!row) throw errors.notFound(this.options.noun);
    return this.view(row);
  }

  async list(orgId: string, limit: number, cursor: string | undefined, filter: Filter): Promise<{ items: { row: Row; link: SignedUrl }[]; next_cursor: string | null }> {
    const rows = await this.repo.listByOrg(orgId, limit, decodeCursor(cursor), filter);
    const page = toPage(rows, limit, this.options.idOf);
    return { items: await Promise.all(page.items.map((r) => this.view(r))), next_cursor: page.next_cursor };
  }

  /** Soft delete: gone from the API at once; the purge sweeper removes the bytes after the grace period. */
  async delete(orgId: string, id: string): Promise<void> {
    if (!(await this.repo.softDelete(orgId, id))) throw errors.notFound(this.options.noun);
  }

  private async view(row: Row): Promise<{ row: Row; link: SignedUrl }> {
    const link = await this.blobs.signedUrl(row.blob_key, { fileName: row.file_name, contentType: row.content_type, disposition: this.options.disposition });
    return { row, link };
  }
}
