// Shared steps of the storage tests: uploads, downloads through a signed link (served by Folio on local
// disk, by the S3 server on S3), and where the bytes are.
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app.ts';
import { multipartBody, type FormPart } from './multipart.ts';

export async function upload(t: TestApp, secret: string, url: '/api/v1/files' | '/api/v1/images', parts: FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  return t.inject({ method: 'POST', url, headers: { ...headers, 'x-api-key': secret }, payload });
}

export function fileParts(filename: string, data: Buffer, fields: Record<string, string> = {}, contentType?: string): FormPart[] {
  return [{ name: 'file', filename, data, contentType }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))];
}

export interface Downloaded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Follows a signed link without any API key. */
export async function download(t: Pick<TestApp, 'config' | 'inject'>, url: string, headers: Record<string, string> = {}): Promise<Downloaded> {
  if (url.startsWith(t.config.publicUrl)) {
    const u = new URL(url);
    const res = await t.inject({ method: 'GET', url: u.pathname + u.search, headers });
    return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload };
  }
  const res = await fetch(url, { headers });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
}

/** Files under a directory, recursively, relative to it. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)).map((f) => path.join(e.name, f)) : [e.name]);
}

export const stagingDir = (t: TestApp) => path.join(t.config.dataDir, 'tmp', 'uploads');
export const localBlobsDir = (t: TestApp) => path.join(t.config.dataDir, 'blobs');

/** Polls until `check` returns true (or throws after `ms`). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000, what = 'condition'): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
