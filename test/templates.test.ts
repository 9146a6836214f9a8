// Templates over HTTP: uploading real decks, documents and workbooks made by PowerPoint, Word, Excel and
// LibreOffice as an organization's templates (and .potx/.dotx/.xltx variants), their analysis, the one
// default per organization and format, versions, cross-organization 404s, refusals of files that are not
// templates (nothing half-stored), and decks generated in a template by the builtin engine: the
// template's masters and layouts, its sample slides dropped, the run recording the template version.
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBytes } from './helpers/export.ts';
import { zip } from './helpers/fixtures.ts';
import { count, generate, key, withRuns } from './helpers/runs.ts';
import { corpusFile, inspectPptx, packageParts, phText, runDocument } from './helpers/slides.ts';
import { localBlobsDir } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { retype, uploadTemplate, withMacros } from './helpers/templates.ts';

// Layout thumbnails are rendered (through LibreOffice) only where a test looks at them.
let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({}), { env: { FOLIO_TEMPLATE_THUMBNAILS: 'false' } }); });
afterAll(async () => t?.close());

const DECK = `# Field report
Autumn 2026

## What we saw
- Three new sites opened
- Visitor numbers up 18%

## Next steps
- Hire two rangers
- Repair the north trail`;

const getTemplate = (secret: string, id: string) => t.inject({ method: 'GET', url: `/api/v1/templates/${id}`, headers: key(secret) });
const getRun = async (secret: string, id: string) => (await t.inject({ method: 'GET', url: `/api/v1/runs/${id}`, headers: key(secret) })).json();

