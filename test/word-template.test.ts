// Folio's Word template (src/documents/word/templates/report.docx), built by
// scripts/templates/build-word-template.ts (npm run templates:build). The committed file must be exactly
// what the build writes (nobody edits the binary by hand), and it follows the contract the Word engine
// relies on: an empty body with one A4 section, known style ids and names, theme fonts and theme colours
// only, bullet and number lists tied to the list styles, a header and a footer with bookmarked slots,
// separator notes, and settings without updateFields. python-docx and LibreOffice open the specimen.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DOMParser, type Element } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildReportTemplate } from '../scripts/templates/word/package.ts';
import { buildReportSpecimen } from '../scripts/templates/word/specimen.ts';

const run = promisify(execFile);
const FILE = path.resolve(import.meta.dirname, '..', 'src', 'documents', 'word', 'templates', 'report.docx');
const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  rel: 'http://schemas.openxmlformats.org/package/2006/relationships',
  ct: 'http://schemas.openxmlformats.org/package/2006/content-types',
};
const TEXT_WIDTH = '9412';

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml').documentElement!;
const all = (el: Element, name: string, ns = NS.w) => Array.from(el.getElementsByTagNameNS(ns, name));
const one = (el: Element, name: string, ns = NS.w) => all(el, name, ns)[0] ?? null;
const kids = (el: Element) => Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1);
const kid = (el: Element, name: string) => kids(el).find((e) => e.localName === name) ?? null;
const val = (el: Element | null, attr = 'val') => (el?.hasAttributeNS(NS.w, attr) ? el.getAttributeNS(NS.w, attr) : null);

async function open(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
  const text = async (name: string) => {
    const file = zip.file(name);
    if (!file) throw new Error(`missing part ${name}`);
    return file.async('string');
  };
  return { names, text, xml: async (name: string) => parse(await text(name)) };
}

const template = () => open(fs.readFileSync(FILE));

/** Style id -> [type, name]. */
const STYLES: Record<string, [string, string]> = {
  Normal: ['paragraph', 'Normal'], Title: ['paragraph', 'Title'], Subtitle: ['paragraph', 'Subtitle'],
  Heading1: ['paragraph', 'heading 1'], Heading2: ['paragraph', 'heading 2'], Heading3: ['paragraph', 'heading 3'], Heading4: ['paragraph', 'heading 4'],
  ListBullet: ['paragraph', 'List Bullet'], ListBullet2: ['paragraph', 'List Bullet 2'], ListBullet3: ['paragraph', 'List Bullet 3'],
  ListNumber: ['paragraph', 'List Number'], ListNumber2: ['paragraph', 'List Number 2'], ListNumber3: ['paragraph', 'List Number 3'],
  ListParagraph: ['paragraph', 'List Paragraph'], Caption: ['paragraph', 'caption'], TOCHeading: ['paragraph', 'TOC Heading'],
  TOC1: ['paragraph', 'toc 1'], TOC2: ['paragraph', 'toc 2'], TOC3: ['paragraph', 'toc 3'], Quote: ['paragraph', 'Quote'], Note: ['paragraph', 'Note'],
  FootnoteText: ['paragraph', 'footnote text'], Header: ['paragraph', 'header'], Footer: ['paragraph', 'footer'], NoSpacing: ['paragraph', 'No Spacing'],
  FootnoteReference: ['character', 'footnote reference'], Hyperlink: ['character', 'Hyperlink'], Strong: ['character', 'Strong'], Emphasis: ['character', 'Emphasis'],
  TableGrid: ['table', 'Table Grid'], FolioTable: ['table', 'Folio Table'],
};
const STYLE_ORDER = ['name', 'aliases', 'basedOn', 'next', 'link', 'autoRedefine', 'hidden', 'uiPriority', 'semiHidden', 'unhideWhenUsed', 'qFormat', 'locked',
  'personal', 'personalCompose', 'personalReply', 'rsid', 'pPr', 'rPr', 'tblPr', 'trPr', 'tcPr', 'tblStylePr'];

