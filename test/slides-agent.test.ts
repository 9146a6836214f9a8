// POST /slides/generate and /slides/outline with the builtin engine (no provider configured): new decks
// are edits of Folio's template decks; decks users bring (made by PowerPoint and LibreOffice) are
// edited in place, with every part the request did not need copied through byte for byte; the brand,
// the 30-slide cap and its continuation, resume after an editor save, ask mode, broken init files, and
// LibreOffice. Every deck is read back by an independent reader (test/helpers/pptx_inspect.py).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePptx } from './helpers/office-fixtures.ts';
import { png } from './helpers/fixtures.ts';
import { exportRun, fetchBytes, pdfPages, pdfText } from './helpers/export.ts';
import { generate, withRuns } from './helpers/runs.ts';
import { corpusFile, editParts, inspectPptx, partDiff, phText, runDocument, saveEditorVersion, shapeText, uploadFile, uploadImage } from './helpers/slides.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({})); });
afterAll(async () => t?.close());

const REVIEW = `# Quarterly Business Review
Q3 2026 results

## Highlights
- **Revenue** grew 12% year over year to $4.2M
- Gross margin improved to 71%
Notes: Open with the headline numbers.

## Executive summary
- We are ahead of plan on revenue
- Hiring is behind plan

## Risks
- Churn in the SMB segment rose to 4%
  - Mostly accounts under $5k ARR`;

const SALES = { name: 'Quarterly revenue', columns: ['Quarter', 'Revenue', 'Cost'], rows: [['Q1', 3.1, 2.0], ['Q2', 3.5, 2.2], ['Q3', 3.9, 2.3], ['Q4', 4.2, 2.4]] };

/** The parts a new slide may add or change: the presentation's slide list, its relationships and the content types. */
const LISTING = ['[Content_Types].xml', 'ppt/_rels/presentation.xml.rels', 'ppt/presentation.xml'];