function layoutNames(bytes: Buffer): Promise<Map<string, string>> {
  return packageParts(bytes).then((parts) => new Map([...parts].filter(([p]) => /^ppt\/slideLayouts\/[^/]+\.xml$/.test(p)).map(([p, b]) => [p, /<p:cSld[^>]*name="([^"]*)"/.exec(b.toString('utf8'))?.[1] ?? ''])));
}

describe('deck templates', () => {
  it('analyses a PowerPoint deck: slide size, layouts with placeholder kinds, what Folio uses each for, PNG thumbnails', async () => {
    // A generous conversion timeout: the test machine may be busy.
    const withThumbnails = await startTestApp(withRuns({}), { env: { FOLIO_EXPORT_TIMEOUT_MS: '240000' } });
    try {
      await analyse(withThumbnails);
    } finally {
      await withThumbnails.close();
    }
  }, 300_000);

  async function analyse(t: TestApp): Promise<void> {
    const org = await t.signup();
    const res = await uploadTemplate(t, org.secret, 'comments.pptx', corpusFile('pptx/pp-comments.pptx'), { name: 'Office', description: 'PowerPoint 2007 deck', tags: 'brand,2026' });
    expect(res.statusCode, res.body).toBe(201);
    const tpl = res.json();
    expect(tpl).toMatchObject({ format: 'slides', name: 'Office', description: 'PowerPoint 2007 deck', tags: ['brand', '2026'], is_default: false, version: 1, warnings: [] });
    expect(tpl.template_id).toMatch(/^tpl_/);
    const s = tpl.analysis.slides;
    expect(s.slide_size).toEqual({ width_emu: 9144000, height_emu: 6858000, width_in: 10, height_in: 7.5, aspect_ratio: '4:3' });
    expect(s.sample_slides).toBe(11);
    expect(s.layouts.map((l: any) => [l.name, l.used_for])).toEqual([
      ['Title Slide', ['title', 'closing']], ['Title and Content', ['bullets', 'chart', 'table', 'quote']], ['Section Header', ['section']],
      ['Two Content', ['two_column']], ['Comparison', []], ['Title Only', ['title_only']], ['Blank', ['blank']], ['Content with Caption', []],
      ['Picture with Caption', ['image']], ['Title and Vertical Text', []], ['Vertical Title and Text', []],
    ]);
    const bullets = s.layouts[1];
    expect(bullets.placeholders).toEqual(['title', 'content', 'date', 'footer', 'slide_number']);
    // Thumbnails: one PNG per layout, rendered through LibreOffice.
    const thumb = await fetchBytes(t, bullets.thumbnail_url);
    expect(thumb.type).toBe('image/png');
    expect(thumb.body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(s.layouts.every((l: any) => typeof l.thumbnail_url === 'string')).toBe(true);
    const again = (await t.inject({ method: 'GET', url: `/api/v1/templates/${tpl.template_id}`, headers: key(org.secret) })).json();
    expect(again.versions).toEqual([expect.objectContaining({ version: 1, size: tpl.file.size, sha256: tpl.file.sha256 })]);
    expect(again.analysis).toMatchObject({ slides: { layouts: expect.any(Array) } });
    // Deleted and past its grace period, the purge sweeper removes the file and every thumbnail.
    const version = await t.app.ctx.database.db.selectFrom('template_versions').select(['blob_key', 'analysis']).where('template_id', '=', tpl.template_id).executeTakeFirstOrThrow();
    const stored = [version.blob_key, ...(version.analysis.thumbnail_keys as string[])];
    expect(stored).toHaveLength(12);
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/templates/${tpl.template_id}`, headers: key(org.secret) })).statusCode).toBe(204);
    await sql`update templates set deleted_at = now() - interval '25 hours' where template_id = ${tpl.template_id}`.execute(t.app.ctx.database.db);
    expect((await t.app.ctx.storagePurger.sweepOnce()).sources.templates).toBe(1);
    for (const k of stored) expect(await t.app.ctx.blobs.size(k)).toBeNull();
  }

  it('warns where a deck cannot hold what Folio makes (no content placeholder), and reports a LibreOffice deck', async () => {
    const org = await t.signup();
    const plain = (await uploadTemplate(t, org.secret, 'sections.pptx', corpusFile('pptx/pp-sections.pptx'), { name: 'Plain' })).json();
    expect(plain.warnings).toContain('no layout with a content placeholder: bullets slides will use "Title & Subtitle" plus a text box.');
    const pencil = (await uploadTemplate(t, org.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), { name: 'Pencil' })).json();
    expect(pencil.analysis.slides).toMatchObject({ slide_size: { aspect_ratio: '16:9' }, masters: 2, sample_slides: 2 });
    expect(pencil.warnings).toContain('no section layout: section slides will use "Title Slide".');
    expect(pencil.analysis.slides.layouts.every((l: any) => l.thumbnail_url === null)).toBe(true);
    expect(pencil.warnings).toContain('Layout thumbnails are not rendered on this deployment (FOLIO_TEMPLATE_THUMBNAILS=false).');
  });

  it('generates a deck in a PowerPoint template: its layouts and masters, sample slides dropped, the run records template and version', async () => {
    const org = await t.signup();
    const original = corpusFile('pptx/pp-comments.pptx');
    const tpl = (await uploadTemplate(t, org.secret, 'comments.potx', await retype(original, 'potx'), { name: 'PowerPoint 2007' })).json();
    expect(tpl.file.content_type).toBe('application/vnd.openxmlformats-officedocument.presentationml.template');
    const res = await generate(t, org.secret, { prompt: DECK, template_id: tpl.template_id }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const { bytes } = await runDocument(t, org.secret, res.json().run_id);
    const deck = inspectPptx(bytes);
    expect(deck.missing_parts).toEqual([]);
    expect(deck.slides.map((x) => phText(x, 'title'))).toEqual(['Field report', 'What we saw', 'Next steps']);
    expect(phText(deck.slides[1], 'body')).toBe('Three new sites opened\nVisitor numbers up 18%');
    // Every slide is made from one of the template's own layouts, whose parts are unchanged.
    const names = [...(await layoutNames(original)).values()];
    for (const s of deck.slides) expect(names).toContain(s.layout);
    const before = await packageParts(original);
    const after = await packageParts(bytes);
    for (const [part, b] of before) if (/^ppt\/(slideMasters|slideLayouts|theme)\/[^/]+\.xml$/.test(part)) expect(after.get(part)?.equals(b), part).toBe(true);
    // The output is a presentation, not a template.
    expect((await packageParts(bytes)).get('[Content_Types].xml')!.toString()).toContain('presentationml.presentation.main+xml');
    const run = await getRun(org.secret, res.json().run_id);
    expect(run.template).toEqual({ template_id: tpl.template_id, version: 1 });
  }, 120_000);
});

describe('footers', () => {
  it("new slides repeat the footers the template's sample slides showed (LibreOffice deck)", async () => {
    const org = await t.signup();
    const tpl = (await uploadTemplate(t, org.secret, 'focus.pptx', corpusFile('pptx/lo-tpl-focus.pptx'), { name: 'Focus' })).json();
    const res = await generate(t, org.secret, { prompt: DECK, template_id: tpl.template_id }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const deck = inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes);
    const sample = inspectPptx(corpusFile('pptx/lo-tpl-focus.pptx')).slides[1];
    const footerTypes = (s: typeof sample) => s.placeholders.map((p) => p.type).filter((x) => ['dt', 'ftr', 'sldNum'].includes(x)).sort();
    expect(footerTypes(sample).length).toBeGreaterThan(0);
    // As in the template: the title slide without footers, content slides with the slide number.
    expect(deck.slides.map((s) => [s.layout, footerTypes(s)])).toEqual([['Title Slide', []], ['Title, Content', footerTypes(sample)], ['Title, Content', footerTypes(sample)]]);
  }, 120_000);
});

describe('management', () => {
  it('one default per organization and format, applied when a request names no template; versions keep old runs stable', async () => {
    const org = await t.signup();
    const a = (await uploadTemplate(t, org.secret, 'focus.pptx', corpusFile('pptx/lo-tpl-focus.pptx'), { name: 'A', is_default: 'true' })).json();
    expect(a.is_default).toBe(true);
    const b = (await uploadTemplate(t, org.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), { name: 'B' })).json();
    const patched = await t.inject({ method: 'PATCH', url: `/api/v1/templates/${b.template_id}`, headers: key(org.secret), payload: { is_default: true, name: 'B (default)', tags: ['x'] } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ is_default: true, name: 'B (default)', tags: ['x'] });
    expect((await getTemplate(org.secret, a.template_id)).json().is_default).toBe(false);

    const first = await generate(t, org.secret, { prompt: DECK }, 'slides');
    expect(first.statusCode, first.body).toBe(200);
    const run = await getRun(org.secret, first.json().run_id);
    expect(run.template).toEqual({ template_id: b.template_id, version: 1 });
    const pencilLayouts = [...(await layoutNames(corpusFile('pptx/lo-tpl-pencil.pptx'))).values()];
    const v1Deck = inspectPptx((await runDocument(t, org.secret, run.run_id)).bytes);
    for (const s of v1Deck.slides) expect(pencilLayouts).toContain(s.layout);

    // Version 2 is another design; the run made from version 1 keeps it, also when resumed.
    const put = await uploadTemplate(t, org.secret, 'focus.pptx', corpusFile('pptx/lo-tpl-focus.pptx'), {}, `/api/v1/templates/${b.template_id}/file`, 'PUT');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ version: 2, is_default: true, name: 'B (default)' });
    const resumed = await generate(t, org.secret, { prompt: `${DECK}\n\n## Budget\n- Rangers: $80k\n- Trail: $20k`, run_id: run.run_id }, 'slides');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await getRun(org.secret, run.run_id)).template).toEqual({ template_id: b.template_id, version: 1 });
    const resumedDeck = inspectPptx((await runDocument(t, org.secret, run.run_id)).bytes);
    expect(resumedDeck.slides.length).toBeGreaterThan(v1Deck.slides.length);
    for (const s of resumedDeck.slides) expect(pencilLayouts).toContain(s.layout);
    const second = await generate(t, org.secret, { prompt: DECK }, 'slides');
    expect((await getRun(org.secret, second.json().run_id)).template).toEqual({ template_id: b.template_id, version: 2 });

    const list = await t.inject({ method: 'GET', url: '/api/v1/templates?format=slides&limit=1', headers: key(org.secret) });
    expect(list.json().items.map((x: any) => x.template_id)).toEqual([b.template_id]);
    const next = await t.inject({ method: 'GET', url: `/api/v1/templates?format=slides&limit=1&cursor=${list.json().next_cursor}`, headers: key(org.secret) });
    expect(next.json()).toMatchObject({ items: [expect.objectContaining({ template_id: a.template_id })], next_cursor: null });
    expect((await t.inject({ method: 'GET', url: '/api/v1/templates?format=word', headers: key(org.secret) })).json().items).toEqual([]);

    expect((await t.inject({ method: 'DELETE', url: `/api/v1/templates/${b.template_id}`, headers: key(org.secret) })).statusCode).toBe(204);
    expect((await getTemplate(org.secret, b.template_id)).statusCode).toBe(404);
    const afterDelete = await generate(t, org.secret, { prompt: DECK }, 'slides');
    expect((await getRun(org.secret, afterDelete.json().run_id)).template).toBeNull();
  }, 120_000);

  it("another organization's template is not found, in every endpoint and in generation", async () => {
    const owner = await t.signup();
    const other = await t.signup();
    const tpl = (await uploadTemplate(t, owner.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), { name: 'Mine' })).json();
    const id = tpl.template_id;
    for (const req of [
      { method: 'GET' as const, url: `/api/v1/templates/${id}` },
      { method: 'PATCH' as const, url: `/api/v1/templates/${id}`, payload: { name: 'x' } },
      { method: 'DELETE' as const, url: `/api/v1/templates/${id}` },
    ]) {
      const res = await t.inject({ ...req, headers: key(other.secret) });
      expect(res.statusCode, `${req.method} ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: 'not_found' });
    }
    const put = await uploadTemplate(t, other.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), {}, `/api/v1/templates/${id}/file`, 'PUT');
    expect(put.statusCode).toBe(404);
    const gen = await generate(t, other.secret, { prompt: DECK, template_id: id }, 'slides');
    expect(gen.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/v1/templates', headers: key(other.secret) })).json().items).toEqual([]);
    expect((await getTemplate(owner.secret, id)).json().name).toBe('Mine');
    // A template of another format, or with init_file, is refused before any work.
    const word = await generate(t, owner.secret, { prompt: DECK, template_id: id }, 'word');
    expect(word.statusCode).toBe(422);
    expect(word.json().detail[0]).toMatchObject({ loc: ['body', 'template_id'], type: 'format_mismatch' });
  }, 120_000);
});

describe('files that are not templates', () => {
  async function emptyDeck(): Promise<Buffer> {
    // A deck whose presentation lists no slide master: no layout to make slides from.
    const zip = await JSZip.loadAsync(corpusFile('pptx/pp-sections.pptx'));
    const xml = await zip.file('ppt/presentation.xml')!.async('string');
    zip.file('ppt/presentation.xml', xml.replace(/<p:sldMasterIdLst>[\s\S]*?<\/p:sldMasterIdLst>/, '').replace(/<p:sldIdLst>[\s\S]*?<\/p:sldIdLst>/, ''));
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  }

  async function workbookWithoutSheets(): Promise<Buffer> {
    const zip = await JSZip.loadAsync(corpusFile('xlsx/excel-autofilter.xlsx'));
    const xml = await zip.file('xl/workbook.xml')!.async('string');
    zip.file('xl/workbook.xml', xml.replace(/<sheets>[\s\S]*?<\/sheets>/, '<sheets/>').replace(/<definedNames>[\s\S]*?<\/definedNames>/, ''));
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  }

  it('answers 422 on file with a clear message, and stores nothing', async () => {
    const org = await t.signup();
    const cases: [string, Buffer, string, RegExp][] = [
      ['empty.pptx', await emptyDeck(), 'empty_deck', /no slide layouts/],
      ['nosheets.xlsx', await workbookWithoutSheets(), 'no_sheets', /no worksheets/],
      ['locked.xlsx', fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'templates', 'encrypted-password.xlsx')), 'encrypted_file', /password-protected/],
      ['macros.pptm', await withMacros(corpusFile('pptx/pp-sections.pptx')), 'macros_not_allowed', /macro-enabled/],
      ['notes.txt', Buffer.from('just text'), 'unsupported_file_type', /must be a \.pptx/],
      ['zero.pptx', Buffer.alloc(0), 'empty_file', /empty/],
    ];
    for (const [name, bytes, type, message] of cases) {
      const res = await uploadTemplate(t, org.secret, name, bytes, { name });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
      expect(res.json().detail[0], name).toMatchObject({ loc: ['body', 'file'], type });
      expect(res.json().message, name).toMatch(message);
    }
    // The /files archive checks: an entry that expands 1000 times is refused as a zip bomb (413).
    const bomb = zip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'ppt/media/zeros.bin', data: Buffer.alloc(4 * 1024 * 1024) }]);
    const big = await uploadTemplate(t, org.secret, 'bomb.pptx', bomb, { name: 'bomb' });
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json()).toMatchObject({ success: false, error: 'payload_too_large' });
    const missingName = await uploadTemplate(t, org.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), {});
    expect(missingName.statusCode).toBe(422);
    expect(missingName.json().detail[0]).toMatchObject({ loc: ['body', 'name'] });
    expect(await count(t, sql`select count(*)::int as n from templates where org_id = ${org.org_id}`)).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from template_versions where org_id = ${org.org_id}`)).toBe(0);
    expect(fs.existsSync(path.join(localBlobsDir(t), 'orgs', org.org_id, 'templates'))).toBe(false);
  }, 120_000);
});

describe('the OpenAPI document', () => {
  it('describes the template endpoints, template_id and fields on generation, and the run\'s template', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/v1/templates']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/templates/{template_id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/api/v1/templates/{template_id}/file'].put.requestBody.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/api/v1/templates'].post.responses['201']).toBeDefined();
    expect(doc.paths['/api/v1/templates'].post.description).toContain('.potx');
    const body = doc.paths['/api/v1/slides/generate'].post.requestBody.content['application/json'].schema;
    expect(body.properties.template_id.description).toContain('default template');
    expect(body.properties.fields.propertyNames.pattern).toBe('^[A-Za-z_][A-Za-z0-9_.-]{0,63}$');
    const run = doc.paths['/api/v1/runs/{run_id}'].get.responses['200'].content['application/json'].schema;
    expect(run.properties.template.type).toEqual(['object', 'null']);
    expect(doc.tags.map((x: any) => x.name)).toContain('Templates');
  });
});
