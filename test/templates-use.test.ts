// Generating Word documents and Excel workbooks in an organization's template (documents made by Word
// and LibreOffice, workbooks by Excel and Google Sheets, also as .dotx / .xltx) with the builtin
// engine: the template's styles, page setup, headers, footers and theme, its sample body and sheets
// dropped, the brand still overriding; and `{{field}}` fill-in without a model, fields split across runs.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { python } from './helpers/documents.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { corpusFile, inspectPptx, packageParts, runDocument } from './helpers/slides.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { retype, uploadTemplate } from './helpers/templates.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({}), { env: { FOLIO_TEMPLATE_THUMBNAILS: 'false' } }); });
afterAll(async () => t?.close());

const REPORT = `# Trail maintenance plan
## Findings
- The north trail needs new drainage
- Two bridges need inspection
## Budget
Repairs are planned for the spring.`;

const getRun = async (secret: string, id: string) => (await t.inject({ method: 'GET', url: `/api/v1/runs/${id}`, headers: key(secret) })).json();
const text = (parts: Map<string, Buffer>, part: string) => parts.get(part)?.toString('utf8') ?? '';

async function template(secret: string, name: string, bytes: Buffer): Promise<any> {
  const res = await uploadTemplate(t, secret, name, bytes, { name });
  if (res.statusCode !== 201) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('document templates', () => {
  it("a Word document's styles, page setup, headers and footers; its sample body dropped; inherited headers kept", async () => {
    const org = await t.signup();
    const original = corpusFile('docx/word-headers-footers.docx');
    const tpl = await template(org.secret, 'letterhead.dotx', await retype(original, 'dotx'));
    expect(tpl.format).toBe('word');
    expect(tpl.analysis.document).toMatchObject({ page: { size: 'Letter', orientation: 'portrait', margins_mm: { left: 31.8 } }, has_header: true, sample_blocks: 3 });
    const res = await generate(t, org.secret, { prompt: REPORT, template_id: tpl.template_id, brand: { primary_color: '#0B6E4F' } }, 'word');
    expect(res.statusCode, res.body).toBe(200);
    const { bytes } = await runDocument(t, org.secret, res.json().run_id);
    const before = await packageParts(original);
    const after = await packageParts(bytes);
    const body = text(after, 'word/document.xml');
    expect(body).not.toContain('section with header');
    expect(body).toContain('Trail maintenance plan');
    expect(body).toContain('The north trail needs new drainage');
    // The page setup is the template's; its headers and footers stay, now referenced by the one section.
    expect(body).toContain('<w:pgSz w:w="12240" w:h="15840"/>');
    expect(body).toMatch(/<w:headerReference w:type="default" r:id="rId7"\/>/);
    for (const part of ['word/header1.xml', 'word/header2.xml', 'word/footer2.xml', 'word/settings.xml']) expect(after.get(part)?.equals(before.get(part)!), part).toBe(true);
    // The brand goes into the template's theme: accent 1 becomes the brand colour, the rest stays.
    expect(text(after, 'word/theme/theme1.xml')).toMatch(/<a:accent1><a:srgbClr val="0B6E4F"\/>/);
    expect(text(after, 'word/theme/theme1.xml')).toContain('<a:latin typeface="Calibri"/>');
    expect(text(after, '[Content_Types].xml')).toContain('wordprocessingml.document.main+xml');
    // python-docx, an independent reader: the one section shows the template's header.
    const doc = await python(bytes, 'docx', `import docx, json, sys
d = docx.Document(sys.argv[1])
print(json.dumps({"header": d.sections[-1].header.paragraphs[0].text, "styles": [p.style.name for p in d.paragraphs if p.text]}))`);
    expect(doc.header).toBe('Header for section-1');
    expect(doc.styles).toContain('Heading 1');
    expect((await getRun(org.secret, res.json().run_id)).template).toEqual({ template_id: tpl.template_id, version: 1 });
  }, 120_000);

  it("a LibreOffice template's own heading styles", async () => {
    const org = await t.signup();
    const tpl = await template(org.secret, 'agenda.docx', corpusFile('docx/lo-tpl-agenda.docx'));
    expect(tpl.analysis.document.styles.heading_1).toMatchObject({ style_id: 'Heading1', source: 'template' });
    const res = await generate(t, org.secret, { prompt: REPORT, template_id: tpl.template_id }, 'word');
    expect(res.statusCode, res.body).toBe(200);
    const after = await packageParts((await runDocument(t, org.secret, res.json().run_id)).bytes);
    const body = text(after, 'word/document.xml');
    expect(body).toMatch(/<w:pStyle w:val="Heading1"\/>(?:(?!<\/w:p>).)*Findings/s);
    const agenda = text(await packageParts(corpusFile('docx/lo-tpl-agenda.docx')), 'word/document.xml');
    const sample = /<w:t[^>]*>([^<]{12,})<\/w:t>/.exec(agenda)![1];
    expect(body).not.toContain(sample);
  }, 120_000);
});

describe('workbook templates', () => {
  it("an Excel workbook's theme and its own table style; sample sheets replaced by the new ones", async () => {
    const org = await t.signup();
    const original = corpusFile('xlsx/excel-budget-chart-table-image.xlsx');
    const tpl = await template(org.secret, 'budget.xltx', await retype(original, 'xltx'));
    expect(tpl.analysis.workbook).toMatchObject({ theme: { name: 'Metro', heading_font: 'Georgia', body_font: 'Century Gothic' }, table_style: { name: 'Simple Monthly Budget', source: 'template' }, sample_sheets: 1 });
    const data = { name: 'Repairs', columns: ['Item', 'Cost'], rows: [['Drainage', 12000], ['Bridges', 30000]] };
    const res = await generate(t, org.secret, { prompt: 'A workbook of the repair costs with a table and a total', data_sources: [data], template_id: tpl.template_id }, 'excel');
    expect(res.statusCode, res.body).toBe(200);
    const after = await packageParts((await runDocument(t, org.secret, res.json().run_id)).bytes);
    const before = await packageParts(original);
    const book = text(after, 'xl/workbook.xml');
    expect(book).not.toContain('name="Simple Monthly Budget"');
    expect(book).toMatch(/<sheet [^>]*name="Repairs"/);
    expect(after.get('xl/theme/theme1.xml')!.equals(before.get('xl/theme/theme1.xml')!)).toBe(true);
    const tables = [...after.keys()].filter((p) => /^xl\/tables\/.+\.xml$/.test(p)).map((p) => text(after, p));
    expect(tables.some((x) => x.includes('tableStyleInfo name="Simple Monthly Budget"'))).toBe(true);
    expect(text(after, '[Content_Types].xml')).toContain('spreadsheetml.sheet.main+xml');
  }, 120_000);

  it('a Google Sheets workbook as the organization default for excel', async () => {
    const org = await t.signup();
    const tpl = (await uploadTemplate(t, org.secret, 'sheets.xlsx', corpusFile('xlsx/gsheets-basic.xlsx'), { name: 'Sheets', is_default: 'true' })).json();
    const data = { name: 'Visitors', columns: ['Month', 'Visitors'], rows: [['May', 1200], ['June', 1850]] };
    const res = await generate(t, org.secret, { prompt: 'A sheet of the visitor numbers', data_sources: [data] }, 'excel');
    expect(res.statusCode, res.body).toBe(200);
    expect((await getRun(org.secret, res.json().run_id)).template).toEqual({ template_id: tpl.template_id, version: 1 });
    const after = await packageParts((await runDocument(t, org.secret, res.json().run_id)).bytes);
    expect(text(after, 'xl/theme/theme1.xml')).toContain('name="Sheets"');
    expect(text(after, 'xl/workbook.xml')).toMatch(/<sheet [^>]*name="Visitors"/);
    expect(text(after, 'xl/workbook.xml')).not.toMatch(/<sheet [^>]*name="Sheet1"/);
  }, 120_000);
});

describe('{{field}} fill-in', () => {
  async function withFields(bytes: Buffer, part: string, edit: (xml: string) => string): Promise<Buffer> {
    const zip = await JSZip.loadAsync(bytes);
    zip.file(part, edit(await zip.file(part)!.async('string')));
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  }

  it('fills fields split across Word runs and in headers, keeping run formatting, without a model', async () => {
    const org = await t.signup();
    let bytes = await withFields(corpusFile('docx/word-headers-footers.docx'), 'word/document.xml', (xml) => xml.replace(
      '<w:r><w:t>section with header</w:t></w:r>',
      '<w:r><w:t xml:space="preserve">Dear {{cli</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>ent_name}}, your order {{ order }} ships on {{date}}.</w:t></w:r>'));
    bytes = await withFields(bytes, 'word/header2.xml', (xml) => xml.replace('Header for section-1', '{{company}} confidential'));
    const tpl = await template(org.secret, 'letter.docx', bytes);
    expect(tpl.analysis.fields).toEqual(['client_name', 'order', 'date', 'company']);
    const res = await generate(t, org.secret, { prompt: 'Fill in the letter', template_id: tpl.template_id, fields: { client_name: 'Ada Lovelace', order: 'A-17', company: 'Acme & Co', unused: 'x' } }, 'word');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatch(/^Filled 3 fields \(client_name, order, company\); no model was called\. Left as they are \(no value given\): \{\{date\}\}\. Not in the document: unused\./);
    expect(res.json().credits_used).toBe(1);
    const after = await packageParts((await runDocument(t, org.secret, res.json().run_id)).bytes);
    const body = text(after, 'word/document.xml');
    expect(body).toContain('<w:r><w:t xml:space="preserve">Dear Ada Lovelace</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">, your order A-17 ships on {{date}}.</w:t></w:r>');
    expect(body).toContain('section without header of its own.');
    expect(text(after, 'word/header2.xml')).toContain('Acme &amp; Co confidential');
  }, 120_000);

  it('fills a deck template (runs split by formatting) and a workbook (shared strings); refuses fields with nothing to fill', async () => {
    const org = await t.signup();
    const deck = await withFields(corpusFile('pptx/pp-comments.pptx'), 'ppt/slides/slide1.xml', (xml) => xml.replace(/<a:t>([^<]+)<\/a:t>/, '<a:t>Prepared for {{cus</a:t></a:r><a:r><a:rPr lang="en-US" b="1"/><a:t>tomer}}</a:t>'));
    const dt = await template(org.secret, 'proposal.pptx', deck);
    expect(dt.analysis.fields).toEqual(['customer']);
    const res = await generate(t, org.secret, { prompt: 'Fill it', template_id: dt.template_id, fields: { customer: 'Globex' } }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const slides = inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes).slides;
    expect(JSON.stringify(slides[0].shapes)).toContain('Prepared for Globex');

    const book = await withFields(corpusFile('xlsx/gsheets-basic.xlsx'), 'xl/sharedStrings.xml', (xml) => xml.replace(/<t>([^<]*)<\/t>/, '<t>Quarter: {{quarter}}</t>'));
    const wt = await template(org.secret, 'quarter.xlsx', book);
    expect(wt.analysis.fields).toEqual(['quarter']);
    const filled = await generate(t, org.secret, { prompt: 'Fill it', template_id: wt.template_id, fields: { quarter: 'Q3 2026' } }, 'excel');
    expect(filled.statusCode, filled.body).toBe(200);
    expect(text(await packageParts((await runDocument(t, org.secret, filled.json().run_id)).bytes), 'xl/sharedStrings.xml')).toContain('Quarter: Q3 2026');

    const nothing = await generate(t, org.secret, { prompt: 'Fill it', fields: { quarter: 'Q3' } }, 'word');
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().detail[0]).toMatchObject({ loc: ['body', 'fields'] });
    const badName = await generate(t, org.secret, { prompt: 'Fill it', template_id: wt.template_id, fields: { 'no spaces': 'x' } }, 'excel');
    expect(badName.statusCode).toBe(422);
  }, 120_000);
});
