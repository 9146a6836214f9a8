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
  /** Placeholder shapes in slide order: their type (`obj` when the ph has none), index, text and the level of each non-empty paragraph. */
  placeholders: { type: string; idx: number | null; text: string; levels: number[] }[];
  /** The deck's slide size (EMU). */
  size: [number, number];
  /** Graphic frames (charts, tables) as [x, y, cx, cy] in EMU. */
  frames: number[][];
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

/** The text of a slide's shape whose name starts with `prefix` ("Reviewer note", "Caption"...). */
export function shapeText(slide: InspectedSlide, prefix: string): string | undefined {
  const name = Object.keys(slide.shapes).find((n) => n.startsWith(prefix));
  return name === undefined ? undefined : slide.shapes[name];
}

/** The text of a slide's placeholder by role: `title` (title or ctrTitle), `subTitle`, or `body` (the first obj/body placeholder). */
export function phText(slide: InspectedSlide, role: 'title' | 'subTitle' | 'body', idx?: number): string | undefined {
  const match = (p: InspectedSlide['placeholders'][number]) => (role === 'title' ? p.type === 'title' || p.type === 'ctrTitle' : role === 'subTitle' ? p.type === 'subTitle' : (p.type === 'obj' || p.type === 'body') && (idx === undefined || p.idx === idx));
  return slide.placeholders.find(match)?.text;
}

/** Every part of a package (decompressed), by name: what the fidelity checks compare. */
export async function packageParts(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(bytes);
  const out = new Map<string, Buffer>();
  for (const [name, f] of Object.entries(zip.files)) if (!f.dir) out.set(name, await f.async('nodebuffer'));
  return out;
}

/** Parts that differ between two packages: changed, added and removed names. */
export async function partDiff(before: Buffer, after: Buffer): Promise<{ changed: string[]; added: string[]; removed: string[] }> {
  const a = await packageParts(before);
  const b = await packageParts(after);
  return {
    changed: [...a.keys()].filter((k) => b.has(k) && !a.get(k)!.equals(b.get(k)!)).sort(),
    added: [...b.keys()].filter((k) => !a.has(k)).sort(),
    removed: [...a.keys()].filter((k) => !b.has(k)).sort(),
  };
}

/** A corpus file of the fidelity suite (test/fixtures/fidelity). */
export function corpusFile(name: string): Buffer {
  return fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'fidelity', name));
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
