// POST /files/{file_id}/convert (same matrix as runs, for uploaded files), and a server without
// LibreOffice: it starts, the formats that need LibreOffice answer 501 naming the packages, and the
// native formats keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { fileParts, upload } from './helpers/storage.ts';
import { makeDocx, makePptx, makeXlsx } from './helpers/office-fixtures.ts';
import { convertFile, exportRun, fetchBytes, officeRun, pdfText, pngSize, sofficeProcessesOf, unzip } from './helpers/export.ts';
import { officeAgents } from './helpers/office-fixtures.ts';

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  // One after the other: two apps booting at once can pass Fastify's 10 s plugin timeout on a loaded machine.
  t = await startTestApp();
  bare = await startTestApp({}, { agents: officeAgents(), env: { FOLIO_SOFFICE_PATH: '/nonexistent/soffice', FOLIO_EXPORT_POOL_START: 'boot' } });
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
  if (t) expect(sofficeProcessesOf(t)).toEqual([]);
});

async function uploaded(app: TestApp, secret: string, name: string, bytes: Buffer): Promise<string> {
  const res = await upload(app, secret, '/api/v1/files', fileParts(name, bytes));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file_id;
}

describe('POST /files/{file_id}/convert', () => {
  it('converts uploaded .docx, .xlsx and .pptx files along the same matrix, with the cache', async () => {
    const org = await t.signup();
    const docx = await uploaded(t, org.secret, 'Board memo.docx', await makeDocx({ title: 'Board memo' }));
    const pdf = await convertFile(t, org.secret, docx, { format: 'pdf' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json()).toMatchObject({ file_id: docx, format: 'pdf', file_name: 'Board memo.pdf', cached: false });
    expect(pdfText((await fetchBytes(t, pdf.json().download_url)).body)).toContain('Board memo');
    const again = await convertFile(t, org.secret, docx, { format: 'pdf' });
    expect(again.json()).toMatchObject({ cached: true, download_url: expect.any(String) });
    const txt = (await convertFile(t, org.secret, docx, { format: 'txt' })).json();
    expect((await fetchBytes(t, txt.download_url)).body.toString()).toMatch(/^Board memo\n/);

    const xlsx = await uploaded(t, org.secret, 'numbers.xlsx', await makeXlsx({ title: 'Item' }));
    const csv = (await convertFile(t, org.secret, xlsx, { format: 'csv', sheet: 'Sales' })).json();
    expect(csv.file_name).toBe('numbers-Sales.csv');
    expect((await fetchBytes(t, csv.download_url)).body.toString()).toMatch(/^Item,Units,Price,Total\r\n"Widget, large",3,2.5,7.5\r\n/);

    const pptx = await uploaded(t, org.secret, 'deck.pptx', await makePptx({ slides: 2 }));
    const png = (await convertFile(t, org.secret, pptx, { format: 'png' })).json();
    expect(png).toMatchObject({ file_name: 'deck-pages.zip', pages: [{ page: 1 }, { page: 2 }] });
    expect([...(await unzip((await fetchBytes(t, png.download_url)).body)).keys()]).toEqual(['page-001.png', 'page-002.png']);
    expect(pngSize((await fetchBytes(t, png.pages[1].download_url)).body)).toEqual({ width: 1500, height: 844 });

    // An unsupported pair is the reference service's 400 invalid_request listing the valid targets (issue 32).
    const wrong = await convertFile(t, org.secret, pptx, { format: 'csv' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('pdf, png, odp, pptx'), allowed: ['pdf', 'png', 'odp', 'pptx'] });
  });

  it('refuses files that are not Office documents (422), other organizations\' files and deleted files (404)', async () => {
    const org = await t.signup();
    const text = await uploaded(t, org.secret, 'notes.txt', Buffer.from('just text'));
    const res = await convertFile(t, org.secret, text, { format: 'pdf' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['path', 'file_id'], type: 'unsupported_file_type' });

    const docx = await uploaded(t, org.secret, 'memo.docx', await makeDocx());
    const other = await t.signup();
    expect((await convertFile(t, other.secret, docx, { format: 'txt' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/files/${docx}`, headers: { 'x-api-key': org.secret } })).statusCode).toBe(204);
    expect((await convertFile(t, org.secret, docx, { format: 'txt' })).statusCode).toBe(404);
  });
});

describe('without LibreOffice', () => {
  it('starts, answers 501 naming the packages for pdf, png, odt and odp, and keeps the native formats', async () => {
    const org = await bare.signup();
    const word = await officeRun(bare, org.secret, 'word', { title: 'No office here' });
    const slides = await officeRun(bare, org.secret, 'slides', { slides: 1 });
    for (const [runId, format] of [[word, 'pdf'], [word, 'odt'], [slides, 'png'], [slides, 'odp']]) {
      const res = await exportRun(bare, org.secret, runId, { format });
      expect(res.statusCode, format).toBe(501);
      expect(res.json()).toMatchObject({ error: 'not_implemented', message: expect.stringContaining('libreoffice-nogui') });
      expect(res.json().message).toContain('python3-uno');
    }
    const txt = await exportRun(bare, org.secret, word, { format: 'txt' });
    expect(txt.statusCode).toBe(200);
    expect((await fetchBytes(bare, txt.json().download_url)).body.toString()).toContain('No office here');
    const excel = await officeRun(bare, org.secret, 'excel', { title: 'Offline' });
    const csv = await exportRun(bare, org.secret, excel, { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect((await fetchBytes(bare, csv.json().download_url)).body.toString()).toMatch(/^Offline,Units/);
    // Formulas stored without values need LibreOffice to compute: 501 rather than empty cells.
    const uncomputed = await officeRun(bare, org.secret, 'excel', { cachedResults: false });
    expect((await exportRun(bare, org.secret, uncomputed, { format: 'csv' })).json()).toMatchObject({ error: 'not_implemented', message: expect.stringContaining('without computed values') });
  });
});
