// Files: upload from a path (Node, Bun, Deno: node:fs loaded only then), a Blob/File, bytes, a web stream or an
// async iterable of bytes (a Node.js file stream); list; get.
import type { HttpClient } from './http.ts';
import { PageIterator, type Page } from './pagination.ts';
import type { FileObject, ListFilesParams } from './types.ts';

/** A path, a Blob/File, bytes, a web ReadableStream, or any async iterable of bytes (a Node.js fs.ReadStream, say). */
export type UploadInput = string | Blob | Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface UploadOptions {
  /** `init` (a .docx/.xlsx/.pptx to edit), `context` (the default), `data` or `analysis`. */
  purpose?: string;
  /** The name sent with the bytes (default: the path's base name, the File's name, or `upload`). */
  filename?: string;
  signal?: AbortSignal;
}

/** Reads a local file; the specifier is computed so bundlers for browsers leave node:fs out. */
async function readLocalFile(path: string): Promise<{ blob: Blob; name: string }> {
  const fsModule = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsModule)) as { readFile(p: string): Promise<Uint8Array> };
  const bytes = await fs.readFile(path);
  return { blob: new Blob([bytes as Uint8Array<ArrayBuffer>]), name: path.split(/[\\/]/).pop() || 'upload' };
}

async function toBlob(input: UploadInput): Promise<{ blob: Blob; name?: string }> {
  if (typeof input === 'string') return readLocalFile(input);
  if (input instanceof Blob) return { blob: input, name: (input as File).name || undefined };
  if (input instanceof Uint8Array) return { blob: new Blob([input as Uint8Array<ArrayBuffer>]) };
  if (input && typeof (input as ReadableStream).getReader === 'function') return { blob: await new Response(input as ReadableStream).blob() };
  if (input && typeof (input as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function') {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    for await (const chunk of input as AsyncIterable<Uint8Array | string>) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk as Uint8Array<ArrayBuffer>);
    // A Node.js file stream knows its path: its base name is the default file name.
    const from = (input as { path?: unknown }).path;
    return { blob: new Blob(chunks), name: typeof from === 'string' ? from.split(/[\\/]/).pop() || undefined : undefined };
  }
  throw new TypeError('files.upload takes a path, a Blob, a Uint8Array, a ReadableStream or an async iterable of bytes.');
}

export class FilesApi {
  #http: HttpClient;

  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** POST /files (multipart). The bytes are buffered once so that a retried upload sends them again. */
  async upload(input: UploadInput, opts: UploadOptions = {}): Promise<FileObject> {
    const { blob, name } = await toBlob(input);
    const filename = opts.filename ?? name ?? 'upload';
    return this.#http.request<FileObject>('POST', '/files', {
      signal: opts.signal,
      form: () => {
        const form = new FormData();
        if (opts.purpose) form.append('purpose', opts.purpose);
        form.append('file', blob, filename);
        return form;
      },
    });
  }

  list(params: ListFilesParams = {}): PageIterator<FileObject> {
    return new PageIterator((cursor) => this.#http.request<Page<FileObject>>('GET', '/files', { query: { ...params, cursor } }));
  }

  get(fileId: string): Promise<FileObject> {
    return this.#http.request<FileObject>('GET', `/files/${encodeURIComponent(fileId)}`);
  }
}
