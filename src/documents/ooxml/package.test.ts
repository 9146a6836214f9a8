// The package layer on real files made by PowerPoint, Word, Excel, Google Sheets and LibreOffice: a
// no-op save copies every entry's compressed bytes through; edits rewrite only the parts they touch;
// relationships and content types change element by element; damaged, encrypted and oversized
// archives are refused with a message naming the problem.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { OoxmlPackage } from './package.ts';
import { REL, relativeTarget, resolveTarget, sourceOfRels } from './relationships.ts';
import { createEl, fragment, NS, serializeXml, xmlText } from './xml.ts';
import { readZipDirectory } from './zip-reader.ts';
import { writeZip } from './zip-writer.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../test/fixtures/fidelity');
const corpus = (f: string) => fs.readFileSync(path.join(CORPUS, f));
const open = (bytes: Buffer) => OoxmlPackage.open(bytes, { what: 'an Office file' });

/** Each entry's compressed bytes, method and CRC, as the archive stores them. */
function rawEntries(bytes: Buffer) {
  return new Map(readZipDirectory(bytes, 'x').map((e) => [e.name, { raw: e.raw.toString('base64'), method: e.method, crc: e.crc }]));
}

describe('copy-through', () => {
  const files = ['pptx/pp-stress013.pptx', 'pptx/lo-tpl-focus.pptx', 'docx/word-footnote-endnote.docx', 'xlsx/gsheets-basic.xlsx', 'xlsx/excel-budget-chart-table-image.xlsx'];
  for (const f of files) {
    it(`saves ${f} unchanged as the same compressed entries, in the same order`, () => {
      const bytes = corpus(f);
      const out = open(bytes).save();
      expect([...rawEntries(out)]).toEqual([...rawEntries(bytes)]);
    });
  }

  it('rewrites only an edited part; the others keep their compressed bytes', async () => {
    const bytes = corpus('pptx/pp-notes.pptx');
    const pkg = open(bytes);
    const doc = pkg.edit('ppt/presentation.xml');
    doc.documentElement!.setAttribute('saveSubsetFonts', '1');
    const out = pkg.save();
    const before = rawEntries(bytes);
    const after = rawEntries(out);
    const changed = [...before.keys()].filter((k) => before.get(k)!.raw !== after.get(k)!.raw);
    expect(changed).toEqual(['ppt/presentation.xml']);
    const zip = await JSZip.loadAsync(out);
    expect(await zip.file('ppt/presentation.xml')!.async('string')).toContain('saveSubsetFonts="1"');
  });

  it('keeps untouched elements of an edited part as they were written', () => {
    const pkg = open(corpus('pptx/pp-notes.pptx'));
    const original = pkg.text('ppt/presentation.xml');
    const doc = pkg.edit('ppt/presentation.xml');
    const out = serializeXml(doc);
    // Same prefixes, attribute order and content; only the line ending after the declaration may differ.
    expect(out.replace(/\r\n/g, '\n')).toBe(original.replace(/\r\n/g, '\n'));
  });
});

describe('parts, relationships and content types', () => {
  it('adds a part with its relationship and content type, and removes one with its relationships', async () => {
    const pkg = open(corpus('pptx/pp-notes.pptx'));
    const name = pkg.freeName('ppt/media/image', '.png');
    pkg.put(name, Buffer.from('89504e47', 'hex'));
    const id = pkg.rels('ppt/slides/slide1.xml').add(REL.image, name);
    expect(pkg.rels('ppt/slides/slide1.xml').add(REL.image, name)).toBe(id); // the same relationship is reused
    pkg.remove('ppt/slides/slide2.xml');
    const zip = await JSZip.loadAsync(pkg.save());
    expect(zip.file(name)).not.toBeNull();
    expect(zip.file('ppt/slides/slide2.xml')).toBeNull();
    expect(zip.file('ppt/slides/_rels/slide2.xml.rels')).toBeNull();
    const types = await zip.file('[Content_Types].xml')!.async('string');
    expect(types).not.toContain('/ppt/slides/slide2.xml');
    expect(types).toMatch(/<Default Extension="png" ContentType="image\/png"\/>/);
    expect(await zip.file('ppt/slides/_rels/slide1.xml.rels')!.async('string')).toContain(`Id="${id}" Type="${REL.image}" Target="../media/${path.basename(name)}"`);
  });

  it('replaces a removed part with new bytes (the original entry is not copied back)', async () => {
    const pkg = open(corpus('pptx/pp-notes.pptx'));
    pkg.remove('ppt/slides/slide1.xml');
    pkg.put('ppt/slides/slide1.xml', '<?xml version="1.0"?><p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>');
    const zip = await JSZip.loadAsync(pkg.save());
    expect(await zip.file('ppt/slides/slide1.xml')!.async('string')).toMatch(/<p:sld xmlns:p=[^>]*\/>$/);
  });

  it('resolves relationship targets: relative, absolute, escaped, and from the package root', () => {
    expect(resolveTarget('ppt/slides/slide1.xml', '../media/image%201.png')).toBe('ppt/media/image 1.png');
    expect(resolveTarget('ppt/slides/slide1.xml', '/ppt/media/a.png')).toBe('ppt/media/a.png');
    expect(resolveTarget('', 'ppt/presentation.xml')).toBe('ppt/presentation.xml');
    expect(relativeTarget('ppt/slides/slide1.xml', 'ppt/media/image 1.png')).toBe('../media/image%201.png');
    expect(sourceOfRels('_rels/.rels')).toBe('');
    expect(sourceOfRels('ppt/slides/_rels/slide3.xml.rels')).toBe('ppt/slides/slide3.xml');
  });

  it('finds parts whatever the case of their names (OPC names are case-insensitive)', () => {
    const pkg = open(corpus('pptx/pp-notes.pptx'));
    expect(pkg.has('PPT/Presentation.XML')).toBe(true);
    expect(pkg.text('PPT/Presentation.XML')).toBe(pkg.text('ppt/presentation.xml'));
  });

  it('writes new elements with the prefixes the part already declares, and drops characters XML cannot hold', () => {
    const pkg = open(corpus('pptx/pp-notes.pptx'));
    const doc = pkg.edit('ppt/slides/slide1.xml');
    const el = fragment(doc, '<a:t/>');
    el.appendChild(doc.createTextNode(xmlText('bell\u0007 and lone \uD800 surrogate')));
    doc.documentElement!.appendChild(el);
    doc.documentElement!.appendChild(createEl(doc, NS.p, 'extLst'));
    const out = serializeXml(doc);
    expect(out).toMatch(/<a:t>bell and lone  surrogate<\/a:t><p:extLst\/><\/p:sld>$/);
  });
});