describe('a new deck with the builtin engine', () => {
  it("is an edit of Folio's template: its layouts for title, content, chart, table and closing slides, notes on every content slide", async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: REVIEW, data_sources: [SALES] }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.summary).toMatch(/^Built a 7-slide deck "Quarterly Business Review" in the midnight theme \(layouts: Title Slide, Title and Content x3, Chart, Table, Closing\)\./);
    const bytes = (await runDocument(t, org.secret, body.run_id)).bytes;
    const deck = inspectPptx(bytes);
    expect(deck.missing_parts).toEqual([]);
    expect(deck.slides.map((s) => s.layout)).toEqual(['Title Slide', 'Title and Content', 'Title and Content', 'Title and Content', 'Chart', 'Table', 'Closing']);
    expect(phText(deck.slides[0], 'title')).toBe('Quarterly Business Review');
    expect(phText(deck.slides[0], 'subTitle')).toBe('Q3 2026 results');
    const highlights = deck.slides[1];
    expect(phText(highlights, 'title')).toBe('Highlights');
    expect(phText(highlights, 'body')).toBe('Revenue grew 12% year over year to $4.2M\nGross margin improved to 71%');
    expect(highlights.notes).toBe('Open with the headline numbers.');
    expect(deck.slides[3].placeholders.find((p) => p.type === 'obj')!.levels).toEqual([0, 1]);
    const chart = deck.slides[4];
    expect(chart.charts[0]).toMatchObject({ kinds: ['lineChart'], categories: ['Q1', 'Q2', 'Q3', 'Q4'], series: [{ name: 'Revenue', values: [3.1, 3.5, 3.9, 4.2] }, { name: 'Cost', values: [2, 2.2, 2.3, 2.4] }] });
    expect(phText(chart, 'body', 2)).toBe('Source: Quarterly revenue');
    expect(deck.slides[5].tables[0][0]).toEqual(['Quarter', 'Revenue', 'Cost']);
    expect(deck.slides[5].tables[0][4]).toEqual(['Q4', '4.2', '2.4']);
    for (const s of deck.slides.slice(1, 6)) expect(s.notes.trim().length, s.part).toBeGreaterThan(10);
    expect(deck.theme.fonts).toEqual({ majorFont: 'Calibri', minorFont: 'Calibri' });
    // The design parts are the template's, byte for byte.
    const template = fs.readFileSync(new URL('../src/documents/slides/templates/midnight.pptx', import.meta.url));
    const diff = await partDiff(template, bytes);
    expect(diff.removed).toEqual([]);
    expect(diff.changed).toEqual(LISTING);
  });

  it('places images and applies the brand on the template\'s own masters: colours and font in the theme, the logo on every layout', async () => {
    const org = await t.signup();
    const photo = await uploadImage(t, org.secret, 'team-offsite.png', png(64, 48), 'The team at the offsite');
    const logo = await uploadImage(t, org.secret, 'logo.png', png(40, 20));
    const res = await generate(t, org.secret, {
      prompt: '# Team update\n\n## Hiring\n- Two engineers joined',
      image_assets: [{ image_id: photo }], brand: { primary_color: '#0B6E4F', secondary_color: '#F2C14E', font: 'Carlito', logo_image_id: logo },
    }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const deck = inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes);
    const image = deck.slides.find((s) => s.layout === 'Picture with Caption')!;
    expect(phText(image, 'title')).toBe('The team at the offsite');
    expect(image.pictures).toEqual([expect.objectContaining({ bytes: expect.any(Number), media: expect.stringMatching(/^ppt\/media\//) })]);
    for (const s of deck.slides) expect(s.layout_pictures.map((p) => p.name), s.part).toContain('Folio Logo');
    expect(deck.theme.colours).toMatchObject({ dk2: '0B6E4F', accent1: '0B6E4F', accent2: 'F2C14E' });
    expect(deck.theme.fonts).toEqual({ majorFont: 'Carlito', minorFont: 'Carlito' });
  });

  it('makes a clearly labelled skeleton of the requested length for a free-form prompt', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: 'Create an 8-slide deck about the energy transition for investors' }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatch(/placeholders/);
    const deck = inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes);
    expect(deck.slides).toHaveLength(8);
    expect(phText(deck.slides[0], 'title')).toBe('Energy transition');
    expect(phText(deck.slides[2], 'body')).toMatch(/^\[Add /);
  });

  it('makes at most 30 slides per call, says how to continue, and continues with run_id', async () => {
    const org = await t.signup();
    const prompt = `# Product catalogue\n\n${Array.from({ length: 36 }, (_, i) => `## Product ${i + 1}\n- Feature of product ${i + 1}`).join('\n\n')}`;
    const first = await generate(t, org.secret, { prompt }, 'slides');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().summary).toMatch(/at most 30.*run_id.*remaining 8/s);
    expect(inspectPptx((await runDocument(t, org.secret, first.json().run_id)).bytes).slides).toHaveLength(30);
    const second = await generate(t, org.secret, { prompt, run_id: first.json().run_id }, 'slides');
    expect(second.statusCode, second.body).toBe(200);
    const deck = inspectPptx((await runDocument(t, org.secret, first.json().run_id)).bytes);
    expect(deck.slides).toHaveLength(38);
    expect(deck.slides.map((s) => phText(s, 'title'))).toEqual(['Product catalogue', ...Array.from({ length: 36 }, (_, i) => `Product ${i + 1}`), 'Thank you']);
    expect(deck.slides.at(-1)!.layout).toBe('Closing');
  });
});

