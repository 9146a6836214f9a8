// The Slides tools on decks Folio did not make (PowerPoint 4:3 decks, LibreOffice templates with
// several masters, a Google Slides template without title placeholders) and on Folio's own template:
// every kind of slide from the deck's own layouts, edits of existing text that keep run formatting,
// notes with and without a notes master, moves and deletions that touch only the slide list, and a
// LibreOffice conversion of everything written here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentToolbox } from '../agent/agent-toolbox.ts';
import type { ResolvedInputs } from '../agent/format-adapter.ts';
import { adapter } from './slides.adapter.ts';
import type { SlidesDocument } from './slides.document.ts';
import type { Element } from '../ooxml/xml.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../test/fixtures/fidelity/pptx');
const png = Buffer.from('89504E470D0A1A0A0000000D49484452000000020000000108060000001D7C7E9C0000000D4944415478DA63F8CFC0F01F0005FF01FE0DE6E3A50000000049454E44AE426082', 'hex');
const inputs: ResolvedInputs = {
  contextFiles: [], brand: null,
  dataSources: [{ name: 'Revenue', columns: ['Quarter', 'Revenue'], rows: [['Q1', 3], ['Q2', 4], ['Q3', 5]], source: { kind: 'inline' } }],
  images: [{ image_id: 'img_1', file_name: 'team.png', content_type: 'image/png', bytes: png, width: 2, height: 1, caption: 'The team', tags: [] }],
};
const written: { name: string; bytes: Buffer; slides: number }[] = [];
const LISTING = ['[Content_Types].xml', 'ppt/_rels/presentation.xml.rels', 'ppt/presentation.xml'];

async function open(file: string) {
  const bytes = fs.readFileSync(path.join(CORPUS, file));
  const doc = await adapter.read(bytes);
  const changes: string[] = [];
  const box = new AgentToolbox(adapter.tools({ doc, inputs, mode: 'action', noteChange: (c) => changes.push(c) }), (_t, err) => { throw err; });
  const call = async (tool: string, args: Record<string, unknown>) => {
    const r = await box.call(tool, args);
    if (r.isError) throw new Error(`${tool}: ${String(r.output)}`);
    return r.output;
  };
  return { bytes, doc, call, changes };
}

async function parts(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(bytes);
  const out = new Map<string, Buffer>();
  for (const [n, f] of Object.entries(zip.files)) if (!f.dir) out.set(n, await f.async('nodebuffer'));
  return out;
}

async function changedParts(before: Buffer, after: Buffer): Promise<{ changed: string[]; removed: string[]; added: string[] }> {
  const a = await parts(before);
  const b = await parts(after);
  return {
    changed: [...a.keys()].filter((k) => b.has(k) && !a.get(k)!.equals(b.get(k)!)).sort(),
    removed: [...a.keys()].filter((k) => !b.has(k)).sort(),
    added: [...b.keys()].filter((k) => !a.has(k)).sort(),
  };
}

const save = (doc: SlidesDocument) => doc.deck.save();

const EVERY_KIND: [string, Record<string, unknown>][] = [
  ['title', { layout: 'title', title: 'Kickoff', subtitle: 'November 2026' }],
  ['section', { layout: 'section', title: 'Part two', subtitle: 'Where we go' }],
  ['bullets', { layout: 'bullets', title: 'Roadmap', bullets: ['Q1 beta', { text: 'Invite-only', level: 1 }, 'Q2 GA'] }],
  ['two-column', { layout: 'two-column', title: 'Before and after', columns: [{ heading: 'Before', bullets: ['Slow'] }, { heading: 'After', bullets: ['Fast'] }] }],
  ['chart', { layout: 'chart', title: 'Revenue by quarter', chart: { type: 'bar', data_source: 'Revenue' } }],
  ['table', { layout: 'table', title: 'Revenue table', table: { data_source: 'Revenue' } }],
  ['image', { layout: 'image', title: 'Our team', image: { image_id: 'img_1' }, caption: 'At the offsite' }],
  ['quote', { layout: 'quote', title: 'Customer voice', quote: { text: 'It saved us a day a week.', attribution: 'A customer' } }],
  ['closing', { layout: 'closing', title: 'Thank you', subtitle: 'Questions?', bullets: ['Sign the contract'] }],
];

