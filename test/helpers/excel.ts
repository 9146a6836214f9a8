// Shared steps of the Excel agent tests: generate and download, an editor's save simulated as a new
// artifact version of the run (as the embedded editor's save does), and LibreOffice conversion.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { newId } from '../../src/ids.ts';
import { artifactBlobKey } from '../../src/runs/run-links.ts';
import { RunsRepository } from '../../src/runs/runs.repository.ts';
import { generate } from './runs.ts';
import { download } from './storage.ts';
import type { TestApp } from './test-app.ts';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function generateExcel(t: TestApp, secret: string, body: Record<string, unknown>) {
  return generate(t, secret, body, 'excel');
}

/** Generates (sync) and returns the answer and the document's bytes; throws on any status but 200. */
export async function generateWorkbook(t: TestApp, secret: string, body: Record<string, unknown>): Promise<{ body: any; bytes: Buffer }> {
  const res = await generateExcel(t, secret, body);
  if (res.statusCode !== 200) throw new Error(`POST /excel/generate: ${res.statusCode} ${res.body}`);
  const answer = res.json();
  const file = await download(t, answer.download_url);
  if (file.status !== 200) throw new Error(`download: ${file.status}`);
  return { body: answer, bytes: file.body };
}

export async function currentBytes(t: TestApp, secret: string, runId: string): Promise<{ version: number; bytes: Buffer }> {
  const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: { 'x-api-key': secret } })).json();
  return { version: run.version, bytes: (await download(t, run.download_url)).body };
}

/** What the editor's save does: the bytes become the run's newest version (no task involved). */
export async function saveEditedVersion(t: TestApp, orgId: string, runId: string, bytes: Buffer): Promise<void> {
  const db = t.app.ctx.database.db;
  const key = artifactBlobKey(orgId, runId, newId('task'), 0);
  const stored = await t.app.ctx.blobs.put(key, Readable.from([bytes]), { contentType: XLSX, contentLength: bytes.length });
  await db.transaction().execute(async (trx) => {
    const version = await new RunsRepository(db).insertVersion(trx, {
      version_id: newId('ver'), run_id: runId, org_id: orgId, task_id: null, blob_key: key, content_type: XLSX, file_name: 'edited.xlsx', size: stored.size, sha256: stored.sha256,
    });
    await sql`update runs set current_version_id = ${version.version_id}, updated_at = now() where run_id = ${runId}`.execute(trx);
  });
}

/** Converts with a private LibreOffice profile and returns the PDF's text (pdftotext). */
export function libreOfficePdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-xlsx-pdf-'));
  try {
    const src = path.join(dir, 'book.xlsx');
    fs.writeFileSync(src, bytes);
    execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, src], { stdio: 'ignore', timeout: 120_000 });
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'book.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every sheet as LibreOffice computes it: opened with "recalculate always" (so no stored result is
 * trusted) and exported as CSV, one array of rows per sheet name, values as LibreOffice formats them.
 */
export function libreOfficeValues(bytes: Buffer): Record<string, string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-xlsx-csv-'));
  try {
    fs.mkdirSync(path.join(dir, 'profile', 'user'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'profile', 'user', 'registrymodifications.xcu'), '<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item></oor:items>\n');
    const src = path.join(dir, 'book.xlsx');
    fs.writeFileSync(src, bytes);
    // Filter options: comma, double quote, UTF-8, from row 1, ..., as shown, ..., all sheets (-1).
    execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1', '--outdir', dir, src], { stdio: 'ignore', timeout: 120_000 });
    const out: Record<string, string[][]> = {};
    for (const f of fs.readdirSync(dir)) {
      const m = /^book-(.+)\.csv$/.exec(f);
      if (m) out[m[1]] = parseCsv(fs.readFileSync(path.join(dir, f), 'utf8'));
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; } else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}
