// The Slides case of the render bench: a 30-slide deck (title, agenda, sections, bullet slides with
// bold lead-ins and sub-points, bar, line and pie charts, 10-row tables, two-column slides, a quote,
// an image, a closing slide, speaker notes on every content slide, and a logo on every slide).
// Folio's side is what a generation does: open the theme's template deck, run the 30 add_slide tool
// calls (layout choice, text fitting, charts with their embedded workbooks, tables, notes from the
// notes master), read the summary from the deck, apply the brand (colours, logo) and write the package. The bare side writes the same
// deck with pptxgenjs directly: its own masters, text, charts, tables and notes at fixed sizes.
import { png } from '../../test/helpers/fixtures.ts';
import PptxGenJSModule from 'pptxgenjs';
import { adapter } from '../../src/documents/slides/slides.adapter.ts';
import type { AddSlideArgs } from '../../src/documents/slides/tools/tool-schemas.ts';
import type { RenderCase } from './render-case.ts';

const PptxGenJS = ((PptxGenJSModule as unknown as { default?: unknown }).default ?? PptxGenJSModule) as typeof PptxGenJSModule.default;

const LOGO = png(360, 120);
const PHOTO = png(800, 500);
const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6'];
const bullets = (n: number) => Array.from({ length: 4 }, (_, i) => ({ text: `**Point ${i + 1}** of slide ${n}: revenue in the region grew while costs held steady`, level: 0 })).concat([{ text: `A detail under slide ${n}`, level: 1 }]);
const table = (n: number) => ({ columns: ['Region', 'Revenue', 'Growth', 'Owner'], rows: Array.from({ length: 10 }, (_, r) => [`Region ${n}.${r + 1}`, `$${(1200 + r * 37).toLocaleString('en-US')}`, `${(r * 3) % 17}%`, 'A. Person']) });
const series = (k: number) => [{ name: 'Revenue', values: QUARTERS.map((_, i) => 3 + i * 0.4 + k) }, { name: 'Cost', values: QUARTERS.map((_, i) => 2 + i * 0.2) }];

/** The 30 slides, as the add_slide calls a generation makes. */
function slides(): AddSlideArgs[] {
  const out: AddSlideArgs[] = [{ layout: 'title', title: 'Annual Operations Review', subtitle: 'Results, risks and the plan for next year' }];
  out.push({ layout: 'bullets', title: 'Agenda', bullets: ['Results', 'Markets', 'Risks', 'Plan'], notes: 'The four parts.' });
  for (let s = 0; s < 3; s++) {
    out.push({ layout: 'section', title: `Part ${s + 1}`, subtitle: 'Where we stand' });
    for (let b = 0; b < 4; b++) out.push({ layout: 'bullets', title: `Findings ${s + 1}.${b + 1}`, bullets: bullets(s * 10 + b), notes: `Notes for findings ${s + 1}.${b + 1}: walk through each point.` });
    out.push({ layout: 'chart', title: `Revenue trend ${s + 1}`, chart: { type: s === 1 ? 'line' : 'bar', categories: QUARTERS, series: series(s), source: 'finance' }, notes: 'Revenue outgrew cost every quarter.' });
    out.push({ layout: 'table', title: `Regions ${s + 1}`, table: table(s), notes: 'Ten regions by revenue.' });
  }
  out.push({ layout: 'two-column', title: 'Mix and momentum', columns: [{ heading: 'Why', bullets: bullets(90).slice(0, 3) }, { heading: 'Share', chart: { type: 'pie', categories: ['Enterprise', 'Business', 'Team'], series: [{ name: 'Share', values: [55, 30, 15] }] } }], notes: 'Enterprise leads.' });
  out.push({ layout: 'two-column', title: 'Team and targets', columns: [{ heading: 'Team', bullets: bullets(91).slice(0, 3) }, { heading: 'Targets', table: { columns: ['Goal', 'Target'], rows: [['Revenue', '$5M'], ['NPS', '50']] } }], notes: 'Who and what.' });
  out.push({ layout: 'image', title: 'The team', image: { image_id: 'img_photo' }, caption: 'The team at the offsite', notes: 'The people behind it.' });
  out.push({ layout: 'quote', title: 'From finance', quote: { text: 'The reporting that took three days now takes a morning.', attribution: 'Head of Finance' }, notes: 'Let it land.' });
  out.push({ layout: 'chart', title: 'Plan for next year', chart: { type: 'bar', categories: QUARTERS, series: series(3) }, notes: 'The plan.' });
  out.push({ layout: 'closing', title: 'Thank you', subtitle: 'Questions', bullets: ['Approve the plan'] });
  return out;
}

const image = (id: string, bytes: Buffer, w: number, h: number) => ({ image_id: id, file_name: `${id}.png`, content_type: 'image/png', bytes, width: w, height: h, caption: null, tags: [] });
const inputs = { contextFiles: [], dataSources: [], images: [image('img_photo', PHOTO, 800, 500)], brand: { primaryColor: '1B2A4A', secondaryColor: 'E8A33D', font: null, logo: image('img_logo', LOGO, 360, 120) } };