describe('every kind of slide on decks made elsewhere, from their own layouts', () => {
  const decks: [string, string][] = [
    ['pp-transitions-animations.pptx', 'PowerPoint 2007, 4:3, notes, transitions'],
    ['lo-tpl-focus.pptx', 'LibreOffice template, 4 masters, no notes master'],
    ['pp-two-masters.pptx', 'Google Slides template, two masters, no title placeholders'],
  ];
  for (const [file, what] of decks) {
    it(`${file} (${what})`, async () => {
      const { bytes, doc, call } = await open(file);
      const layoutsBefore = new Set(doc.catalog().map((l) => l.part));
      const count = doc.slides().length;
      const size = doc.deck.slideSize();
      for (const [kind, args] of EVERY_KIND) {
        await call('add_slide', { ...args, notes: `Notes for the ${kind} slide.` });
        const slide = doc.slides().at(-1)!;
        expect(layoutsBefore.has(slide.layout!.part), `${kind}: ${slide.layout?.part}`).toBe(true);
        const text = [slide.title, slide.subtitle ?? '', ...slide.elements.map((e) => e.text)].join('\n');
        expect(text, kind).toContain(String(args.title));
        expect(slide.notes, kind).toBe(`Notes for the ${kind} slide.`);
      }
      const out = save(doc);
      const diff = await changedParts(bytes, out);
      expect(diff.removed).toEqual([]);
      // Everything of the original file is as it was, but the slide list (and, for a deck without a
      // notes master, nothing else: the notes master comes as new parts).
      expect(diff.changed).toEqual(LISTING);
      const reread = await adapter.read(out);
      const slides = reread.slides();
      expect(slides).toHaveLength(count + EVERY_KIND.length);
      const added = slides.slice(count);
      expect(added.find((s) => s.title === 'Revenue by quarter')!.elements.find((e) => e.kind === 'chart')!.chart).toMatchObject({ type: 'bar', categories: ['Q1', 'Q2', 'Q3'] });
      expect(added.find((s) => s.title === 'Revenue table')!.elements.find((e) => e.kind === 'table')!.table![1]).toEqual(['Q1', '3']);
      expect(added.find((s) => s.title === 'Our team')!.elements.some((e) => e.kind === 'image')).toBe(true);
      // Graphics stay on the slide: 4:3 decks get 4:3 geometry.
      for (const s of added) {
        for (const e of s.elements.filter((x) => x.kind === 'chart' || x.kind === 'table' || x.kind === 'image')) {
          const xfrm = e.shape.getElementsByTagNameNS('http://schemas.openxmlformats.org/drawingml/2006/main', 'off')[0];
          const ext = e.shape.getElementsByTagNameNS('http://schemas.openxmlformats.org/drawingml/2006/main', 'ext')[0];
          expect(Number(xfrm.getAttribute('x')) + Number(ext.getAttribute('cx')), `${s.title} ${e.kind}`).toBeLessThanOrEqual(size.cx);
          expect(Number(xfrm.getAttribute('y')) + Number(ext.getAttribute('cy')), `${s.title} ${e.kind}`).toBeLessThanOrEqual(size.cy);
        }
      }
      written.push({ name: file, bytes: out, slides: count + EVERY_KIND.length });
    });
  }

  it("picks the layout each kind needs: Folio's template, and a PowerPoint 2007 deck whose two-column layouts put the title mid-slide", async () => {
    const pick = async (doc: SlidesDocument, call: (tool: string, args: Record<string, unknown>) => Promise<unknown>) => {
      const layouts: Record<string, string> = {};
      for (const [kind, args] of EVERY_KIND) {
        await call('add_slide', args);
        layouts[kind] = doc.slides().at(-1)!.layout!.name;
      }
      return layouts;
    };
    const template = adapter.create();
    const box = new AgentToolbox(adapter.tools({ doc: template, inputs, mode: 'action', noteChange: () => {} }), (_t, err) => { throw err; });
    expect(await pick(template, async (tool, args) => box.call(tool, args))).toEqual({
      title: 'Title Slide', section: 'Section Header', bullets: 'Title and Content', 'two-column': 'Comparison', chart: 'Chart',
      table: 'Table', image: 'Picture with Caption', quote: 'Quote', closing: 'Closing',
    });
    const { doc, call } = await open('pp-transitions-animations.pptx');
    // Its Two Content and Comparison layouts inherit the master's title box, in the middle of the slide:
    // two columns go side by side in Title and Content instead.
    expect(await pick(doc, call)).toEqual({
      title: 'Title Slide', section: 'Title Slide', bullets: 'Title and Content', 'two-column': 'Title and Content', chart: 'Title and Content',
      table: 'Title and Content', image: 'Picture with Caption', quote: 'Title and Content', closing: 'Title and Content',
    });
  });

  it('follows the master of the slide it goes next to on a deck with several masters', async () => {
    const { doc, call } = await open('lo-tpl-focus.pptx');
    const masters = doc.slides().map((s) => s.layout!.master);
    expect(new Set(masters).size).toBeGreaterThan(1);
    for (const [i, master] of masters.entries()) {
      await call('add_slide', { layout: 'bullets', title: `After slide ${i + 1}`, bullets: ['x'], position: 2 * i + 2 });
      const added = doc.slides().find((s) => s.title === `After slide ${i + 1}`)!;
      expect(added.layout!.master).toBe(master);
    }
  });
});