describe('refusals', () => {
  const what = 'a PowerPoint presentation';
  const refuse = (bytes: Buffer) => {
    try {
      OoxmlPackage.open(bytes, { what, mainPart: 'ppt/presentation.xml' });
    } catch (err) {
      expect(err).toBeInstanceOf(DocumentUnreadable);
      return (err as Error).message;
    }
    throw new Error('not refused');
  };

  it('refuses what is not a package, a truncated archive, and a package without its main part', () => {
    expect(refuse(Buffer.from('hello, world, this is not a zip archive'))).toMatch(/not a ZIP package/);
    const good = corpus('pptx/pp-notes.pptx');
    expect(refuse(good.subarray(0, good.length - 30))).toMatch(/damaged|truncated/);
    expect(refuse(writeZip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>'), compress: true }]))).toMatch(/ppt\/presentation\.xml is missing/);
  });

  it('refuses encrypted entries and unknown compression methods', () => {
    const zip = writeZip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>'), compress: true }]);
    const encrypted = Buffer.from(zip);
    const cen = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(encrypted.readUInt16LE(cen + 8) | 1, cen + 8);
    expect(refuse(encrypted)).toMatch(/encrypted/);
    const lzma = Buffer.from(zip);
    lzma.writeUInt16LE(14, cen + 10);
    expect(refuse(lzma)).toMatch(/unsupported compression method \(14\)/);
  });

  it('checks every part it inflates: a lying size or a bad checksum is refused, never parsed', () => {
    const data = Buffer.from('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
    const zip = writeZip([{ name: '[Content_Types].xml', data, compress: true }]);
    const cen = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const liar = Buffer.from(zip);
    liar.writeUInt32LE(4, cen + 24); // declared size smaller than the data
    expect(() => open(liar).text('[Content_Types].xml')).toThrow(/damaged|cannot be decompressed/);
    const bad = Buffer.from(zip);
    bad.writeUInt32LE((zlib.crc32(data) + 1) >>> 0, cen + 16);
    expect(() => open(bad).text('[Content_Types].xml')).toThrow(/checksum/);
  });

  it('refuses archives over the entry and size limits before inflating anything', () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({ name: `x${i}.xml`, data: Buffer.alloc(10), compress: false }));
    const zip = writeZip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>'), compress: true }, ...entries]);
    expect(() => OoxmlPackage.open(zip, { what, limits: { maxEntries: 10, maxUncompressedBytes: 1e9 } })).toThrow(/13 entries, more than the 10 allowed/);
    expect(() => OoxmlPackage.open(zip, { what, limits: { maxEntries: 100, maxUncompressedBytes: 50 } })).toThrow(/more than the 50 bytes allowed/);
  });

  it('refuses a part that declares a DOCTYPE (entity expansion) when it is read', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Types>&lol2;</Types>';
    const pkg = open(writeZip([{ name: '[Content_Types].xml', data: Buffer.from(bomb), compress: true }]));
    expect(() => pkg.contentTypes()).toThrow(/declares a DOCTYPE/);
  });
});

describe('zip64', () => {
  it('reads a zip64 directory (as large archives and some tools write it)', () => {
    const zip = writeZip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>'), compress: true }]);
    // Rewrite the end record as zip64: a zip64 end record and locator, with saturated 32-bit fields.
    const end = zip.length - 22;
    const dirSize = zip.readUInt32LE(end + 12);
    const dirOffset = zip.readUInt32LE(end + 16);
    const z64 = Buffer.alloc(56);
    z64.writeUInt32LE(0x06064b50, 0);
    z64.writeBigUInt64LE(44n, 4);
    z64.writeBigUInt64LE(1n, 24);
    z64.writeBigUInt64LE(1n, 32);
    z64.writeBigUInt64LE(BigInt(dirSize), 40);
    z64.writeBigUInt64LE(BigInt(dirOffset), 48);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeBigUInt64LE(BigInt(end), 8);
    loc.writeUInt32LE(1, 16);
    const eocd = Buffer.from(zip.subarray(end));
    eocd.writeUInt16LE(0xffff, 8);
    eocd.writeUInt16LE(0xffff, 10);
    eocd.writeUInt32LE(0xffffffff, 16);
    const bytes = Buffer.concat([zip.subarray(0, end), z64, loc, eocd]);
    expect(open(bytes).text('[Content_Types].xml')).toBe('<Types/>');
  });
});