describe('editing a deck in place with the builtin engine', () => {
  it('adds, retitles, moves and deletes slides touching only the parts each edit needs', async () => {
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: REVIEW, data_sources: [SALES] }, 'slides')).json();
    const v1 = (await runDocument(t, org.secret, first.run_id)).bytes;
    const before = inspectPptx(v1);

    const added = await generate(t, org.secret, { prompt: 'Add a slide titled Roadmap with bullets: Q1 beta, Q2 GA', run_id: first.run_id }, 'slides');
    expect(added.statusCode, added.body).toBe(200);
    // (A new slide goes before the closing slide that ends the deck, not after it.)
    expect(added.json().summary).toMatch(/^Changed the deck: added slide 7 "Roadmap" \(layout "Title and Content"\)\. It now has 8 slides\.$/);
    const v2 = (await runDocument(t, org.secret, first.run_id)).bytes;
    const d2 = await partDiff(v1, v2);
    expect(d2.changed).toEqual(LISTING);
    expect(d2.removed).toEqual([]);
    expect(d2.added.every((p) => /^ppt\/(slides|notesSlides)\/(_rels\/)?[a-zA-Z]+\d+\.xml(\.rels)?$/.test(p)), d2.added.join()).toBe(true);
    const roadmap = inspectPptx(v2).slides[6];
    expect([phText(roadmap, 'title'), phText(roadmap, 'body'), roadmap.layout]).toEqual(['Roadmap', 'Q1 beta\nQ2 GA', 'Title and Content']);
    expect(inspectPptx(v2).slides.at(-1)!.layout).toBe('Closing');

    const renamed = await generate(t, org.secret, { prompt: 'Rename slide 2 to "Highlights of Q3"', run_id: first.run_id }, 'slides');
    expect(renamed.statusCode, renamed.body).toBe(200);
    const v3 = (await runDocument(t, org.secret, first.run_id)).bytes;
    expect((await partDiff(v2, v3))).toEqual({ changed: [before.slides[1].part], added: [], removed: [] });
    expect(phText(inspectPptx(v3).slides[1], 'title')).toBe('Highlights of Q3');

    const moved = await generate(t, org.secret, { prompt: 'Move slide 4 to 2', run_id: first.run_id }, 'slides');
    expect(moved.statusCode, moved.body).toBe(200);
    const v4 = (await runDocument(t, org.secret, first.run_id)).bytes;
    expect(await partDiff(v3, v4)).toEqual({ changed: ['ppt/presentation.xml'], added: [], removed: [] });
    expect(inspectPptx(v4).slides.map((s) => phText(s, 'title')).slice(0, 4)).toEqual(['Quarterly Business Review', 'Risks', 'Highlights of Q3', 'Executive summary']);

    const deleted = await generate(t, org.secret, { prompt: 'Delete slide 4', run_id: first.run_id }, 'slides');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().summary).toMatch(/deleted slide 4 "Executive summary"/);
    const v5 = (await runDocument(t, org.secret, first.run_id)).bytes;
    const d5 = await partDiff(v4, v5);
    expect(d5.changed).toEqual(LISTING);
    expect(d5.added).toEqual([]);
    expect(d5.removed).toEqual(expect.arrayContaining([before.slides[2].part, before.slides[2].part.replace('slides/', 'slides/_rels/') + '.rels']));
    expect(inspectPptx(v5).missing_parts).toEqual([]);
  });

  it('resumes after an editor save: keeps its text change and a shape a person added, and moves the chart as asked', async () => {
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: REVIEW, data_sources: [SALES] }, 'slides')).json();
    const { bytes, version } = await runDocument(t, org.secret, first.run_id);
    const before = inspectPptx(bytes);
    const summaryAt = before.slides.findIndex((s) => phText(s, 'title') === 'Executive summary');
    const part = before.slides[summaryAt].part;
    const sticker = '<p:sp><p:nvSpPr><p:cNvPr id="90" name="Reviewer note"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="9000000" y="5500000"/><a:ext cx="2500000" cy="600000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="FFF2A8"/></a:solidFill></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="1400"/><a:t>Check with Dana before sending</a:t></a:r></a:p></p:txBody></p:sp>';
    const edited = await editParts(bytes, (p) => {
      p[part] = p[part].replace('We are ahead of plan on revenue', 'We are well ahead of plan on revenue').replace('</p:spTree>', `${sticker}</p:spTree>`);
    }, [part]);
    await saveEditorVersion(t, org.org_id, first.run_id, edited);
    expect((await runDocument(t, org.secret, first.run_id)).version).toBe(version + 1);

    const res = await generate(t, org.secret, { prompt: 'Move the revenue chart to the executive summary slide.', run_id: first.run_id }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatch(/moved the chart from slide "Revenue, Cost by Quarter" to slide "Executive summary" and removed the emptied slide/);
    const afterBytes = (await runDocument(t, org.secret, first.run_id)).bytes;
    const after = inspectPptx(afterBytes);
    expect(after.slides).toHaveLength(before.slides.length - 1);
    const summary = after.slides.find((s) => phText(s, 'title') === 'Executive summary')!;
    expect(phText(summary, 'body')).toBe('We are well ahead of plan on revenue\nHiring is behind plan');
    expect(summary.shapes['Reviewer note']).toBe('Check with Dana before sending');
    expect(summary.charts[0].series[0]).toEqual({ name: 'Revenue', values: [3.1, 3.5, 3.9, 4.2] });
    // The slides the request did not name are the editor's version, byte for byte.
    const diff = await partDiff(edited, afterBytes);
    const chartSlide = before.slides.find((s) => s.charts.length)!.part;
    expect(diff.changed.filter((p) => p.startsWith('ppt/slides/')).sort()).toEqual([part, part.replace('slides/', 'slides/_rels/') + '.rels'].sort());
    expect(diff.removed).toContain(chartSlide);
    expect(after.slides.find((s) => phText(s, 'title') === 'Highlights')!.notes).toBe('Open with the headline numbers.');
  });

  it('answers ask mode from the deck without writing a version, and costs less', async () => {
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: REVIEW, data_sources: [SALES] }, 'slides')).json();
    const { version } = await runDocument(t, org.secret, first.run_id);
    const res = await generate(t, org.secret, { prompt: 'How many slides have a chart?', mode: 'ask', run_id: first.run_id }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatch(/^The deck has 1 slide with a chart \(slide \d+\)\.$/);
    expect(res.json().download_url).toBeNull();
    expect(res.json().credits_used).toBeLessThan(first.credits_used);
    expect((await runDocument(t, org.secret, first.run_id)).version).toBe(version);
  });
});