describe('editing existing slides in place', () => {
  it("changes a title and a bullet keeping their runs' formatting, and replaces words inside formatted runs", async () => {
    const { bytes, doc, call } = await open('pp-transitions-animations.pptx');
    const slide = doc.slides().find((s) => s.elements.some((e) => e.kind === 'bullets' && e.paragraphs.length > 1))!;
    const list = slide.elements.find((e) => e.kind === 'bullets' && e.paragraphs.length > 1)!;
    const rPr = (el: Element | null) => el?.getElementsByTagNameNS('http://schemas.openxmlformats.org/drawingml/2006/main', 'rPr')[0];
    const titleRun = rPr(slide.titleShape)?.toString() ?? '';
    const firstRun = rPr(list.paragraphs[0].el)?.toString() ?? '';
    await call('update_slide', { slide: slide.id, title: 'A new title' });
    const items = list.paragraphs.filter((p) => p.text.trim()).map((p) => ({ text: `${p.text} (checked)`, level: p.level }));
    await call('update_element', { element: list.id, bullets: items });
    const after = doc.findSlide(slide.id);
    expect(after.title).toBe('A new title');
    expect(rPr(after.titleShape)?.toString().replace(/ dirty="0"/, '')).toBe(titleRun.replace(/ dirty="0"/, ''));
    const newList = after.elements.find((e) => e.id === list.id)!;
    expect(newList.paragraphs.map((p) => [p.text, p.level])).toEqual(items.map((i) => [i.text, i.level]));
    expect(rPr(newList.paragraphs[0].el)?.toString().replace(/ dirty="0"/, '')).toBe(firstRun.replace(/ dirty="0"/, ''));
    const out = save(doc);
    expect((await changedParts(bytes, out))).toEqual({ changed: [slide.part], removed: [], added: [] });
  });

  it('replaces text across runs without touching their properties', async () => {
    const { doc, call } = await open('pp-transitions-animations.pptx');
    const slide = doc.slides().find((s) => s.title.trim())!;
    const word = slide.title.split(/\s+/)[0];
    await call('replace_text', { find: word, replace: 'Renamed', slide: slide.id });
    expect(doc.findSlide(slide.id).title.startsWith('Renamed')).toBe(true);
    await expect(call('replace_text', { find: 'no such words here', replace: 'x' })).rejects.toThrow(/does not occur in the deck/);
  });

  it('moves and deletes slides touching only the slide list and relationships', async () => {
    const { bytes, doc, call } = await open('pp-transitions-animations.pptx');
    const first = doc.slides()[0];
    await call('move_slide', { slide: first.id, to_position: 3 });
    expect(doc.slides()[2].id).toBe(first.id);
    expect(await changedParts(bytes, save(doc))).toEqual({ changed: ['ppt/presentation.xml'], removed: [], added: [] });
    const victim = doc.slides()[1];
    await call('delete', { slide: victim.id });
    const diff = await changedParts(bytes, save(doc));
    expect(diff.changed).toEqual(LISTING);
    expect(diff.removed).toContain(victim.part);
    expect(diff.added).toEqual([]);
    expect((await adapter.read(save(doc))).slides()).toHaveLength(doc.slides().length);
  });
});

