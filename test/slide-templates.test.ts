// Folio's slide templates (src/documents/slides/templates/<theme>.pptx), built by
// scripts/templates/build-slide-templates.ts. The committed files must be exactly what the build
// writes (nobody edits the binaries by hand), and each follows the contract the Slides engine relies
// on: 16:9, no slides, one master with twelve layouts in a fixed order with known placeholders, colours
// and fonts only through the theme, and a "Logo Area" on every layout.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DOMParser, type Element } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildTemplate } from '../scripts/templates/slides/package.ts';
import { buildSpecimen } from '../scripts/templates/slides/specimen.ts';

const run = promisify(execFile);
const DIR = path.resolve(import.meta.dirname, '..', 'src', 'documents', 'slides', 'templates');
const THEMES = ['midnight', 'ivory', 'evergreen'] as const;
const NS = {
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  rel: 'http://schemas.openxmlformats.org/package/2006/relationships',
  ct: 'http://schemas.openxmlformats.org/package/2006/content-types',
};
const EMU = 914400;

const F = ['dt#10/half', 'ftr#11/quarter', 'sldNum#12/quarter'];
/** Layout name, type and placeholders (`type#idx/sz`) in order; obj = a p:ph without type. */
const LAYOUTS: [string, string, string[]][] = [
  ['Title Slide', 'title', ['ctrTitle', 'subTitle#1']],
  ['Section Header', 'secHead', ['title', 'body#1', 'body#13']],
  ['Title and Content', 'obj', ['title', 'obj#1', ...F]],
  ['Two Content', 'twoObj', ['title', 'obj#1/half', 'obj#2/half', ...F]],
  ['Comparison', 'twoTxTwoObj', ['title', 'body#1/half', 'obj#2/half', 'body#3/half', 'obj#4/half', ...F]],
  ['Title Only', 'titleOnly', ['title', ...F]],
  ['Chart', 'chart', ['title', 'chart#1', 'body#2/quarter', ...F]],
  ['Table', 'tbl', ['title', 'tbl#1', 'body#2/quarter', ...F]],
  ['Picture with Caption', 'picTx', ['title', 'pic#1', 'body#2/quarter', ...F]],
  ['Quote', 'cust', ['title', 'body#1', 'body#2', ...F]],
  ['Closing', 'cust', ['title', 'body#1', 'body#2']],
  ['Blank', 'blank', F],
];
/** Placeholders with a role name the engine looks for: layout, idx, name. */
const NAMED: [string, number, string][] = [
  ['Section Header', 13, 'Section Number'], ['Chart', 2, 'Caption'], ['Table', 2, 'Caption'], ['Picture with Caption', 2, 'Caption'],
  ['Quote', 1, 'Quote'], ['Quote', 2, 'Attribution'], ['Closing', 2, 'Next Steps'],
];
const STATEMENT = new Set(['Title Slide', 'Section Header', 'Closing']);

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml').documentElement!;
const all = (el: Element, ns: string, name: string) => Array.from(el.getElementsByTagNameNS(ns, name));
const one = (el: Element, ns: string, name: string) => all(el, ns, name)[0] ?? null;
const kids = (el: Element) => Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1);
const nameOf = (shape: Element) => one(shape, NS.p, 'cNvPr')?.getAttribute('name') ?? '';

async function open(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const text = async (name: string) => {
    const file = zip.file(name);
    if (!file) throw new Error(`missing part ${name}`);
    return file.async('string');
  };
  return { zip, names: Object.keys(zip.files).filter((n) => !zip.files[n].dir), xml: async (name: string) => parse(await text(name)) };
}

function phKey(shape: Element): string | null {
  const ph = one(shape, NS.p, 'ph');
  if (!ph) return null;
  const idx = ph.getAttribute('idx');
  const sz = ph.getAttribute('sz');
  return `${ph.getAttribute('type') || 'obj'}${idx ? `#${idx}` : ''}${sz ? `/${sz}` : ''}`;
}

const shapesOf = (root: Element) => kids(one(root, NS.p, 'spTree')!).filter((e) => ['sp', 'cxnSp', 'pic', 'graphicFrame', 'grpSp'].includes(e.localName!));