describe("decks users bring (init_file), made by PowerPoint and LibreOffice", () => {
  const cases: [string, string, string][] = [
    ['pptx/lo-two-masters.pptx', 'two masters, notes, a table and a group (LibreOffice)', 'Title, Content'],
    ['pptx/pp-sections.pptx', 'PowerPoint sections and notes', 'Title & Subtitle'],
    ['pptx/pp-shapes-chart-table-smartart.pptx', 'a 4:3 PowerPoint deck with a chart, a table, a group and SmartArt', 'Blank'],
    ['pptx/pp-two-masters.pptx', 'two masters from a Google Slides template, layouts without a title placeholder', 'Antwerpen_pag2_2 lijnen'],
  ];
  for (const [file, what, layout] of cases) {
    it(`adds a slide to ${what} from its own layout, leaving every other part as it was`, async () => {
      const org = await t.signup();
      const original = corpusFile(file);
      const fileId = await uploadFile(t, org.secret, path.basename(file), original);
      const res = await generate(t, org.secret, { prompt: 'Add a slide titled Roadmap with bullets: Q1 beta, Q2 GA', init_file: fileId }, 'slides');
      expect(res.statusCode, res.body).toBe(200);
      const bytes = (await runDocument(t, org.secret, res.json().run_id)).bytes;
      const diff = await partDiff(original, bytes);
      expect(diff.removed).toEqual([]);
      expect(diff.changed).toEqual(LISTING);
      const before = inspectPptx(original);
      const deck = inspectPptx(bytes);
      expect(deck.missing_parts).toEqual([]);
      expect(deck.slides.slice(0, -1).map((s) => s.part)).toEqual(before.slides.map((s) => s.part));
      const added = deck.slides.at(-1)!;
      expect(added.layout).toBe(layout);
      expect(Object.values(added.shapes).join('\n')).toMatch(/Roadmap[\s\S]*Q1 beta\nQ2 GA|Q1 beta\nQ2 GA[\s\S]*Roadmap/);
      expect(added.size).toEqual(before.slides[0].size);
    });
  }

  it("applies the brand on the deck's own masters and theme; its slides stay as they were", async () => {
    const org = await t.signup();
    const original = corpusFile('pptx/lo-two-masters.pptx');
    const fileId = await uploadFile(t, org.secret, 'two-masters.pptx', original);
    const logo = await uploadImage(t, org.secret, 'logo.png', png(40, 20));
    const res = await generate(t, org.secret, { prompt: 'Add a slide titled Roadmap with bullets: Q1 beta, Q2 GA', init_file: fileId, brand: { primary_color: '#0B6E4F', secondary_color: '#F2C14E', logo_image_id: logo } }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const bytes = (await runDocument(t, org.secret, res.json().run_id)).bytes;
    const deck = inspectPptx(bytes);
    expect(deck.theme.colours).toMatchObject({ accent1: '0B6E4F', accent2: 'F2C14E' });
    // The logo goes on each master (this deck's layouts have no logo spot), once.
    for (const s of deck.slides) expect(s.layout_pictures.filter((p) => p.name === 'Folio Logo'), s.part).toHaveLength(1);
    const diff = await partDiff(original, bytes);
    expect(diff.removed).toEqual([]);
    expect(diff.changed.filter((p) => p.startsWith('ppt/slides/'))).toEqual([]);
    expect(diff.changed.filter((p) => !LISTING.includes(p)).every((p) => /^ppt\/(theme|slideMasters)\//.test(p)), diff.changed.join()).toBe(true);
  });

  it('keeps PowerPoint sections whole: the new slide joins the last section', async () => {
    const org = await t.signup();
    const fileId = await uploadFile(t, org.secret, 'sections.pptx', corpusFile('pptx/pp-sections.pptx'));
    const res = await generate(t, org.secret, { prompt: 'Add a slide titled Roadmap with bullets: Q1 beta, Q2 GA', init_file: fileId }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const [pres] = Object.values(await (async () => {
      const bytes = (await runDocument(t, org.secret, res.json().run_id)).bytes;
      const out: Record<string, string> = {};
      await editParts(bytes, (p) => { out.pres = p['ppt/presentation.xml']; }, ['ppt/presentation.xml']);
      return out;
    })());
    const listed = [...pres.matchAll(/<p:sldId [^>]*id="(\d+)"/g)].map((m) => m[1]);
    const inSections = [...pres.matchAll(/<p14:sldId id="(\d+)"/g)].map((m) => m[1]);
    expect(inSections.sort()).toEqual(listed.sort());
  });

  it('refuses an init_file that is not a readable deck with a clear 422, before any work', async () => {
    const org = await t.signup();
    const brokenXml = await editParts(await makePptx({ slides: 2 }), (p) => { p['ppt/slides/slide2.xml'] = p['ppt/slides/slide2.xml'].replace('</p:spTree>', '<p:sp>'); }, ['ppt/slides/slide2.xml']);
    const cases: [string, Buffer, RegExp][] = [
      ['broken.pptx', brokenXml, /ppt\/slides\/slide2\.xml is not well-formed XML/i],
      ['memo.docx', await makeDocx(), /word\/document\.xml is not a presentation/],
    ];
    for (const [name, bytes, why] of cases) {
      const fileId = await uploadFile(t, org.secret, name, bytes);
      const res = await generate(t, org.secret, { prompt: 'Add a slide titled X', init_file: fileId }, 'slides');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toBe('validation_error');
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'init_file'], type: 'document_unreadable', input: fileId })]);
      expect(res.json().message).toContain(`init_file ${fileId} (${name}) cannot be opened as a Slides document`);
      expect(res.json().message).toMatch(why);
    }
    const torn = Buffer.from(await makePptx({ slides: 1 }));
    torn.fill(0x41, 200, 1200);
    const upload = await uploadFile(t, org.secret, 'torn.pptx', torn).catch((err: Error) => err.message);
    expect(upload).toMatch(/422 .*zip_invalid/);
  });
});

