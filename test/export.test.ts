// POST /runs/{run_id}/export: every cell of the format matrix with real documents, CSV options, the
// cache and its invalidation, run states and tenancy, and 8 exports at once. One app and one warm
// LibreOffice pool for the whole file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { generate } from './helpers/runs.ts';
import { officeAgents } from './helpers/office-fixtures.ts';
import { exportRun, fetchBytes, officeRun, openDocumentText, pdfPages, pdfText, pngSize, sofficeProcessesOf, unzip } from './helpers/export.ts';

let t: TestApp;
let org: { org_id: string; secret: string };
beforeAll(async () => {
  t = await startTestApp({}, { agents: officeAgents() });
  org = await t.signup();
});
afterAll(async () => {
  if (!t) return;
  await t.close();
  expect(sofficeProcessesOf(t)).toEqual([]);
});

const SALES_CSV = [
  'Product,Units,Price,Total',
  '"Widget, large",3,2.5,7.5',
  '"Gadget ""pro""",4,10,40',
  '"Multi\nline",1,0.1,0.1',
  'Sum,8,,47.6',
  'Shipped on,2024-01-31,TRUE,Zürich',
].join('\r\n') + '\r\n';

async function ok(runId: string, body: Record<string, unknown>) {
  const res = await exportRun(t, org.secret, runId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('export matrix', () => {
  it('Word: pdf, html, txt, odt and the docx itself, with the text intact', async () => {
    const runId = await officeRun(t, org.secret, 'word', { title: 'Quarterly Report' });
    const pdf = await ok(runId, { format: 'pdf' });
    expect(pdf).toEqual({
      run_id: runId, format: 'pdf', download_url: expect.stringContaining('/api/v1/blobs/'), download_url_expires_at: expect.any(String),
      file_name: 'document.pdf', content_type: 'application/pdf', size: expect.any(Number), cached: false,
    });
    const pdfBytes = await fetchBytes(t, pdf.download_url);
    expect(pdfBytes.type).toBe('application/pdf');
    expect(pdfBytes.body.length).toBe(pdf.size);
    const text = pdfText(pdfBytes.body);
    for (const s of ['Quarterly Report', 'Bold conclusion.', 'Zürich café naïve façade', 'North', '1200']) expect(text).toContain(s);
    // The metric-compatible font is embedded (Carlito for Calibri), so the layout matches Office.
    expect(pdfBytes.body.toString('latin1')).toMatch(/FontName\s*\/[A-Z]{6}\+Carlito/);

    const html = await ok(runId, { format: 'html' });
    expect(html.content_type).toBe('text/html; charset=utf-8');
    const page = (await fetchBytes(t, html.download_url)).body.toString('utf8');
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page).toContain('<h1>Quarterly Report</h1>');
    expect(page).toContain('<strong>Bold conclusion.</strong>');
    expect(page).toMatch(/<table>.*North.*1200.*<\/table>/s);

    const txt = await ok(runId, { format: 'txt' });
    expect(txt.file_name).toBe('document.txt');
    const plain = (await fetchBytes(t, txt.download_url)).body.toString('utf8');
    expect(plain).toContain('Quarterly Report\n\nRevenue grew in every region. Bold conclusion.\n\nZürich café naïve façade: 42 widgets shipped.');

    const odt = await ok(runId, { format: 'odt' });
    expect(odt.content_type).toBe('application/vnd.oasis.opendocument.text');
    const odtText = await openDocumentText((await fetchBytes(t, odt.download_url)).body, 'application/vnd.oasis.opendocument.text');
    for (const s of ['Quarterly Report', 'Bold conclusion.', 'Zürich café']) expect(odtText).toContain(s);

    const docx = await ok(runId, { format: 'docx' });
    expect(docx).toMatchObject({ file_name: 'document.docx', cached: true });
    const original = await fetchBytes(t, (await t.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: { 'x-api-key': org.secret } })).json().download_url);
    expect((await fetchBytes(t, docx.download_url)).body.equals(original.body)).toBe(true);
  });

  it('Excel: pdf, csv (computed values, RFC 4180), png, html tables and the xlsx itself', async () => {
    const runId = await officeRun(t, org.secret, 'excel', { title: 'Product' });
    const pdfText_ = pdfText((await fetchBytes(t, (await ok(runId, { format: 'pdf' })).download_url)).body);
    for (const s of ['Widget, large', '"pro"', '47.6', 'Zürich', 'Owner']) expect(pdfText_).toContain(s);

    const csv = await ok(runId, { format: 'csv' });
    expect(csv).toMatchObject({ file_name: 'document.csv', content_type: 'text/csv; charset=utf-8', cached: false });
    expect((await fetchBytes(t, csv.download_url)).body.toString('utf8')).toBe(SALES_CSV);

    // Each sheet prints on its own page: two pages, so a zip.
    const png = await ok(runId, { format: 'png' });
    expect(png).toMatchObject({ file_name: 'document-pages.zip', content_type: 'application/zip', pages: [{ page: 1 }, { page: 2 }] });
    const pages = await unzip((await fetchBytes(t, png.download_url)).body);
    expect([...pages.keys()]).toEqual(['page-001.png', 'page-002.png']);
    expect(pngSize(pages.get('page-001.png')!).width).toBeGreaterThan(1000); // 150 dpi on a Letter/A4 page
    const oneSheet = await officeRun(t, org.secret, 'excel', { sheets: 1 });
    const single = await ok(oneSheet, { format: 'png' });
    expect(single).toMatchObject({ file_name: 'document.png', content_type: 'image/png', pages: [{ page: 1, download_url: expect.any(String) }] });
    const image = (await fetchBytes(t, single.download_url)).body;
    expect(pngSize(image).width).toBeGreaterThan(1000);
    expect((await fetchBytes(t, single.pages[0].download_url)).body.equals(image)).toBe(true);

    const html = await ok(runId, { format: 'html' });
    const tables = (await fetchBytes(t, html.download_url)).body.toString('utf8');
    expect(tables).toContain('<h2>Sales</h2>');
    expect(tables).toContain('<h2>Notes</h2>');
    expect(tables).toContain('<td>Gadget &#34;pro&#34;</td><td class="n">4</td><td class="n">10</td><td class="n">40</td>');
    expect(tables).toContain('<td>Multi<br>line</td>');
    expect(tables.match(/<table>/g)).toHaveLength(2);

    expect(await ok(runId, { format: 'xlsx' })).toMatchObject({ file_name: 'document.xlsx', cached: true });
  });

  it('Slides: pdf, png (a zip of pages plus a link per page, or one PNG for one slide), odp and the pptx itself', async () => {
    const runId = await officeRun(t, org.secret, 'slides', { title: 'Folio Slides Fixture', slides: 3 });
    const pdf = (await fetchBytes(t, (await ok(runId, { format: 'pdf' })).download_url)).body;
    expect(pdfPages(pdf)).toBe(3);
    const text = pdfText(pdf);
    for (const s of ['Folio Slides Fixture', 'Slide 2 heading', 'Slide 3 heading', 'Bullet point number 3 about growth']) expect(text).toContain(s);

    const png = await ok(runId, { format: 'png' });
    expect(png).toMatchObject({ file_name: 'document-pages.zip', content_type: 'application/zip' });
    expect(png.pages.map((p: any) => p.page)).toEqual([1, 2, 3]);
    const entries = await unzip((await fetchBytes(t, png.download_url)).body);
    expect([...entries.keys()]).toEqual(['page-001.png', 'page-002.png', 'page-003.png']);
    for (const [i, p] of png.pages.entries()) {
      const image = (await fetchBytes(t, p.download_url)).body;
      expect(pngSize(image)).toEqual({ width: 1500, height: 844 }); // 16:9 at 150 dpi
      expect(image.equals(entries.get(`page-00${i + 1}.png`)!)).toBe(true);
    }

    const odp = await ok(runId, { format: 'odp' });
    const odpText = await openDocumentText((await fetchBytes(t, odp.download_url)).body, 'application/vnd.oasis.opendocument.presentation');
    for (const s of ['Folio Slides Fixture', 'Slide 3 heading']) expect(odpText).toContain(s);
    expect(await ok(runId, { format: 'pptx' })).toMatchObject({ file_name: 'document.pptx', cached: true });

    const single = await officeRun(t, org.secret, 'slides', { title: 'Just one', slides: 1 });
    const one = await ok(single, { format: 'png' });
    expect(one).toMatchObject({ file_name: 'document.png', content_type: 'image/png', pages: [{ page: 1 }] });
    expect(pngSize((await fetchBytes(t, one.download_url)).body)).toEqual({ width: 1500, height: 844 });
  });

  it('refuses formats outside the run type\'s row with 422 listing the allowed ones', async () => {
    const word = await officeRun(t, org.secret, 'word');
    const excel = await officeRun(t, org.secret, 'excel');
    const slides = await officeRun(t, org.secret, 'slides');
    const cases: [string, string, string[]][] = [
      [word, 'csv', ['pdf', 'html', 'txt', 'odt', 'docx']], [word, 'png', ['pdf', 'html', 'txt', 'odt', 'docx']],
      [excel, 'odt', ['pdf', 'csv', 'png', 'html', 'xlsx']], [excel, 'txt', ['pdf', 'csv', 'png', 'html', 'xlsx']],
      [slides, 'html', ['pdf', 'png', 'odp', 'pptx']], [slides, 'docx', ['pdf', 'png', 'odp', 'pptx']],
    ];
    for (const [runId, format, allowed] of cases) {
      const res = await exportRun(t, org.secret, runId, { format });
      expect(res.statusCode, `${format}`).toBe(422);
      const body = res.json();
      expect(body).toMatchObject({ success: false, error: 'validation_error', detail: [{ loc: ['body', 'format'], type: 'format_not_allowed', input: format, ctx: { allowed } }] });
      expect(body.message).toContain(`${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`);
    }
    for (const body of [{}, { format: 'gif' }, { format: 'pdf', extra: 1 }, { format: 'csv', sheet: '' }]) {
      expect((await exportRun(t, org.secret, excel, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('csv options', () => {
  it('exports the first sheet, a named sheet, or every sheet as a zip; unknown sheets and sheet on other formats are 422', async () => {
    const runId = await officeRun(t, org.secret, 'excel', { title: 'Product' });
    const notes = await ok(runId, { format: 'csv', sheet: 'notes' });
    expect(notes.file_name).toBe('document-Notes.csv');
    expect((await fetchBytes(t, notes.download_url)).body.toString()).toBe('Note,Owner\r\nRemember sheet 2,Ana\r\n');
    const all = await ok(runId, { format: 'csv', sheet: '*' });
    expect(all).toMatchObject({ file_name: 'document-sheets.zip', content_type: 'application/zip' });
    const entries = await unzip((await fetchBytes(t, all.download_url)).body);
    expect([...entries.keys()]).toEqual(['Sales.csv', 'Notes.csv']);
    expect(entries.get('Sales.csv')!.toString()).toBe(SALES_CSV);
    const missing = await exportRun(t, org.secret, runId, { format: 'csv', sheet: 'Nope' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'sheet'], type: 'sheet_not_found' });
    expect(missing.json().message).toContain('"Sales", "Notes"');
    const wrong = await exportRun(t, org.secret, runId, { format: 'pdf', sheet: 'Sales' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0].loc).toEqual(['body', 'sheet']);
  });

  it('computes formulas that the workbook stores without values (LibreOffice recalculates, then the native CSV)', async () => {
    const runId = await officeRun(t, org.secret, 'excel', { title: 'Product', cachedResults: false });
    const csv = await ok(runId, { format: 'csv' });
    expect((await fetchBytes(t, csv.download_url)).body.toString('utf8')).toBe(SALES_CSV);
    const html = (await fetchBytes(t, (await ok(runId, { format: 'html' })).download_url)).body.toString();
    expect(html).toContain('<td class="n">47.6</td>');
  });
});

describe('cache', () => {
  it('answers a repeat export from the cache without converting, and converts afresh after a new version', async () => {
    const runId = await officeRun(t, org.secret, 'word', { title: 'Version one' });
    const first = await ok(runId, { format: 'pdf' });
    expect(first.cached).toBe(false);
    const conversions = t.app.ctx.export.pool.stats().conversions;
    const again = await ok(runId, { format: 'pdf' });
    expect(again).toMatchObject({ cached: true, size: first.size });
    expect(t.app.ctx.export.pool.stats().conversions).toBe(conversions);
    expect(pdfText((await fetchBytes(t, again.download_url)).body)).toContain('Version one');
    // Options are part of the key: another format or sheet is another rendition.
    expect((await ok(runId, { format: 'txt' })).cached).toBe(false);
    expect((await ok(runId, { format: 'txt' })).cached).toBe(true);

    const resumed = await generate(t, org.secret, { prompt: JSON.stringify({ title: 'Version two' }), run_id: runId });
    expect(resumed.statusCode).toBe(200);
    const fresh = await ok(runId, { format: 'pdf' });
    expect(fresh.cached).toBe(false);
    expect(t.app.ctx.export.pool.stats().conversions).toBe(conversions + 1);
    const text = pdfText((await fetchBytes(t, fresh.download_url)).body);
    expect(text).toContain('Version two');
    expect(text).not.toContain('Version one');
    expect((await ok(runId, { format: 'pdf' })).cached).toBe(true);
    expect((await fetchBytes(t, (await ok(runId, { format: 'txt' })).download_url)).body.toString()).toContain('Version two');
  });

  it('writes a rendition to a key fixed by what it renders: bytes whose row was lost are overwritten by the retry, not left behind', async () => {
    const runId = await officeRun(t, org.secret, 'word', { title: 'Lost row' });
    await ok(runId, { format: 'txt' });
    const db = t.app.ctx.database.db;
    const keyOf = async () => (await sql<{ blob_key: string }>`select blob_key from export_renditions where source_id = ${runId} and format = 'txt'`.execute(db)).rows.map((r) => r.blob_key);
    const [first] = await keyOf();
    expect(first).toMatch(new RegExp(`^orgs/${org.org_id}/exports/${runId}/[^/]+/txt/`));
    // As if the process died between the upload and the row: the bytes are there, no row names them.
    await sql`delete from export_renditions where source_id = ${runId}`.execute(db);
    const retried = await ok(runId, { format: 'txt' });
    expect(retried.cached).toBe(false);
    expect(await keyOf()).toEqual([first]);
    expect((await fetchBytes(t, retried.download_url)).body.toString()).toContain('Lost row');
  });

  it('sweeps renditions of superseded versions and purged runs', async () => {
    const runId = await officeRun(t, org.secret, 'word', { title: 'Sweep me' });
    await ok(runId, { format: 'txt' });
    await generate(t, org.secret, { prompt: 'Sweep me again', run_id: runId });
    await ok(runId, { format: 'txt' });
    const db = t.app.ctx.database.db;
    const count = async () => Number((await sql<{ n: number }>`select count(*) as n from export_renditions where source_id = ${runId}`.execute(db)).rows[0].n);
    expect(await count()).toBe(2);
    // The superseded version's links stay valid for the signed-URL lifetime: age it past that.
    await sql`update artifact_versions set created_at = now() - interval '2 hours' where run_id = ${runId}`.execute(db);
    await t.app.ctx.export.sweeper.sweepOnce();
    expect(await count()).toBe(1);
    await sql`delete from runs where run_id = ${runId}`.execute(db);
    await t.app.ctx.export.sweeper.sweepOnce();
    expect(await count()).toBe(0);
  });
});

describe('run states and tenancy', () => {
  it('exports only completed runs: 409 otherwise, 410 for expired or purged runs, 404 for other organizations', async () => {
    const runId = await officeRun(t, org.secret, 'word');
    const db = t.app.ctx.database.db;
    for (const status of ['pending', 'running', 'failed', 'cancelled']) {
      await sql`update runs set status = ${status} where run_id = ${runId}`.execute(db);
      const res = await exportRun(t, org.secret, runId, { format: 'txt' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ error: 'conflict', message: expect.stringContaining(status) });
    }
    await sql`update runs set status = 'expired' where run_id = ${runId}`.execute(db);
    expect((await exportRun(t, org.secret, runId, { format: 'txt' })).json()).toMatchObject({ error: 'gone' });
    await sql`update runs set status = 'completed' where run_id = ${runId}`.execute(db);

    const other = await t.signup();
    const theirs = await exportRun(t, other.secret, runId, { format: 'txt' });
    expect(theirs.statusCode).toBe(404);
    expect((await exportRun(t, org.secret, 'run_nope', { format: 'txt' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: `/api/v1/runs/${runId}/export`, payload: { format: 'txt' } })).statusCode).toBe(401);

    await sql`insert into tombstones (resource_id, org_id, kind) values ('run_purged', ${org.org_id}, 'run')`.execute(db);
    expect((await exportRun(t, org.secret, 'run_purged', { format: 'txt' })).statusCode).toBe(410);
  });
});

describe('concurrency', () => {
  it('runs 8 exports at once: no crash, each result correct', async () => {
    const specs = [
      ['word', 'pdf'], ['word', 'odt'], ['excel', 'pdf'], ['excel', 'png'],
      ['slides', 'pdf'], ['slides', 'odp'], ['word', 'pdf'], ['slides', 'png'],
    ] as const;
    const runs = await Promise.all(specs.map(([format], i) => officeRun(t, org.secret, format, { title: `Parallel ${i}`, slides: 1, sheets: 1 })));
    const results = await Promise.all(specs.map(([, format], i) => exportRun(t, org.secret, runs[i], { format })));
    for (const [i, res] of results.entries()) {
      expect(res.statusCode, `${specs[i]}: ${res.body}`).toBe(200);
      const body = (await fetchBytes(t, res.json().download_url)).body;
      const [, format] = specs[i];
      if (format === 'pdf') expect(pdfText(body)).toContain(`Parallel ${i}`);
      else if (format === 'png') expect(pngSize(body).width).toBeGreaterThan(1000);
      else expect(await openDocumentText(body, format === 'odt' ? 'application/vnd.oasis.opendocument.text' : 'application/vnd.oasis.opendocument.presentation')).toContain(`Parallel ${i}`);
    }
  });
});
