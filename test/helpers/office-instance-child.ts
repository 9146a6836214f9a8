// A process that starts one LibreOffice instance of the export pool and prints its pids, then waits to
// be killed: test/export-orphans.test.ts kills it with SIGKILL and checks that LibreOffice goes too.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pino from 'pino';
import { makeDocx } from './office-fixtures.ts';
import { LibreOfficeInstance } from '../../src/export/libreoffice/libreoffice-instance.ts';

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-orphan-profile-'));
const instance = new LibreOfficeInstance({ slot: 0, sofficePath: process.env.FOLIO_SOFFICE_PATH ?? 'soffice', pythonPath: process.env.FOLIO_SOFFICE_PYTHON ?? '/usr/bin/python3', profileDir, startTimeoutMs: 60_000, log: pino({ level: 'silent' }) as never });
if (process.env.ORPHAN_BUSY === 'starting') {
  // Killed while the instance is still starting: soffice has been spawned, the bridge is connecting.
  void instance.start().catch(() => {});
  console.log(JSON.stringify({ pids: instance.pids() }));
  setInterval(() => {}, 1 << 30);
} else {
  await instance.start();
}
if (process.env.ORPHAN_BUSY === '1') {
  // Killed mid-conversion: a long document on its way to PDF.
  const src = path.join(profileDir, 'long.docx');
  fs.writeFileSync(src, await makeDocx({ pages: 400 }));
  void instance.convert({ src, dst: path.join(profileDir, 'long.pdf'), filter: 'writer_pdf_Export' }, 600_000).catch(() => {});
  await new Promise((r) => setTimeout(r, 1500));
}
if (process.env.ORPHAN_BUSY !== 'starting') {
  console.log(JSON.stringify({ pids: instance.pids() }));
  setInterval(() => {}, 1 << 30);
}