describe('POST /slides/outline', () => {
  it('outlines a deck without writing a file; the outline builds the deck through /slides/generate', async () => {
    const org = await t.signup();
    const res = await t.inject({ method: 'POST', url: '/api/v1/slides/outline', headers: { 'x-api-key': org.secret }, payload: { prompt: REVIEW, data_sources: [SALES] } });
    expect(res.statusCode, res.body).toBe(200);
    const outline = res.json();
    expect(outline).toMatchObject({ title: 'Quarterly Business Review', model: 'builtin', credits_used: 0, slide_count: outline.slides.length, summary: expect.stringContaining('outline') });
    expect(outline.slides[0]).toEqual({ layout: 'title', title: 'Quarterly Business Review', subtitle: 'Q3 2026 results', bullets: [], notes: '' });
    expect(outline.slides.find((s: any) => s.title === 'Highlights')).toMatchObject({ layout: 'bullets', bullets: ['**Revenue** grew 12% year over year to $4.2M', 'Gross margin improved to 71%'], notes: 'Open with the headline numbers.' });
    expect(outline.slides.find((s: any) => s.layout === 'chart')).toMatchObject({ data_source: 'Quarterly revenue', chart_type: 'line' });
    const runs = (await t.inject({ method: 'GET', url: '/api/v1/runs', headers: { 'x-api-key': org.secret } })).json();
    expect(runs.items).toEqual([]);

    const edited = { title: outline.title, slides: [...outline.slides.slice(0, 2), { layout: 'bullets', title: 'Added by hand', bullets: ['One', 'Two'], notes: 'Say one and two.' }] };
    const built = await generate(t, org.secret, { prompt: 'Build this outline', outline: edited, data_sources: [SALES] }, 'slides');
    expect(built.statusCode, built.body).toBe(200);
    const deck = inspectPptx((await runDocument(t, org.secret, built.json().run_id)).bytes);
    expect(deck.slides.map((s) => phText(s, 'title'))).toEqual(['Quarterly Business Review', outline.slides[1].title, 'Added by hand']);
    expect(deck.slides[2].notes).toBe('Say one and two.');
  });

  it('validates its body, and only /slides/generate takes an outline', async () => {
    const org = await t.signup();
    const bad = await t.inject({ method: 'POST', url: '/api/v1/slides/outline', headers: { 'x-api-key': org.secret }, payload: { prompt: '' } });
    expect(bad.statusCode).toBe(422);
    const word = await generate(t, org.secret, { prompt: 'p', outline: { title: 'T', slides: [{ layout: 'bullets', title: 'A', bullets: ['b'], notes: '' }] } }, 'word');
    expect(word.statusCode, word.body).toBe(422);
    expect(word.json().detail[0].loc).toEqual(['body', 'outline']);
    expect((await t.inject({ method: 'POST', url: '/api/v1/slides/outline', payload: { prompt: 'x' } })).statusCode).toBe(401);
  });
});

