// POST/GET/DELETE /images through the real app, on local disk and on S3: types from the bytes, SVG
// sanitizing, dimensions, tags, tenancy, soft delete and the purge of the bytes after the grace period.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBlobKey } from '../src/storage/blob-store.ts';
import { gif, jpeg, PDF, png } from './helpers/fixtures.ts';
import { startS3, type TestS3 } from './helpers/s3.ts';
import { download, eventually, fileParts, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let s3: TestS3;
beforeAll(async () => { s3 = await startS3(); });
afterAll(async () => s3?.close());

const backends = [
  { name: 'local disk', env: (): Record<string, string> => ({}) },
  { name: 'S3', env: (): Record<string, string> => ({ ...s3.env, FOLIO_S3_PREFIX: `images-${randomBytes(3).toString('hex')}/` }) },
];

const HOSTILE_SVG = `<?xml version="1.0"?>
<!-- a comment -->
<?xml-stylesheet href="https://evil.example/x.css"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80" viewBox="0 0 120 80" onload="alert(1)">
  <script>alert('xss')</script>
  <style>@import url(https://evil.example/a.css);</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
  <rect width="120" height="80" fill="url(#g)" onclick="steal()" style="fill: url(https://evil.example/t.png)"/>
  <a href="javascript:alert(2)"><text x="10" y="20">hello &amp; welcome</text></a>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <use href="#g"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject>
  <set attributeName="href" to="javascript:alert(3)"/>
  <circle cx="5" cy="5" r="4" fill="blue"/>
</svg>`;

describe.each(backends)('images on $name', (backend) => {
  let t: TestApp;
  let org: { org_id: string; secret: string };
  const h = () => ({ 'x-api-key': org.secret });

  beforeAll(async () => {
    t = await startTestApp({}, { env: { ...backend.env(), FOLIO_PURGE_INTERVAL_MS: '0' } });
    org = await t.signup();
  });
  afterAll(async () => t?.close());

  it('stores PNG, JPEG and GIF with their dimensions, tags and caption', async () => {
    const cases = [
      { name: 'a.png', data: png(64, 32), type: 'image/png', w: 64, h: 32 },
      { name: 'b.jpg', data: jpeg(300, 200), type: 'image/jpeg', w: 300, h: 200 },
      { name: 'c.gif', data: gif(7, 9), type: 'image/gif', w: 7, h: 9 },
    ];
    for (const c of cases) {
      const res = await upload(t, org.secret, '/api/v1/images', fileParts(c.name, c.data, { tags: 'brand, logo ,brand', caption: 'Our logo' }));
      expect(res.statusCode, c.name).toBe(201);
      expect(res.json()).toEqual({
        image_id: expect.stringMatching(/^img_[0-9A-Z]{26}$/),
        file_name: c.name,
        content_type: c.type,
        size: c.data.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        width: c.w,
        height: c.h,
        tags: ['brand', 'logo'],
        caption: 'Our logo',
        created_at: expect.any(String),
        url: expect.stringMatching(/^http/),
        url_expires_at: expect.any(String),
      });
    }
  });

  it('gets an image with a signed url that serves it inline', async () => {
    const data = png(10, 10);
    const created = (await upload(t, org.secret, '/api/v1/images', fileParts('Ünïcode pic.png', data))).json();
    const res = await t.inject({ method: 'GET', url: `/api/v1/images/${created.image_id}`, headers: h() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ image_id: created.image_id, width: 10, height: 10, tags: [], caption: null });
    const dl = await download(t, res.json().url);
    expect(dl.status).toBe(200);
    expect(dl.body.equals(data)).toBe(true);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['content-disposition']).toBe(`inline; filename="unicode-pic.png"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20pic.png`);
  });

  it('accepts tags as a JSON array and lists by tag, newest first, with a cursor', async () => {
    const other = await t.signup();
    const ids: string[] = [];
    for (const tags of ['["red","big"]', 'red', 'blue']) {
      ids.push((await upload(t, other.secret, '/api/v1/images', fileParts('x.png', png(2, 2), { tags }))).json().image_id);
    }
    const oh = { 'x-api-key': other.secret };
    const red = (await t.inject({ method: 'GET', url: '/api/v1/images?tag=red', headers: oh })).json();
    expect(red.items.map((i: any) => i.image_id)).toEqual([ids[1], ids[0]]);
    expect(red.items[1].tags).toEqual(['red', 'big']);
    const page1 = (await t.inject({ method: 'GET', url: '/api/v1/images?limit=2', headers: oh })).json();
    expect(page1.items.map((i: any) => i.image_id)).toEqual([ids[2], ids[1]]);
    const page2 = (await t.inject({ method: 'GET', url: `/api/v1/images?limit=2&cursor=${page1.next_cursor}`, headers: oh })).json();
    expect(page2).toMatchObject({ items: [expect.objectContaining({ image_id: ids[0] })], next_cursor: null });
    const none = (await t.inject({ method: 'GET', url: '/api/v1/images?tag=green', headers: oh })).json();
    expect(none).toEqual({ items: [], next_cursor: null });
  });

  it('validates tags and caption', async () => {
    const badJson = await upload(t, org.secret, '/api/v1/images', fileParts('x.png', png(1, 1), { tags: '["a", 3]' }));
    expect(badJson.statusCode).toBe(422);
    expect(badJson.json().detail[0]).toMatchObject({ loc: ['body', 'tags'] });
    const tooMany = await upload(t, org.secret, '/api/v1/images', fileParts('x.png', png(1, 1), { tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }));
    expect(tooMany.statusCode).toBe(422);
    const longCaption = await upload(t, org.secret, '/api/v1/images', fileParts('x.png', png(1, 1), { caption: 'x'.repeat(1001) }));
    expect(longCaption.json().detail[0]).toMatchObject({ loc: ['body', 'caption'], type: 'string_too_long' });
  });

  it('sanitizes SVG: no scripts, handlers, foreignObject or external references are stored', async () => {
    const res = await upload(t, org.secret, '/api/v1/images', fileParts('drawing.svg', Buffer.from(HOSTILE_SVG), {}, 'image/svg+xml'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content_type: 'image/svg+xml', width: 120, height: 80, file_name: 'drawing.svg' });
    const stored = (await download(t, res.json().url)).body.toString('utf8');
    for (const banned of ['<script', 'alert', 'onload', 'onclick', 'foreignObject', 'iframe', 'javascript:', 'evil.example', '<style', '<set', 'xml-stylesheet', '<!--']) {
      expect(stored, banned).not.toContain(banned);
    }
    for (const kept of ['<rect', 'fill="url(#g)"', '<circle', 'hello &amp; welcome', 'href="#g"', 'linearGradient']) {
      expect(stored, kept).toContain(kept);
    }
    expect(res.json().size).toBe(Buffer.byteLength(stored));
  });

  it('refuses malformed SVG and entity declarations with 422', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>`;
    for (const svg of [laughs, '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>', '<html><svg/></html>', '<svg xmlns="http://www.w3.org/1999/xhtml"/>']) {
      const res = await upload(t, org.secret, '/api/v1/images', fileParts('bad.svg', Buffer.from(svg)));
      expect(res.statusCode, svg).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'svg_invalid' });
    }
  });

  describe('a lying extension', () => {
    it('refuses bytes that are not an image, whatever the name says', async () => {
      for (const [name, data] of [['cat.png', PDF], ['cat.svg', Buffer.from('<html><script>alert(1)</script></html>')], ['cat.gif', randomBytes(64)]] as const) {
        const res = await upload(t, org.secret, '/api/v1/images', fileParts(name, data, {}, 'image/png'));
        expect(res.statusCode, name).toBe(422);
        expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'unsupported_file_type' });
      }
    });

    it('stores a real image under the extension of its true type', async () => {
      const res = await upload(t, org.secret, '/api/v1/images', fileParts('photo.gif', png(3, 3), {}, 'image/gif'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ content_type: 'image/png', file_name: 'photo.png' });
    });
  });

  it("answers 404 for another organization's image, exactly like a missing one", async () => {
    const mine = (await upload(t, org.secret, '/api/v1/images', fileParts('mine.png', png(1, 1)))).json();
    const intruder = await t.signup();
    const ih = { 'x-api-key': intruder.secret };
    const theirs = await t.inject({ method: 'GET', url: `/api/v1/images/${mine.image_id}`, headers: ih });
    const missing = await t.inject({ method: 'GET', url: '/api/v1/images/img_01M00000000000000000000000', headers: ih });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/images/${mine.image_id}`, headers: ih })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/v1/images', headers: ih })).json().items).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/api/v1/images/${mine.image_id}`, headers: h() })).statusCode).toBe(200);
  });

  it('soft-deletes at once and keeps the bytes through the grace period', async () => {
    const img = (await upload(t, org.secret, '/api/v1/images', fileParts('gone.png', png(5, 5)))).json();
    const del = await t.inject({ method: 'DELETE', url: `/api/v1/images/${img.image_id}`, headers: h() });
    expect(del.statusCode).toBe(204);
    const row = await t.app.ctx.database.db.selectFrom('images').select(['deleted_at', 'purged_at']).where('image_id', '=', img.image_id).executeTakeFirstOrThrow();
    expect(Date.now() - row.deleted_at!.getTime()).toBeLessThan(10_000);
    expect(row.purged_at).toBeNull();
    expect((await t.inject({ method: 'GET', url: `/api/v1/images/${img.image_id}`, headers: h() })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/images/${img.image_id}`, headers: h() })).statusCode).toBe(404);
    const list = (await t.inject({ method: 'GET', url: '/api/v1/images?limit=100', headers: h() })).json();
    expect(list.items.map((i: any) => i.image_id)).not.toContain(img.image_id);
    await t.app.ctx.storagePurger.sweepOnce(); // the default grace is 24 h
    expect(await t.app.ctx.blobs.size(imageBlobKey(org.org_id, img.image_id))).toBe(img.size);
    expect((await download(t, img.url)).status).toBe(200);
  });
});

describe.each(backends)('image purge on $name', (backend) => {
  it('removes the bytes after the grace period, and the purge survives a restart', async () => {
    // First process: the sweeper is off, as if the process stopped right after the delete.
    const t = await startTestApp({}, { env: { ...backend.env(), FOLIO_PURGE_INTERVAL_MS: '0', FOLIO_IMAGE_PURGE_GRACE_SECONDS: '3' } });
    let second: Awaited<ReturnType<typeof import('../src/app.ts').buildApp>> | null = null;
    try {
      const org = await t.signup();
      const h = { 'x-api-key': org.secret };
      const kept = (await upload(t, org.secret, '/api/v1/images', fileParts('kept.png', png(2, 2)))).json();
      const img = (await upload(t, org.secret, '/api/v1/images', fileParts('doomed.png', png(2, 2)))).json();
      const key = imageBlobKey(org.org_id, img.image_id);
      expect((await t.inject({ method: 'DELETE', url: `/api/v1/images/${img.image_id}`, headers: h })).statusCode).toBe(204);
      expect((await t.app.ctx.storagePurger.sweepOnce()).images).toBe(0); // still inside the 3 s grace
      expect(await t.app.ctx.blobs.size(key)).not.toBeNull();
      const database = t.app.ctx.database;
      await t.app.close();

      // Second process on the same database and storage, with a fast sweeper: it finds the work on its own.
      const { buildApp } = await import('../src/app.ts');
      second = await buildApp({ ...t.config, storage: { ...t.config.storage, purgeIntervalMs: 25 } }, { database, migrate: false });
      // The sweeper removes the bytes first and then marks the row, so wait for both.
      const purgedAt = async () => (await database.db.selectFrom('images').select(['purged_at']).where('image_id', '=', img.image_id).executeTakeFirstOrThrow()).purged_at;
      await eventually(async () => (await second!.ctx.blobs.size(key)) === null && (await purgedAt()) !== null, 15_000, 'the purge');
      expect(await purgedAt()).toBeInstanceOf(Date);
      expect(await second.ctx.blobs.size(imageBlobKey(org.org_id, kept.image_id))).toBe(kept.size);
      const dl = await download({ config: t.config, inject: (o) => second!.inject(o) }, img.url);
      expect(dl.status).toBe(404);
    } finally {
      await second?.close();
      await t.close();
    }
  });
});
