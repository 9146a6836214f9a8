// POST/GET/DELETE /files through the real app, on local disk and on S3 (a real S3-protocol server).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBlobKey } from '../src/storage/blob-store.ts';
import { OrphanSweepRepository } from '../src/storage/orphan-sweep.repository.ts';
import { keysOfKind, OrphanSweeper } from '../src/storage/orphan-sweep.ts';
import { docx, PDF, png, xlsx } from './helpers/fixtures.ts';
import { startS3, type TestS3 } from './helpers/s3.ts';
import { download, eventually, fileParts, filesUnder, localBlobsDir, stagingDir, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let s3: TestS3;
beforeAll(async () => { s3 = await startS3(); });
afterAll(async () => s3?.close());

const backends = [
  { name: 'local disk', env: (): Record<string, string> => ({}) },
  { name: 'S3', env: (): Record<string, string> => ({ ...s3.env, FOLIO_S3_PREFIX: `files-${randomBytes(3).toString('hex')}/` }) },
];

describe.each(backends)('files on $name', (backend) => {
  let t: TestApp;
  let org: { org_id: string; secret: string };
  const key = () => ({ 'x-api-key': org.secret });
  const storedKeys = async () => (t.app.ctx.blobs.kind === 's3' ? s3.keys() : filesUnder(localBlobsDir(t)).filter((f) => !f.startsWith('.tmp')));

  beforeAll(async () => {
    t = await startTestApp({}, { env: { ...backend.env(), FOLIO_PURGE_INTERVAL_MS: '0' } });
    org = await t.signup();
  });
  afterAll(async () => t?.close());

  it('stores an upload and answers 201 with the documented fields', async () => {
    const data = PDF;
    const res = await upload(t, org.secret, '/api/v1/files', fileParts('Quarterly report.pdf', data, { purpose: 'context' }, 'application/pdf'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      file_id: expect.stringMatching(/^file_[0-9A-Z]{26}$/),
      file_name: 'Quarterly report.pdf',
      content_type: 'application/pdf',
      size: data.length,
      sha256: sha(data),
      purpose: 'context',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      download_url: expect.stringMatching(/^http/),
      download_url_expires_at: expect.any(String),
    });
    const expiresIn = Date.parse(body.download_url_expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(3500_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);

    const got = await t.inject({ method: 'GET', url: `/api/v1/files/${body.file_id}`, headers: key() });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ file_id: body.file_id, file_name: 'Quarterly report.pdf', sha256: sha(data), size: data.length });

    const dl = await download(t, got.json().download_url);
    expect(dl.status).toBe(200);
    expect(sha(dl.body)).toBe(sha(data));
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''Quarterly%20report.pdf");
  });

  it('defaults purpose to context and keeps OOXML documents as such', async () => {
    const res = await upload(t, org.secret, '/api/v1/files', fileParts('model.xlsx', xlsx()));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ purpose: 'context', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', file_name: 'model.xlsx' });
  });

  it('accepts only Word, Excel and PowerPoint documents for purpose init', async () => {
    const ok = await upload(t, org.secret, '/api/v1/files', fileParts('draft.docx', docx(), { purpose: 'init' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().content_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const bad = await upload(t, org.secret, '/api/v1/files', fileParts('draft.docx', png(2, 2), { purpose: 'init' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'unsupported_file_type' });
  });

  describe('a lying extension', () => {
    it('records the type of the bytes and corrects the extension', async () => {
      const res = await upload(t, org.secret, '/api/v1/files', fileParts('invoice.pdf', png(4, 4), {}, 'application/pdf'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ content_type: 'image/png', file_name: 'invoice.png' });
      const dl = await download(t, res.json().download_url);
      expect(dl.headers['content-type']).toBe('image/png');
      expect(dl.headers['content-disposition']).toContain('filename="invoice.png"');
    });

    it('turns text posing as a spreadsheet into text/plain, and keeps real text extensions', async () => {
      const fake = await upload(t, org.secret, '/api/v1/files', fileParts('numbers.xlsx', Buffer.from('a,b\n1,2\n')));
      expect(fake.json()).toMatchObject({ content_type: 'text/plain', file_name: 'numbers.txt' });
      const csv = await upload(t, org.secret, '/api/v1/files', fileParts('numbers.csv', Buffer.from('a,b\n1,2\n'), { purpose: 'data' }));
      expect(csv.json()).toMatchObject({ content_type: 'text/csv', file_name: 'numbers.csv', purpose: 'data' });
    });

    it('keeps unknown extensions and calls unknown binary application/octet-stream', async () => {
      const res = await upload(t, org.secret, '/api/v1/files', fileParts('blob.weird', Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 7])));
      expect(res.json()).toMatchObject({ content_type: 'application/octet-stream', file_name: 'blob.weird' });
    });

    it('strips paths and control characters from names', async () => {
      const res = await upload(t, org.secret, '/api/v1/files', fileParts('../../etc/pass\u202ewd.txt', Buffer.from('hello')));
      expect(res.json().file_name).toBe('passwd.txt');
    });
  });

  it('lists files newest first, pages with a cursor and filters by purpose', async () => {
    const other = await t.signup();
    const ids: string[] = [];
    for (const purpose of ['data', 'context', 'data']) {
      const res = await upload(t, other.secret, '/api/v1/files', fileParts(`${purpose}.csv`, Buffer.from('x,y\n'), { purpose }));
      ids.push(res.json().file_id);
    }
    const h = { 'x-api-key': other.secret };
    const first = (await t.inject({ method: 'GET', url: '/api/v1/files?limit=2', headers: h })).json();
    expect(first.items.map((f: any) => f.file_id)).toEqual([ids[2], ids[1]]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await t.inject({ method: 'GET', url: `/api/v1/files?limit=2&cursor=${first.next_cursor}`, headers: h })).json();
    expect(second).toMatchObject({ items: [expect.objectContaining({ file_id: ids[0] })], next_cursor: null });
    const data = (await t.inject({ method: 'GET', url: '/api/v1/files?purpose=data', headers: h })).json();
    expect(data.items.map((f: any) => f.file_id)).toEqual([ids[2], ids[0]]);
    const bad = await t.inject({ method: 'GET', url: '/api/v1/files?limit=101', headers: h });
    expect(bad.statusCode).toBe(422);
  });

  it("answers 404 for another organization's file, exactly like a missing one", async () => {
    const mine = (await upload(t, org.secret, '/api/v1/files', fileParts('secret.txt', Buffer.from('mine')))).json();
    const intruder = await t.signup();
    const h = { 'x-api-key': intruder.secret };
    const theirs = await t.inject({ method: 'GET', url: `/api/v1/files/${mine.file_id}`, headers: h });
    const missing = await t.inject({ method: 'GET', url: '/api/v1/files/file_01M00000000000000000000000', headers: h });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/files/${mine.file_id}`, headers: h })).statusCode).toBe(404);
    const list = (await t.inject({ method: 'GET', url: '/api/v1/files', headers: h })).json();
    expect(list.items).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/api/v1/files/${mine.file_id}`, headers: key() })).statusCode).toBe(200);
  });

  it('deletes: 204, then 404, then the sweeper removes the bytes', async () => {
    const f = (await upload(t, org.secret, '/api/v1/files', fileParts('old.txt', Buffer.from('old')))).json();
    const blobKey = fileBlobKey(org.org_id, f.file_id);
    const del = await t.inject({ method: 'DELETE', url: `/api/v1/files/${f.file_id}`, headers: key() });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await t.inject({ method: 'GET', url: `/api/v1/files/${f.file_id}`, headers: key() })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/files/${f.file_id}`, headers: key() })).statusCode).toBe(404);
    expect(await t.app.ctx.blobs.size(blobKey)).toBe(3);
    const swept = await t.app.ctx.storagePurger.sweepOnce(); // FOLIO_FILE_PURGE_GRACE_SECONDS defaults to 0
    expect(swept.files).toBeGreaterThanOrEqual(1);
    expect(await t.app.ctx.blobs.size(blobKey)).toBeNull();
    const row = await t.app.ctx.database.db.selectFrom('files').select(['deleted_at', 'purged_at']).where('file_id', '=', f.file_id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.purged_at).toBeInstanceOf(Date);
  });

  it('validates the form: file required, purpose enum, no unknown fields, multipart only', async () => {
    const noFile = await upload(t, org.secret, '/api/v1/files', [{ name: 'purpose', value: 'data' }]);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().detail).toEqual([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
    const badPurpose = await upload(t, org.secret, '/api/v1/files', fileParts('a.txt', Buffer.from('a'), { purpose: 'fun' }));
    expect(badPurpose.statusCode).toBe(422);
    expect(badPurpose.json().detail[0]).toMatchObject({ loc: ['body', 'purpose'], type: 'enum' });
    const extra = await upload(t, org.secret, '/api/v1/files', fileParts('a.txt', Buffer.from('a'), { colour: 'red' }));
    expect(extra.json().detail[0]).toMatchObject({ loc: ['body', 'colour'], type: 'extra_forbidden' });
    const wrongField = await upload(t, org.secret, '/api/v1/files', [{ name: 'upload', filename: 'a.txt', data: Buffer.from('a') }]);
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().detail.map((d: any) => d.loc.join('.'))).toEqual(['body.upload', 'body.file']);
    const json = await t.inject({ method: 'POST', url: '/api/v1/files', headers: key(), payload: { file: 'abc' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ success: false, error: 'invalid_request' });
    const anonymous = await t.inject({ method: 'POST', url: '/api/v1/files', payload: { file: 'abc' } });
    expect(anonymous.statusCode).toBe(401);
    expect(filesUnder(stagingDir(t))).toEqual([]);
  });

  it("the orphan sweep removes bytes whose row was never written, and keeps every uploaded file's", async () => {
    const f = (await upload(t, org.secret, '/api/v1/files', fileParts('kept.txt', Buffer.from('kept')))).json();
    const orphan = fileBlobKey(org.org_id, 'file_never_committed');
    await t.app.ctx.blobs.put(orphan, Readable.from([Buffer.from('lost row')]), { contentType: 'text/plain' });
    // The app's sweeper waits FOLIO_ORPHAN_BLOB_GRACE_SECONDS (at least an hour); this one, over the same store and tables, none.
    const repo = new OrphanSweepRepository(t.app.ctx.database.db);
    const sweeper = new OrphanSweeper(repo, t.app.ctx.blobs, { intervalMs: 0, graceSeconds: 0 }, t.app.log);
    sweeper.addOwner({ name: 'files', owns: keysOfKind('files'), referenced: (keys) => repo.referencedByFilesAndImages(keys) });
    await new Promise((r) => setTimeout(r, 5));
    const r = await sweeper.sweepOnce({ force: true });
    expect(r.removed).toMatchObject({ files: 1 });
    expect(await t.app.ctx.blobs.size(orphan)).toBeNull();
    expect(await t.app.ctx.blobs.size(fileBlobKey(org.org_id, f.file_id))).toBe(4);
  });

  it('removes the stored bytes when the row cannot be written', async () => {
    const before = await storedKeys();
    const staged = path.join(t.config.dataDir, 'staged-by-test');
    fs.writeFileSync(staged, 'orphan?');
    const upload = { file: { path: staged, size: 7, sha256: sha(Buffer.from('orphan?')), fileName: 'o.txt', declaredType: 'text/plain' }, fields: {} };
    // No such organization: the foreign key refuses the row after the bytes were stored.
    await expect(t.app.ctx.files.create('org_does_not_exist', upload)).rejects.toThrow();
    expect(await storedKeys()).toEqual(before);
  });
});
