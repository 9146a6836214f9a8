// POST /files/{file_id}/convert of office files that are not Office Open XML, made by other programs:
// Word 97-2003, Rich Text and OpenDocument text convert like a .docx; Excel 97-2003, OpenDocument
// spreadsheets and CSV like a .xlsx; PowerPoint 97-2003 and OpenDocument presentations like a .pptx
// (test/fixtures/legacy/README.md says where each file comes from). LibreOffice reads them; the native
// cells (csv, html, txt) read their Office Open XML rewrite; a CSV becomes a typed one-sheet workbook.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertFile, fetchBytes, pdfText, sofficeProcessesOf, unzip } from './helpers/export.ts';
import { fileParts, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const LEGACY = path.join('test', 'fixtures', 'legacy');
const CSV = path.join('test', 'fixtures', 'csv');
let t: TestApp;
let bare: TestApp;
let org: { org_id: string; secret: string };
beforeAll(async () => {
  t = await startTestApp({}, { env: { FOLIO_EXPORT_TIMEOUT_MS: '120000' } });
  bare = await startTestApp({}, { env: { FOLIO_SOFFICE_PATH: '/nonexistent/soffice' } });
  org = await t.signup();
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
  if (t) expect(sofficeProcessesOf(t)).toEqual([]);
});

async function uploaded(app: TestApp, secret: string, name: string, bytes = fs.readFileSync(path.join(LEGACY, name))): Promise<{ file_id: string; content_type: string }> {
  const res = await upload(app, secret, '/api/v1/files', fileParts(name, bytes));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function converted(fileId: string, format: string): Promise<{ json: any; body: Buffer }> {
  const res = await convertFile(t, org.secret, fileId, { format });
  expect(res.statusCode, `${format}: ${res.body}`).toBe(200);
  return { json: res.json(), body: (await fetchBytes(t, res.json().download_url)).body };
}

describe('converting legacy and OpenDocument files', { timeout: 240_000 }, () => {
  it('a Word 97-2003 document, Rich Text and OpenDocument text: pdf, docx, txt, and the Word row as the allowed list', async () => {
    const doc = await uploaded(t, org.secret, 'table-merges.doc');
    expect(doc.content_type).toBe('application/msword');
    const pdf = await converted(doc.file_id, 'pdf');
    expect(pdf.json).toMatchObject({ source_format: 'doc', format: 'pdf', file_name: 'table-merges.pdf', cached: false });
    expect(pdfText(pdf.body)).toMatch(/\bK\b/);
    const docx = await converted(doc.file_id, 'docx');
    expect(docx.json.file_name).toBe('table-merges.docx');
    const word = await JSZip.loadAsync(docx.body);
    expect(await word.file('word/document.xml')!.async('string')).toContain('<w:tbl>');
    const txt = await converted(doc.file_id, 'txt');
    expect(txt.body.toString()).toMatch(/\bK\b/);
    expect((await convertFile(t, org.secret, doc.file_id, { format: 'pdf' })).json().cached).toBe(true);
    const wrong = await convertFile(t, org.secret, doc.file_id, { format: 'png' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_request', source_format: 'doc', allowed: ['pdf', 'html', 'txt', 'odt', 'docx'] });

    for (const name of ['headers-footers.rtf', 'headers-footers.odt']) {
      const f = await uploaded(t, org.secret, name);
      const text = pdfText((await converted(f.file_id, 'pdf')).body);
      expect(text, name).toContain('Header for section-1');
      const html = (await converted(f.file_id, 'html')).body.toString();
      expect(html, name).toContain('section with header');
    }
  });

  it('an Excel 97-2003 workbook and an OpenDocument spreadsheet: pdf, xlsx, csv', async () => {
    const xls = await uploaded(t, org.secret, 'SimpleWithColours.xls');
    expect(xls.content_type).toBe('application/vnd.ms-excel');
    expect(pdfText((await converted(xls.file_id, 'pdf')).body)).toContain("I'm red with a green bg");
    const csv = await converted(xls.file_id, 'csv');
    expect(csv.json).toMatchObject({ source_format: 'xls', file_name: 'SimpleWithColours.csv' });
    expect(csv.body.toString()).toContain("I'm red with a green bg");
    const xlsx = await JSZip.loadAsync((await converted(xls.file_id, 'xlsx')).body);
    expect(xlsx.file('xl/workbook.xml')).toBeTruthy();

    const ods = await uploaded(t, org.secret, 'SampleSS.ods');
    expect(ods.content_type).toBe('application/vnd.oasis.opendocument.spreadsheet');
    expect(pdfText((await converted(ods.file_id, 'pdf')).body)).toContain('Test spreadsheet');
    expect((await converted(ods.file_id, 'csv')).body.toString()).toContain('Test spreadsheet');
  });

  it('a CSV, in UTF-8 and in Windows-1252 with semicolons: a typed workbook named after the file, and its pdf', async () => {
    const utf8 = await uploaded(t, org.secret, 'Q3 sales.csv', Buffer.from('Region,Revenue,Note\nNorth,1200,"up, again"\nSüd,980,flat\n'));
    const made = await converted(utf8.file_id, 'xlsx');
    expect(made.json).toMatchObject({ source_format: 'csv', file_name: 'Q3 sales.xlsx' });
    const wb = await JSZip.loadAsync(made.body);
    expect(await wb.file('xl/workbook.xml')!.async('string')).toContain('name="Q3 sales"');
    const sheet = await wb.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).toMatch(/<c r="B2"><v>1200<\/v>/); // typed: a number, not the text "1200"
    expect(pdfText((await converted(utf8.file_id, 'pdf')).body)).toContain('Süd');
    const ansi = await uploaded(t, org.secret, 'export.csv', Buffer.from('Ville;Montant\nZürich;120\nGenève;80\n', 'latin1'));
    // Read as Windows-1252 with ';' between fields: the HTML shows the names and one column per field.
    const html = (await converted(ansi.file_id, 'html')).body.toString();
    expect(html).toContain('Zürich');
    expect(html).toContain('Genève');
    expect(html).not.toContain('Zürich;120');
    // csv to csv is the file itself, as for every format to its own.
    expect((await converted(ansi.file_id, 'csv')).body.equals(Buffer.from('Ville;Montant\nZürich;120\nGenève;80\n', 'latin1'))).toBe(true);
    const empty = await uploaded(t, org.secret, 'empty.csv', Buffer.from('\n\n'));
    const refused = await convertFile(t, org.secret, empty.file_id, { format: 'xlsx' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0]).toMatchObject({ loc: ['path', 'file_id'], type: 'document_unreadable' });
  });

  it('CSV exports as Excel and banks write them: numbers, amounts, percentages and dates typed with their formats, ids and codes kept as text', async () => {
    // test/fixtures/csv/README.md: a US orders export (UTF-8 with a byte-order mark, commas) and a German
    // bank statement (Windows-1252, semicolons, decimal commas, dd.mm.yyyy).
    const orders = await uploaded(t, org.secret, 'orders-us.csv', fs.readFileSync(path.join(CSV, 'orders-us.csv')));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await converted(orders.file_id, 'xlsx')).body as any);
    const ws = book.worksheets[0];
    const row = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
    expect(row(1)).toEqual(['Order ID', 'Order Date', 'Ship Date', 'Customer', 'ZIP', 'Phone', 'SKU', 'Units', 'Unit Price', 'Total', 'Discount', 'Net Margin', 'App Version', 'Note']);
    // 18-digit ids, postcodes, phones, codes with leading zeros and versions stay text, digit for digit;
    // the Note that starts with = is text, not a formula.
    expect(row(2)).toEqual(['100000000000000001', new Date(Date.UTC(2024, 2, 4)), new Date(Date.UTC(2024, 2, 15)), 'Acme Corp', '02134', '(617) 555-0101', '007-AB', 1200, 12.5, 15000, 0.12, -1200, '1.2.3', '=HYPERLINK("http://example.com/x")']);
    expect(row(4)).toEqual(['100000000000000003', new Date(Date.UTC(2024, 3, 2)), new Date(Date.UTC(2024, 3, 16)), 'Cortez Ltd', '10001', '(212) 555-0123', '1001', 340, 3.1, 1054, -0.035, -35, '1.10.0', '+1 gift wrap']);
    expect(ws.getCell('N2').type).toBe(ExcelJS.ValueType.String);
    expect(['B', 'H', 'I', 'K', 'L'].map((c) => ws.getCell(`${c}2`).numFmt)).toEqual(['m/d/yyyy', '#,##0', '"$"#,##0.00', '0.0%', '"$"#,##0.00;("$"#,##0.00)']);
    const sheetXml = await (await JSZip.loadAsync((await converted(orders.file_id, 'xlsx')).body)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheetXml).not.toContain('<f>');

    const bank = await uploaded(t, org.secret, 'umsaetze-de.csv', fs.readFileSync(path.join(CSV, 'umsaetze-de.csv')));
    expect(bank.content_type).toBe('text/csv');
    const statement = new ExcelJS.Workbook();
    await statement.xlsx.load((await converted(bank.file_id, 'xlsx')).body as any);
    const st = statement.worksheets[0];
    expect((st.getRow(3).values as unknown[]).slice(1)).toEqual([new Date(Date.UTC(2024, 2, 4)), new Date(Date.UTC(2024, 2, 4)), 'Stadtwerke Köln', 'Lastschrift', 'Strom Abschlag März', 'DE02100500000054540402', '000123456', -62.5, 2087.5]);
    expect(st.getCell('H4').value).toBe(3412.8);
    expect(['A3', 'H3', 'I3'].map((a) => st.getCell(a).numFmt)).toEqual(['dd.mm.yyyy', '#,##0.00', '#,##0.00 "€"']);

    // LibreOffice shows the formats (its locale decides the separators): amounts with their symbol and
    // groups, percentages as percentages, dates as dates; not 0.12 or 45366.
    const pdf = pdfText((await converted(orders.file_id, 'pdf')).body);
    expect(pdf).toMatch(/\$15[,.]000[.,]00/);
    expect(pdf).toMatch(/\(\$1[,.]200[.,]00\)/);
    expect(pdf).toMatch(/12[.,]0\s?%/);
    expect(pdf).toContain('3/15/2024');
    expect(pdf).toContain('100000000000000001');
    expect(pdf).not.toMatch(/\b0\.12\b|\b4536\d\b/);
    expect(pdfText((await converted(bank.file_id, 'pdf')).body)).toMatch(/5[.,]500[,.]30\s?€/);
  });

  it('a PowerPoint 97-2003 deck and an OpenDocument presentation: pptx and png pages', async () => {
    const ppt = await uploaded(t, org.secret, 'with_textbox.ppt');
    expect(ppt.content_type).toBe('application/vnd.ms-powerpoint');
    expect(pdfText((await converted(ppt.file_id, 'pdf')).body)).toContain('Hello, World!!!');
    const deck = await JSZip.loadAsync((await converted(ppt.file_id, 'pptx')).body);
    expect(Object.keys(deck.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length).toBeGreaterThanOrEqual(1);
    const odp = await uploaded(t, org.secret, 'dna.odp');
    const png = await converted(odp.file_id, 'png');
    expect(png.json.source_format).toBe('odp');
    expect(png.json.pages.length).toBeGreaterThanOrEqual(1);
    // One page is the PNG itself; more are a zip of them.
    if (png.json.pages.length === 1) expect(png.body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    else expect([...(await unzip(png.body)).keys()]).toHaveLength(png.json.pages.length);
  });

  it('without LibreOffice: 501 naming the packages for a legacy file, while a CSV still converts to its workbook', async () => {
    const o = await bare.signup();
    const doc = await uploaded(bare, o.secret, 'table-merges.doc');
    const res = await convertFile(bare, o.secret, doc.file_id, { format: 'txt' });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ error: 'not_implemented', message: expect.stringContaining('libreoffice-nogui') });
    const csv = await uploaded(bare, o.secret, 'plain.csv', Buffer.from('a,b\n1,2\n'));
    const xlsx = await convertFile(bare, o.secret, csv.file_id, { format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const html = await convertFile(bare, o.secret, csv.file_id, { format: 'html' });
    expect(html.statusCode, html.body).toBe(200);
  });
});
