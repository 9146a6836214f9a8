// Upload limits and hostile uploads: per-tier size limits enforced while streaming, zip bombs and
// lying archives refused before anything parses them, and an upload cut off mid-stream over a real
// socket leaving no temp file, no blob and no row. On local disk and on S3.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { corpusFile } from './helpers/slides.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docx, png, zip } from './helpers/fixtures.ts';
import { startS3, type TestS3 } from './helpers/s3.ts';
import { eventually, fileParts, filesUnder, localBlobsDir, stagingDir, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

let s3: TestS3;
beforeAll(async () => { s3 = await startS3(); });
afterAll(async () => s3?.close());

const LIMITS = { FOLIO_UPLOAD_LIMIT_FREE: String(10 * KiB), FOLIO_UPLOAD_LIMIT_PRO: String(20 * KiB), FOLIO_UPLOAD_LIMIT_ENTERPRISE: String(16 * MiB) };

const backends = [
  { name: 'local disk', env: (): Record<string, string> => ({}) },
  { name: 'S3', env: (): Record<string, string> => ({ ...s3.env, FOLIO_S3_PREFIX: `limits-${randomBytes(3).toString('hex')}/` }) },
];

describe.each(backends)('upload limits on $name', (backend) => {
  let t: TestApp;
  const stored = async () => (t.app.ctx.blobs.kind === 's3' ? (await s3.keys()).filter((k) => k.startsWith(t.config.storage.s3!.prefix)) : filesUnder(localBlobsDir(t)).filter((f) => !f.startsWith('.tmp')));
  const rows = async () => (await t.app.ctx.database.db.selectFrom('files').select('file_id').execute()).length
    + (await t.app.ctx.database.db.selectFrom('images').select('image_id').execute()).length;

  beforeAll(async () => {
    t = await startTestApp({}, {
      env: { ...backend.env(), ...LIMITS, FOLIO_ZIP_MAX_ENTRIES: '50', FOLIO_ZIP_MAX_UNCOMPRESSED_BYTES: String(8 * MiB), FOLIO_ZIP_MAX_RATIO: '100', FOLIO_PURGE_INTERVAL_MS: '0' },
    });
  });
  afterAll(async () => t?.close());

  it.each([['free', 10 * KiB], ['pro', 20 * KiB], ['enterprise', 16 * MiB]] as const)('enforces the %s tier limit of %i bytes on files and images', async (tier, limit) => {
    const org = await t.signup(undefined, { tier });
    const atLimit = await upload(t, org.secret, '/api/v1/files', fileParts('fits.bin', randomBytes(limit)));
    expect(atLimit.statusCode).toBe(201);
    const over = await upload(t, org.secret, '/api/v1/files', fileParts('over.bin', randomBytes(limit + 1)));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ success: false, error: 'payload_too_large', message: expect.stringContaining(`${limit}-byte upload limit`) });
    expect(over.headers.connection).toBe('close');
    const image = await upload(t, org.secret, '/api/v1/images', fileParts('big.png', Buffer.concat([png(1, 1), randomBytes(limit)])));
    expect(image.statusCode).toBe(413);
    expect(filesUnder(stagingDir(t))).toEqual([]);
  });

  it('refuses an oversized upload from its Content-Length before reading it', async () => {
    const org = await t.signup();
    const res = await t.inject({
      method: 'POST', url: '/api/v1/files',
      headers: { 'x-api-key': org.secret, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * MiB) },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(413);
  });

  describe('zip and OOXML archives', () => {
    let org: { secret: string };
    beforeAll(async () => { org = await t.signup(undefined, { tier: 'enterprise' }); });
    const send = (name: string, data: Buffer) => upload(t, org.secret, '/api/v1/files', fileParts(name, data));

    it('refuses a zip bomb (compression ratio) with 413 and stores nothing', async () => {
      const before = await stored();
      const bomb = zip([{ name: 'zeros.bin', data: Buffer.alloc(4 * MiB) }]);
      expect(bomb.length).toBeLessThan(40 * KiB);
      const res = await send('harmless.zip', bomb);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ success: false, error: 'payload_too_large', message: expect.stringMatching(/expands \d+ times.*zip bomb/) });
      expect(await stored()).toEqual(before);
    });

    it('refuses a .docx that is a zip bomb before anything opens it', async () => {
      const bomb = zip([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'word/document.xml', data: Buffer.alloc(3 * MiB, 0x20) },
      ]);
      const res = await send('report.docx', bomb);
      expect(res.statusCode).toBe(413);
    });

    it('refuses too many entries and too many bytes in total', async () => {
      const many = zip(Array.from({ length: 51 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from(`${i}`) })));
      const manyRes = await send('many.zip', many);
      expect(manyRes.statusCode).toBe(413);
      expect(manyRes.json().message).toContain('51 entries; at most 50');
      // Incompressible entries (ratio 1), but 9 MiB in total against an 8 MiB limit.
      const heavy = zip(Array.from({ length: 9 }, (_, i) => ({ name: `r${i}.bin`, data: randomBytes(MiB), store: true })));
      const res = await send('heavy.zip', heavy);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toContain(`more than ${8 * MiB} bytes`);
    });

    it('refuses an archive whose headers understate what it inflates to', async () => {
      const liar = zip([{ name: 'small.txt', data: Buffer.alloc(200 * KiB, 0x41), declaredSize: 100 }]);
      const res = await send('liar.zip', liar);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toContain('beyond its declared size');
    });

    it('answers 422 for a corrupt archive', async () => {
      const corrupt = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(300)]);
      const res = await send('broken.zip', corrupt);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'zip_invalid' });
    });

    it('accepts a well-behaved document', async () => {
      const res = await send('fine.docx', docx());
      expect(res.statusCode).toBe(201);
    });

    it('accepts a document with bytes after the end of its archive (as Word and LibreOffice do), and still checks it', async () => {
      // A real German Word form with a newline after the end-of-central-directory record.
      const form = corpusFile('docx/word-german-form.docx');
      expect(form.at(-1)).toBe(0x0a);
      const res = await send('antrag.docx', form);
      expect(res.statusCode, res.body).toBe(201);
      const bomb = Buffer.concat([zip([{ name: 'word/document.xml', data: Buffer.alloc(40 * 1024 * KiB, 0x20) }]), Buffer.from('\n')]);
      expect((await send('bomb.docx', bomb)).statusCode).toBe(413);
    });
  });

  it('leaves no temp file, no blob and no row when the client goes away mid-upload', async () => {
    const org = await t.signup(undefined, { tier: 'enterprise' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = { stored: await stored(), rows: await rows() };
    for (const url of ['/api/v1/files', '/api/v1/images']) {
      const boundary = 'cut-off-boundary';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
      const port = (t.app.server.address() as AddressInfo).port;
      const req = http.request({
        host: '127.0.0.1', port, path: url, method: 'POST',
        headers: { 'x-api-key': org.secret, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 12 * MiB + 100) },
      });
      req.on('error', () => {});
      req.write(head);
      req.write(png(8, 8));
      for (let i = 0; i < 6; i++) req.write(randomBytes(MiB)); // half of the promised body
      await eventually(() => filesUnder(stagingDir(t)).length === 1, 10_000, 'the upload to be staged');
      req.destroy();
      await eventually(() => filesUnder(stagingDir(t)).length === 0, 10_000, 'the staged upload to be removed');
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(await stored()).toEqual(before.stored);
    expect(await rows()).toBe(before.rows);
    expect(filesUnder(localBlobsDir(t)).filter((f) => f.startsWith('.tmp'))).toEqual([]);
    // The server is still healthy for the next request.
    const ok = await fetch(`${address}/api/v1/verify`, { headers: { 'x-api-key': org.secret } });
    expect(ok.status).toBe(200);
  });
});