describe('word template', () => {
  it('the committed template is exactly what npm run templates:build writes', () => {
    const committed = fs.readFileSync(FILE);
    expect(buildReportTemplate().equals(committed), 'report.docx differs from its build: run npm run templates:build').toBe(true);
    expect(buildReportTemplate().equals(buildReportTemplate())).toBe(true);
    expect(buildReportSpecimen().equals(buildReportSpecimen())).toBe(true);
  });

  it('package: parts, content types, relationships, properties', async () => {
    const bytes = fs.readFileSync(FILE);
    expect(bytes.subarray(30, 30 + bytes.readUInt16LE(26)).toString()).toBe('[Content_Types].xml');
    const pkg = await template();
    for (const part of ['word/document.xml', 'word/styles.xml', 'word/numbering.xml', 'word/settings.xml', 'word/fontTable.xml', 'word/theme/theme1.xml',
      'word/footnotes.xml', 'word/endnotes.xml', 'word/header1.xml', 'word/footer1.xml', 'docProps/core.xml', 'docProps/app.xml']) expect(pkg.names).toContain(part);
    const types = await pkg.xml('[Content_Types].xml');
    const overrides = new Map(all(types, 'Override', NS.ct).map((o) => [o.getAttribute('PartName')!.slice(1), o.getAttribute('ContentType')]));
    for (const name of pkg.names.filter((n) => n.endsWith('.xml') && n !== '[Content_Types].xml')) expect(overrides.has(name), name).toBe(true);
    expect(overrides.get('word/document.xml')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml');
    for (const relsName of pkg.names.filter((n) => n.endsWith('.rels'))) {
      const base = path.posix.dirname(path.posix.dirname(relsName));
      for (const rel of all(await pkg.xml(relsName), 'Relationship', NS.rel)) {
        expect(pkg.names, `${relsName} -> ${rel.getAttribute('Target')}`).toContain(path.posix.normalize(path.posix.join(base, rel.getAttribute('Target')!)));
      }
    }
    expect(await pkg.text('docProps/app.xml')).toContain('<Application>Folio</Application>');
    expect(pkg.names.some((n) => n.startsWith('customXml/'))).toBe(false);
  });

  it('document: an empty body with one A4 section and the default header and footer', async () => {
    const pkg = await template();
    const body = one(await pkg.xml('word/document.xml'), 'body')!;
    expect(kids(body).map((e) => e.localName)).toEqual(['sectPr']);
    const sect = kids(body)[0];
    const size = kid(sect, 'pgSz')!;
    expect([val(size, 'w'), val(size, 'h'), val(size, 'orient')]).toEqual(['11906', '16838', null]);
    const mar = kid(sect, 'pgMar')!;
    expect(['top', 'bottom', 'left', 'right', 'header', 'footer'].map((a) => val(mar, a))).toEqual(['1304', '1304', '1247', '1247', '567', '567']);
    expect(kid(sect, 'titlePg')).toBeNull();
    const rels = new Map(all(await pkg.xml('word/_rels/document.xml.rels'), 'Relationship', NS.rel).map((r) => [r.getAttribute('Id'), r.getAttribute('Target')]));
    const refs = kids(sect).filter((e) => e.localName === 'headerReference' || e.localName === 'footerReference');
    expect(refs.map((e) => [e.localName, val(e, 'type'), rels.get(e.getAttributeNS(NS.r, 'id'))])).toEqual([
      ['headerReference', 'default', 'header1.xml'], ['footerReference', 'default', 'footer1.xml'],
    ]);
  });

  it('theme: "Folio Report", navy and teal, Cambria over Calibri', async () => {
    const theme = await (await template()).xml('word/theme/theme1.xml');
    expect(theme.getAttribute('name')).toBe('Folio Report');
    const scheme = one(theme, 'clrScheme', NS.a)!;
    expect(scheme.getAttribute('name')).toBe('Folio Report');
    const slot = (name: string) => one(one(scheme, name, NS.a)!, 'srgbClr', NS.a)!.getAttribute('val');
    for (const name of ['accent3', 'accent4', 'accent5', 'accent6', 'folHlink']) expect(slot(name), name).toMatch(/^[0-9A-F]{6}$/);
    expect(['dk1', 'lt1', 'dk2', 'lt2', 'accent1', 'accent2', 'hlink'].map(slot)).toEqual(['1F2937', 'FFFFFF', '1F3A5F', 'EEF2F6', '1F3A5F', '2A7F8E', '2A7F8E']);
    const font = (which: string) => one(one(theme, which, NS.a)!, 'latin', NS.a)!.getAttribute('typeface');
    expect([font('majorFont'), font('minorFont')]).toEqual(['Cambria', 'Calibri']);
  });

  it('styles: ids, names, schema order, theme fonts and colours only', async () => {
    const styles = await (await template()).xml('word/styles.xml');
    expect(kids(styles).slice(0, 2).map((e) => e.localName)).toEqual(['docDefaults', 'latentStyles']);
    const byId = new Map(all(styles, 'style').map((s) => [val(s, 'styleId'), s]));
    for (const [id, [type, name]] of Object.entries(STYLES)) {
      const s = byId.get(id);
      expect(s, id).toBeTruthy();
      expect([val(s!, 'type'), val(kid(s!, 'name'))], id).toEqual([type, name]);
    }
    for (const s of byId.values()) {
      const order = kids(s).map((e) => STYLE_ORDER.indexOf(e.localName!));
      expect(order.every((i, n) => i >= 0 && (n === 0 || i >= order[n - 1])), `${val(s, 'styleId')}: children in schema order`).toBe(true);
    }
    // Fonts only through the theme; every colour, fill and border a theme colour with its value.
    for (const f of all(styles, 'rFonts')) {
      expect(['ascii', 'hAnsi', 'eastAsia', 'cs'].map((a) => f.hasAttributeNS(NS.w, a))).toEqual([false, false, false, false]);
    }
    const THEME = /^(text[12]|background[12]|accent[1-6]|hyperlink)$/;
    const colors = all(styles, 'color');
    const borders = ['pBdr', 'tblBorders', 'tcBorders'].flatMap((b) => all(styles, b)).flatMap(kids).filter((b) => val(b) !== 'nil');
    const fills = all(styles, 'shd');
    expect([colors.length, borders.length, fills.length].every((n) => n > 2)).toBe(true);
    for (const c of colors) expect([val(c), val(c, 'themeColor')]).toEqual([expect.stringMatching(/^[0-9A-F]{6}$/), expect.stringMatching(THEME)]);
    for (const b of borders) expect([val(b, 'color'), val(b, 'themeColor')]).toEqual([expect.stringMatching(/^[0-9A-F]{6}$/), expect.stringMatching(THEME)]);
    for (const f of fills) expect([val(f, 'fill'), val(f, 'themeFill')]).toEqual([expect.stringMatching(/^[0-9A-F]{6}$/), expect.stringMatching(THEME)]);
    const rPrDefault = one(one(styles, 'rPrDefault')!, 'rFonts')!;
    expect(['asciiTheme', 'hAnsiTheme', 'eastAsiaTheme', 'cstheme'].map((a) => val(rPrDefault, a))).toEqual(['minorHAnsi', 'minorHAnsi', 'minorEastAsia', 'minorBidi']);

    const pPr = (id: string) => kid(byId.get(id)!, 'pPr');
    const rPr = (id: string) => kid(byId.get(id)!, 'rPr');
    for (const [i, id] of ['Heading1', 'Heading2', 'Heading3', 'Heading4'].entries()) {
      expect(val(kid(pPr(id)!, 'outlineLvl')), id).toBe(String(i));
      expect(kid(pPr(id)!, 'keepNext'), id).not.toBeNull();
      expect(val(kid(rPr(id)!, 'rFonts'), 'asciiTheme'), id).toBe('majorHAnsi');
    }
    expect(val(kid(rPr('Title')!, 'rFonts'), 'asciiTheme')).toBe('majorHAnsi');
    expect(val(kid(rPr('Title')!, 'color'), 'themeColor')).toBe('accent1');
    expect(one(pPr('Title')!, 'bottom')).not.toBeNull();
    expect(val(kid(byId.get('TOCHeading')!, 'basedOn'))).toBe('Heading1');
    expect(val(kid(pPr('TOCHeading')!, 'outlineLvl'))).toBe('9');
    for (const id of ['TOC1', 'TOC2', 'TOC3']) {
      const tab = one(pPr(id)!, 'tab')!;
      expect([val(tab), val(tab, 'leader'), val(tab, 'pos')], id).toEqual(['right', 'dot', TEXT_WIDTH]);
    }
    for (const [id, level, numId] of [['ListBullet', 0, 1], ['ListBullet2', 1, 1], ['ListBullet3', 2, 1], ['ListNumber', 0, 2], ['ListNumber2', 1, 2], ['ListNumber3', 2, 2]] as const) {
      const numPr = kid(pPr(id)!, 'numPr')!;
      expect([val(kid(numPr, 'ilvl')), val(kid(numPr, 'numId'))], id).toEqual([String(level), String(numId)]);
    }
    expect(one(pPr('Note')!, 'left')).not.toBeNull();
    expect(val(kid(pPr('Note')!, 'shd'), 'themeFill')).toMatch(/^background2$|^accent/);
    expect(val(kid(rPr('FootnoteReference')!, 'vertAlign'))).toBe('superscript');
    expect(val(kid(rPr('Hyperlink')!, 'color'), 'themeColor')).toBe('accent2');
    expect(val(kid(rPr('Hyperlink')!, 'u'))).toBe('single');

    const table = byId.get('FolioTable')!;
    expect(val(one(kid(table, 'tblPr')!, 'tblStyleRowBandSize'))).toBe('1');
    expect(one(kid(table, 'tblPr')!, 'tblCellMar')).not.toBeNull();
    const cond = new Map(kids(table).filter((e) => e.localName === 'tblStylePr').map((e) => [val(e, 'type'), e]));
    const first = cond.get('firstRow')!;
    expect(val(one(first, 'shd'), 'themeFill')).toBe('accent1');
    expect(val(one(first, 'color'))).toBe('FFFFFF');
    expect(one(first, 'b')).not.toBeNull();
    expect(one(cond.get('band1Horz')!, 'shd')).not.toBeNull();
  });

  it('numbering: bullets (abstract 1, num 1) and numbers (abstract 2, num 2)', async () => {
    const numbering = await (await template()).xml('word/numbering.xml');
    const abstract = new Map(all(numbering, 'abstractNum').map((a) => [val(a, 'abstractNumId'), a]));
    const level = (id: string, i: number) => all(abstract.get(id)!, 'lvl').find((l) => val(l, 'ilvl') === String(i))!;
    expect([0, 1, 2].map((i) => [val(kid(level('1', i), 'numFmt')), val(kid(level('1', i), 'lvlText'))])).toEqual([['bullet', '\u2022'], ['bullet', '\u2013'], ['bullet', '\u25AA']]);
    expect([0, 1, 2].map((i) => [val(kid(level('2', i), 'numFmt')), val(kid(level('2', i), 'lvlText'))])).toEqual([['decimal', '%1.'], ['lowerLetter', '%2.'], ['lowerRoman', '%3.']]);
    for (const id of ['1', '2']) {
      expect([0, 1, 2].map((i) => [val(one(level(id, i), 'ind'), 'left'), val(one(level(id, i), 'ind'), 'hanging')])).toEqual([['360', '360'], ['720', '360'], ['1080', '360']]);
    }
    expect(all(numbering, 'num').map((n) => [val(n, 'numId'), val(kid(n, 'abstractNumId'))])).toEqual([['1', '1'], ['2', '2']]);
    expect(kids(numbering).map((e) => e.localName)).toEqual(['abstractNum', 'abstractNum', 'num', 'num']);
  });

  it('header and footer: bookmarked slots, rules, right tab, page fields', async () => {
    const pkg = await template();
    const slot = (p: Element, name: string) => {
      const children = kids(p);
      const start = children.findIndex((e) => e.localName === 'bookmarkStart' && val(e, 'name') === name);
      expect(start, name).toBeGreaterThan(0);
      const id = val(children[start], 'id');
      const end = children.findIndex((e) => e.localName === 'bookmarkEnd' && val(e, 'id') === id);
      const inside = children.slice(start + 1, end);
      expect(inside.map((e) => e.localName), name).toEqual(['r']);
      expect(one(inside[0], 't')!.textContent, name).toBe('');
      return { id, after: children.slice(end + 1) };
    };
    const header = await pkg.xml('word/header1.xml');
    expect(kids(header).map((e) => e.localName)).toEqual(['p']);
    const hp = kids(header)[0];
    expect(val(one(hp, 'pStyle'))).toBe('Header');
    expect(one(one(hp, 'pBdr')!, 'bottom')).not.toBeNull();
    expect([val(one(hp, 'tab')), val(one(hp, 'tab'), 'pos')]).toEqual(['right', TEXT_WIDTH]);
    expect(slot(hp, 'FolioHeaderText').id).toBe('0');

    const footer = await pkg.xml('word/footer1.xml');
    expect(kids(footer).map((e) => e.localName)).toEqual(['p']);
    const fp = kids(footer)[0];
    expect(val(one(fp, 'pStyle'))).toBe('Footer');
    expect(one(one(fp, 'pBdr')!, 'top')).not.toBeNull();
    expect([val(one(kid(fp, 'pPr')!, 'tab')), val(one(kid(fp, 'pPr')!, 'tab'), 'pos')]).toEqual(['right', TEXT_WIDTH]);
    const { after } = slot(fp, 'FolioFooterText');
    expect(one(after[0], 'tab')).not.toBeNull();
    const rest = after.slice(1);
    expect(rest.map((r) => one(r, 't')?.textContent ?? '').join('')).toBe('Page 1 of 1');
    expect(all(fp, 'instrText').map((i) => i.textContent!.trim())).toEqual(['PAGE', 'NUMPAGES']);
    expect(all(fp, 'fldChar').map((f) => val(f, 'fldCharType'))).toEqual(['begin', 'separate', 'end', 'begin', 'separate', 'end']);
  });

  it('settings and notes: separators, compatibility mode 15, no updateFields', async () => {
    const pkg = await template();
    const settings = await pkg.xml('word/settings.xml');
    for (const kind of ['footnote', 'endnote']) {
      expect(all(kid(settings, `${kind}Pr`)!, kind).map((e) => val(e, 'id')), kind).toEqual(['-1', '0']);
      const notes = await pkg.xml(`word/${kind}s.xml`);
      expect(kids(notes).map((n) => [val(n, 'type'), val(n, 'id')]), kind).toEqual([['separator', '-1'], ['continuationSeparator', '0']]);
      expect(one(kids(notes)[0], 'separator')).not.toBeNull();
      expect(one(kids(notes)[1], 'continuationSeparator')).not.toBeNull();
    }
    const compat = all(settings, 'compatSetting').find((c) => val(c, 'name') === 'compatibilityMode')!;
    expect(val(compat)).toBe('15');
    expect(val(kid(settings, 'defaultTabStop'))).toBe('720');
    expect(kid(settings, 'characterSpacingControl')).not.toBeNull();
    expect(kid(settings, 'updateFields')).toBeNull();
    expect(kid(settings, 'evenAndOddHeaders')).toBeNull();
  });

  it('python-docx opens the template and the specimen and sees the styles', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-word-template-'));
    try {
      const specimen = path.join(dir, 'report-specimen.docx');
      fs.writeFileSync(specimen, buildReportSpecimen());
      const script = [
        'import json, sys, docx',
        'out = {}',
        'for path in sys.argv[1:]:',
        '    d = docx.Document(path)',
        '    out[path] = {"styles": [s.name for s in d.styles], "paragraphs": [p.style.name for p in d.paragraphs], "tables": [t.style.name for t in d.tables],',
        '                 "width": d.sections[0].page_width, "header": [p.style.name for p in d.sections[0].header.paragraphs]}',
        'print(json.dumps(out))',
      ].join('\n');
      const { stdout } = await run('/usr/bin/python3', ['-c', script, FILE, specimen], { timeout: 60_000 });
      const seen = JSON.parse(stdout) as Record<string, { styles: string[]; paragraphs: string[]; tables: string[]; width: number; header: string[] }>;
      for (const name of ['Normal', 'Title', 'Subtitle', 'Heading 1', 'Heading 4', 'List Bullet', 'List Number 3', 'Caption', 'TOC Heading', 'Quote', 'Note', 'Folio Table', 'Table Grid', 'Hyperlink']) {
        expect(seen[FILE].styles, name).toContain(name);
      }
      expect(seen[FILE].paragraphs).toEqual([]);
      expect(seen[FILE].width).toBe(11906 * 635);
      expect(seen[FILE].header).toEqual(['Header']);
      const used = seen[specimen].paragraphs;
      for (const name of ['Title', 'Subtitle', 'TOC Heading', 'toc 1', 'Heading 1', 'Heading 2', 'Heading 3', 'Heading 4', 'List Bullet 3', 'List Number 2', 'Caption', 'Quote', 'Note']) expect(used, name).toContain(name);
      expect(seen[specimen].tables).toEqual(['Folio Table']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('LibreOffice converts the specimen to PDF', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-word-template-'));
    try {
      fs.writeFileSync(path.join(dir, 'report-specimen.docx'), buildReportSpecimen());
      await run('soffice', [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, path.join(dir, 'report-specimen.docx')], { timeout: 180_000 });
      const pdf = path.join(dir, 'report-specimen.pdf');
      const { stdout } = await run('pdfinfo', [pdf]);
      expect(Number(/^Pages:\s+(\d+)$/m.exec(stdout)?.[1])).toBeGreaterThanOrEqual(3);
      const { stdout: text } = await run('pdftotext', ['-layout', pdf, '-']);
      for (const expected of ['Q3 2026 Business Review', 'Contents', 'Executive summary', 'Table 1.', 'Figure 1.', 'Page 2 of']) expect(text).toContain(expected);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
