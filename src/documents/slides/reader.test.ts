// The reader against the renderer (every layout, brand and notes come back as written), against decks
// made elsewhere (placeholders, charts, tables, pictures mapped; SmartArt, groups and extra pictures
// kept verbatim with their parts and written back), and against files that are not decks.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { png } from '../../../test/helpers/fixtures.ts';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { createDeck, type Deck, type Slide } from './model.ts';
import { readDeck } from './reader.ts';
import { renderDeck } from './renderer.ts';

const slide = (id: string, layout: Slide['layout'], title: string, elements: Slide['elements'] = [], extra: Partial<Slide> = {}): Slide =>
  ({ id, layout, title, elements, notes: '', preserved: [], ...extra });

function everyLayout(): Deck {
  const deck = createDeck('ivory');
  deck.brand = { primary: '0B6E4F', secondary: 'F2C14E', font: 'Carlito', logo: { bytes: png(40, 20), contentType: 'image/png', width: 40, height: 20 } };
  deck.slides = [
    slide('s1', 'title', 'Annual review', [], { subtitle: 'For the board' }),
    slide('s2', 'section', 'Results'),
    slide('s3', 'bullets', 'Highlights', [{ id: 'e4', kind: 'bullets', items: [{ text: '**Revenue** up 12%', level: 0 }, { text: 'Mostly *enterprise*', level: 1 }] }], { notes: 'Say it.\nThen pause.' }),
    slide('s5', 'two-column', 'Mix', [
      { id: 'e6', kind: 'bullets', heading: 'Why', items: [{ text: 'Renewals', level: 0 }] },
      { id: 'e7', kind: 'chart', heading: 'Share', chart: { type: 'pie', categories: ['A', 'B'], series: [{ name: 'Share', values: [60, 40] }] } },
    ], { notes: 'Mix notes.' }),
    slide('s8', 'chart', 'Trend', [{ id: 'e9', kind: 'chart', caption: 'Quarterly', chart: { type: 'line', categories: ['Q1', 'Q2'], series: [{ name: 'Web', values: [1.5, 2] }, { name: 'App', values: [1, 3] }], source: 'usage' } }], { notes: 'Trend notes.' }),
    slide('s10', 'table', 'Regions', [{ id: 'e11', kind: 'table', table: { columns: ['Region', 'Revenue'], rows: [['North', '1,200'], ['South', '950']] } }], { notes: 'Table notes.' }),
    slide('s12', 'image', 'Team', [{ id: 'e13', kind: 'image', caption: 'Offsite', image: { bytes: png(64, 32), contentType: 'image/png', width: 64, height: 32, alt: 'The team' } }], { notes: 'Image notes.' }),
    slide('s14', 'quote', '', [{ id: 'e15', kind: 'quote', text: 'It just works.', attribution: 'A customer' }], { notes: 'Quote notes.' }),
    slide('s16', 'closing', 'Thank you', [{ id: 'e17', kind: 'bullets', items: [{ text: 'Approve the plan', level: 0 }] }], { subtitle: 'Questions' }),
  ];
  deck.nextId = 18;
  return deck;
}

