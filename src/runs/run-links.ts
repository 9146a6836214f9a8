// Absolute links the runs API hands out: fresh signed download links (from the blob store), edit links
// (from the editor, src/editor) and poll URLs.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { displayName } from '../documents/titles/download-name.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/** Mints a fresh edit link of a run (src/editor); `db` is the caller's transaction, if any. */
export interface EditLinkMinter {
  mintUrl(orgId: string, runId: string, db?: Kysely<DB> | Transaction<DB>): Promise<string>;
}

export interface VersionRef {
  blob_key: string;
  file_name: string;
  content_type: string;
  /** The document's title: the full name in Content-Disposition's filename*. */
  title?: string | null;
}

export class RunLinks {
  private readonly blobs: BlobStore;
  private readonly apiBase: string;
  private readonly editLinks: EditLinkMinter | null;

  constructor(blobs: BlobStore, apiBase: string, editLinks: EditLinkMinter | null = null) {
    this.blobs = blobs;
    this.apiBase = apiBase;
    this.editLinks = editLinks;
  }

  /** A signed link that downloads the version without an API key until it expires. */
  async download(version: VersionRef | null | undefined): Promise<string | null> {
    if (!version) return null;
    const link = await this.blobs.signedUrl(version.blob_key, { fileName: version.file_name, contentType: version.content_type, ...titled(version) });
    return link.url;
  }

  /** A new edit link on every read (each carries its own short-lived token); null without an editor. */
  async edit(orgId: string, runId: string, db?: Kysely<DB> | Transaction<DB>): Promise<string | null> {
    return this.editLinks ? this.editLinks.mintUrl(orgId, runId, db) : null;
  }

  poll(taskId: string): string {
    return `${this.apiBase}/tasks/${taskId}`;
  }
}

/** The full title with the file's extension, for filename*, when the version was named after its title. */
function titled(version: VersionRef): { displayName?: string } {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(version.file_name)?.[1];
  const name = version.title && ext ? displayName(version.title, ext) : null;
  return name ? { displayName: name } : {};
}

/**
 * Where an attempt of a task stores its document. One key per attempt: a worker that lost its lease
 * but is still running can never overwrite the bytes a newer attempt committed.
 */
export function artifactBlobKey(orgId: string, runId: string, taskId: string, attempt: number): string {
  return `orgs/${orgId}/runs/${runId}/${taskId}.${attempt}`;
}
