// Shared steps of the Slides tests: the independent reader (pptx_inspect.py), the documents a run
// produced, an "editor" that changes a deck's XML and saves it as a new version of the run, and
// uploads of init files and images.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { newId } from '../../src/ids.ts';
import { RunsRepository } from '../../src/runs/runs.repository.ts';
import { key } from './runs.ts';
import { download, fileParts, upload } from './storage.ts';
import type { TestApp } from './test-app.ts';

const INSPECT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pptx_inspect.py');

export interface InspectedSlide {
  part: string;
  layout: string | null;
  shapes: Record<string, string>;
  charts: { kinds: string[]; categories: string[]; series: { name: string; values: number[] }[] }[];
  tables: string[][][];
  pictures: { name: string; media: string | null; bytes: number }[];
  layout_pictures: { name: string; media: string | null; bytes: number }[];
  notes: string;
}

export interface Inspected {
  slides: InspectedSlide[];
  theme: { colours: Record<string, string | null>; fonts: { majorFont: string; minorFont: string } };
  missing_parts: string[];
  charts_parts: string[];
}

/** Reads a deck with Python's zipfile and ElementTree (no Folio code involved). */
export function inspectPptx(bytes: Buffer): Inspected {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pptx-'));
  const file = path.join(dir, 'deck.pptx');
  fs.writeFileSync(file, bytes);
  try {
    return JSON.parse(execFileSync('python3', [INSPECT, file], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a slide's shape whose name starts with `prefix` (`folio:title`, `folio:bullets`...). */
export function shapeText(slide: InspectedSlide, prefix: string): string | undefined {
  const name = Object.keys(slide.shapes).find((n) => n.startsWith(prefix));
  return name === undefined ? undefined : slide.shapes[name];
}

export async function runDocument(t: TestApp, secret: string, runId: string): Promise<{ bytes: Buffer; version: number }> {
  const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: key(secret) })).json();
  const res = await download(t, run.download_url);
  if (res.status !== 200) throw new Error(`download of run ${runId}: ${res.status}`);
  return { bytes: res.body, version: run.version };
}

/** Changes parts of a deck (by path) the way an editor would, keeping everything else byte for byte. */
export async function editParts(bytes: Buffer, edit: (parts: Record<string, string>) => void | Promise<void>, paths: string[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const parts: Record<string, string> = {};
  for (const p of paths) parts[p] = await zip.file(p)!.async('string');
  await edit(parts);
  for (const [p, text] of Object.entries(parts)) zip.file(p, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Saves bytes as the run's newest version with no task, as the embedded editor's save does. */
export async function saveEditorVersion(t: TestApp, orgId: string, runId: string, bytes: Buffer): Promise<void> {
  const db = t.app.ctx.database.db;
  const repo = new RunsRepository(db);
  const blobKey = `orgs/${orgId}/runs/${runId}/editor-${newId('task')}`;
  const stored = await t.app.ctx.blobs.put(blobKey, (await import('node:stream')).Readable.from([bytes]), { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', contentLength: bytes.length });
  await db.transaction().execute(async (trx) => {
    const version = await repo.insertVersion(trx, {
      version_id: newId('ver'), run_id: runId, org_id: orgId, task_id: null, blob_key: blobKey,
      content_type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', file_name: 'edited.pptx', size: stored.size, sha256: stored.sha256,
    });
    await sql`update runs set current_version_id = ${version.version_id}, updated_at = now() where run_id = ${runId}`.execute(trx);
  });
}

export async function uploadFile(t: TestApp, secret: string, name: string, bytes: Buffer, purpose = 'init'): Promise<string> {
  const res = await upload(t, secret, '/api/v1/files', fileParts(name, bytes, { purpose }));
  if (res.statusCode !== 201) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
  return res.json().file_id;
}

export async function uploadImage(t: TestApp, secret: string, name: string, bytes: Buffer, caption?: string): Promise<string> {
  const res = await upload(t, secret, '/api/v1/images', fileParts(name, bytes, caption ? { caption } : {}));
  if (res.statusCode !== 201) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
  return res.json().image_id;
}
