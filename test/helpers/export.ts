// Shared steps of the export tests: completed runs with real documents, exports, and checks of the
// bytes that come back (PDF text through pdftotext, PNG headers, zip entries).
import { execFileSync } from 'node:child_process';
import yauzl from 'yauzl';
import type { Format } from '../../src/config.ts';
import { generate, key } from './runs.ts';
import { download } from './storage.ts';
import type { TestApp } from './test-app.ts';
import type { FixtureScript } from './office-fixtures.ts';

/** A completed run whose document the office test agent wrote from `script`. */
export async function officeRun(t: TestApp, secret: string, format: Format, script: FixtureScript | string = {}): Promise<string> {
  const prompt = typeof script === 'string' ? script : JSON.stringify(script);
  const res = await generate(t, secret, { prompt: prompt || 'Quarterly Report' }, format);
  if (res.statusCode !== 200) throw new Error(`generate failed: ${res.statusCode} ${res.body}`);
  return res.json().run_id;
}

export function exportRun(t: TestApp, secret: string, runId: string, body: Record<string, unknown>) {
  return t.inject({ method: 'POST', url: `/api/v1/runs/${runId}/export`, headers: key(secret), payload: body });
}

export function convertFile(t: TestApp, secret: string, fileId: string, body: Record<string, unknown>) {
  return t.inject({ method: 'POST', url: `/api/v1/files/${fileId}/convert`, headers: key(secret), payload: body });
}

/** Downloads a signed link (no API key) and insists on 200. */
export async function fetchBytes(t: TestApp, url: string): Promise<{ body: Buffer; type: string }> {
  const res = await download(t, url);
  if (res.status !== 200) throw new Error(`download of ${url} answered ${res.status}`);
  return { body: res.body, type: res.headers['content-type'] };
}

export function pdfText(pdf: Buffer): string {
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

export function pdfPages(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
}

/** Width and height from a PNG's IHDR; throws when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Every entry of a zip, in archive order. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('not a zip'));
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => { entries.set(entry.fileName, Buffer.concat(chunks)); file.readEntry(); });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/** An OpenDocument package: a zip whose first entry is its `mimetype`; returns the text of content.xml. */
export async function openDocumentText(bytes: Buffer, mimetype: string): Promise<string> {
  const entries = await unzip(bytes);
  const [first] = entries.keys();
  if (first !== 'mimetype' || entries.get('mimetype')!.toString() !== mimetype) throw new Error(`not ${mimetype}`);
  return entries.get('content.xml')!.toString('utf8').replace(/<[^>]+>/g, ' ');
}

/** soffice processes (oosplash, soffice.bin) whose command line names this app's data directory. */
export function sofficeProcessesOf(t: TestApp): string[] {
  try {
    return execFileSync('pgrep', ['-af', `${t.config.dataDir}/tmp/libreoffice`]).toString().trim().split('\n').filter((l) => l && !l.includes('pgrep'));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}
