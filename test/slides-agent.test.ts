// POST /slides/generate and /slides/outline with the builtin engine (no provider configured): decks
// from structured prompts, data sources and images, brand, the 30-slide cap and its continuation,
// resume that keeps an editor's change, ask mode, init_file (foreign and corrupt), and LibreOffice.
// Every deck is read back by an independent reader (test/helpers/pptx_inspect.py).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePptx } from './helpers/office-fixtures.ts';
import { png } from './helpers/fixtures.ts';
import { exportRun, fetchBytes, pdfPages, pdfText } from './helpers/export.ts';
import { generate, withRuns } from './helpers/runs.ts';
import { editParts, inspectPptx, runDocument, saveEditorVersion, shapeText, uploadFile, uploadImage } from './helpers/slides.ts';
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

const CONTENT = ['bullets', 'two-column', 'chart', 'table', 'image', 'quote'];
const layoutOf = (s: { layout: string | null }) => /^Folio \w+ ([\w-]+)$/.exec(s.layout ?? '')?.[1];

describe('a new deck with the builtin engine', () => {
  it('builds title, content, chart, table and closing slides with notes on every content slide, read back independently', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { prompt: REVIEW, data_sources: [SALES] }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.summary).toContain('Quarterly Business Review');
    const deck = inspectPptx((await runDocument(t, org.secret, body.run_id)).bytes);
    expect(deck.missing_parts).toEqual([]);
    const layouts = deck.slides.map(layoutOf);
    expect(layouts[0]).toBe('title');
    expect(layouts.at(-1)).toBe('closing');
    expect(shapeText(deck.slides[0], 'folio:title')).toBe('Quarterly Business Review');
    expect(shapeText(deck.slides[0], 'folio:subtitle')).toBe('Q3 2026 results');
    const highlights = deck.slides.find((s) => shapeText(s, 'folio:title') === 'Highlights')!;
    expect(shapeText(highlights, 'folio:bullets')).toBe('Revenue grew 12% year over year to $4.2M\nGross margin improved to 71%');
    expect(highlights.notes).toBe('Open with the headline numbers.');
    const chart = deck.slides.find((s) => s.charts.length)!;
    expect(chart.charts[0]).toMatchObject({ kinds: ['lineChart'], categories: ['Q1', 'Q2', 'Q3', 'Q4'], series: [{ name: 'Revenue', values: [3.1, 3.5, 3.9, 4.2] }, { name: 'Cost', values: [2, 2.2, 2.3, 2.4] }] });
    expect(shapeText(chart, 'folio:caption')).toBe('Source: Quarterly revenue');
    const table = deck.slides.find((s) => s.tables.length)!;
    expect(table.tables[0][0]).toEqual(['Quarter', 'Revenue', 'Cost']);
    expect(table.tables[0][4]).toEqual(['Q4', '4.2', '2.4']);
    for (const s of deck.slides.filter((x) => CONTENT.includes(layoutOf(x)!))) expect(s.notes.trim().length, shapeText(s, 'folio:title')).toBeGreaterThan(10);
    expect(deck.charts_parts.length).toBe(1);
  });

  it('places images and applies the brand: colours, font, and the logo on every slide', async () => {
    const org = await t.signup();
    const photo = await uploadImage(t, org.secret, 'team-offsite.png', png(64, 48), 'The team at the offsite');
    const logo = await uploadImage(t, org.secret, 'logo.png', png(40, 20));
    const res = await generate(t, org.secret, {
      prompt: '# Team update\n\n## Hiring\n- Two engineers joined',
      image_assets: [{ image_id: photo }], brand: { primary_color: '#0B6E4F', secondary_color: '#F2C14E', font: 'Carlito', logo_image_id: logo },
    }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const deck = inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes);
    const image = deck.slides.find((s) => layoutOf(s) === 'image')!;
    expect(shapeText(image, 'folio:title')).toBe('The team at the offsite');
    expect(image.pictures).toEqual([expect.objectContaining({ name: expect.stringMatching(/^folio:image#/), bytes: expect.any(Number) })]);
    for (const s of deck.slides) expect(s.layout_pictures.map((p) => p.name), s.part).toContain('folio:logo');
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
    expect(shapeText(deck.slides[0], 'folio:title')).toBe('Energy transition for investors');
    expect(shapeText(deck.slides[2], 'folio:bullets')).toMatch(/^\[Add /);
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
    expect(deck.slides.map((s) => shapeText(s, 'folio:title'))).toEqual(['Product catalogue', ...Array.from({ length: 36 }, (_, i) => `Product ${i + 1}`), 'Thank you']);
    expect(layoutOf(deck.slides.at(-1)!)).toBe('closing');
  });
});

describe('editing a deck with the builtin engine', () => {
  it('resumes with an editor change kept: edited text, an added text box, and moves the chart as asked', async () => {
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: REVIEW, data_sources: [SALES] }, 'slides')).json();
    const { bytes, version } = await runDocument(t, org.secret, first.run_id);
    const before = inspectPptx(bytes);
    const summaryAt = before.slides.findIndex((s) => shapeText(s, 'folio:title') === 'Executive summary');
    const part = before.slides[summaryAt].part;
    // The "editor": a person rewords a bullet and adds a sticky note of their own on the summary slide.
    const sticker = '<p:sp><p:nvSpPr><p:cNvPr id="90" name="Reviewer note"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="9000000" y="5500000"/><a:ext cx="2500000" cy="600000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="FFF2A8"/></a:solidFill></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="1400"/><a:t>Check with Dana before sending</a:t></a:r></a:p></p:txBody></p:sp>';
    const edited = await editParts(bytes, (p) => {
      p[part] = p[part].replace('We are ahead of plan on revenue', 'We are well ahead of plan on revenue').replace('</p:spTree>', `${sticker}</p:spTree>`);
    }, [part]);
    await saveEditorVersion(t, org.org_id, first.run_id, edited);
    expect((await runDocument(t, org.secret, first.run_id)).version).toBe(version + 1);

    const res = await generate(t, org.secret, { prompt: 'Move the revenue chart to the executive summary slide.', run_id: first.run_id }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatch(/moved the chart/i);
    const after = inspectPptx((await runDocument(t, org.secret, first.run_id)).bytes);
    expect(after.slides).toHaveLength(before.slides.length - 1);
    const summary = after.slides.find((s) => shapeText(s, 'folio:title') === 'Executive summary')!;
    expect(layoutOf(summary)).toBe('two-column');
    expect(shapeText(summary, 'folio:bullets')).toBe('We are well ahead of plan on revenue\nHiring is behind plan');
    expect(summary.shapes['Reviewer note']).toBe('Check with Dana before sending');
    expect(summary.charts[0].series[0]).toEqual({ name: 'Revenue', values: [3.1, 3.5, 3.9, 4.2] });
    // Everything else is as it was.
    const titles = (d: typeof before) => d.slides.map((s) => shapeText(s, 'folio:title')).filter((x) => !/^Revenue, Cost by/.test(x ?? ''));
    expect(titles(after)).toEqual(titles(before));
    expect(after.slides.find((s) => shapeText(s, 'folio:title') === 'Highlights')!.notes).toBe('Open with the headline numbers.');
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

  it('edits an uploaded deck made by another tool in place, keeping its slides', async () => {
    const org = await t.signup();
    const fileId = await uploadFile(t, org.secret, 'board.pptx', await makePptx({ title: 'Board meeting', slides: 3 }));
    const res = await generate(t, org.secret, { prompt: 'Add a slide titled "Decisions" with approve the budget, hire a CFO.', init_file: fileId }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const deck = inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes);
    expect(deck.slides.map((s) => shapeText(s, 'folio:title'))).toEqual(['Board meeting', 'Slide 2 heading', 'Slide 3 heading', 'Decisions']);
    expect(shapeText(deck.slides[1], 'folio:bullets')).toBe('Bullet point number 2 about growth');
    expect(shapeText(deck.slides[3], 'folio:bullets')).toBe('approve the budget\nhire a CFO');
  });

  it('refuses an init_file that is not a readable deck with a clear 400, before any work', async () => {
    const org = await t.signup();
    const brokenXml = await editParts(await makePptx({ slides: 2 }), (p) => { p['ppt/slides/slide2.xml'] = p['ppt/slides/slide2.xml'].replace('</p:spTree>', '<p:sp>'); }, ['ppt/slides/slide2.xml']);
    const cases: [string, Buffer, RegExp][] = [
      ['broken.pptx', brokenXml, /slide 2 .*not well-formed XML|ppt\/slides\/slide2\.xml is not well-formed XML/i],
      ['memo.docx', await makeDocx(), /ppt\/presentation\.xml is missing/],
    ];
    for (const [name, bytes, why] of cases) {
      const fileId = await uploadFile(t, org.secret, name, bytes);
      const res = await generate(t, org.secret, { prompt: 'Add a slide titled X', init_file: fileId }, 'slides');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('invalid_request');
      expect(res.json().message).toContain(`init_file ${fileId} (${name}) cannot be opened as a Slides document`);
      expect(res.json().message).toMatch(why);
    }
    // A torn archive does not even get stored: the upload's zip check answers 422.
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
    expect(deck.slides.map((s) => shapeText(s, 'folio:title'))).toEqual(['Quarterly Business Review', outline.slides[1].title, 'Added by hand']);
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
  it('reads back a deck LibreOffice saved (as the embedded editor does) with its layouts, brand and notes, and resumes on it', async () => {
    const org = await t.signup();
    const first = (await generate(t, org.secret, { prompt: REVIEW, data_sources: [SALES], brand: { primary_color: '#0B6E4F', secondary_color: '#F2C14E' } }, 'slides')).json();
    const original = inspectPptx((await runDocument(t, org.secret, first.run_id)).bytes);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lo-'));
    fs.writeFileSync(path.join(dir, 'in.pptx'), (await runDocument(t, org.secret, first.run_id)).bytes);
    await t.app.ctx.export.pool.convert({ src: path.join(dir, 'in.pptx'), dst: path.join(dir, 'out.pptx'), filter: 'Impress MS PowerPoint 2007 XML' });
    const saved = fs.readFileSync(path.join(dir, 'out.pptx'));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(inspectPptx(saved).slides.map((s) => s.layout)).not.toEqual(original.slides.map((s) => s.layout));
    await saveEditorVersion(t, org.org_id, first.run_id, saved);
    const res = await generate(t, org.secret, { prompt: 'Add a slide titled "Appendix" with sources, method.', run_id: first.run_id }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const after = inspectPptx((await runDocument(t, org.secret, first.run_id)).bytes);
    const titles = (d: typeof after) => d.slides.map((s) => shapeText(s, 'folio:title'));
    expect(titles(after)).toEqual([...titles(original).slice(0, -1), 'Appendix', titles(original).at(-1)]);
    expect(after.slides.map(layoutOf)).toEqual([...original.slides.slice(0, -1).map(layoutOf), 'bullets', 'closing']);
    expect(after.slides.map((s) => s.notes).filter((n, i) => i !== after.slides.length - 2)).toEqual(original.slides.map((s) => s.notes));
    expect(after.theme.colours).toMatchObject({ dk2: '0B6E4F', accent2: 'F2C14E' });
    // Nothing LibreOffice wrote was mistaken for a shape a person added.
    const others = (d: typeof after) => d.slides.flatMap((s) => Object.keys(s.shapes)).filter((n) => !n.startsWith('folio:') && !n.startsWith('Slide Number'));
    expect(others(after)).toEqual([]);
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
  });
});