describe('speaker notes', () => {
  it('uses the notes master of a deck that has one', async () => {
    const { bytes, doc, call } = await open('pp-notes.pptx');
    const master = doc.deck.notesMaster();
    expect(master).not.toBeNull();
    const slide = doc.slides()[0];
    await call('update_slide', { slide: slide.id, notes: 'First line.\nSecond line.' });
    await call('add_slide', { layout: 'bullets', title: 'Added', bullets: ['x'], notes: 'New notes.' });
    expect(doc.deck.notesMaster()).toBe(master);
    expect(doc.findSlide(slide.id).notes).toBe('First line.\nSecond line.');
    const diff = await changedParts(bytes, save(doc));
    expect(diff.changed.filter((p) => !LISTING.includes(p))).toEqual(slide.notesPart ? [slide.notesPart] : [slide.part.replace('slides/', 'slides/_rels/') + '.rels']);
    expect(diff.added.some((p) => p.startsWith('ppt/notesMasters/'))).toBe(false);
  });

  it("gives a deck without a notes master Folio's, as new parts, and changes nothing else", async () => {
    const { bytes, doc, call } = await open('lo-tpl-dna.pptx');
    expect(doc.deck.notesMaster()).toBeNull();
    await call('add_slide', { layout: 'bullets', title: 'Added', bullets: ['x'], notes: 'Say x.' });
    const out = save(doc);
    const diff = await changedParts(bytes, out);
    expect(diff.changed).toEqual(LISTING);
    expect(diff.added).toEqual(expect.arrayContaining(['ppt/notesMasters/notesMaster1.xml', 'ppt/notesMasters/_rels/notesMaster1.xml.rels']));
    const pres = (await parts(out)).get('ppt/presentation.xml')!.toString();
    expect(pres).toMatch(/<p:sldMasterIdLst>.*<\/p:sldMasterIdLst><p:notesMasterIdLst><p:notesMasterId r:id="rId\d+"\/><\/p:notesMasterIdLst>/s);
    expect((await adapter.read(out)).slides().at(-1)!.notes).toBe('Say x.');
    written.push({ name: 'lo-tpl-dna-notes.pptx', bytes: out, slides: (await adapter.read(out)).slides().length });
  });
});

describe("Folio's template", () => {
  it('switches theme on a branded deck: new masters and layouts, the logo kept, every slide part as it was', async () => {
    const doc = adapter.create();
    const box = new AgentToolbox(adapter.tools({ doc, inputs, mode: 'action', noteChange: () => {} }), (_t, err) => { throw err; });
    await box.call('add_slide', { layout: 'title', title: 'Kickoff' });
    await box.call('add_slide', { layout: 'bullets', title: 'Plan', bullets: ['One'] });
    const logo = { image_id: 'img_logo', file_name: 'logo.png', content_type: 'image/png', bytes: png, width: 2, height: 1, caption: null, tags: [] };
    const branded = await adapter.render(doc, { brand: { primaryColor: '0B6E4F', secondaryColor: null, font: null, logo } });
    const again = await adapter.read(branded);
    const box2 = new AgentToolbox(adapter.tools({ doc: again, inputs, mode: 'action', noteChange: () => {} }), (_t, err) => { throw err; });
    expect((await box2.call('set_theme', { theme: 'ivory' })).isError).toBe(false);
    const out = await adapter.render(again, { brand: null });
    const diff = await changedParts(branded, out);
    expect(diff.changed.filter((p) => p.startsWith('ppt/slides/'))).toEqual([]);
    expect(diff.changed).toContain('ppt/theme/theme1.xml');
    const files = await parts(out);
    expect(files.get('ppt/theme/theme1.xml')!.toString()).toContain('name="Folio Ivory"');
    const layoutsWithLogo = [...files].filter(([n, b]) => /^ppt\/slideLayouts\/[^/]+\.xml$/.test(n) && b.toString().includes('name="Folio Logo"'));
    expect(layoutsWithLogo.length).toBe(12);
    const media = [...files.keys()].filter((n) => n.startsWith('ppt/media/'));
    expect(media).toHaveLength(1);
    // A deck made elsewhere keeps its own design: switching it is refused with advice.
    const foreign = await open('pp-notes.pptx');
    await expect(foreign.call('set_theme', { theme: 'ivory' })).rejects.toThrow(/its own design.*primary_color/);
  });

  it('reads and writes an unchanged deck byte for byte (no-op round trip)', async () => {
    for (const file of fs.readdirSync(CORPUS).filter((f) => f.endsWith('.pptx'))) {
      const bytes = fs.readFileSync(path.join(CORPUS, file));
      const out = await adapter.render(await adapter.read(bytes), { brand: null });
      expect(await changedParts(bytes, out), file).toEqual({ changed: [], removed: [], added: [] });
    }
  });
});

describe('LibreOffice', () => {
  afterAll(() => undefined);
  it('opens every deck written above, one page per slide', () => {
    expect(written.length).toBeGreaterThanOrEqual(4);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-slides-tools-'));
    try {
      for (const w of written) fs.writeFileSync(path.join(dir, w.name), w.bytes);
      execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...written.map((w) => path.join(dir, w.name))], { timeout: 180_000, stdio: 'ignore' });
      for (const w of written) {
        const info = execFileSync('pdfinfo', [path.join(dir, w.name.replace(/\.pptx$/, '.pdf'))]).toString();
        expect(Number(/Pages:\s+(\d+)/.exec(info)![1]), w.name).toBe(w.slides);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
