// A full disk is an answer, not a crash: with the data directory on a small tmpfs that is filled up,
// uploads, image uploads and generation answer 507 insufficient_storage with an operator's message,
// /health reports it, no partial blob is left behind, and what was stored before is still served.
// Once space is freed everything works again. Needs root (mount); CI runs as root.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { fileParts, filesUnder, upload, download } from './helpers/storage.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { png } from './helpers/fixtures.ts';
import { asStorageFull, isStorageFull } from '../src/storage/disk-full.ts';

let mountDir: string;
let t: TestApp;
const filler = () => path.join(mountDir, 'filler.bin');

beforeAll(async () => {
  mountDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountDir]);
  t = await startTestApp(withRuns({}), { env: { FOLIO_DATA_DIR: path.join(mountDir, 'data') } });
});
afterAll(async () => {
  await t?.close().catch(() => {});
  try { execFileSync('umount', [mountDir]); } catch { /* not mounted */ }
  fs.rmSync(mountDir, { recursive: true, force: true });
});

/** Writes until the file system refuses (ENOSPC). */
function fillUp(): void {
  const fd = fs.openSync(filler(), 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    fs.closeSync(fd);
  }
}

describe('the data directory runs out of space', () => {
  it('answers 507 everywhere it must write, reports it on /health, loses nothing, and recovers', async () => {
    const org = await t.signup();
    const before = await upload(t, org.secret, '/api/v1/files', fileParts('kept.txt', Buffer.from('stored before the disk filled up')));
    expect(before.statusCode, before.body).toBe(201);
    expect((await t.inject({ method: 'GET', url: '/api/v1/health' })).json().storage).toBe('ok');

    fillUp();
    const blobsDir = path.join(t.config.dataDir, 'blobs');
    const blobsBefore = filesUnder(blobsDir).filter((f) => !f.startsWith('.tmp'));

    const file = await upload(t, org.secret, '/api/v1/files', fileParts('big.txt', Buffer.alloc(300_000, 65)));
    expect(file.statusCode, file.body).toBe(507);
    expect(file.json()).toMatchObject({ success: false, error: 'insufficient_storage' });
    expect(file.json().message).toMatch(/out of disk space.*FOLIO_DATA_DIR/);
    expect(file.headers['retry-after']).toBe('60');

    const image = await upload(t, org.secret, '/api/v1/images', fileParts('logo.png', png(400, 400)));
    expect(image.statusCode, image.body).toBe(507);

    const gen = await generate(t, org.secret, { prompt: `# Report\n\n${'A long paragraph of text. '.repeat(300)}` });
    expect(gen.statusCode, gen.body).toBe(507);
    expect(gen.json().error).toBe('insufficient_storage');
    const credits = (await t.inject({ method: 'GET', url: '/api/v1/credits', headers: key(org.secret) })).json();
    expect(credits.reserved).toBe(0);

    const health = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(507);
    expect(health.json()).toMatchObject({ success: false, error: 'insufficient_storage' });
    expect(health.json().message).toMatch(/out of (disk )?space/);

    // No partial blob left, and what was stored is still served.
    expect(filesUnder(path.join(blobsDir, '.tmp'))).toEqual([]);
    expect(filesUnder(blobsDir).filter((f) => !f.startsWith('.tmp'))).toEqual(blobsBefore);
    const kept = await download(t, before.json().download_url);
    expect(kept.status).toBe(200);
    expect(kept.body.toString()).toBe('stored before the disk filled up');

    fs.rmSync(filler());
    const healed = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(healed.statusCode, healed.body).toBe(200);
    const after = await upload(t, org.secret, '/api/v1/files', fileParts('after.txt', Buffer.from('room again')));
    expect(after.statusCode, after.body).toBe(201);
    expect((await download(t, before.json().download_url)).status).toBe(200);
  }, 120_000);
});

describe('what counts as out of space', () => {
  it('ENOSPC, EDQUOT, PostgreSQL 53100 and PGlite messages, through cause chains', () => {
    expect(isStorageFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('could not extend file "base/1/2": No space left on device'), { code: '53100' }))).toBe(true);
    expect(isStorageFull(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ENOSPC' }) }))).toBe(true);
    expect(isStorageFull(new Error('could not extend file "base/16384/1259"'))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('unique violation'), { code: '23505' }))).toBe(false);
    expect(asStorageFull(Object.assign(new Error('x'), { code: 'ENOSPC' }))?.status).toBe(507);
  });
});
