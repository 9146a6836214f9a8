// Uploaded documents can point at external resources (a linked picture, a linked template). Converting
// them must not make Folio's LibreOffice fetch those URLs: that would be a server-side request forgery
// reaching internal addresses. A local HTTP receiver stands in for the internal service.
// And page images are capped: a png export of a huge document is refused, not rendered page by page.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertFile, fetchBytes, pdfText } from './helpers/export.ts';
import { makePptx } from './helpers/office-fixtures.ts';
import { fileParts, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';

/** A .docx whose only picture is linked (r:link, TargetMode="External"), not embedded. */
async function linkedImageDocx(url: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`);
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`);
  zip.file('word/_rels/document.xml.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${url}" TargetMode="External"/></Relationships>`);
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>
<w:p><w:r><w:t>Linked picture below</w:t></w:r></w:p>
<w:p><w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="914400"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="x.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rId5"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="914400"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>
<w:sectPr/></w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer' });
}

let t: TestApp;
let internal: WebhookReceiver;
beforeAll(async () => {
  [t, internal] = await Promise.all([startTestApp({}, { env: { FOLIO_EXPORT_PNG_MAX_PAGES: '2' } }), startWebhookReceiver(() => ({ status: 200, body: 'secret' }))]);
});
afterAll(async () => {
  await Promise.all([t?.close(), internal?.close()]);
});

describe('converting documents with external links', () => {
  it('renders the document without fetching its linked resources', async () => {
    const org = await t.signup();
    const up = await upload(t, org.secret, '/api/v1/files', fileParts('linked.docx', await linkedImageDocx(`${internal.url}/metadata/x.png`)));
    expect(up.statusCode, up.body).toBe(201);
    for (const format of ['pdf', 'odt', 'html']) {
      const res = await convertFile(t, org.secret, up.json().file_id, { format });
      expect(res.statusCode, res.body).toBe(200);
      if (format === 'pdf') expect(pdfText((await fetchBytes(t, res.json().download_url)).body)).toContain('Linked picture below');
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(internal.connections()).toBe(0);
  });

  // (A stock LibreOffice fetches the OpenDocument file's linked picture, GET and OPTIONS: checked by hand on 7.4.7.)
  it('does not fetch what a Rich Text or OpenDocument file links to either', async () => {
    const org = await t.signup();
    const rtf = `{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\f0 Linked picture below\\par{\\field{\\*\\fldinst INCLUDEPICTURE "${internal.url}/metadata/rtf.png" \\\\d}{\\fldrslt }}\\par}`;
    const odt = await linkedImageOdt(`${internal.url}/metadata/odt.png`);
    for (const [name, bytes] of [['linked.rtf', Buffer.from(rtf)], ['linked.odt', odt]] as const) {
      const up = await upload(t, org.secret, '/api/v1/files', fileParts(name, bytes));
      expect(up.statusCode, up.body).toBe(201);
      for (const format of ['pdf', 'docx']) {
        const res = await convertFile(t, org.secret, up.json().file_id, { format });
        expect(res.statusCode, `${name} ${format}: ${res.body}`).toBe(200);
        if (format === 'pdf') expect(pdfText((await fetchBytes(t, res.json().download_url)).body), name).toContain('Linked picture below');
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(internal.connections()).toBe(0);
  });
});

/** An OpenDocument text whose only picture is linked (xlink:href to a URL), not embedded. */
async function linkedImageOdt(url: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/vnd.oasis.opendocument.text', { compression: 'STORE' });
  zip.file('META-INF/manifest.xml', `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`);
  zip.file('content.xml', `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2"><office:body><office:text>
<text:p>Linked picture below</text:p>
<text:p><draw:frame draw:name="p" svg:width="2cm" svg:height="2cm"><draw:image xlink:href="${url}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>
</office:text></office:body></office:document-content>`);
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('png export page cap (FOLIO_EXPORT_PNG_MAX_PAGES)', () => {
  it('renders documents up to the cap and refuses longer ones with 422 too_many_pages', async () => {
    const org = await t.signup();
    const send = async (slides: number) => {
      const up = await upload(t, org.secret, '/api/v1/files', fileParts(`deck-${slides}.pptx`, await makePptx({ slides })));
      expect(up.statusCode, up.body).toBe(201);
      return convertFile(t, org.secret, up.json().file_id, { format: 'png' });
    };
    const ok = await send(2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().pages).toHaveLength(2);
    const long = await send(3);
    expect(long.statusCode, long.body).toBe(422);
    expect(long.json()).toMatchObject({ error: 'validation_error', detail: [{ type: 'too_many_pages', ctx: { max_pages: 2 } }] });
    expect(long.json().message).toContain('Export it to pdf instead');
    expect((await convertFile(t, org.secret, (await upload(t, org.secret, '/api/v1/files', fileParts('d.pptx', await makePptx({ slides: 3 })))).json().file_id, { format: 'pdf' })).statusCode).toBe(200);
  });
});
