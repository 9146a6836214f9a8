// Signed download links: served by Folio on local disk (HMAC), presigned by S3 on S3. Both honour
// Range, send Content-Type and an RFC 6266 Content-Disposition, and refuse expired or altered links.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBlobKey } from '../src/storage/blob-store.ts';
import { contentDisposition, loadUrlSigningSecret, parseRange } from '../src/storage/signed-links.ts';
import { startS3, type TestS3 } from './helpers/s3.ts';
import { download, fileParts, upload } from './helpers/storage.ts';
import { startTestApp, testConfig, type TestApp } from './helpers/test-app.ts';

describe('parseRange', () => {
  it.each([
    ['bytes=0-3', 10, { start: 0, end: 3 }],
    ['bytes=5-', 10, { start: 5, end: 9 }],
    ['bytes=-4', 10, { start: 6, end: 9 }],
    ['bytes=-40', 10, { start: 0, end: 9 }],
    ['bytes=8-100', 10, { start: 8, end: 9 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=-0', 10, 'unsatisfiable'],
    ['bytes=0-0', 0, 'unsatisfiable'],
    ['bytes=0-1,4-5', 10, null],
    ['bytes=5-2', 10, null],
    ['items=0-1', 10, null],
    ['bytes=-', 10, null],
    [undefined, 10, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('contentDisposition', () => {
  it('sends an ASCII fallback (the name, or its slug) and the exact UTF-8 name (RFC 6266, RFC 8187)', () => {
    expect(contentDisposition('attachment', 'report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition('inline', 'Résumé "final" (v2)*.docx')).toBe(
      `inline; filename="resume-final-v2.docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%28v2%29%2A.docx`,
    );
    // Quotes, semicolons and commas never reach the ASCII name; a name with no Latin letters falls back to "download".
    expect(contentDisposition('attachment', 'Bericht "neu"; size=1, 50% €.txt')).toBe(
      `attachment; filename="bericht-neu-size-1-50pct.txt"; filename*=UTF-8''Bericht%20%22neu%22%3B%20size%3D1%2C%2050%25%20%E2%82%AC.txt`,
    );
    expect(contentDisposition('attachment', '年度报告.pptx')).toBe(`attachment; filename="download.pptx"; filename*=UTF-8''%E5%B9%B4%E5%BA%A6%E6%8A%A5%E5%91%8A.pptx`);
  });
});

describe('URL signing secret', () => {
  it('is random, kept in the data dir, and the same on the next start', () => {
    const config = testConfig();
    try {
      const first = loadUrlSigningSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadUrlSigningSecret(config)).toBe(first);
      const file = path.join(config.dataDir, 'storage', 'url-signing-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadUrlSigningSecret(testConfig({}, { FOLIO_URL_SIGNING_SECRET: 's'.repeat(40) }))).toBe('s'.repeat(40));
    } finally {
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

let s3: TestS3;
beforeAll(async () => { s3 = await startS3(); });
afterAll(async () => s3?.close());

const backends = [
  { name: 'local disk', env: (): Record<string, string> => ({}) },
  { name: 'S3', env: (): Record<string, string> => ({ ...s3.env, FOLIO_S3_PREFIX: `links-${randomBytes(3).toString('hex')}/` }) },
];

describe.each(backends)('signed links on $name', (backend) => {
  let t: TestApp;
  let file: { file_id: string; download_url: string };
  let orgId: string;
  const DATA = Buffer.from('0123456789abcdefghij');

  beforeAll(async () => {
    t = await startTestApp({}, { env: { ...backend.env(), FOLIO_PURGE_INTERVAL_MS: '0' } });
    const org = await t.signup();
    orgId = org.org_id;
    file = (await upload(t, org.secret, '/api/v1/files', fileParts('Relevé de compte ✓.txt', DATA))).json();
  });
  afterAll(async () => t?.close());

  it('downloads without an API key, with type, length and RFC 6266 disposition', async () => {
    const res = await download(t, file.download_url);
    expect(res.status).toBe(200);
    expect(res.body.equals(DATA)).toBe(true);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-length']).toBe(String(DATA.length));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="releve-de-compte.txt"; filename*=UTF-8''Relev%C3%A9%20de%20compte%20%E2%9C%93.txt`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    if (backend.name === 'S3') return; // a presigned URL is signed for GET only, as on S3
    const u = new URL(file.download_url);
    const head = await t.inject({ method: 'HEAD', url: u.pathname + u.search });
    expect({ status: head.statusCode, length: head.headers['content-length'], body: head.body }).toEqual({ status: 200, length: String(DATA.length), body: '' });
  });

  it('answers Range requests with 206 and Content-Range', async () => {
    const first = await download(t, file.download_url, { range: 'bytes=0-3' });
    expect(first.status).toBe(206);
    expect(first.body.toString()).toBe('0123');
    expect(first.headers['content-range']).toBe(`bytes 0-3/${DATA.length}`);
    expect(first.headers['content-length']).toBe('4');
    const open = await download(t, file.download_url, { range: 'bytes=15-' });
    expect(open.status).toBe(206);
    expect(open.body.toString()).toBe('fghij');
    // s3rver (unlike S3) does not implement suffix ranges; Folio's own server does.
    if (backend.name === 'S3') return;
    const tail = await download(t, file.download_url, { range: 'bytes=-5' });
    expect(tail.status).toBe(206);
    expect(tail.body.toString()).toBe('fghij');
  });

  it('answers 416 for a range outside the content', async () => {
    const res = await download(t, file.download_url, { range: 'bytes=100-200' });
    expect(res.status).toBe(416);
    if (backend.name === 'S3') return; // s3rver leaves out Content-Range on 416
    expect(res.headers['content-range']).toBe(`bytes */${DATA.length}`);
    expect(JSON.parse(res.body.toString())).toMatchObject({ success: false, error: 'range_not_satisfiable' });
  });

  it('refuses an expired link with 403', async () => {
    const link = await t.app.ctx.blobs.signedUrl(fileBlobKey(orgId, file.file_id), { fileName: 'x.txt', contentType: 'text/plain', expiresIn: 3 });
    // S3 signs with a whole-second X-Amz-Date, so a link's real lifetime can be up to 1 s shorter.
    expect((await download(t, link.url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 4100));
    const res = await download(t, link.url);
    expect(res.status).toBe(403);
    if (backend.name === 'local disk') expect(JSON.parse(res.body.toString())).toMatchObject({ success: false, error: 'forbidden', message: expect.stringContaining('expired') });
  });

  it('refuses an altered link with 403', async () => {
    const url = new URL(file.download_url);
    const alter = (fn: (u: URL) => void) => { const u = new URL(url); fn(u); return u.toString(); };
    const nameParam = backend.name === 'S3' ? 'response-content-disposition' : 'name';
    const typeParam = backend.name === 'S3' ? 'response-content-type' : 'type';
    const sigParam = backend.name === 'S3' ? 'X-Amz-Signature' : 'signature';
    const tampered = [
      alter((u) => u.searchParams.set(nameParam, 'evil.html')),
      alter((u) => u.searchParams.set(typeParam, 'text/html')),
      alter((u) => u.searchParams.set(sigParam, u.searchParams.get(sigParam)!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))),
      alter((u) => u.searchParams.delete(sigParam)),
      alter((u) => { u.pathname = u.pathname.replace(file.file_id, 'file_01M00000000000000000000000'); }),
    ];
    if (backend.name === 'local disk') tampered.push(alter((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))));
    for (const link of tampered) {
      const res = await download(t, link);
      expect(res.status, link).toBe(403);
      if (backend.name === 'local disk') expect(JSON.parse(res.body.toString()), link).toMatchObject({ error: 'forbidden', message: expect.stringContaining('not valid') });
    }
  });

  it('lets the runs feature sign any blob with its own name, type and expiry', async () => {
    const link = await t.app.ctx.blobs.signedUrl(fileBlobKey(orgId, file.file_id), { fileName: 'deck v2.pptx', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', expiresIn: 600 });
    expect(Math.abs(link.expiresAt.getTime() - Date.now() - 600_000)).toBeLessThan(5000);
    const res = await download(t, link.url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''deck%20v2.pptx`);
  });

  it('downloads a titled document under its slug in filename and its title in filename*; the title is signed', async () => {
    const title = 'Repayment Schedule for a $300,000 Mortgage at 6.5% over 30 Years.xlsx';
    const link = await t.app.ctx.blobs.signedUrl(fileBlobKey(orgId, file.file_id), { fileName: 'repayment-schedule-for-300000-mortgage-at-6.5pct.xlsx', displayName: title, contentType: 'text/plain' });
    const res = await download(t, link.url);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="repayment-schedule-for-300000-mortgage-at-6.5pct.xlsx"; filename*=UTF-8''Repayment%20Schedule%20for%20a%20%24300%2C000%20Mortgage%20at%206.5%25%20over%2030%20Years.xlsx`);
    if (backend.name === 'S3') return; // S3 signs the whole Content-Disposition (checked above for names)
    const altered = new URL(link.url);
    altered.searchParams.set('title', 'evil.html');
    expect((await download(t, altered.toString())).status).toBe(403);
    const dropped = new URL(link.url);
    dropped.searchParams.delete('title');
    expect((await download(t, dropped.toString())).status).toBe(403);
  });
});

describe('local links', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({}, { env: { FOLIO_PURGE_INTERVAL_MS: '0', FOLIO_SIGNED_URL_TTL_SECONDS: '120' } }); });
  afterAll(async () => t?.close());

  it('are absolute URLs under FOLIO_PUBLIC_URL with the configured lifetime, and keep scripts out', async () => {
    const org = await t.signup();
    const f = (await upload(t, org.secret, '/api/v1/files', fileParts('page.html', Buffer.from('<html><script>alert(1)</script></html>')))).json();
    expect(f.download_url.startsWith(`${t.config.publicUrl}/api/v1/blobs/orgs/${org.org_id}/files/${f.file_id}?`)).toBe(true);
    expect(Math.abs(Date.parse(f.download_url_expires_at) - Date.now() - 120_000)).toBeLessThan(5000);
    const res = await download(t, f.download_url);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('are not in the OpenAPI document, while the storage endpoints are', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/v1/blobs'))).toBe(false);
    const post = doc.paths['/api/v1/files'].post;
    const schema = post.requestBody.content['multipart/form-data'].schema;
    expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.properties.purpose.enum).toEqual(['init', 'context', 'data', 'analysis', 'reference']);
    expect(schema.required).toEqual(['file']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '401', '413', '422', '429']));
    expect(doc.paths['/api/v1/images'].post.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('tags');
    expect(doc.paths['/api/v1/images/{image_id}'].delete.responses).toHaveProperty('204');
    expect(doc.paths['/api/v1/files/{file_id}'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty('download_url');
  });
});