describe('reading what the renderer wrote', () => {
  it('gives back every layout, element, note, id, the theme and the brand', async () => {
    const deck = everyLayout();
    const read = await readDeck(await renderDeck(deck));
    expect(read).toEqual(deck);
    expect(await readDeck(await renderDeck(read))).toEqual(deck);
  });

  it('keeps ids unique when an editor duplicated a slide', async () => {
    const bytes = await renderDeck(everyLayout());
    const zip = await JSZip.loadAsync(bytes);
    const pres = await zip.file('ppt/presentation.xml')!.async('string');
    // Point a second slide id at the same slide part: two slides with the same shape names.
    const rels = await zip.file('ppt/_rels/presentation.xml.rels')!.async('string');
    const rel = /Id="(rId\d+)"[^>]*Target="slides\/slide3\.xml"/.exec(rels)![1];
    zip.file('ppt/presentation.xml', pres.replace('</p:sldIdLst>', `<p:sldId id="9999" r:id="${rel}"/></p:sldIdLst>`));
    const read = await readDeck(await zip.generateAsync({ type: 'nodebuffer' }));
    const ids = read.slides.flatMap((s) => [s.id, ...s.elements.map((e) => e.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(read.slides.at(-1)!.title).toBe('Highlights');
    expect(read.nextId).toBeGreaterThan(Math.max(...ids.map((i) => Number(i.slice(1)))));
  });
});

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const sp = (id: number, name: string, ph: string, text: string) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="500000" y="${id * 400000}"/><a:ext cx="8000000" cy="600000"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/>${text}</p:txBody></p:sp>`;
const para = (t: string, lvl = 0, bold = false) => `<a:p>${lvl ? `<a:pPr lvl="${lvl}"/>` : ''}<a:r><a:rPr lang="en-US"${bold ? ' b="1"' : ''}/><a:t>${t}</a:t></a:r></a:p>`;

/** A deck as other tools write it: placeholders, a picture, a group and a SmartArt diagram with its parts. */
async function foreignDeck(): Promise<Buffer> {
  const base = createDeck();
  base.slides = [slide('s1', 'bullets', 'x', [{ id: 'e2', kind: 'bullets', items: [{ text: 'y', level: 0 }] }])];
  const zip = await JSZip.loadAsync(await renderDeck(base));
  const tree = [
    sp(2, 'Title 1', '<p:ph type="title"/>', para('Market overview')),
    sp(3, 'Content 2', '<p:ph idx="1"/>', para('Demand is growing') + para('Mostly in', 1) + para('Europe', 0, true)),
    `<p:pic><p:nvPicPr><p:cNvPr id="4" name="Picture 3" descr="A map"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rIdPic"/></p:blipFill><p:spPr><a:xfrm><a:off x="1" y="2"/><a:ext cx="3" cy="4"/></a:xfrm></p:spPr></p:pic>`,
    `<p:pic><p:nvPicPr><p:cNvPr id="5" name="Picture 4"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rIdPic2"/></p:blipFill><p:spPr><a:xfrm><a:off x="10" y="20"/><a:ext cx="30" cy="40"/></a:xfrm></p:spPr></p:pic>`,
    `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="6" name="Group 5"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${sp(7, 'Arrow', '', para('step'))}</p:grpSp>`,
    `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="8" name="Diagram 7"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram"><dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="rIdDm" r:lo="rIdLo" r:qs="rIdQs" r:cs="rIdCs"/></a:graphicData></a:graphic></p:graphicFrame>`,
  ].join('');
  const slideXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld xmlns:a="${A}" xmlns:r="${R}" xmlns:p="${P}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${tree}</p:spTree></p:cSld></p:sld>`;
  zip.file('ppt/slides/slide1.xml', slideXml);
  for (const name of Object.keys(zip.files).filter((n) => /^ppt\/slideLayouts\/[^/]+\.xml$/.test(n))) {
    zip.file(name, (await zip.file(name)!.async('string')).replace(/<p:cSld name="[^"]*"/, '<p:cSld name="Title and Content"'));
  }
  const rels = await zip.file('ppt/slides/_rels/slide1.xml.rels')!.async('string');
  const dgm = 'http://schemas.microsoft.com/office/2007/relationships/diagram';
  zip.file('ppt/slides/_rels/slide1.xml.rels', rels.replace('</Relationships>', [
    `<Relationship Id="rIdPic" Type="${R}/image" Target="../media/map.png"/>`,
    `<Relationship Id="rIdPic2" Type="${R}/image" Target="../media/other.png"/>`,
    `<Relationship Id="rIdDm" Type="${R}/diagramData" Target="../diagrams/data1.xml"/>`,
    `<Relationship Id="rIdLo" Type="${R}/diagramLayout" Target="../diagrams/layout1.xml"/>`,
    `<Relationship Id="rIdQs" Type="${R}/diagramQuickStyle" Target="../diagrams/quickStyle1.xml"/>`,
    `<Relationship Id="rIdCs" Type="${R}/diagramColors" Target="../diagrams/colors1.xml"/>`,
  ].join('') + '</Relationships>'));
  zip.file('ppt/media/map.png', png(30, 20));
  zip.file('ppt/media/other.png', png(10, 10));
  for (const part of ['data1', 'layout1', 'quickStyle1', 'colors1']) zip.file(`ppt/diagrams/${part}.xml`, `<?xml version="1.0"?><dgm:x xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram">${part}</dgm:x>`);
  zip.file('ppt/diagrams/_rels/data1.xml.rels', `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/image" Target="../media/other.png"/></Relationships>`);
  const types = await zip.file('[Content_Types].xml')!.async('string');
  zip.file('[Content_Types].xml', types.replace('</Types>', '<Override PartName="/ppt/diagrams/data1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml"/></Types>'));
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('reading decks made elsewhere', () => {
  it('maps placeholders and the first picture, and keeps the rest verbatim', async () => {
    const deck = await readDeck(await foreignDeck());
    const [s] = deck.slides;
    expect(s.title).toBe('Market overview');
    expect(s.layout).toBe('two-column');
    expect(s.elements.map((e) => e.kind)).toEqual(['image', 'bullets']);
    expect(s.elements[1]).toMatchObject({ items: [{ text: 'Demand is growing', level: 0 }, { text: 'Mostly in', level: 1 }, { text: '**Europe**', level: 0 }] });
    expect(s.elements[0]).toMatchObject({ image: { width: 30, height: 20, alt: 'A map', contentType: 'image/png' } });
    expect(s.preserved.map((p) => p.description)).toEqual(['picture', 'group of shapes', 'SmartArt diagram']);
    const smartArt = s.preserved[2];
    expect(Object.keys(smartArt.parts).sort()).toEqual(['ppt/diagrams/colors1.xml', 'ppt/diagrams/data1.xml', 'ppt/diagrams/layout1.xml', 'ppt/diagrams/quickStyle1.xml', 'ppt/media/other.png']);
    expect(smartArt.xml).toContain('xmlns:r=');
  });

  it('writes preserved shapes back with their parts, relationships and content types', async () => {
    const bytes = await renderDeck(await readDeck(await foreignDeck()));
    const zip = await JSZip.loadAsync(bytes);
    const slideXml = await zip.file('ppt/slides/slide1.xml')!.async('string');
    const rels = await zip.file('ppt/slides/_rels/slide1.xml.rels')!.async('string');
    expect(slideXml).toContain('name="Diagram 7"');
    expect(slideXml).toContain('name="Group 5"');
    const dm = /r:dm="([^"]+)"/.exec(slideXml)![1];
    const target = new RegExp(`Id="${dm}"[^>]*Target="([^"]+)"`).exec(rels)![1];
    const dataPart = `ppt/slides/${target}`.replace(/slides\/\.\.\//, '');
    expect(await zip.file(dataPart)!.async('string')).toContain('data1');
    const dataRels = await zip.file(dataPart.replace(/([^/]+)$/, '_rels/$1.rels'))!.async('string');
    const media = /Target="([^"]+)"/.exec(dataRels)![1];
    expect(zip.file(`ppt/diagrams/${media}`.replace(/diagrams\/\.\.\//, ''))).not.toBeNull();
    expect(await zip.file('[Content_Types].xml')!.async('string')).toContain(`PartName="/${dataPart}"`);
    const ids = [...slideXml.matchAll(/<p:cNvPr id="(\d+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const again = await readDeck(bytes);
    expect(again.slides[0].preserved.map((p) => p.description)).toEqual(['picture', 'group of shapes', 'SmartArt diagram']);
  });
});

describe('placeholders of decks made elsewhere', () => {
  it('keeps a third text placeholder as a plain shape at its layout position, and drops empty ones', async () => {
    const base = createDeck();
    base.slides = [slide('s1', 'bullets', 'x', [{ id: 'e2', kind: 'bullets', items: [{ text: 'y', level: 0 }] }])];
    const zip = await JSZip.loadAsync(await renderDeck(base));
    const rels = await zip.file('ppt/slides/_rels/slide1.xml.rels')!.async('string');
    const layoutPart = `ppt/slideLayouts/${/slideLayouts\/([^"]+)"/.exec(rels)![1]}`;
    const layout = await zip.file(layoutPart)!.async('string');
    zip.file(layoutPart, layout.replace(/<p:cSld name="[^"]*"/, '<p:cSld name="Three Content"').replace('</p:spTree>',
      '<p:sp><p:nvSpPr><p:cNvPr id="50" name="Text Placeholder"/><p:cNvSpPr/><p:nvPr><p:ph idx="13"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="111" y="222"/><a:ext cx="333" cy="444"/></a:xfrm></p:spPr></p:sp></p:spTree>'));
    const bare = (id: number, idx: number, text: string) => `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Body ${idx}"/><p:cNvSpPr/><p:nvPr><p:ph idx="${idx}"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>${text}</p:txBody></p:sp>`;
    const tree = sp(2, 'Title 1', '<p:ph type="title"/>', para('Three columns')) + bare(3, 1, para('Left')) + bare(4, 2, para('Middle')) + bare(5, 13, para('Right')) + bare(6, 14, '<a:p><a:endParaRPr/></a:p>');
    zip.file('ppt/slides/slide1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld xmlns:a="${A}" xmlns:r="${R}" xmlns:p="${P}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${tree}</p:spTree></p:cSld></p:sld>`);
    const [read] = (await readDeck(await zip.generateAsync({ type: 'nodebuffer' }))).slides;
    expect(read).toMatchObject({ title: 'Three columns', layout: 'two-column', elements: [{ items: [{ text: 'Left' }] }, { items: [{ text: 'Middle' }] }] });
    expect(read.preserved.map((p) => p.description)).toEqual(['text box "Right"']);
    expect(read.preserved[0].xml).not.toContain('p:ph');
    expect(read.preserved[0].xml).toMatch(/<p:spPr[^>]*><a:xfrm[^>]*><a:off x="111" y="222"\/>/);
  });
});

describe('files that are not decks', () => {
  it('refuses them with DocumentUnreadable and a message naming the problem', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    const noPresentation = await zip.generateAsync({ type: 'nodebuffer' });
    const doctype = await JSZip.loadAsync(await renderDeck(everyLayout())).then(async (z) => {
      z.file('ppt/presentation.xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]><p:presentation/>');
      return z.generateAsync({ type: 'nodebuffer' });
    });
    const cases: [Buffer, RegExp][] = [[Buffer.from('plain text'), /not a readable zip/], [noPresentation, /presentation\.xml is missing/], [doctype, /DOCTYPE/]];
    for (const [bytes, message] of cases) {
      const err = await readDeck(bytes).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DocumentUnreadable);
      expect((err as Error).message).toMatch(message);
    }
  });
});