describe('slide templates', () => {
  it('the committed templates are exactly what npm run templates:build writes', () => {
    for (const theme of THEMES) {
      const committed = fs.readFileSync(path.join(DIR, `${theme}.pptx`));
      expect(buildTemplate(theme).equals(committed), `${theme}.pptx differs from its build: run npm run templates:build`).toBe(true);
      expect(buildTemplate(theme).equals(buildTemplate(theme))).toBe(true);
    }
  });

  for (const theme of THEMES) {
    it(`${theme}: package, presentation, theme and notes master`, async () => {
      const bytes = fs.readFileSync(path.join(DIR, `${theme}.pptx`));
      expect(bytes.subarray(30, 30 + bytes.readUInt16LE(26)).toString()).toBe('[Content_Types].xml');
      const pkg = await open(bytes);
      // Every part has a content type; every relationship target exists.
      const types = await pkg.xml('[Content_Types].xml');
      const overrides = new Set(all(types, NS.ct, 'Override').map((o) => o.getAttribute('PartName')!.slice(1)));
      expect(all(types, NS.ct, 'Default').map((d) => d.getAttribute('Extension')).sort()).toEqual(['jpeg', 'png', 'rels', 'xlsx', 'xml']);
      for (const name of pkg.names.filter((n) => n.endsWith('.xml') && n !== '[Content_Types].xml')) expect(overrides, name).toContain(name);
      for (const relsName of pkg.names.filter((n) => n.endsWith('.rels'))) {
        const base = path.posix.dirname(path.posix.dirname(relsName));
        for (const rel of all(await pkg.xml(relsName), NS.rel, 'Relationship')) {
          expect(pkg.names, `${relsName} -> ${rel.getAttribute('Target')}`).toContain(path.posix.normalize(path.posix.join(base, rel.getAttribute('Target')!)));
        }
      }

      const pres = await pkg.xml('ppt/presentation.xml');
      expect(one(pres, NS.p, 'sldSz')!.getAttribute('cx')).toBe('12192000');
      expect(one(pres, NS.p, 'sldSz')!.getAttribute('cy')).toBe('6858000');
      expect([one(pres, NS.p, 'notesSz')!.getAttribute('cx'), one(pres, NS.p, 'notesSz')!.getAttribute('cy')]).toEqual(['6858000', '9144000']);
      expect(all(pres, NS.p, 'sldId')).toHaveLength(0);
      expect(all(pres, NS.p, 'sldMasterId').map((m) => m.getAttribute('id'))).toEqual(['2147483648']);
      expect(all(pres, NS.p, 'notesMasterId')).toHaveLength(1);
      expect(pkg.names.filter((n) => /^ppt\/slideMasters\/[^/]+\.xml$/.test(n))).toEqual(['ppt/slideMasters/slideMaster1.xml']);
      expect(pkg.names.some((n) => n.startsWith('ppt/slides/'))).toBe(false);
      expect(await pkg.zip.file('ppt/tableStyles.xml')!.async('string')).toContain('def="{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"');
      expect(await pkg.zip.file('docProps/app.xml')!.async('string')).toContain('<Application>Folio</Application>');

      const themeXml = await pkg.xml('ppt/theme/theme1.xml');
      const scheme = one(themeXml, NS.a, 'clrScheme')!;
      expect(scheme.getAttribute('name')).toBe(`Folio ${theme[0].toUpperCase()}${theme.slice(1)}`);
      const slot = (name: string) => one(one(scheme, NS.a, name)!, NS.a, 'srgbClr')!.getAttribute('val');
      for (const name of ['dk1', 'lt1', 'dk2', 'lt2', 'accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6', 'hlink', 'folHlink']) expect(slot(name), name).toMatch(/^[0-9A-F]{6}$/);
      expect(slot('accent1')).toBe(slot('dk2'));
      expect({ midnight: 'FFFFFF', ivory: 'FBF8F3', evergreen: 'F7F9F8' }[theme]).toBe(slot('lt1'));
      const font = (which: string) => one(one(themeXml, NS.a, which)!, NS.a, 'latin')!.getAttribute('typeface');
      expect([font('majorFont'), font('minorFont')]).toEqual(theme === 'ivory' ? ['Cambria', 'Calibri'] : ['Calibri', 'Calibri']);
      for (const list of ['fillStyleLst', 'lnStyleLst', 'effectStyleLst', 'bgFillStyleLst']) expect(kids(one(themeXml, NS.a, list)!), list).toHaveLength(3);

      const notes = await pkg.xml('ppt/notesMasters/notesMaster1.xml');
      expect(shapesOf(notes).map(phKey)).toEqual(['hdr/quarter', 'dt#3', 'sldImg#2', 'body#1/quarter', 'ftr#4/quarter', 'sldNum#5/quarter']);
      expect(pkg.names).toContain('ppt/theme/theme2.xml');
    });

    it(`${theme}: master and layouts follow the engine's contract`, async () => {
      const pkg = await open(fs.readFileSync(path.join(DIR, `${theme}.pptx`)));
      const master = await pkg.xml('ppt/slideMasters/slideMaster1.xml');
      expect(kids(master).map((e) => e.localName)).toEqual(['cSld', 'clrMap', 'sldLayoutIdLst', 'txStyles']);
      const clrMap = one(master, NS.p, 'clrMap')!;
      expect(['bg1', 'tx1', 'bg2', 'tx2', 'accent1', 'hlink', 'folHlink'].map((k) => clrMap.getAttribute(k))).toEqual(['lt1', 'dk1', 'lt2', 'dk2', 'accent1', 'hlink', 'folHlink']);
      expect(shapesOf(master).map(phKey).filter(Boolean)).toEqual(['title', 'body#1', 'dt#2/half', 'ftr#3/quarter', 'sldNum#4/quarter']);
      const body = one(master, NS.p, 'bodyStyle')!;
      expect(one(one(body, NS.a, 'lvl1pPr')!, NS.a, 'buChar')!.getAttribute('char')).toBe('\u2022');
      expect(one(one(body, NS.a, 'lvl2pPr')!, NS.a, 'buChar')!.getAttribute('char')).toBe('\u2013');
      expect(one(one(master, NS.p, 'titleStyle')!, NS.a, 'latin')!.getAttribute('typeface')).toBe('+mj-lt');

      const ids = all(master, NS.p, 'sldLayoutId').map((e) => Number(e.getAttribute('id')));
      expect(new Set(ids).size).toBe(12);
      expect(Math.min(...ids)).toBeGreaterThanOrEqual(2147483649);
      const masterRels = await pkg.xml('ppt/slideMasters/_rels/slideMaster1.xml.rels');
      const target = new Map(all(masterRels, NS.rel, 'Relationship').map((r) => [r.getAttribute('Id'), r.getAttribute('Target')]));
      const layoutParts = all(master, NS.p, 'sldLayoutId').map((e) => `ppt/slideLayouts/${path.posix.basename(target.get(e.getAttributeNS(NS.r, 'id'))!)}`);

      const parts: [string, Element][] = [['master', master]];
      for (const [i, [name, type, phs]] of LAYOUTS.entries()) {
        const layout = await pkg.xml(layoutParts[i]);
        parts.push([name, layout]);
        expect(one(layout, NS.p, 'cSld')!.getAttribute('name')).toBe(name);
        expect([layout.getAttribute('type'), layout.getAttribute('preserve')]).toEqual([type, '1']);
        const shapes = shapesOf(layout);
        const placeholders = shapes.filter((s) => phKey(s));
        expect(placeholders.map(phKey), name).toEqual(phs);
        for (const ph of placeholders) {
          const key = `${name}: ${nameOf(ph)}`;
          expect(one(one(ph, NS.p, 'spPr')!, NS.a, 'xfrm'), key).not.toBeNull();
          expect(one(ph, NS.a, 'normAutofit'), key).not.toBeNull();
          const type = phKey(ph)!.split(/[#/]/)[0];
          const bullets = type === 'obj' || nameOf(ph) === 'Next Steps' || ['chart', 'tbl', 'pic'].includes(type);
          expect(one(one(ph, NS.a, 'lstStyle')!, NS.a, 'buNone') !== null, `${key}: buNone`).toBe(!bullets);
        }
        for (const [layoutName, idx, phName] of NAMED.filter(([l]) => l === name)) {
          const ph = placeholders.find((p) => one(p, NS.p, 'ph')!.getAttribute('idx') === String(idx));
          expect(ph && nameOf(ph), `${layoutName} idx ${idx}`).toBe(phName);
        }
        const logos = shapes.filter((s) => nameOf(s) === 'Logo Area');
        expect(logos, `${name}: Logo Area`).toHaveLength(1);
        const logo = logos[0];
        expect(logo.localName).toBe('sp');
        expect(one(logo, NS.p, 'txBody')).toBeNull();
        const spPr = one(logo, NS.p, 'spPr')!;
        expect(kids(spPr).find((e) => e.localName === 'noFill')).toBeTruthy();
        expect(one(one(spPr, NS.a, 'ln')!, NS.a, 'noFill')).not.toBeNull();
        const off = one(spPr, NS.a, 'off')!;
        const spot = STATEMENT.has(name) ? { x: 0.7, y: 0.55 } : { x: 11.33, y: 0.32 };
        expect(Number(off.getAttribute('x')) / EMU, `${name}: logo x`).toBeCloseTo(spot.x, 5);
        expect(Number(off.getAttribute('y')) / EMU, `${name}: logo y`).toBeCloseTo(spot.y, 5);
      }

      for (const [name, root] of parts) {
        const literal = ['srgbClr', 'sysClr', 'prstClr', 'scrgbClr', 'hslClr'].flatMap((c) => all(root, NS.a, c));
        expect(literal, `${name}: literal colours`).toHaveLength(0);
        for (const tag of ['latin', 'ea', 'cs', 'sym']) {
          for (const f of all(root, NS.a, tag)) expect(f.getAttribute('typeface'), `${name}: ${tag}`).toMatch(/^\+m[jn]-/);
        }
        const shapeIds = all(root, NS.p, 'cNvPr').map((e) => e.getAttribute('id'));
        expect(new Set(shapeIds).size, `${name}: unique shape ids`).toBe(shapeIds.length);
      }
    });
  }

  it('LibreOffice renders a specimen deck: one page per layout', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-templates-'));
    try {
      fs.writeFileSync(path.join(dir, 'midnight-specimen.pptx'), buildSpecimen('midnight'));
      await run('soffice', [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, path.join(dir, 'midnight-specimen.pptx')], { timeout: 180_000 });
      const { stdout } = await run('pdfinfo', [path.join(dir, 'midnight-specimen.pdf')]);
      expect(stdout).toMatch(/^Pages:\s+12$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
