// Shared steps of the document agent tests: an editor-style save of a new artifact version (what the
// embedded editor will do), reading parts of a generated package, an independent reader in Python
// (python3-docx), and one LibreOffice conversion for every file a test file produced.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { newId } from '../../src/ids.ts';
import { RunsRepository } from '../../src/runs/runs.repository.ts';
import type { TestApp } from './test-app.ts';

/** Stores `bytes` as the run's newest version, the way an editor save does (no task; the run points at it). */
export async function editorSave(t: TestApp, orgId: string, runId: string, bytes: Buffer, fileName: string, contentType: string): Promise<void> {
  const { database, blobs } = t.app.ctx;
  const runs = new RunsRepository(database.db);
  const run = await runs.findInOrg(orgId, runId);
  if (!run) throw new Error(`no run ${runId}`);
  const key = `orgs/${orgId}/runs/${runId}/edit-${Date.now()}`;
  const blob = await blobs.put(key, Readable.from([bytes]), { contentType, contentLength: bytes.length });
  await database.db.transaction().execute(async (trx) => {
    const version = await runs.insertVersion(trx, {
      version_id: newId('ver'), run_id: runId, org_id: orgId, task_id: null, blob_key: key, content_type: contentType, file_name: fileName, size: blob.size, sha256: blob.sha256,
    });
    await runs.followTask(trx, runId, run.current_task_id, run.status, version.version_id);
  });
}

export async function zipPart(bytes: Buffer, part: string): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const file = zip.file(part);
  if (!file) throw new Error(`no part ${part}`);
  return file.async('string');
}

/** Rewrites one part of an OOXML package (how tests play the editor changing a document). */
export async function replaceInPart(bytes: Buffer, part: string, edit: (xml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file(part)!.async('string');
  const changed = edit(xml);
  if (changed === xml) throw new Error(`the edit changed nothing in ${part}`);
  zip.file(part, changed);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const PYTHON = '/usr/bin/python3';

/** Runs a Python script with the file's path as argv[1]; the script prints JSON. */
export async function python(bytes: Buffer, ext: string, script: string): Promise<any> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-py-'));
  const file = path.join(dir, `doc.${ext}`);
  fs.writeFileSync(file, bytes);
  try {
    const out = await new Promise<string>((resolve, reject) => {
      execFile(PYTHON, ['-c', script, file], { timeout: 60_000, maxBuffer: 32 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)));
    });
    return JSON.parse(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What python-docx sees in a .docx: paragraphs with styles, tables, inline shapes, sections' header/footer text, footnote count. */
export const PY_DOCX = `
import docx, json, sys, zipfile, re
d = docx.Document(sys.argv[1])
paras = [{"style": p.style.name, "text": p.text, "bold": [r.text for r in p.runs if r.bold], "italic": [r.text for r in p.runs if r.italic]} for p in d.paragraphs]
tables = [[[c.text for c in row.cells] for row in t.rows] for t in d.tables]
sec = d.sections[0]
z = zipfile.ZipFile(sys.argv[1])
notes = z.read("word/footnotes.xml").decode() if "word/footnotes.xml" in z.namelist() else ""
print(json.dumps({
  "paragraphs": paras, "tables": tables, "images": len(d.inline_shapes),
  "header": " ".join(p.text for p in sec.header.paragraphs), "footer": " ".join(p.text for p in sec.footer.paragraphs),
  "footnotes": len(re.findall(r'<w:footnote (?![^>]*w:type=)', notes)),
  "landscape": sec.page_width > sec.page_height,
}))
`;

/** Converts every file to PDF with one LibreOffice run; returns the text of each PDF (pdftotext), by file name. */
export async function convertAllToPdf(files: { name: string; bytes: Buffer }[]): Promise<Map<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lo-'));
  const profile = path.join(dir, 'profile');
  try {
    for (const f of files) fs.writeFileSync(path.join(dir, f.name), f.bytes);
    await new Promise<void>((resolve, reject) => {
      execFile('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, ...files.map((f) => path.join(dir, f.name))],
        { timeout: 240_000 }, (err) => (err ? reject(err) : resolve()));
    });
    const texts = new Map<string, string>();
    for (const f of files) {
      const pdf = path.join(dir, f.name.replace(/\.[^.]+$/, '.pdf'));
      if (!fs.existsSync(pdf)) continue;
      texts.set(f.name, await new Promise<string>((resolve, reject) => execFile('pdftotext', ['-layout', pdf, '-'], (err, out) => (err ? reject(err) : resolve(out)))));
    }
    return texts;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
