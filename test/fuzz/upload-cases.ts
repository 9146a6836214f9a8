// Hostile uploads, per file type: corrupt zips, OOXML with missing parts, XML with DTDs, external
// entities and entity expansion, PDFs with broken cross-reference tables, images with lying headers,
// and broken multipart framing. Each must answer 4xx with a reason or be accepted; never 5xx, never a hang.
import { docx, gif, jpeg, png, PDF, xlsx, zip } from '../helpers/fixtures.ts';
import type { Rng } from './values.ts';

export interface UploadCase {
  name: string;
  filename?: string;
  data?: Buffer;
  contentType?: string;
  fields?: { name: string; value: string }[];
  raw?: { payload: Buffer; headers: Record<string, string> };
}

const xxe = (canary: string) => `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY n SYSTEM "${canary}">]>`;
const XXE = xxe('http://127.0.0.1:9/xxe');
const LAUGHS = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY l0 "ha">${Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('')}]>`;
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const CT_DOCX = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS = '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

function wordWith(documentXml: string, extra: { name: string; data: Buffer }[] = []): Buffer {
  return zip([{ name: '[Content_Types].xml', data: Buffer.from(CT_DOCX) }, { name: '_rels/.rels', data: Buffer.from(RELS) }, { name: 'word/document.xml', data: Buffer.from(documentXml) }, ...extra]);
}

/** Hostile documents (also used as `init_file` and for export/convert in the upload suite). */
/** `canary`: the URL the external entities name (a test can listen there and count connections). */
export function hostileDocuments(canary = 'http://127.0.0.1:9/xxe'): { name: string; filename: string; data: Buffer }[] {
  const good = docx();
  return [
    { name: 'zip: truncated', filename: 'cut.docx', data: good.subarray(0, Math.floor(good.length / 2)) },
    { name: 'zip: only a local header', filename: 'hdr.docx', data: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]) },
    { name: 'zip: corrupt deflate stream', filename: 'crc.docx', data: (() => { const b = Buffer.from(good); b.fill(0x55, 40, 80); return b; })() },
    { name: 'zip: lying sizes', filename: 'lie.xlsx', data: zip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>'), declaredSize: 10 }, { name: 'xl/workbook.xml', data: Buffer.alloc(5000, 65), declaredSize: 3 }]) },
    { name: 'zip: empty archive', filename: 'empty.docx', data: zip([]) },
    { name: 'zip: path traversal names', filename: 'trav.docx', data: zip([{ name: '../../../../tmp/folio-fuzz-escape', data: Buffer.from('x') }, { name: '[Content_Types].xml', data: Buffer.from(CT_DOCX) }]) },
    { name: 'ooxml: no document part', filename: 'nodoc.docx', data: zip([{ name: '[Content_Types].xml', data: Buffer.from(CT_DOCX) }, { name: '_rels/.rels', data: Buffer.from(RELS) }]) },
    { name: 'ooxml: no content types', filename: 'noct.docx', data: zip([{ name: 'word/document.xml', data: Buffer.from(`<w:document ${W}><w:body/></w:document>`) }]) },
    { name: 'ooxml: workbook without sheets', filename: 'nosheets.xlsx', data: xlsx() },
    { name: 'xml: external entities (XXE)', filename: 'xxe.docx', data: wordWith(`${xxe(canary)}<w:document ${W}><w:body><w:p><w:r><w:t>&x;&n;</w:t></w:r></w:p></w:body></w:document>`) },
    { name: 'xml: billion laughs', filename: 'laughs.docx', data: wordWith(`${LAUGHS}<w:document ${W}><w:body><w:p><w:r><w:t>&l9;</w:t></w:r></w:p></w:body></w:document>`) },
    { name: 'xml: not well-formed', filename: 'badxml.docx', data: wordWith(`<w:document ${W}><w:body><w:p>`) },
    { name: 'xml: 10000 nested elements', filename: 'deep.docx', data: wordWith(`<w:document ${W}><w:body>${'<w:p>'.repeat(10_000)}${'</w:p>'.repeat(10_000)}</w:body></w:document>`) },
    { name: 'pdf: broken xref', filename: 'xref.pdf', data: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\nxref\n0 99\n0000000000 65535 f \nzzzz\ntrailer << /Size 99 /Root 1 0 R >>\nstartxref\n999999\n%%EOF\n') },
    { name: 'pdf: header only', filename: 'head.pdf', data: Buffer.from('%PDF-1.4\n') },
    { name: 'pdf: minimal', filename: 'min.pdf', data: PDF },
    { name: 'pdf: self-referencing pages', filename: 'loop.pdf', data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [2 0 R] /Count 1 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n') },
    { name: 'text: invalid UTF-8 csv', filename: 'bad.csv', data: Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xff, 0xfe, 0x2c, 0xc3, 0x28, 0x0a]) },
    { name: 'text: formula cells csv', filename: 'formulas.csv', data: Buffer.from('name,value\n=HYPERLINK("http://evil.example","x"),1\n=cmd|\' /C calc\'!A0,2\n+1-1,3\n@SUM(1),4\n') },
    { name: 'docx named pdf', filename: 'liar.pdf', data: good },
  ];
}

export function hostileImages(): { name: string; filename: string; data: Buffer }[] {
  const p = png(4, 4);
  const huge = Buffer.from(p);
  huge.writeUInt32BE(100_000, 16);
  huge.writeUInt32BE(100_000, 20);
  return [
    { name: 'png: claims 100000x100000', filename: 'huge.png', data: huge },
    { name: 'png: truncated', filename: 'cut.png', data: p.subarray(0, 20) },
    { name: 'jpeg: zero size', filename: 'zero.jpg', data: jpeg(0, 0) },
    { name: 'gif named png', filename: 'liar.png', data: gif(2, 2) },
    { name: 'svg with script and XXE', filename: 'x.svg', data: Buffer.from(`${XXE}<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><text>&x;</text></svg>`) },
    { name: 'png signature then garbage', filename: 'sig.png', data: Buffer.concat([p.subarray(0, 8), Buffer.alloc(100, 0xff)]) },
  ];
}

export function uploadCases(rng: Rng): UploadCase[] {
  const boundary = 'fuzzb0undary';
  const raw = (body: string) => ({ payload: Buffer.from(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return [
    ...hostileDocuments(),
    ...hostileImages(),
    { name: 'empty file', filename: 'empty.txt', data: Buffer.alloc(0) },
    { name: 'NUL in file name', filename: 'a\u0000b.txt' },
    { name: 'traversal file name', filename: '../../etc/passwd' },
    { name: 'very long file name', filename: `${'n'.repeat(5000)}.txt` },
    { name: 'RTL override file name', filename: 'invoice\u202egpj.exe' },
    { name: 'hostile field value', fields: [{ name: 'description', value: rng.pick(['x\u0000', '\ud800', 'y'.repeat(70_000)]) }] },
    { name: 'unknown field', fields: [{ name: 'admin', value: 'true' }] },
    { name: 'duplicate field', fields: [{ name: 'tags', value: 'a' }, { name: 'tags', value: 'b' }] },
    { name: 'missing file part', raw: raw(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nx\r\n--${boundary}--\r\n`) },
    { name: 'two file parts', raw: raw(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\na\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\n\r\nb\r\n--${boundary}--\r\n`) },
    { name: 'file under another name', raw: raw(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="a.txt"\r\n\r\na\r\n--${boundary}--\r\n`) },
    { name: 'truncated multipart', raw: raw(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc`) },
    { name: 'wrong boundary', raw: { payload: Buffer.from(`--other\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\na\r\n--other--\r\n`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } } },
    { name: 'no boundary', raw: { payload: Buffer.from('abc'), headers: { 'content-type': 'multipart/form-data' } } },
    { name: 'JSON instead of multipart', raw: { payload: Buffer.from('{"file":"x"}'), headers: { 'content-type': 'application/json' } } },
    { name: 'extended file name with %00', raw: raw(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.txt\r\n\r\nabc\r\n--${boundary}--\r\n`) },
    { name: 'header-only part', raw: raw(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\n\r\n--${boundary}--\r\n`) },
  ];
}