async function folio(calls: AddSlideArgs[]): Promise<Buffer> {
  const doc = adapter.create();
  const tools = adapter.tools({ doc, inputs, mode: 'action', noteChange: () => {} });
  const add = tools.find((t) => t.name === 'add_slide')!;
  for (const args of calls) await add.execute(args as never);
  adapter.summarize!(doc, [], 'new'); // the run's summary is read from the deck too
  return adapter.render(doc, { brand: inputs.brand });
}

const text = (b: string | { text: string; level?: number }) => (typeof b === 'string' ? { text: b, level: 0 } : { text: b.text, level: b.level ?? 0 });

/** The same deck through pptxgenjs alone, at fixed sizes. */
async function bare(calls: AddSlideArgs[]): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  const logo = { image: { x: 11.33, y: 0.32, w: 1.4, h: 0.47, data: `image/png;base64,${LOGO.toString('base64')}` } };
  const content = [
    { rect: { x: 0, y: 0, w: 13.333, h: 0.09, fill: { color: '1B2A4A' } } }, { rect: { x: 0.6, y: 1.4, w: 0.9, h: 0.07, fill: { color: 'E8A33D' } } },
    { line: { x: 0.6, y: 6.92, w: 12.1, h: 0, line: { color: 'C9CDD3', width: 0.75 } } },
    { text: { text: 'Annual Operations Review', options: { x: 0.6, y: 6.98, w: 9.5, h: 0.32, fontSize: 10, color: '6B7280' } } }, logo,
  ];
  const statement = [{ rect: { x: 10.1, y: 0, w: 3.2, h: 7.5, fill: { color: '16223C' } } }, { rect: { x: 10.1, y: 0, w: 0.12, h: 7.5, fill: { color: 'E8A33D' } } }, logo];
  for (const layout of new Set(calls.map((s) => s.layout))) {
    const isStatement = ['title', 'section', 'closing'].includes(layout);
    pptx.defineSlideMaster({ title: layout, background: { color: isStatement ? '1B2A4A' : 'FFFFFF' }, objects: (isStatement ? statement : content) as never, ...(isStatement ? {} : { slideNumber: { x: 12.03, y: 6.98, w: 0.7, h: 0.32, fontSize: 10, color: '6B7280' } }) });
  }
  const body = { x: 0.6, y: 1.72, w: 12.13, h: 4.98 };
  type Element = { bullets?: AddSlideArgs['bullets']; chart?: AddSlideArgs['chart']; table?: AddSlideArgs['table']; image?: unknown };
  const put = (slide: ReturnType<typeof pptx.addSlide>, e: Element, box: typeof body) => {
    if (e.bullets) {
      slide.addText(e.bullets.map(text).flatMap((b) => b.text.split('**').filter(Boolean).map((t, i, all) => ({ text: t, options: { bold: b.text.startsWith('**') ? i === 0 : i === 1, ...(i === 0 ? { bullet: { code: '2022' }, indentLevel: b.level } : {}), ...(i === all.length - 1 ? { breakLine: true } : {}) } }))), { ...box, fontSize: 24, color: '1F2937', valign: 'top' });
    } else if (e.chart) {
      const c = e.chart;
      const type = c.type === 'pie' ? pptx.ChartType.pie : c.type === 'line' ? pptx.ChartType.line : pptx.ChartType.bar;
      slide.addChart(type, (c.series ?? []).map((s) => ({ name: s.name, labels: c.categories, values: s.values })), { ...box, showLegend: true, chartColors: ['1B2A4A', 'E8A33D', '8A94A6'] });
    } else if (e.table) {
      const t = e.table;
      slide.addTable([(t.columns ?? []).map((c) => ({ text: c, options: { bold: true, color: 'FFFFFF', fill: { color: '1B2A4A' } } })), ...(t.rows ?? []).map((r) => r.map((c) => ({ text: String(c ?? '') })))], { x: box.x, y: box.y, w: box.w, fontSize: 14 });
    } else if (e.image) {
      slide.addImage({ data: `image/png;base64,${PHOTO.toString('base64')}`, x: box.x + 2, y: box.y, w: 7.9, h: 4.9 });
    }
  };
  for (const s of calls) {
    const slide = pptx.addSlide({ masterName: s.layout });
    slide.addText(s.title, { x: 0.6, y: 0.3, w: 10.4, h: 1.02, fontSize: 32, bold: true, color: '1B2A4A', valign: 'bottom' });
    if (s.subtitle) slide.addText(s.subtitle, { x: 0.7, y: 4.55, w: 8.8, h: 1.5, fontSize: 20, color: 'D0D4DC' });
    if (s.quote) {
      slide.addText(s.quote.text, { x: 2.4, y: 1.35, w: 9.6, h: 3.9, fontSize: 32, italic: true });
      slide.addText(`\u2014 ${s.quote.attribution}`, { x: 2.4, y: 5.45, w: 9.6, h: 0.6, fontSize: 18, bold: true });
    }
    if (s.columns) s.columns.forEach((e, i) => put(slide, e, { ...body, x: body.x + i * 6.29, w: 5.84 }));
    else put(slide, s, s.layout === 'closing' ? { x: 0.7, y: 4.85, w: 8.8, h: 2.15 } : body);
    if (s.notes) slide.addNotes(s.notes);
  }
  return (await pptx.stream({ compression: true })) as Buffer;
}

const deck = slides();

export const cases: RenderCase[] = [{
  name: 'slides: 30-slide deck',
  folio: () => folio(deck),
  bare: () => bare(deck),
}];