describe('LibreOffice', () => {
  it('resumes on a deck LibreOffice saved (as a WOPI editor does): its slides, layouts and notes stay, the new slide uses its layouts', async () => {
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: REVIEW, data_sources: [SALES], brand: { primary_color: '#0B6E4F', secondary_color: '#F2C14E' } }, 'slides')).json();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lo-'));
    fs.writeFileSync(path.join(dir, 'in.pptx'), (await runDocument(t, org.secret, first.run_id)).bytes);
    await t.app.ctx.export.pool.convert({ src: path.join(dir, 'in.pptx'), dst: path.join(dir, 'out.pptx'), filter: 'Impress MS PowerPoint 2007 XML' });
    const saved = fs.readFileSync(path.join(dir, 'out.pptx'));
    fs.rmSync(dir, { recursive: true, force: true });
    const original = inspectPptx(saved);
    await saveEditorVersion(t, org.org_id, first.run_id, saved);
    const res = await generate(t, org.secret, { prompt: 'Add a slide titled "Appendix" with sources, method before the closing slide.', run_id: first.run_id }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const bytes = (await runDocument(t, org.secret, first.run_id)).bytes;
    const after = inspectPptx(bytes);
    const titles = (d: typeof after) => d.slides.map((s) => phText(s, 'title'));
    // Asked to, the new slide goes before the closing slide.
    expect(titles(after)).toEqual([...titles(original).slice(0, -1), 'Appendix', titles(original).at(-1)]);
    expect(after.slides.map((s) => s.notes).filter((_, i) => i !== after.slides.length - 2)).toEqual(original.slides.map((s) => s.notes));
    const diff = await partDiff(saved, bytes);
    expect(diff.removed).toEqual([]);
    expect(diff.changed).toEqual(LISTING);
    // The new slide's layout is one of LibreOffice's: nothing but the slide (and its notes) was added.
    expect(diff.added.filter((p) => !/^ppt\/(slides|notesSlides)\//.test(p))).toEqual([]);
    expect(after.slides.at(-2)!.layout).toBe('Title, Content');
  });

  it('opens a generated deck and converts it to PDF, one page per slide', async () => {
    const org = await t.signup();
    const res = (await generate(t, org.secret, { prompt: REVIEW, data_sources: [SALES], brand: { primary_color: '#5B2A86' } }, 'slides')).json();
    const deck = inspectPptx((await runDocument(t, org.secret, res.run_id)).bytes);
    const pdf = await exportRun(t, org.secret, res.run_id, { format: 'pdf' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const bytes = (await fetchBytes(t, pdf.json().download_url)).body;
    expect(pdfPages(bytes)).toBe(deck.slides.length);
    expect(pdfText(bytes)).toContain('Quarterly Business Review');
    expect(shapeText(deck.slides[0], 'Title')).toBe('Quarterly Business Review');
  });
});
